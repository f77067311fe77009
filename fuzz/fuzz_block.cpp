// The telemetry store's block reader (Block::fromBytes, what Block::open runs on the three files
// of a block directory), then every chunk and rollup the index points at, as a query would read
// them. Input: u16 index size, u16 chunks size (little-endian), the index, the chunks, and the
// rest as the rollups. The index's trailing CRC-32C is recomputed over the mutated bytes so the
// fuzzer gets past it (a corrupt sector with a matching CRC reaches the same code).
#include "backend/telemetry/store/block.h"
#include "backend/telemetry/store/chunk_encoding.h"
#include "backend/telemetry/store/crc32c.h"
#include "fuzz/fuzz_input.h"

#include <algorithm>
#include <cstring>

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 4)
        return 0;
    const std::size_t indexSize = std::min<std::size_t>(data[0] | (data[1] << 8), size - 4);
    const std::size_t chunksSize = std::min<std::size_t>(data[2] | (data[3] << 8), size - 4 - indexSize);
    const std::uint8_t *p = data + 4;
    sn::tsdb::BlockBytes bytes;
    bytes.index.assign(p, p + indexSize);
    bytes.chunks.assign(p + indexSize, p + indexSize + chunksSize);
    bytes.rollups.assign(p + indexSize + chunksSize, data + size);
    if (bytes.index.size() >= 4) {
        const std::uint32_t crc = sn::tsdb::crc32c(bytes.index.data(), bytes.index.size() - 4);
        std::memcpy(bytes.index.data() + bytes.index.size() - 4, &crc, 4);
    }
    const auto block = sn::tsdb::Block::fromBytes(std::move(bytes));
    if (!block)
        return 0;
    std::vector<std::int64_t> times;
    std::vector<double> values;
    std::vector<sn::tsdb::RollupBucket> buckets;
    const auto &series = (*block)->series();
    for (std::size_t i = 0; i < series.size(); ++i) {
        for (const auto &ref : series[i].chunks)
            (void)sn::tsdb::decodeChunk((*block)->chunkData(ref), ref.length, times, values);
        (void)(*block)->rollups(i, 60'000, buckets);
        (void)(*block)->rollups(i, 3'600'000, buckets);
    }
    return 0;
}
