#include "backend/telemetry/store/block.h"

#include "backend/model/durable_file.h"

#include "backend/telemetry/store/chunk_encoding.h"
#include "backend/telemetry/store/crc32c.h"
#include "backend/telemetry/store/varint.h"

#include <QDir>
#include <QFile>

#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <unistd.h>

namespace sn::tsdb {

namespace {

constexpr char kChunksMagic[] = "SNCK";
constexpr char kRollupsMagic[] = "SNRU";
constexpr char kIndexMagic[] = "SNIX";
// Chunks and rollups files are version 2 since their chunks may be in format 2 (split Rice
// codes), and version 2 rollups hold the 1-minute buckets alone, in rollup layout 2 (see
// rollup.h); version 1 files (formats 0 and 1; both resolutions, layout 1) are read as they
// are. The index is unchanged at version 1.
constexpr std::uint8_t kDataVersion = 2;
constexpr std::uint8_t kIndexVersion = 1;
constexpr std::size_t kHeaderSize = 5; // magic + version

void putHeader(std::vector<std::uint8_t> &out, const char *magic, std::uint8_t version)
{
    out.insert(out.end(), magic, magic + 4);
    out.push_back(version);
}

// Appends length, bytes, CRC; returns the offset of the bytes.
std::uint64_t putRecord(std::vector<std::uint8_t> &out, const std::vector<std::uint8_t> &bytes)
{
    putVarint(out, bytes.size());
    const std::uint64_t offset = out.size();
    out.insert(out.end(), bytes.begin(), bytes.end());
    putFixed32(out, crc32c(bytes.data(), bytes.size()));
    return offset;
}

Status checkHeader(const std::uint8_t *data, std::size_t size, const char *magic, const char *file,
                   std::uint8_t newestVersion)
{
    if (size < kHeaderSize || std::memcmp(data, magic, 4) != 0)
        return invalidArgument(std::string(file) + ": not a block " + file + " file (no " + magic + " header)");
    if (data[4] < 1 || data[4] > newestVersion)
        return invalidArgument(std::string(file) + ": unsupported version " + std::to_string(data[4]) + " at byte 4");
    return success();
}

// The record at [offset, offset+length) must fit and carry a matching CRC behind it.
Status checkRecord(const std::uint8_t *data, std::size_t size, std::uint64_t offset, std::uint32_t length,
                   const char *file)
{
    // Compared without adding to `offset`: an offset near 2^64 from a corrupt index would wrap
    // the sum around and pass.
    if (offset < kHeaderSize || offset > size || size - offset < std::uint64_t(length) + 4)
        return invalidArgument(std::string(file) + ": record at byte " + std::to_string(offset) + " (" +
                               std::to_string(length) + " bytes) runs past the end (" + std::to_string(size) +
                               " bytes)");
    std::uint32_t stored = 0;
    for (int i = 0; i < 4; ++i)
        stored |= std::uint32_t(data[offset + length + i]) << (8 * i);
    if (stored != crc32c(data + offset, length))
        return invalidArgument(std::string(file) + ": checksum mismatch for the record at byte " +
                               std::to_string(offset));
    return success();
}

Status syncFile(QFile &f)
{
    f.flush();
    if (::fsync(f.handle()) != 0)
        return Error{ErrorCode::Unavailable, "fsync " + f.fileName().toStdString() + ": " + std::strerror(errno)};
    return success();
}

Status syncDir(const QString &dir)
{
    return syncDirectory(QFile::encodeName(dir).toStdString());
}

Status writeFile(const QString &path, const std::vector<std::uint8_t> &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return Error{ErrorCode::Unavailable,
                     "cannot write " + path.toStdString() + ": " + f.errorString().toStdString()};
    if (f.write(reinterpret_cast<const char *>(bytes.data()), static_cast<qint64>(bytes.size())) !=
        static_cast<qint64>(bytes.size()))
        return Error{ErrorCode::Unavailable,
                     "short write to " + path.toStdString() + ": " + f.errorString().toStdString()};
    return syncFile(f);
}

} // namespace

BlockBuilder::BlockBuilder(std::int64_t minTime, std::int64_t maxTime, std::uint32_t chunkSamples)
    : m_minTime(minTime), m_maxTime(maxTime), m_chunkSamples(chunkSamples)
{
    putHeader(m_chunks, kChunksMagic, kDataVersion);
    putHeader(m_rollups, kRollupsMagic, kDataVersion);
}

void BlockBuilder::addSeries(const std::string &metric, const Labels &labels, const std::int64_t *t, const double *v,
                             std::size_t n)
{
    if (n == 0)
        return;
    BlockSeries s;
    s.metric = metric;
    s.labels = labels;
    std::vector<std::uint8_t> bytes;
    for (std::size_t i = 0; i < n; i += m_chunkSamples) {
        const std::size_t count = std::min<std::size_t>(m_chunkSamples, n - i);
        bytes.clear();
        encodeChunk(t + i, v + i, count, bytes);
        BlockChunkRef ref;
        ref.minTime = t[i];
        ref.maxTime = t[i + count - 1];
        ref.length = static_cast<std::uint32_t>(bytes.size());
        ref.offset = putRecord(m_chunks, bytes);
        s.chunks.push_back(ref);
    }
    // Only the finest rollup is stored (rollups file version 2): coarser ones are derived from
    // it exactly when read (Block::rollups), 1/60 of the buckets at ~20 bytes of chunk headers each.
    bytes.clear();
    std::vector<RollupBucket> buckets;
    appendRollup(t, v, n, kRollupResolutionsMs.front(), buckets);
    putVarint(bytes, static_cast<std::uint64_t>(kRollupResolutionsMs.front()));
    encodeRollup(buckets, bytes);
    s.rollupLength = static_cast<std::uint32_t>(bytes.size());
    s.rollupOffset = putRecord(m_rollups, bytes);
    m_series.push_back(std::move(s));
}

BlockBytes BlockBuilder::finish()
{
    BlockBytes out;
    out.minTime = m_minTime;
    out.maxTime = m_maxTime;
    SymbolTable symbols;
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> pairs;
    for (const BlockSeries &s : m_series) {
        auto &p = pairs.emplace_back();
        p.emplace_back(symbols.intern(kMetricNameLabel), symbols.intern(s.metric));
        for (const auto &[k, v] : s.labels)
            p.emplace_back(symbols.intern(k), symbols.intern(v));
    }
    std::vector<std::uint8_t> &ix = out.index;
    putHeader(ix, kIndexMagic, kIndexVersion);
    putSigned(ix, m_minTime);
    putSigned(ix, m_maxTime);
    putVarint(ix, symbols.size());
    for (std::uint32_t i = 0; i < symbols.size(); ++i)
        putString(ix, symbols.str(i));
    putVarint(ix, m_series.size());
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        const BlockSeries &s = m_series[i];
        putVarint(ix, pairs[i].size());
        for (const auto &[n, v] : pairs[i]) {
            putVarint(ix, n);
            putVarint(ix, v);
        }
        putVarint(ix, s.chunks.size());
        std::int64_t prevMax = m_minTime;
        std::uint64_t prevEnd = 0;
        for (const BlockChunkRef &c : s.chunks) {
            putSigned(ix, c.minTime - prevMax);
            putVarint(ix, static_cast<std::uint64_t>(c.maxTime - c.minTime));
            putSigned(ix, static_cast<std::int64_t>(c.offset - prevEnd));
            putVarint(ix, c.length);
            prevMax = c.maxTime;
            prevEnd = c.offset + c.length;
        }
        putVarint(ix, s.rollupOffset);
        putVarint(ix, s.rollupLength);
    }
    putFixed32(ix, crc32c(ix.data(), ix.size()));
    out.chunks = std::move(m_chunks);
    out.rollups = std::move(m_rollups);
    return out;
}

Block::~Block() = default;

Status Block::parse(const std::uint8_t *index, std::size_t indexSize, const std::uint8_t *chunks,
                    std::size_t chunksSize, const std::uint8_t *rollups, std::size_t rollupsSize)
{
    if (Status s = checkHeader(index, indexSize, kIndexMagic, "index", kIndexVersion); !s)
        return s;
    if (Status s = checkHeader(chunks, chunksSize, kChunksMagic, "chunks", kDataVersion); !s)
        return s;
    if (Status s = checkHeader(rollups, rollupsSize, kRollupsMagic, "rollups", kDataVersion); !s)
        return s;
    if (indexSize < kHeaderSize + 4)
        return invalidArgument("index: shorter than its checksum");
    std::uint32_t stored = 0;
    for (int i = 0; i < 4; ++i)
        stored |= std::uint32_t(index[indexSize - 4 + i]) << (8 * i);
    if (stored != crc32c(index, indexSize - 4))
        return invalidArgument("index: checksum mismatch (" + std::to_string(indexSize) + " bytes)");
    ByteReader r(index + kHeaderSize, indexSize - kHeaderSize - 4);
    m_minTime = r.signedVarint("block min time");
    m_maxTime = r.signedVarint("block max time");
    const std::uint64_t nsymbols = r.varint("symbol count");
    std::vector<std::string> symbols;
    for (std::uint64_t i = 0; i < nsymbols && r.ok(); ++i)
        symbols.push_back(r.string("symbol"));
    const std::uint64_t nseries = r.varint("series count");
    for (std::uint64_t i = 0; i < nseries && r.ok(); ++i) {
        BlockSeries s;
        const std::uint64_t npairs = r.varint("label count");
        for (std::uint64_t p = 0; p < npairs && r.ok(); ++p) {
            const std::uint64_t n = r.varint("label name symbol");
            const std::uint64_t v = r.varint("label value symbol");
            if (r.ok() && (n >= symbols.size() || v >= symbols.size()))
                return invalidArgument("index: series " + std::to_string(i) + " names symbol " +
                                       std::to_string(std::max(n, v)) + " of " + std::to_string(symbols.size()) +
                                       " at byte " + std::to_string(r.offset() + kHeaderSize));
            if (!r.ok())
                break;
            if (p == 0)
                s.metric = symbols[v];
            else
                s.labels.emplace(symbols[n], symbols[v]);
        }
        const std::uint64_t nchunks = r.varint("chunk count");
        std::int64_t prevMax = m_minTime;
        std::uint64_t prevEnd = 0;
        for (std::uint64_t c = 0; c < nchunks && r.ok(); ++c) {
            BlockChunkRef ref;
            const std::int64_t fromPrevious = r.signedVarint("chunk min time");
            const std::uint64_t span = r.varint("chunk time span");
            // Corrupt deltas must not overflow the times (undefined behaviour, and a chunk that
            // seems to end before it starts).
            if (r.ok() && (__builtin_add_overflow(prevMax, fromPrevious, &ref.minTime) ||
                           span > std::uint64_t(std::numeric_limits<std::int64_t>::max()) ||
                           __builtin_add_overflow(ref.minTime, static_cast<std::int64_t>(span), &ref.maxTime)))
                return invalidArgument("index: series " + std::to_string(i) + " chunk " + std::to_string(c) +
                                       ": chunk times overflow at byte " + std::to_string(r.offset() + kHeaderSize));
            ref.offset = prevEnd + static_cast<std::uint64_t>(r.signedVarint("chunk offset"));
            ref.length = static_cast<std::uint32_t>(r.varint("chunk length"));
            if (!r.ok())
                break;
            if (Status st = checkRecord(chunks, chunksSize, ref.offset, ref.length, "chunks"); !st)
                return st;
            prevMax = ref.maxTime;
            prevEnd = ref.offset + ref.length;
            s.chunks.push_back(ref);
        }
        s.rollupOffset = r.varint("rollup offset");
        s.rollupLength = static_cast<std::uint32_t>(r.varint("rollup length"));
        if (!r.ok())
            break;
        if (Status st = checkRecord(rollups, rollupsSize, s.rollupOffset, s.rollupLength, "rollups"); !st)
            return st;
        m_series.push_back(std::move(s));
    }
    if (!r.ok())
        return invalidArgument("index: " + r.error());
    m_chunkData = chunks;
    m_rollupData = rollups;
    m_rollupSize = rollupsSize;
    return success();
}

Result<std::shared_ptr<Block>> Block::fromBytes(BlockBytes bytes)
{
    std::shared_ptr<Block> b(new Block());
    b->m_memory = std::move(bytes);
    const BlockBytes &m = b->m_memory;
    b->m_sizeBytes = m.index.size() + m.chunks.size() + m.rollups.size();
    if (Status s = b->parse(m.index.data(), m.index.size(), m.chunks.data(), m.chunks.size(), m.rollups.data(),
                            m.rollups.size());
        !s)
        return s.error();
    return b;
}

Result<QString> Block::write(const QString &blocksDir, const BlockBytes &bytes, std::uint64_t sequence)
{
    const QString name = QStringLiteral("b-%1-%2-%3").arg(bytes.minTime).arg(bytes.maxTime).arg(sequence);
    const QString tmp = blocksDir + QStringLiteral("/.tmp-") + name;
    const QString final = blocksDir + QLatin1Char('/') + name;
    QDir(tmp).removeRecursively();
    if (!QDir().mkpath(tmp))
        return Error{ErrorCode::Unavailable, "cannot create " + tmp.toStdString()};
    for (const auto &[file, data] :
         {std::pair{"index", &bytes.index}, std::pair{"chunks", &bytes.chunks}, std::pair{"rollups", &bytes.rollups}})
        if (Status s = writeFile(tmp + QLatin1Char('/') + QLatin1String(file), *data); !s)
            return s.error();
    if (Status s = syncDir(tmp); !s)
        return s.error();
    if (!QDir().rename(tmp, final))
        return Error{ErrorCode::Unavailable, "cannot rename " + tmp.toStdString() + " to " + final.toStdString()};
    if (Status s = syncDir(blocksDir); !s)
        return s.error();
    return final;
}

Result<std::shared_ptr<Block>> Block::open(const QString &dir)
{
    std::shared_ptr<Block> b(new Block());
    b->m_dir = dir;
    b->m_sequence = QDir(dir).dirName().section(QLatin1Char('-'), -1).toULongLong();
    QFile index(dir + QStringLiteral("/index"));
    if (!index.open(QIODevice::ReadOnly))
        return Error{ErrorCode::NotFound, "block " + dir.toStdString() + ": cannot read index"};
    const QByteArray indexBytes = index.readAll();
    auto mapFile = [&](const char *name, std::unique_ptr<QFile> &file, const std::uint8_t *&data,
                       std::size_t &size) -> Status {
        file = std::make_unique<QFile>(dir + QLatin1Char('/') + QLatin1String(name));
        if (!file->open(QIODevice::ReadOnly))
            return Error{ErrorCode::NotFound, "block " + dir.toStdString() + ": cannot read " + name};
        size = static_cast<std::size_t>(file->size());
        data = size ? file->map(0, file->size()) : nullptr;
        if (!data)
            return invalidArgument("block " + dir.toStdString() + ": " + name + " is empty or cannot be mapped");
        return success();
    };
    const std::uint8_t *chunks = nullptr, *rollups = nullptr;
    std::size_t chunksSize = 0, rollupsSize = 0;
    if (Status s = mapFile("chunks", b->m_chunksFile, chunks, chunksSize); !s)
        return s.error();
    if (Status s = mapFile("rollups", b->m_rollupsFile, rollups, rollupsSize); !s)
        return s.error();
    b->m_sizeBytes = static_cast<std::uint64_t>(indexBytes.size()) + chunksSize + rollupsSize;
    if (Status s = b->parse(reinterpret_cast<const std::uint8_t *>(indexBytes.constData()),
                            static_cast<std::size_t>(indexBytes.size()), chunks, chunksSize, rollups, rollupsSize);
        !s)
        return Error{s.error().code, "block " + dir.toStdString() + ": " + s.error().message};
    return b;
}

Status Block::rollups(std::size_t seriesIndex, std::int64_t resolutionMs, std::vector<RollupBucket> &out) const
{
    const BlockSeries &s = m_series[seriesIndex];
    ByteReader r(m_rollupData + s.rollupOffset, s.rollupLength);
    std::vector<RollupBucket> finer;
    bool haveFiner = false;
    for (std::size_t i = 0; i < kRollupResolutionsMs.size() && r.remaining() > 0; ++i) {
        const auto res = static_cast<std::int64_t>(r.varint("rollup resolution"));
        const std::size_t start = r.offset();
        // Walk the four chunks to find where this resolution's record ends.
        const std::uint64_t nbuckets = r.varint("rollup bucket count");
        if (nbuckets > 0)
            for (int c = 0; c < 4 && r.ok(); ++c)
                r.bytes(r.varint("rollup chunk length"), "rollup chunk");
        if (!r.ok())
            return invalidArgument("rollups: " + r.error());
        if (res == resolutionMs)
            return decodeRollup(m_rollupData + s.rollupOffset + start, r.offset() - start, out);
        if (res > 0 && res < resolutionMs && resolutionMs % res == 0 && !haveFiner) {
            if (Status st = decodeRollup(m_rollupData + s.rollupOffset + start, r.offset() - start, finer); !st)
                return st;
            haveFiner = true;
        }
    }
    if (haveFiner) { // a version 2 block stores only the finest rollup
        coarsenRollup(finer, resolutionMs, out);
        return success();
    }
    return notFound("no " + std::to_string(resolutionMs) + " ms rollup in this block");
}

void Block::bindSeriesIds(std::vector<SeriesId> ids)
{
    m_byId.clear();
    for (std::uint32_t i = 0; i < ids.size(); ++i)
        m_byId.emplace(ids[i], i);
    // The store's index holds the labels now; a copy per block would cost RAM per series.
    for (BlockSeries &s : m_series) {
        s.metric.clear();
        s.metric.shrink_to_fit();
        s.labels.clear();
    }
}

} // namespace sn::tsdb
