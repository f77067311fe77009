#include "backend/remote/agent/disk_buffer.h"

#include "backend/telemetry/store/crc32c.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

namespace sn::agent {

namespace {

constexpr std::size_t kHeaderBytes = 16;
constexpr std::uint32_t kMaxPayload = 64u << 20;

void putLe(std::uint8_t *p, std::uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

std::uint64_t getLe(const std::uint8_t *p, int bytes)
{
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v |= std::uint64_t(p[i]) << (8 * i);
    return v;
}

QString segmentName(std::uint64_t first)
{
    return QStringLiteral("%1.seg").arg(first, 20, 10, QLatin1Char('0'));
}

Error ioError(const QString &path, const char *what)
{
    return Error{ErrorCode::Unavailable, path.toStdString() + ": " + what + ": " + std::strerror(errno)};
}

} // namespace

Result<std::unique_ptr<DiskBuffer>> DiskBuffer::open(Options options)
{
    if (options.maxBytes < options.segmentBytes)
        return invalidArgument("the buffer's size limit (" + std::to_string(options.maxBytes) +
                               " bytes) is below one segment (" + std::to_string(options.segmentBytes) + " bytes)");
    if (!QDir().mkpath(options.dir))
        return invalidArgument(options.dir.toStdString() + ": cannot create the buffer directory");
    std::unique_ptr<DiskBuffer> buffer(new DiskBuffer(std::move(options)));
    if (Status s = buffer->load(); !s)
        return s.error();
    return buffer;
}

DiskBuffer::~DiskBuffer()
{
    closeActive();
}

Status DiskBuffer::load()
{
    const QStringList names =
        QDir(m_options.dir).entryList({QStringLiteral("*.seg")}, QDir::Files, QDir::Name); // 20 digits sort
    for (const QString &name : names) {
        Segment s;
        s.path = QDir(m_options.dir).filePath(name);
        if (Status st = scan(s); !st)
            return st;
        if (QFileInfo(s.path).size() > static_cast<qint64>(s.bytes)) // reported once: cut what was skipped
            QFile::resize(s.path, static_cast<qint64>(s.bytes));
        if (s.at.empty()) { // nothing readable: a torn first record or an empty file
            QFile::remove(s.path);
            continue;
        }
        if (s.first <= m_lastSequence) {
            m_problems.push_back(s.path.toStdString() + ": starts at batch " + std::to_string(s.first) +
                                 ", not after the previous segment's " + std::to_string(m_lastSequence) + "; skipped");
            QFile::remove(s.path);
            continue;
        }
        nameForFirstBatch(s);
        m_lastSequence = s.last;
        m_stats.bytes += s.bytes;
        m_stats.batches += s.at.size();
        m_segments.push_back(std::move(s));
    }
    return success();
}

// A segment is named for its first batch: the name orders the segments at the next start and
// keeps a new segment (named for a later batch) from truncating an old one. The record CRC
// covers the payload, not the header, so a damaged sequence in the first record can leave a
// segment named for another batch; renamed for the batch it starts with, it sorts and names as
// if written so. Reported either way; one that cannot be renamed (the name is taken) is kept.
void DiskBuffer::nameForFirstBatch(Segment &segment)
{
    const QString name = segmentName(segment.first);
    if (QFileInfo(segment.path).fileName() == name)
        return;
    const QString renamed = QDir(m_options.dir).filePath(name);
    const std::string what = segment.path.toStdString() + ": starts at batch " + std::to_string(segment.first) +
                             ", not the batch its name says; ";
    if (!QFile::rename(segment.path, renamed)) {
        m_problems.push_back(what + "cannot rename it to " + name.toStdString() + "; kept as it is");
        return;
    }
    m_problems.push_back(what + "renamed to " + name.toStdString());
    segment.path = renamed;
}

Status DiskBuffer::scan(Segment &segment)
{
    QFile f(segment.path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{ErrorCode::Unavailable, segment.path.toStdString() + ": " + f.errorString().toStdString()};
    const QByteArray data = f.readAll();
    const auto *p = reinterpret_cast<const std::uint8_t *>(data.constData());
    const std::size_t size = static_cast<std::size_t>(data.size());
    std::size_t offset = 0;
    std::uint64_t previous = 0;
    while (offset < size) {
        std::string why;
        std::uint64_t sequence = 0;
        std::uint32_t length = 0;
        if (size - offset < kHeaderBytes) {
            why = "torn record header (" + std::to_string(size - offset) + " bytes)";
        } else {
            sequence = getLe(p + offset, 8);
            length = static_cast<std::uint32_t>(getLe(p + offset + 8, 4));
            const auto crc = static_cast<std::uint32_t>(getLe(p + offset + 12, 4));
            if (length > kMaxPayload || size - offset - kHeaderBytes < length)
                why = "torn record (length " + std::to_string(length) + ", " +
                      std::to_string(size - offset - kHeaderBytes) + " bytes left)";
            else if (tsdb::crc32c(p + offset + kHeaderBytes, length) != crc)
                why = "CRC mismatch";
            else if (sequence <= previous)
                why = "batch " + std::to_string(sequence) + " after batch " + std::to_string(previous);
        }
        if (!why.empty()) {
            m_problems.push_back(segment.path.toStdString() + ": record " + std::to_string(segment.at.size()) +
                                 " at byte " + std::to_string(offset) + ": " + why + "; the rest of the segment (" +
                                 std::to_string(size - offset) + " bytes) is skipped");
            break;
        }
        if (segment.at.empty())
            segment.first = sequence;
        segment.last = previous = sequence;
        segment.at.emplace_back(sequence, offset);
        offset += kHeaderBytes + length;
    }
    segment.bytes = offset;
    return success();
}

Status DiskBuffer::startSegment(std::uint64_t first)
{
    closeActive();
    Segment s;
    s.path = QDir(m_options.dir).filePath(segmentName(first));
    m_fd = ::open(QFile::encodeName(s.path).constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (m_fd < 0)
        return ioError(s.path, "cannot create the segment");
    m_segments.push_back(std::move(s));
    return success();
}

void DiskBuffer::closeActive()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

Status DiskBuffer::append(std::uint64_t sequence, std::string_view payload)
{
    std::lock_guard lock(m_mutex);
    if (sequence <= m_lastSequence)
        return invalidArgument("batch " + std::to_string(sequence) + " is not after the buffer's last batch " +
                               std::to_string(m_lastSequence));
    if (payload.size() > kMaxPayload)
        return invalidArgument("batch " + std::to_string(sequence) + " is " + std::to_string(payload.size()) +
                               " bytes, above the buffer's record limit");
    if (m_fd < 0 || m_segments.back().bytes >= m_options.segmentBytes)
        if (Status s = startSegment(sequence); !s)
            return s;
    std::string record(kHeaderBytes, '\0');
    auto *h = reinterpret_cast<std::uint8_t *>(record.data());
    putLe(h, sequence, 8);
    putLe(h + 8, payload.size(), 4);
    putLe(h + 12, tsdb::crc32c(reinterpret_cast<const std::uint8_t *>(payload.data()), payload.size()), 4);
    record.append(payload);
    Segment &s = m_segments.back();
    // One write() per record: a crash leaves at most a torn tail, which scan() skips.
    const ssize_t n = ::write(m_fd, record.data(), record.size());
    if (n != static_cast<ssize_t>(record.size())) {
        Error e = ioError(s.path, "cannot write the batch");
        if (n > 0) // keep the file to what the index says: a later record must not follow junk
            (void)::ftruncate(m_fd, static_cast<off_t>(s.bytes));
        return e;
    }
    if (s.at.empty())
        s.first = sequence;
    s.last = sequence;
    s.at.emplace_back(sequence, s.bytes);
    s.bytes += record.size();
    m_lastSequence = sequence;
    m_stats.bytes += record.size();
    ++m_stats.batches;
    enforceBound();
    return success();
}

void DiskBuffer::enforceBound()
{
    while (m_stats.bytes > m_options.maxBytes && m_segments.size() > 1) {
        const Segment &oldest = m_segments.front();
        QFile::remove(oldest.path);
        m_stats.bytes -= oldest.bytes;
        m_stats.batches -= oldest.at.size();
        m_stats.droppedBatches += oldest.at.size();
        ++m_stats.droppedSegments;
        m_segments.erase(m_segments.begin());
    }
}

Result<std::vector<BufferedBatch>> DiskBuffer::readAfter(std::uint64_t after, std::size_t max) const
{
    std::lock_guard lock(m_mutex);
    std::vector<BufferedBatch> out;
    for (const Segment &s : m_segments) {
        if (out.size() >= max)
            break;
        if (s.at.empty() || s.last <= after)
            continue;
        auto it = std::upper_bound(s.at.begin(), s.at.end(), after,
                                   [](std::uint64_t a, const auto &entry) { return a < entry.first; });
        QFile f(s.path);
        if (!f.open(QIODevice::ReadOnly))
            return Error{ErrorCode::Unavailable, s.path.toStdString() + ": " + f.errorString().toStdString()};
        for (; it != s.at.end() && out.size() < max; ++it) {
            std::uint8_t header[kHeaderBytes];
            if (!f.seek(static_cast<qint64>(it->second)) ||
                f.read(reinterpret_cast<char *>(header), kHeaderBytes) != qint64(kHeaderBytes))
                return Error{ErrorCode::Unavailable,
                             s.path.toStdString() + ": cannot read batch " + std::to_string(it->first) + " back"};
            const auto length = static_cast<qint64>(getLe(header + 8, 4));
            BufferedBatch b;
            b.sequence = it->first;
            b.payload.resize(static_cast<std::size_t>(length));
            if (f.read(b.payload.data(), length) != length)
                return Error{ErrorCode::Unavailable, s.path.toStdString() + ": batch " + std::to_string(it->first) +
                                                         " is shorter than its header says"};
            out.push_back(std::move(b));
        }
    }
    return out;
}

Status DiskBuffer::dropThrough(std::uint64_t sequence)
{
    std::lock_guard lock(m_mutex);
    while (!m_segments.empty() && !m_segments.front().at.empty() && m_segments.front().last <= sequence) {
        if (m_segments.size() == 1)
            closeActive(); // all acknowledged: the next batch starts a new segment
        const Segment &s = m_segments.front();
        if (!QFile::remove(s.path))
            return Error{ErrorCode::Unavailable, s.path.toStdString() + ": cannot delete the acknowledged segment"};
        m_stats.bytes -= s.bytes;
        m_stats.batches -= s.at.size();
        m_segments.erase(m_segments.begin());
    }
    return success();
}

std::uint64_t DiskBuffer::lastSequence() const
{
    std::lock_guard lock(m_mutex);
    return m_lastSequence;
}

DiskBufferStats DiskBuffer::stats() const
{
    std::lock_guard lock(m_mutex);
    return m_stats;
}

} // namespace sn::agent
