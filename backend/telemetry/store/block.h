#pragma once
// An immutable block: every series' samples in one time range [minTime, maxTime), as three
// files in one directory (byte layout in docs/telemetry-store.md):
//   chunks   - the compressed chunks, each framed with its length and a CRC-32C
//   rollups  - per series, its 1-minute and 1-hour rollups, framed the same way
//   index    - symbols, series (labels as symbol ids), chunk and rollup locations; CRC at the end
// A block is written into a hidden temporary directory, synced, then renamed, so a crash
// leaves either the whole block or none. A memory-only store keeps the same bytes in memory.

#include "backend/model/result.h"
#include "backend/telemetry/metric_sample.h"
#include "backend/telemetry/store/rollup.h"
#include "backend/telemetry/store/series_index.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

class QFile;

namespace sn::tsdb {

struct BlockChunkRef {
    std::int64_t minTime = 0;
    std::int64_t maxTime = 0;
    std::uint64_t offset = 0; // of the chunk bytes in the chunks file
    std::uint32_t length = 0;
};

struct BlockSeries {
    std::string metric;
    Labels labels;
    std::vector<BlockChunkRef> chunks;
    std::uint64_t rollupOffset = 0; // of the rollup record in the rollups file
    std::uint32_t rollupLength = 0;
};

struct BlockBytes {
    std::int64_t minTime = 0;
    std::int64_t maxTime = 0;
    std::vector<std::uint8_t> index, chunks, rollups;
};

// Collects series one at a time (re-chunking them into chunks of up to `chunkSamples`
// samples and computing their rollups) so a block cut never holds all raw samples at once.
class BlockBuilder {
public:
    BlockBuilder(std::int64_t minTime, std::int64_t maxTime, std::uint32_t chunkSamples);
    void addSeries(const std::string &metric, const Labels &labels, const std::int64_t *times, const double *values,
                   std::size_t n);
    std::size_t seriesCount() const { return m_series.size(); }
    BlockBytes finish();

private:
    std::int64_t m_minTime, m_maxTime;
    std::uint32_t m_chunkSamples;
    std::vector<BlockSeries> m_series;
    std::vector<std::uint8_t> m_chunks, m_rollups;
};

class Block {
public:
    ~Block();
    // Reads a block directory; an error names the file, what is wrong and the byte offset.
    static Result<std::shared_ptr<Block>> open(const QString &dir);
    static Result<std::shared_ptr<Block>> fromBytes(BlockBytes bytes);
    // Writes `bytes` as <blocksDir>/b-<min>-<max>-<seq>, atomically; returns the directory.
    static Result<QString> write(const QString &blocksDir, const BlockBytes &bytes, std::uint64_t sequence);

    std::int64_t minTime() const { return m_minTime; }
    std::int64_t maxTime() const { return m_maxTime; }
    const std::vector<BlockSeries> &series() const { return m_series; }
    const QString &dir() const { return m_dir; } // empty in memory
    std::uint64_t sequence() const { return m_sequence; }
    std::uint64_t sizeBytes() const { return m_sizeBytes; }

    const std::uint8_t *chunkData(const BlockChunkRef &ref) const { return m_chunkData + ref.offset; }
    Status rollups(std::size_t seriesIndex, std::int64_t resolutionMs, std::vector<RollupBucket> &out) const;

    // The store binds block series to its own series ids once, before readers see the block.
    // The store binds block series to its own series ids once, before readers see the block;
    // the blocks' own copies of metric and labels are dropped then.
    void bindSeriesIds(std::vector<SeriesId> ids);
    // Position in series() of the store's series `id`, or -1.
    long indexOf(SeriesId id) const
    {
        const auto it = m_byId.find(id);
        return it == m_byId.end() ? -1 : static_cast<long>(it->second);
    }

private:
    Block() = default;
    Status parse(const std::uint8_t *index, std::size_t indexSize, const std::uint8_t *chunks, std::size_t chunksSize,
                 const std::uint8_t *rollups, std::size_t rollupsSize);

    std::int64_t m_minTime = 0, m_maxTime = 0;
    std::vector<BlockSeries> m_series;
    std::unordered_map<SeriesId, std::uint32_t> m_byId;
    QString m_dir;
    std::uint64_t m_sequence = 0;
    std::uint64_t m_sizeBytes = 0;
    BlockBytes m_memory; // memory-only blocks own their bytes here
    std::unique_ptr<QFile> m_chunksFile, m_rollupsFile;
    const std::uint8_t *m_chunkData = nullptr;
    const std::uint8_t *m_rollupData = nullptr;
    std::size_t m_rollupSize = 0;
};

} // namespace sn::tsdb
