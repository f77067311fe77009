#pragma once
// The compressed time-series store: a series index, a head of in-memory chunks per series,
// a write-ahead log, and immutable blocks cut from the head by time range (on disk when the
// store has a data directory, in memory otherwise), with 1-minute and 1-hour rollups and a
// retention that drops whole blocks. Layout and trade-offs: docs/telemetry-store.md.
//
// Threads: one writer (seriesRef, append, cut, flush, retention) and any number of readers
// (select, forEachSample, latest, rollups, label lists) at the same time. Readers take the
// index's shared lock to resolve series, copy the pointers they need under a per-series lock
// and decode outside any lock; blocks and sealed chunks are immutable and shared.

#include "backend/model/result.h"
#include "backend/telemetry/metric_sample.h"
#include "backend/telemetry/store/block.h"
#include "backend/telemetry/store/head_series.h"
#include "backend/telemetry/store/label_matcher.h"
#include "backend/telemetry/store/series_index.h"
#include "backend/telemetry/store/store_check.h"
#include "backend/telemetry/store/wal.h"

#include <QString>

#include <atomic>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string_view>
#include <vector>

class QLockFile;

namespace sn::tsdb {

struct StoreOptions {
    QString dataDir;                                // empty: memory only (no WAL, blocks in memory)
    std::int64_t blockDurationMs = 2 * 3600 * 1000; // blocks cover aligned ranges of this length
    std::int64_t retentionMs = 15LL * 24 * 3600 * 1000;
    WalSync walSync = WalSync::Interval;
    std::int64_t walSyncIntervalMs = 1000;
    std::uint32_t headChunkSamples = 120;  // head chunks stay small: RAM per active series
    std::uint32_t blockChunkSamples = 720; // block chunks are long: fewer headers per byte
    // Live series at most (a runaway label makes a new series per value): a new series beyond
    // is refused (kNoSeries, counted in StoreStats::seriesRefused) until others are forgotten.
    // A series is forgotten once none of its samples is kept (head cut, blocks expired).
    std::size_t maxSeries = 500000;
};

struct AppendResult {
    std::size_t accepted = 0;
    std::size_t rejected = 0; // out of order, duplicate, or older than the newest block
};

struct OpenReport {
    std::size_t blocksLoaded = 0;
    WalReplayReport wal;
    std::vector<std::string> problems; // blocks set aside as corrupt, with why
};

struct StoreStats {
    std::size_t series = 0;          // live
    std::size_t seriesForgotten = 0; // since open: none of their samples kept any more
    std::uint64_t seriesRefused = 0; // since open: seriesRef calls for a new series past maxSeries
    std::size_t blocks = 0;
    std::uint64_t blockBytes = 0;
    std::size_t headSealedBytes = 0; // compressed head chunks
    std::size_t headOpenBytes = 0;   // raw capacity of open chunks
    std::size_t indexBytes = 0;
};

class TimeSeriesStore {
public:
    static Result<std::unique_ptr<TimeSeriesStore>> open(StoreOptions options);
    // Closes files; anything committed is in the WAL already, so there is no flush to forget.
    ~TimeSeriesStore();

    const OpenReport &openReport() const { return m_openReport; }
    const StoreOptions &options() const { return m_options; }

    // ---- writer thread
    // kNoSeries when the store holds maxSeries live series and this is a new one.
    SeriesId seriesRef(std::string_view metric, const Labels &labels);
    // Whether samples may still be appended under this id: false once the series was forgotten
    // (a holder of the id asks seriesRef again). forgetGeneration() changes whenever series are
    // forgotten, so a holder of many ids checks them only then.
    bool isLive(SeriesId id) const;
    std::uint64_t forgetGeneration() const { return m_forgetGeneration; }
    std::uint64_t seriesRefused() const { return m_seriesRefused.load(std::memory_order_relaxed); }
    // Appends and, with a data directory, logs and commits to the WAL before returning: once
    // this returns the samples are acknowledged. Unknown refs are an error (nothing stored).
    Result<AppendResult> append(const RefSample *samples, std::size_t n);
    Result<AppendResult> append(const std::vector<MetricSample> &samples);
    // Cuts every block range the head has moved past (done by append as the head grows).
    Status cutBlocks();
    // Moves everything in the head into blocks (benchmarks; a daemon's shutdown may).
    Status flushHead();
    Status sync();

    // ---- readers, any thread
    std::vector<SeriesId> select(const std::vector<LabelMatcher> &matchers) const;
    std::string metricOf(SeriesId id) const;
    Labels labelsOf(SeriesId id) const;
    std::vector<std::string> labelNames() const;
    std::vector<std::string> labelValues(const std::string &name) const;
    std::size_t seriesCount() const; // live

    // Calls fn with the samples of `id` in [minT, maxT], in time order, a chunk at a time.
    using SamplesFn = std::function<void(const std::int64_t *times, const double *values, std::size_t n)>;
    void forEachSample(SeriesId id, std::int64_t minT, std::int64_t maxT, const SamplesFn &fn) const;
    // Like forEachSample, but the chunks that lie wholly inside [minT, maxT] come encoded
    // through `chunk` (bytes as decodeChunk reads them) so a query can decode them its own way
    // (M4 folds scaled integers); the rest - chunks the range cuts, the open head chunk - comes
    // decoded through `samples`. Both in one time order, each sample once.
    using ChunkFn = std::function<void(const std::uint8_t *bytes, std::size_t size)>;
    void forEachChunk(SeriesId id, std::int64_t minT, std::int64_t maxT, const ChunkFn &chunk,
                      const SamplesFn &samples) const;
    // The newest sample, unless there is none or it is a stale marker.
    std::optional<SeriesPoint> latest(SeriesId id) const;
    // Buckets of `resolutionMs` (one of kRollupResolutionsMs) starting in [minT, maxT]: from
    // the blocks' stored rollups, and computed from raw samples for the head.
    void rollups(SeriesId id, std::int64_t resolutionMs, std::int64_t minT, std::int64_t maxT,
                 std::vector<RollupBucket> &out) const;
    StoreStats stats() const;
    // The consistency check (store_check.h) over this store's files; on the writer thread,
    // between appends. A memory-only store has no files: its report says so.
    StoreCheckReport check() const { return checkStore(m_options.dataDir); }
    std::int64_t maxTime() const { return m_maxTime.load(std::memory_order_relaxed); }

private:
    explicit TimeSeriesStore(StoreOptions options);
    Status load();
    std::shared_ptr<HeadSeries> headOf(SeriesId id) const;
    std::shared_ptr<const std::vector<std::shared_ptr<Block>>> blocks() const;
    void publishBlocks(std::vector<std::shared_ptr<Block>> blocks);
    SeriesId createSeries(std::string_view metric, const Labels &labels, bool log);
    AppendResult appendToHead(const RefSample *samples, std::size_t n, std::vector<RefSample> *accepted);
    Status cutRange(std::int64_t from, std::int64_t to); // the caller checkpoints after its cuts
    std::int64_t oldestHeadSample() const;               // writer only; max when the head is empty
    Status checkpoint();
    Status checkpointIfLogged();
    Status applyRetention();
    void forgetIdleSeries(); // after cuts and retention, before the checkpoint
    void visit(SeriesId id, std::int64_t minT, std::int64_t maxT, const ChunkFn *chunk, const SamplesFn &fn) const;
    std::int64_t visitBlocks(SeriesId id, std::int64_t minT, std::int64_t maxT, const ChunkFn *chunk,
                             const SamplesFn &fn, const std::vector<std::shared_ptr<Block>> &blocks) const;

    StoreOptions m_options;
    std::unique_ptr<QLockFile> m_lock; // dataDir/LOCK, held from load() to the end (directory_lock.h)
    OpenReport m_openReport;
    QString m_blocksDir, m_walDir;
    std::unique_ptr<Wal> m_wal;

    mutable std::shared_mutex m_indexMutex; // guards m_index and m_series against the writer's changes
    SeriesIndex m_index;
    // By id; null once forgotten. Shared so that a reader that took one keeps it while it reads.
    std::vector<std::shared_ptr<HeadSeries>> m_series;
    std::uint64_t m_forgetGeneration = 0;
    std::atomic<std::uint64_t> m_seriesRefused{0};

    mutable std::mutex m_blocksMutex; // guards the pointer only; the lists are immutable
    std::shared_ptr<const std::vector<std::shared_ptr<Block>>> m_blocks;
    std::uint64_t m_nextBlockSequence = 1;

    std::atomic<std::int64_t> m_maxTime{std::numeric_limits<std::int64_t>::min()};
    std::int64_t m_headStart = std::numeric_limits<std::int64_t>::max(); // oldest range still in the head
    std::int64_t m_minValidTime = std::numeric_limits<std::int64_t>::min();
    std::vector<RefSample> m_scratch;
};

} // namespace sn::tsdb
