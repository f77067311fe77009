// The telemetry store's WAL replay, as a restart runs it over a segment left by a crash or a
// disk error. Each record's CRC-32C is recomputed over the mutated bytes before the replay:
// otherwise nearly every mutation would stop at "checksum mismatch" and the record decoders
// behind the check would never see hostile bytes (a real corrupt disk sector, or a torn write
// whose CRC matches by chance, reaches them too).
#include "backend/telemetry/store/crc32c.h"
#include "backend/telemetry/store/series_index.h"
#include "backend/telemetry/store/wal.h"
#include "fuzz/fuzz_input.h"

#include <QFile>
#include <QTemporaryDir>

#include <cstring>
#include <vector>

SN_FUZZ_QUIET_QT

namespace {

constexpr std::size_t kRecordHeader = 9; // u32 length, u32 CRC, u8 type (docs/telemetry-store.md)

void fixChecksums(std::vector<std::uint8_t> &bytes)
{
    std::size_t pos = 0;
    while (bytes.size() - pos >= kRecordHeader) {
        std::uint32_t length = 0;
        std::memcpy(&length, bytes.data() + pos, 4); // little-endian, as the WAL writes it
        if (length > bytes.size() - pos - kRecordHeader)
            return;
        const std::uint32_t crc = sn::tsdb::crc32c(bytes.data() + pos + 8, length + 1);
        std::memcpy(bytes.data() + pos + 4, &crc, 4);
        pos += kRecordHeader + length;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static QTemporaryDir dir;
    static const QString segment = dir.path() + QStringLiteral("/segment-00000001");
    std::vector<std::uint8_t> bytes(data, data + size);
    fixChecksums(bytes);
    {
        QFile f(segment);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            __builtin_trap();
        f.write(reinterpret_cast<const char *>(bytes.data()), static_cast<qint64>(bytes.size()));
    }
    sn::tsdb::SeriesIndex index;
    std::uint64_t samples = 0;
    const auto report = sn::tsdb::Wal::replay(
        dir.path(),
        [&](const std::string &metric, const sn::Labels &labels) { return index.getOrCreate(metric, labels).first; },
        [&](const sn::tsdb::RefSample *, std::size_t n) { samples += n; });
    if (report && report->samples != samples)
        __builtin_trap();
    return 0;
}
