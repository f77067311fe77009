// The telemetry store's chunk decoder: arbitrary bytes must give an error, never a read out of
// bounds, a crash or an allocation the bytes cannot justify.
#include "backend/telemetry/store/chunk_encoding.h"
#include "fuzz/fuzz_input.h"

#include <cstring>
#include <vector>

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    // Copied so ASan sees the exact end of the bytes (the fuzzer's buffer may be larger).
    std::vector<std::uint8_t> bytes(data, data + size);
    std::vector<std::int64_t> times, scaled;
    std::vector<double> values;
    (void)sn::tsdb::readChunkInfo(bytes.data(), bytes.size());
    const sn::Status decoded = sn::tsdb::decodeChunk(bytes.data(), bytes.size(), times, values);
    int scale = 0;
    const auto asScaled = sn::tsdb::decodeChunkScaled(bytes.data(), bytes.size(), times, scaled, scale);
    (void)asScaled;
    // What the decoder accepts re-encodes, and the new chunk decodes to the same samples bit for
    // bit (encodeChunk needs strictly increasing times; a decoded chunk may not have them).
    if (!decoded.ok() || times.empty())
        return 0;
    for (std::size_t i = 1; i < times.size(); ++i)
        if (times[i] <= times[i - 1])
            return 0;
    std::vector<std::uint8_t> encoded;
    sn::tsdb::encodeChunk(times.data(), values.data(), times.size(), encoded);
    std::vector<std::int64_t> times2;
    std::vector<double> values2;
    if (!sn::tsdb::decodeChunk(encoded.data(), encoded.size(), times2, values2).ok() || times2 != times ||
        values2.size() != values.size() ||
        std::memcmp(values2.data(), values.data(), values.size() * sizeof(double)) != 0)
        __builtin_trap();
    return 0;
}
