#include "backend/telemetry/store/wal.h"

#include "backend/model/durable_file.h"

#include "backend/telemetry/store/crc32c.h"
#include "backend/telemetry/store/varint.h"

#include <QDir>
#include <QFile>
#include <QLoggingCategory>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <unordered_map>

Q_LOGGING_CATEGORY(lcWal, "sn.telemetry.wal")

namespace sn::tsdb {

namespace {

constexpr std::uint8_t kSeriesRecord = 1;
constexpr std::uint8_t kSamplesRecord = 2;
constexpr std::size_t kRecordHeader = 9;
constexpr std::uint32_t kMaxRecordBytes = 64u << 20;
constexpr std::size_t kMaxSamplesPerRecord = 65536;

std::vector<std::uint64_t> segmentNumbers(const QString &dir)
{
    std::vector<std::uint64_t> numbers;
    for (const QString &name : QDir(dir).entryList({QStringLiteral("segment-*")}, QDir::Files)) {
        bool ok = false;
        const std::uint64_t n = name.mid(8).toULongLong(&ok);
        if (ok)
            numbers.push_back(n);
    }
    std::sort(numbers.begin(), numbers.end());
    return numbers;
}

QString segmentName(const QString &dir, std::uint64_t n)
{
    return dir + QStringLiteral("/segment-%1").arg(n, 8, 10, QLatin1Char('0'));
}

Error ioError(const std::string &what, const QString &path)
{
    return {ErrorCode::Unavailable, what + " " + path.toStdString() + ": " + std::strerror(errno)};
}

} // namespace

Result<WalReplayReport> Wal::replay(const QString &dir, const SeriesFn &onSeries, const SamplesFn &onSamples,
                                    WalReplayMode mode)
{
    WalReplayReport report;
    std::vector<RefSample> batch;
    for (std::uint64_t number : segmentNumbers(dir)) {
        ++report.segments;
        const QString path = segmentName(dir, number);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return Error{ErrorCode::Unavailable, "cannot read WAL segment " + path.toStdString()};
        const QByteArray bytes = file.readAll();
        file.close();
        const auto *data = reinterpret_cast<const std::uint8_t *>(bytes.constData());
        const auto size = static_cast<std::size_t>(bytes.size());
        std::unordered_map<std::uint64_t, SeriesId> ids; // this segment's ids -> the caller's
        std::size_t pos = 0;
        std::string problem;
        while (pos < size) {
            if (size - pos < kRecordHeader) {
                problem = "torn record header (" + std::to_string(size - pos) + " of 9 bytes)";
                break;
            }
            ByteReader h(data + pos, kRecordHeader);
            const std::uint32_t length = h.fixed32("length");
            const std::uint32_t crc = h.fixed32("crc");
            if (length > kMaxRecordBytes) {
                problem = "record length " + std::to_string(length) + " is implausible";
                break;
            }
            if (size - pos - kRecordHeader < length) {
                problem = "torn record: " + std::to_string(length) + " payload bytes announced, " +
                          std::to_string(size - pos - kRecordHeader) + " present";
                break;
            }
            if (crc32c(data + pos + 8, length + 1) != crc) {
                problem = "checksum mismatch";
                break;
            }
            const std::uint8_t type = data[pos + 8];
            ByteReader r(data + pos + kRecordHeader, length);
            if (type == kSeriesRecord) {
                const std::uint64_t ref = r.varint("series id");
                const std::string metric = r.string("metric");
                const std::uint64_t nlabels = r.varint("label count");
                Labels labels;
                for (std::uint64_t i = 0; i < nlabels && r.ok(); ++i) {
                    std::string k = r.string("label name");
                    labels.emplace(std::move(k), r.string("label value"));
                }
                if (!r.ok()) {
                    problem = "bad series record: " + r.error();
                    break;
                }
                ids[ref] = onSeries(metric, labels);
            } else if (type == kSamplesRecord) {
                const std::uint64_t n = r.varint("sample count");
                const std::int64_t base = r.signedVarint("base time");
                batch.clear();
                std::string outOfRange;
                for (std::uint64_t i = 0; i < n && r.ok(); ++i) {
                    const std::uint64_t ref = r.varint("series id");
                    const std::int64_t delta = r.signedVarint("time");
                    const double v = bitsDouble(r.fixed64("value"));
                    if (!r.ok())
                        break;
                    // A corrupt delta must not overflow: the writer never makes a time past int64.
                    std::int64_t t = 0;
                    if (__builtin_add_overflow(base, delta, &t)) {
                        outOfRange = "sample " + std::to_string(i) + "'s time overflows (base " + std::to_string(base) +
                                     ", delta " + std::to_string(delta) + ")";
                        break;
                    }
                    const auto it = ids.find(ref);
                    if (it == ids.end()) {
                        ++report.unknownSeriesSamples;
                        continue;
                    }
                    batch.push_back({it->second, t, v});
                }
                if (!r.ok() || !outOfRange.empty()) {
                    problem = "bad samples record: " + (r.ok() ? outOfRange : r.error());
                    break;
                }
                onSamples(batch.data(), batch.size());
                report.samples += batch.size();
            } else {
                problem = "unknown record type " + std::to_string(type);
                break;
            }
            ++report.records;
            pos += kRecordHeader + length;
        }
        if (!problem.empty()) {
            report.truncated = true;
            report.truncatedSegment = path;
            report.truncatedAtByte = pos;
            report.droppedBytes += size - pos;
            report.problem = problem;
            if (mode == WalReplayMode::ReadOnly)
                continue;
            qCWarning(lcWal).noquote() << "WAL segment" << path << "ends in a bad record at byte" << pos << "("
                                       << QString::fromStdString(problem) << "); truncating" << (size - pos)
                                       << "bytes, keeping the" << report.records << "records before it";
            QFile f(path);
            if (!f.resize(static_cast<qint64>(pos)))
                return Error{ErrorCode::Unavailable, "cannot truncate WAL segment " + path.toStdString()};
        }
    }
    return report;
}

Result<std::unique_ptr<Wal>> Wal::create(const QString &dir, WalSync sync, std::int64_t syncIntervalMs)
{
    if (!QDir().mkpath(dir))
        return Error{ErrorCode::Unavailable, "cannot create WAL directory " + dir.toStdString()};
    std::unique_ptr<Wal> wal(new Wal());
    wal->m_dir = dir;
    wal->m_sync = sync;
    wal->m_syncInterval = std::chrono::milliseconds(syncIntervalMs);
    const auto numbers = segmentNumbers(dir);
    if (Status s = wal->openSegment(numbers.empty() ? 1 : numbers.back() + 1); !s)
        return s.error();
    return wal;
}

Wal::~Wal()
{
    // No flush here: what was not committed was never acknowledged.
    if (m_fd >= 0)
        ::close(m_fd);
}

Status Wal::openSegment(std::uint64_t number)
{
    const QString path = segmentName(m_dir, number);
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return ioError("cannot open WAL segment", path);
    // The new segment's name must be on disk before anything in it is acknowledged and before a
    // checkpoint removes the segments it replaces: otherwise a power loss can keep the removals
    // and lose the segment.
    if (Status s = syncDirectory(m_dir.toStdString()); !s) {
        ::close(fd);
        return s;
    }
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = fd;
    m_path = path;
    m_segment = number;
    m_lastSync = std::chrono::steady_clock::now();
    return success();
}

void Wal::beginRecord(std::uint8_t type)
{
    m_recordStart = m_buffer.size();
    m_buffer.resize(m_buffer.size() + kRecordHeader);
    m_buffer[m_recordStart + 8] = type;
}

void Wal::endRecord()
{
    const std::size_t length = m_buffer.size() - m_recordStart - kRecordHeader;
    const std::uint32_t crc = crc32c(m_buffer.data() + m_recordStart + 8, length + 1);
    for (int i = 0; i < 4; ++i) {
        m_buffer[m_recordStart + i] = static_cast<std::uint8_t>(length >> (8 * i));
        m_buffer[m_recordStart + 4 + i] = static_cast<std::uint8_t>(crc >> (8 * i));
    }
}

void Wal::logSeries(SeriesId id, const std::string &metric, const Labels &labels)
{
    beginRecord(kSeriesRecord);
    putVarint(m_buffer, id);
    putString(m_buffer, metric);
    putVarint(m_buffer, labels.size());
    for (const auto &[k, v] : labels) {
        putString(m_buffer, k);
        putString(m_buffer, v);
    }
    endRecord();
}

void Wal::logSamples(const RefSample *samples, std::size_t n)
{
    for (std::size_t start = 0; start < n; start += kMaxSamplesPerRecord) {
        const std::size_t count = std::min(kMaxSamplesPerRecord, n - start);
        beginRecord(kSamplesRecord);
        putVarint(m_buffer, count);
        const std::int64_t base = samples[start].timeMs;
        putSigned(m_buffer, base);
        for (std::size_t i = start; i < start + count; ++i) {
            putVarint(m_buffer, samples[i].ref);
            putSigned(m_buffer, samples[i].timeMs - base);
            putFixed64(m_buffer, doubleBits(samples[i].value));
        }
        endRecord();
    }
}

Status Wal::commit()
{
    // A commit lands whole records or none. After a short write (the disk filled) the bytes that
    // did land are cut off before the error returns, and the next commit writes the buffer whole:
    // a retry after a torn record would be lost, since replay stops at the torn one.
    if (m_tornAt >= 0) {
        if (::ftruncate(m_fd, m_tornAt) != 0)
            return ioError("cannot cut a torn record off WAL segment", m_path);
        m_tornAt = -1;
    }
    const off_t whole = ::lseek(m_fd, 0, SEEK_END);
    if (whole < 0)
        return ioError("cannot find the end of WAL segment", m_path);
    std::size_t done = 0;
    while (done < m_buffer.size()) {
        const ssize_t w = ::write(m_fd, m_buffer.data() + done, m_buffer.size() - done);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            const Error error = ioError("cannot write WAL segment", m_path);
            if (done > 0 && ::ftruncate(m_fd, whole) != 0)
                m_tornAt = whole; // tried again before the next write
            return error;
        }
        done += static_cast<std::size_t>(w);
    }
    m_bytesWritten += m_buffer.size();
    m_buffer.clear();
    if (m_sync == WalSync::Always ||
        (m_sync == WalSync::Interval && std::chrono::steady_clock::now() - m_lastSync >= m_syncInterval))
        return sync();
    return success();
}

Status Wal::sync()
{
    if (::fdatasync(m_fd) != 0)
        return ioError("cannot sync WAL segment", m_path);
    m_lastSync = std::chrono::steady_clock::now();
    return success();
}

Status Wal::checkpoint(const std::function<void(Wal &)> &fill)
{
    if (Status s = commit(); !s)
        return s;
    const std::uint64_t old = m_segment;
    if (Status s = openSegment(old + 1); !s)
        return s;
    fill(*this);
    if (Status s = commit(); !s)
        return s;
    if (Status s = sync(); !s)
        return s;
    for (std::uint64_t n : segmentNumbers(m_dir))
        if (n <= old)
            QFile::remove(segmentName(m_dir, n));
    return success();
}

} // namespace sn::tsdb
