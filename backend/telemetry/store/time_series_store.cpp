#include "backend/telemetry/store/time_series_store.h"

#include "backend/model/directory_lock.h"
#include "backend/telemetry/store/chunk_encoding.h"

#include <QDir>
#include <QLoggingCategory>

#include <algorithm>

Q_LOGGING_CATEGORY(lcStore, "sn.telemetry.store")

namespace sn::tsdb {

namespace {
constexpr std::int64_t kMinTime = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMaxTime = std::numeric_limits<std::int64_t>::max();

// Scratch buffers for decoding, one set per thread so readers never share them.
struct DecodeScratch {
    std::vector<std::int64_t> times;
    std::vector<double> values;
};
DecodeScratch &scratch()
{
    thread_local DecodeScratch s;
    return s;
}

// Calls fn with the part of [t, t+n) inside [minT, maxT] and after `after`; returns the new after.
std::int64_t emitClipped(const std::int64_t *t, const double *v, std::size_t n, std::int64_t minT, std::int64_t maxT,
                         std::int64_t after, const TimeSeriesStore::SamplesFn &fn)
{
    const std::int64_t from = std::max(minT, after == kMaxTime ? after : after + 1);
    const std::int64_t *b = std::lower_bound(t, t + n, from);
    const std::int64_t *e = std::upper_bound(b, t + n, maxT);
    if (b < e) {
        fn(b, v + (b - t), static_cast<std::size_t>(e - b));
        return *(e - 1);
    }
    return after;
}
} // namespace

TimeSeriesStore::TimeSeriesStore(StoreOptions options) : m_options(std::move(options))
{
    m_blocks = std::make_shared<const std::vector<std::shared_ptr<Block>>>();
}

TimeSeriesStore::~TimeSeriesStore() = default;

Result<std::unique_ptr<TimeSeriesStore>> TimeSeriesStore::open(StoreOptions options)
{
    if (options.blockDurationMs < kRollupResolutionsMs.back() || options.blockDurationMs % kRollupResolutionsMs.back())
        return invalidArgument("store: block duration must be a whole number of hours, not " +
                               std::to_string(options.blockDurationMs) + " ms");
    if (options.headChunkSamples < 2 || options.blockChunkSamples < 2 || options.blockChunkSamples > 65536)
        return invalidArgument("store: chunk sizes must be 2..65536 samples");
    std::unique_ptr<TimeSeriesStore> store(new TimeSeriesStore(std::move(options)));
    if (Status s = store->load(); !s)
        return s.error();
    return store;
}

Status TimeSeriesStore::load()
{
    if (m_options.dataDir.isEmpty())
        return success();
    m_blocksDir = m_options.dataDir + QStringLiteral("/blocks");
    m_walDir = m_options.dataDir + QStringLiteral("/wal");
    if (!QDir().mkpath(m_blocksDir) || !QDir().mkpath(m_walDir))
        return Error{ErrorCode::Unavailable, "store: cannot create " + m_options.dataDir.toStdString()};
    auto lock = lockDirectory(m_options.dataDir, "store");
    if (!lock)
        return lock.error();
    m_lock = std::move(*lock);
    QDir blocksDir(m_blocksDir);
    for (const QString &tmp : blocksDir.entryList({QStringLiteral(".tmp-*")}, QDir::Dirs | QDir::Hidden))
        QDir(m_blocksDir + QLatin1Char('/') + tmp).removeRecursively(); // a cut that never finished
    std::vector<std::shared_ptr<Block>> loaded;
    for (const QString &name : blocksDir.entryList({QStringLiteral("b-*")}, QDir::Dirs)) {
        const QString path = m_blocksDir + QLatin1Char('/') + name;
        Result<std::shared_ptr<Block>> block = Block::open(path);
        if (!block) {
            m_openReport.problems.push_back(block.error().message);
            qCWarning(lcStore).noquote() << "setting aside corrupt block:"
                                         << QString::fromStdString(block.error().message);
            QDir().rename(path, m_blocksDir + QStringLiteral("/corrupt-") + name);
            continue;
        }
        loaded.push_back(*block);
    }
    std::sort(loaded.begin(), loaded.end(), [](const auto &a, const auto &b) { return a->sequence() < b->sequence(); });
    for (const auto &block : loaded) {
        std::vector<SeriesId> ids;
        for (const BlockSeries &s : block->series())
            ids.push_back(createSeries(s.metric, s.labels, false));
        block->bindSeriesIds(std::move(ids));
        m_minValidTime = std::max(m_minValidTime, block->maxTime());
        m_nextBlockSequence = std::max(m_nextBlockSequence, block->sequence() + 1);
        m_maxTime = std::max(m_maxTime.load(), block->maxTime() - 1);
    }
    m_openReport.blocksLoaded = loaded.size();
    publishBlocks(std::move(loaded));
    if (m_minValidTime != kMinTime)
        m_headStart = m_minValidTime;

    Result<WalReplayReport> replay = Wal::replay(
        m_walDir,
        [this](const std::string &metric, const Labels &labels) { return createSeries(metric, labels, false); },
        [this](const RefSample *samples, std::size_t n) { appendToHead(samples, n, nullptr); });
    if (!replay)
        return replay.error();
    m_openReport.wal = *replay;
    Result<std::unique_ptr<Wal>> wal = Wal::create(m_walDir, m_options.walSync, m_options.walSyncIntervalMs);
    if (!wal)
        return wal.error();
    m_wal = std::move(*wal);
    // A fresh segment that names this process' series ids; the replayed ones are then dropped.
    if (Status s = checkpoint(); !s)
        return s;
    return cutBlocks();
}

SeriesId TimeSeriesStore::createSeries(std::string_view metric, const Labels &labels, bool log)
{
    if (const auto found = m_index.find(metric, labels))
        return *found;
    // What is on disk comes back whatever the limit (log is false when loading); writers' new
    // series are held to it.
    if (log && m_index.liveCount() >= m_options.maxSeries) {
        m_seriesRefused.fetch_add(1, std::memory_order_relaxed);
        return kNoSeries;
    }
    SeriesId id;
    {
        std::unique_lock lock(m_indexMutex);
        id = m_index.getOrCreate(metric, labels).first;
        m_series.push_back(std::make_shared<HeadSeries>());
    }
    if (log && m_wal)
        m_wal->logSeries(id, std::string(metric), labels);
    return id;
}

SeriesId TimeSeriesStore::seriesRef(std::string_view metric, const Labels &labels)
{
    return createSeries(metric, labels, true);
}

bool TimeSeriesStore::isLive(SeriesId id) const
{
    return id < m_series.size() && m_series[id] != nullptr; // writer thread: no one else changes them
}

AppendResult TimeSeriesStore::appendToHead(const RefSample *samples, std::size_t n, std::vector<RefSample> *accepted)
{
    AppendResult r;
    const std::uint32_t chunkSamples = m_options.headChunkSamples;
    const std::int64_t duration = m_options.blockDurationMs;
    std::int64_t maxTime = m_maxTime.load(std::memory_order_relaxed);
    std::int64_t minTime = kMaxTime;
    for (std::size_t i = 0; i < n; ++i) {
        const RefSample &s = samples[i];
        if (s.ref >= m_series.size() || !m_series[s.ref] || s.timeMs < m_minValidTime ||
            !m_series[s.ref]->append(s.timeMs, s.value, chunkSamples, duration)) {
            ++r.rejected;
            continue;
        }
        ++r.accepted;
        maxTime = std::max(maxTime, s.timeMs);
        minTime = std::min(minTime, s.timeMs);
        if (accepted)
            accepted->push_back(s);
    }
    m_maxTime.store(maxTime, std::memory_order_relaxed);
    if (minTime != kMaxTime && minTime < m_headStart)
        m_headStart = minTime - (((minTime % duration) + duration) % duration);
    return r;
}

Result<AppendResult> TimeSeriesStore::append(const RefSample *samples, std::size_t n)
{
    const std::size_t known = m_series.size();
    for (std::size_t i = 0; i < n; ++i)
        if (samples[i].ref >= known && samples[i].ref != kNoSeries) // kNoSeries: counted as rejected
            return invalidArgument("store: sample " + std::to_string(i) + " names series " +
                                   std::to_string(samples[i].ref) + ", but only " + std::to_string(known) + " exist");
    AppendResult r;
    if (m_wal) {
        m_scratch.clear();
        r = appendToHead(samples, n, &m_scratch);
        if (!m_scratch.empty())
            m_wal->logSamples(m_scratch.data(), m_scratch.size());
        if (Status s = m_wal->commit(); !s)
            return s.error();
    } else {
        r = appendToHead(samples, n, nullptr);
    }
    const std::int64_t maxTime = m_maxTime.load(std::memory_order_relaxed);
    if (m_headStart != kMaxTime && maxTime - m_headStart >= m_options.blockDurationMs * 3 / 2)
        if (Status s = cutBlocks(); !s)
            return s.error();
    return r;
}

Result<AppendResult> TimeSeriesStore::append(const std::vector<MetricSample> &samples)
{
    std::vector<RefSample> refs;
    refs.reserve(samples.size());
    for (const MetricSample &s : samples)
        refs.push_back({seriesRef(s.metric, s.labels), s.timeMs, s.value});
    return append(refs.data(), refs.size());
}

Status TimeSeriesStore::cutBlocks()
{
    // Keep half a block of head behind the newest sample, so late series still land in the head.
    bool cut = false;
    // A range before the head's oldest sample holds nothing: it is passed over without the
    // pass over every series a cut makes. Samples that jump months ahead (a virtual-time
    // daemon fed real pushes, an agent back after weeks) cross thousands of such ranges, and
    // a pass for each, at 20,000 series, stalled ingress for seconds.
    std::int64_t oldest = oldestHeadSample();
    bool skipped = false;
    while (m_headStart != kMaxTime && m_maxTime.load() - m_headStart >= m_options.blockDurationMs * 3 / 2) {
        const std::int64_t to = HeadSeries::boundaryAfter(m_headStart, m_options.blockDurationMs);
        if (oldest >= to) { // what cutRange does for an empty range
            m_headStart = to;
            m_minValidTime = std::max(m_minValidTime, to);
            skipped = true;
        } else {
            if (Status s = cutRange(m_headStart, to); !s)
                return s;
            oldest = oldestHeadSample();
        }
        cut = true;
    }
    if (skipped) // cutRange applies retention after each range; the new newest may expire blocks
        if (Status s = applyRetention(); !s)
            return s;
    return cut ? checkpointIfLogged() : success();
}

std::int64_t TimeSeriesStore::oldestHeadSample() const
{
    std::int64_t oldest = kMaxTime;
    for (const auto &h : m_series)
        if (h)
            oldest = std::min(oldest, h->minTime());
    return oldest;
}

Status TimeSeriesStore::flushHead()
{
    const std::int64_t last = m_maxTime.load();
    bool cut = false;
    while (m_headStart != kMaxTime && m_headStart <= last) {
        const std::int64_t to = std::min(HeadSeries::boundaryAfter(m_headStart, m_options.blockDurationMs), last + 1);
        if (Status s = cutRange(m_headStart, to); !s)
            return s;
        cut = true;
    }
    return cut ? checkpointIfLogged() : success();
}

Status TimeSeriesStore::cutRange(std::int64_t from, std::int64_t to)
{
    BlockBuilder builder(from, to, m_options.blockChunkSamples);
    std::vector<SeriesId> ids;
    std::vector<std::int64_t> times;
    std::vector<double> values;
    DecodeScratch &dec = scratch();
    const SeriesId count = static_cast<SeriesId>(m_series.size());
    for (SeriesId id = 0; id < count; ++id) {
        if (!m_series[id])
            continue;
        HeadSeries &h = *m_series[id];
        {
            HeadSnapshot open = h.snapshot(kMaxTime, kMaxTime);
            if (open.openCount > 0 && open.open->times[0] < to)
                h.seal(); // an open chunk never straddles a boundary, and a flush takes it whole
        }
        HeadSnapshot snap = h.snapshot(kMinTime, to - 1);
        times.clear();
        values.clear();
        for (const ChunkPtr &c : snap.sealed) {
            if (c->maxTime >= to)
                break;
            if (Status s = decodeChunk(c->bytes.data(), c->bytes.size(), dec.times, dec.values); !s)
                return Error{ErrorCode::Internal, "store: head chunk does not decode: " + s.error().message};
            times.insert(times.end(), dec.times.begin(), dec.times.end());
            values.insert(values.end(), dec.values.begin(), dec.values.end());
        }
        if (times.empty())
            continue;
        std::shared_lock lock(m_indexMutex);
        builder.addSeries(m_index.metric(id), m_index.labels(id), times.data(), values.data(), times.size());
        ids.push_back(id);
    }
    std::shared_ptr<Block> block;
    if (builder.seriesCount() > 0) {
        BlockBytes bytes = builder.finish();
        Result<std::shared_ptr<Block>> made = Error{};
        if (!m_blocksDir.isEmpty()) {
            Result<QString> dir = Block::write(m_blocksDir, bytes, m_nextBlockSequence);
            if (!dir)
                return dir.error();
            made = Block::open(*dir);
        } else {
            made = Block::fromBytes(std::move(bytes));
        }
        if (!made)
            return made.error();
        ++m_nextBlockSequence;
        block = *made;
        block->bindSeriesIds(std::move(ids));
        std::vector<std::shared_ptr<Block>> list = *blocks();
        list.push_back(block);
        publishBlocks(std::move(list)); // readers see the block before the head lets go
    }
    for (SeriesId id = 0; id < count; ++id)
        if (m_series[id])
            m_series[id]->dropChunksBefore(to);
    m_headStart = to;
    m_minValidTime = std::max(m_minValidTime, to);
    return applyRetention();
}

// Once per cut, not per block range: samples that jump far ahead of the head (a daemon in
// virtual time fed real-time pushes, an agent back after days) cross thousands of empty ranges,
// and a checkpoint (rewrite + fsync) for each stalled the writer for minutes. A crash between
// the blocks and the checkpoint replays samples the blocks already hold; the head refuses
// them (older than m_minValidTime), as it did when the checkpoint came after each block.
Status TimeSeriesStore::checkpointIfLogged()
{
    forgetIdleSeries();
    return m_wal ? checkpoint() : success();
}

void TimeSeriesStore::forgetIdleSeries()
{
    // A series none of whose samples is kept: nothing left in the head, in no block still held.
    const auto list = blocks();
    std::vector<SeriesId> idle;
    for (SeriesId id = 0; id < static_cast<SeriesId>(m_series.size()); ++id) {
        const auto &h = m_series[id];
        if (!h || h->minTime() != kMaxTime)
            continue;
        // Newest blocks first: a series that went quiet is in the last ones it was cut into.
        if (std::none_of(list->rbegin(), list->rend(), [id](const auto &b) { return b->indexOf(id) >= 0; }))
            idle.push_back(id);
    }
    if (idle.empty())
        return;
    {
        std::unique_lock lock(m_indexMutex);
        m_index.forget(idle);
        for (SeriesId id : idle)
            m_series[id].reset(); // a reader that holds it keeps it until it is done
    }
    ++m_forgetGeneration;
}

Status TimeSeriesStore::checkpoint()
{
    return m_wal->checkpoint([this](Wal &wal) {
        const SeriesId count = static_cast<SeriesId>(m_series.size());
        for (SeriesId id = 0; id < count; ++id)
            if (m_series[id]) // a forgotten series is not named again: a restart never sees it
                wal.logSeries(id, m_index.metric(id), m_index.labels(id));
        std::vector<RefSample> samples;
        for (SeriesId id = 0; id < count; ++id) {
            if (!m_series[id])
                continue;
            samples.clear();
            forEachSample(id, m_minValidTime, kMaxTime, [&](const std::int64_t *t, const double *v, std::size_t n) {
                for (std::size_t i = 0; i < n; ++i)
                    samples.push_back({id, t[i], v[i]});
            });
            if (!samples.empty())
                wal.logSamples(samples.data(), samples.size());
        }
    });
}

Status TimeSeriesStore::applyRetention()
{
    const std::int64_t horizon = m_maxTime.load() - m_options.retentionMs;
    auto current = blocks();
    std::vector<std::shared_ptr<Block>> keep;
    std::vector<std::shared_ptr<Block>> drop;
    for (const auto &b : *current)
        (b->maxTime() <= horizon ? drop : keep).push_back(b);
    if (drop.empty())
        return success();
    publishBlocks(std::move(keep));
    for (const auto &b : drop) {
        // Readers still holding the block keep its mapped files; the names go now.
        if (!b->dir().isEmpty() && !QDir(b->dir()).removeRecursively())
            return Error{ErrorCode::Unavailable, "store: cannot delete expired block " + b->dir().toStdString()};
    }
    return success();
}

Status TimeSeriesStore::sync()
{
    if (!m_wal)
        return success();
    if (Status s = m_wal->commit(); !s)
        return s;
    return m_wal->sync();
}

std::shared_ptr<const std::vector<std::shared_ptr<Block>>> TimeSeriesStore::blocks() const
{
    std::lock_guard lock(m_blocksMutex);
    return m_blocks;
}

void TimeSeriesStore::publishBlocks(std::vector<std::shared_ptr<Block>> list)
{
    auto fresh = std::make_shared<const std::vector<std::shared_ptr<Block>>>(std::move(list));
    std::lock_guard lock(m_blocksMutex);
    m_blocks = std::move(fresh);
}

std::shared_ptr<HeadSeries> TimeSeriesStore::headOf(SeriesId id) const
{
    std::shared_lock lock(m_indexMutex);
    return id < m_series.size() ? m_series[id] : nullptr;
}

std::vector<SeriesId> TimeSeriesStore::select(const std::vector<LabelMatcher> &matchers) const
{
    std::shared_lock lock(m_indexMutex);
    return m_index.select(matchers);
}

std::string TimeSeriesStore::metricOf(SeriesId id) const
{
    std::shared_lock lock(m_indexMutex);
    return m_index.metric(id);
}

Labels TimeSeriesStore::labelsOf(SeriesId id) const
{
    std::shared_lock lock(m_indexMutex);
    return m_index.labels(id);
}

std::vector<std::string> TimeSeriesStore::labelNames() const
{
    std::shared_lock lock(m_indexMutex);
    return m_index.labelNames();
}

std::vector<std::string> TimeSeriesStore::labelValues(const std::string &name) const
{
    std::shared_lock lock(m_indexMutex);
    return m_index.labelValues(name);
}

std::size_t TimeSeriesStore::seriesCount() const
{
    std::shared_lock lock(m_indexMutex);
    return m_index.liveCount();
}

std::int64_t TimeSeriesStore::visitBlocks(SeriesId id, std::int64_t minT, std::int64_t maxT, const ChunkFn *chunk,
                                          const SamplesFn &fn, const std::vector<std::shared_ptr<Block>> &list) const
{
    std::int64_t last = kMinTime;
    DecodeScratch &dec = scratch();
    for (const auto &block : list) {
        if (block->maxTime() <= minT || block->minTime() > maxT)
            continue;
        const long index = block->indexOf(id);
        if (index < 0)
            continue;
        for (const BlockChunkRef &ref : block->series()[static_cast<std::size_t>(index)].chunks) {
            if (ref.maxTime < minT || ref.maxTime <= last)
                continue;
            if (ref.minTime > maxT)
                break;
            if (chunk && ref.minTime >= minT && ref.maxTime <= maxT && ref.minTime > last) {
                (*chunk)(block->chunkData(ref), ref.length);
                last = ref.maxTime;
                continue;
            }
            if (Status s = decodeChunk(block->chunkData(ref), ref.length, dec.times, dec.values); !s) {
                qCWarning(lcStore).noquote()
                    << "skipping a chunk of" << block->dir() << ":" << QString::fromStdString(s.error().message);
                continue;
            }
            last = emitClipped(dec.times.data(), dec.values.data(), dec.times.size(), minT, maxT, last, fn);
        }
    }
    return last;
}

void TimeSeriesStore::forEachSample(SeriesId id, std::int64_t minT, std::int64_t maxT, const SamplesFn &fn) const
{
    visit(id, minT, maxT, nullptr, fn);
}

void TimeSeriesStore::forEachChunk(SeriesId id, std::int64_t minT, std::int64_t maxT, const ChunkFn &chunk,
                                   const SamplesFn &samples) const
{
    visit(id, minT, maxT, &chunk, samples);
}

void TimeSeriesStore::visit(SeriesId id, std::int64_t minT, std::int64_t maxT, const ChunkFn *chunk,
                            const SamplesFn &fn) const
{
    const std::shared_ptr<const HeadSeries> head = headOf(id);
    if (!head || minT > maxT)
        return;
    // Head first, blocks second: a cut publishes its block before dropping the head's chunks,
    // so whatever moved in between is in one or the other (or both; duplicates are skipped).
    const HeadSnapshot snap = head->snapshot(minT, maxT);
    const auto list = blocks();
    std::int64_t last = visitBlocks(id, minT, maxT, chunk, fn, *list);
    DecodeScratch &dec = scratch();
    for (const ChunkPtr &c : snap.sealed) {
        if (c->maxTime <= last)
            continue;
        if (chunk && c->minTime >= minT && c->maxTime <= maxT && c->minTime > last) {
            (*chunk)(c->bytes.data(), c->bytes.size());
            last = c->maxTime;
            continue;
        }
        if (Status s = decodeChunk(c->bytes.data(), c->bytes.size(), dec.times, dec.values); !s)
            continue;
        last = emitClipped(dec.times.data(), dec.values.data(), dec.times.size(), minT, maxT, last, fn);
    }
    if (snap.openCount > 0)
        emitClipped(snap.open->times.get(), snap.open->values.get(), snap.openCount, minT, maxT, last, fn);
}

std::optional<SeriesPoint> TimeSeriesStore::latest(SeriesId id) const
{
    const std::shared_ptr<const HeadSeries> head = headOf(id);
    if (!head)
        return std::nullopt;
    std::optional<SeriesPoint> point;
    const HeadSnapshot snap = head->snapshot(kMaxTime, kMaxTime);
    if (snap.openCount > 0) {
        point = SeriesPoint{snap.open->times[snap.openCount - 1], snap.open->values[snap.openCount - 1]};
    } else {
        // Search backwards for the newest data: the last sealed chunk, else the newest block.
        const HeadSnapshot all = head->snapshot(kMinTime, kMaxTime);
        DecodeScratch &dec = scratch();
        if (!all.sealed.empty()) {
            const ChunkPtr &c = all.sealed.back();
            if (decodeChunk(c->bytes.data(), c->bytes.size(), dec.times, dec.values))
                point = SeriesPoint{dec.times.back(), dec.values.back()};
        } else {
            const auto list = blocks();
            for (auto it = list->rbegin(); it != list->rend() && !point; ++it) {
                const long index = (*it)->indexOf(id);
                if (index < 0)
                    continue;
                const BlockChunkRef &ref = (*it)->series()[static_cast<std::size_t>(index)].chunks.back();
                if (decodeChunk((*it)->chunkData(ref), ref.length, dec.times, dec.values))
                    point = SeriesPoint{dec.times.back(), dec.values.back()};
            }
        }
    }
    if (point && isStaleMarker(point->value))
        return std::nullopt;
    return point;
}

void TimeSeriesStore::rollups(SeriesId id, std::int64_t resolutionMs, std::int64_t minT, std::int64_t maxT,
                              std::vector<RollupBucket> &out) const
{
    out.clear();
    const std::shared_ptr<const HeadSeries> head = headOf(id);
    if (!head)
        return;
    const std::int64_t first = bucketStart(minT, resolutionMs);
    const HeadSnapshot snap = head->snapshot(first, maxT + resolutionMs);
    const auto list = blocks();
    std::vector<RollupBucket> buckets;
    std::int64_t blocksEnd = kMinTime; // newest block time holding this series
    for (const auto &block : *list) {
        const long index = block->indexOf(id);
        if (index < 0)
            continue;
        const auto &chunks = block->series()[static_cast<std::size_t>(index)].chunks;
        blocksEnd = std::max(blocksEnd, chunks.back().maxTime);
        if (block->maxTime() <= first || block->minTime() > maxT)
            continue;
        if (!block->rollups(static_cast<std::size_t>(index), resolutionMs, buckets))
            continue;
        for (const RollupBucket &b : buckets) {
            if (b.start < first || b.start > maxT)
                continue;
            if (!out.empty() && out.back().start == b.start)
                mergeBucket(out.back(), b);
            else
                out.push_back(b);
        }
    }
    // The head has no stored rollups: compute them from its raw samples.
    auto fromRaw = [&](const std::int64_t *t, const double *v, std::size_t n) {
        const std::int64_t *b = std::upper_bound(t, t + n, blocksEnd);
        appendRollup(b, v + (b - t), static_cast<std::size_t>(t + n - b), resolutionMs, out);
    };
    DecodeScratch &dec = scratch();
    const std::int64_t rawEnd = bucketStart(maxT, resolutionMs) + resolutionMs - 1;
    for (const ChunkPtr &c : snap.sealed) {
        if (c->maxTime <= blocksEnd || !decodeChunk(c->bytes.data(), c->bytes.size(), dec.times, dec.values))
            continue;
        emitClipped(dec.times.data(), dec.values.data(), dec.times.size(), first, rawEnd, kMinTime, fromRaw);
    }
    if (snap.openCount > 0)
        emitClipped(snap.open->times.get(), snap.open->values.get(), snap.openCount, first, rawEnd, kMinTime, fromRaw);
}

StoreStats TimeSeriesStore::stats() const
{
    StoreStats s;
    {
        std::shared_lock lock(m_indexMutex);
        s.series = m_index.liveCount();
        s.seriesForgotten = m_index.size() - m_index.liveCount();
        s.indexBytes = m_index.approximateBytes() + m_series.capacity() * sizeof(m_series[0]);
        for (const auto &h : m_series) {
            if (!h)
                continue;
            s.headSealedBytes += h->sealedBytes();
            s.headOpenBytes += h->openBytes();
        }
    }
    s.seriesRefused = seriesRefused();
    const auto list = blocks();
    s.blocks = list->size();
    for (const auto &b : *list)
        s.blockBytes += b->sizeBytes();
    return s;
}

} // namespace sn::tsdb
