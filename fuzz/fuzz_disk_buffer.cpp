// The agent's disk buffer (backend/remote/agent/disk_buffer.h) read back after a restart, from a
// segment file a crash or a bad disk may have damaged, and then used as the agent uses it:
// batches read, new ones appended (each in a new segment), the buffer opened once more, all of it
// acknowledged. The input is the segment file, but its first byte: the distance (signed) between
// the file's name and the sequence its first record holds. The writer names a segment for its
// first batch (distance 0); the record CRC covers the payload, not the header, so a damaged
// sequence makes them differ. Beyond "no crash": what open() keeps reads back in order and
// unchanged after the appends, a second open() finds no more problems and the same batches, and
// dropping everything leaves no segment.
#include "backend/remote/agent/disk_buffer.h"
#include "fuzz/fuzz_input.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <limits>
#include <vector>

namespace {

// One folder for the whole run, emptied for each input (and removed at exit).
QTemporaryDir &workDir()
{
    static QTemporaryDir dir;
    return dir;
}

void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

std::vector<sn::agent::BufferedBatch> readAll(const sn::agent::DiskBuffer &buffer)
{
    auto batches = buffer.readAfter(0, std::numeric_limits<std::size_t>::max());
    check(batches.ok()); // what open() indexed must read back
    for (std::size_t i = 1; i < batches->size(); ++i)
        check((*batches)[i - 1].sequence < (*batches)[i].sequence);
    const sn::agent::DiskBufferStats stats = buffer.stats();
    check(stats.batches == batches->size());
    check(batches->empty() ? stats.bytes == 0 : batches->back().sequence == buffer.lastSequence());
    return std::move(*batches);
}

bool sameBatches(const std::vector<sn::agent::BufferedBatch> &a, const std::vector<sn::agent::BufferedBatch> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].sequence != b[i].sequence || a[i].payload != b[i].payload)
            return false;
    return true;
}

} // namespace

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    check(workDir().isValid());
    const QString dir = workDir().path() + QStringLiteral("/buffer");
    QDir(dir).removeRecursively();
    QDir().mkpath(dir);

    // The segment's name: its first record's sequence (the first 8 bytes of the file, little
    // endian), moved by the signed first byte.
    std::uint64_t first = 0;
    for (std::size_t i = 0; i < 8 && 1 + i < size; ++i)
        first |= std::uint64_t(data[1 + i]) << (8 * i);
    const std::uint64_t name = first + static_cast<std::uint64_t>(static_cast<std::int8_t>(data[0]));
    QFile segment(QDir(dir).filePath(QStringLiteral("%1.seg").arg(name, 20, 10, QLatin1Char('0'))));
    check(segment.open(QIODevice::WriteOnly));
    check(segment.write(reinterpret_cast<const char *>(data + 1), qint64(size - 1)) == qint64(size - 1));
    segment.close();

    // Small segments: every append after a restart starts a new segment file.
    const sn::agent::DiskBuffer::Options options{dir, 1u << 20, 16};
    auto buffer = sn::agent::DiskBuffer::open(options);
    check(buffer.ok()); // damage is a problem reported, not a failure to open
    std::vector<sn::agent::BufferedBatch> expected = readAll(**buffer);

    const std::uint64_t last = (*buffer)->lastSequence();
    if (last <= std::numeric_limits<std::uint64_t>::max() - 3) {
        for (std::uint64_t s = last + 1; s <= last + 3; ++s) {
            const std::string payload = "appended batch " + std::to_string(s);
            check((*buffer)->append(s, payload).ok());
            expected.push_back({s, payload});
        }
        check(sameBatches(readAll(**buffer), expected)); // the appends changed no batch read back
    }

    buffer->reset();
    auto again = sn::agent::DiskBuffer::open(options);
    check(again.ok());
    check((*again)->problems().empty()); // the first open() cut or removed everything it reported
    check(sameBatches(readAll(**again), expected));

    check((*again)->dropThrough((*again)->lastSequence()).ok());
    check((*again)->stats().batches == 0 && (*again)->stats().bytes == 0);
    check(QDir(dir).entryList({QStringLiteral("*.seg")}, QDir::Files).isEmpty());
    return 0;
}
