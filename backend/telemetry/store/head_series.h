#pragma once
// One series' recent samples in memory: sealed chunks (compressed, immutable, shared with
// readers through shared_ptr) and one open chunk of raw samples the writer appends to.
//
// Concurrency: one writer thread appends; any number of readers take snapshots. The writer
// stores a sample and then publishes the open chunk's count with a release store, so readers
// see a consistent prefix without any lock. The mutex is taken only when the writer swaps the
// open chunk (growing it, or sealing it into a compressed chunk) or drops sealed chunks that
// moved to a block, and by readers for the few instructions it takes to copy pointers: a
// reader never holds it while decoding, so ingestion never waits on a query.

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <vector>

namespace sn::tsdb {

struct SealedChunk {
    std::int64_t minTime = 0;
    std::int64_t maxTime = 0;
    std::uint32_t count = 0;
    std::vector<std::uint8_t> bytes;
};
using ChunkPtr = std::shared_ptr<const SealedChunk>;

// Raw samples with a fixed capacity; entries below `count` never change once published.
struct OpenChunk {
    explicit OpenChunk(std::uint32_t capacity)
        : times(new std::int64_t[capacity]), values(new double[capacity]), capacity(capacity)
    {
    }
    std::unique_ptr<std::int64_t[]> times;
    std::unique_ptr<double[]> values;
    std::uint32_t capacity;
    std::atomic<std::uint32_t> count{0};
};

// What a reader sees of one head series at one moment.
struct HeadSnapshot {
    std::vector<ChunkPtr> sealed; // those overlapping the asked range, oldest first
    std::shared_ptr<const OpenChunk> open;
    std::uint32_t openCount = 0;
};

class HeadSeries {
public:
    static constexpr std::uint32_t kFirstCapacity = 16;

    // Writer only. Seals the open chunk once it holds `chunkSamples` samples or before a sample
    // at or after `boundary(t of its first sample)`, so no chunk straddles a block boundary.
    // False (and nothing stored) when t is not after the last sample: out of order or duplicate.
    bool append(std::int64_t t, double v, std::uint32_t chunkSamples, std::int64_t blockDurationMs)
    {
        if (t <= m_lastTime)
            return false;
        OpenChunk *open = m_open.get();
        std::uint32_t n = open ? open->count.load(std::memory_order_relaxed) : 0;
        if (open && n > 0 && (t >= m_openBoundary || n >= chunkSamples)) {
            seal();
            open = nullptr;
            n = 0;
        }
        if (!open) {
            open = replaceOpen(kFirstCapacity, 0);
            m_openBoundary = boundaryAfter(t, blockDurationMs);
        } else if (n == open->capacity) {
            open = replaceOpen(std::min(open->capacity * 2, std::max(chunkSamples, kFirstCapacity)), n);
        }
        open->times[n] = t;
        open->values[n] = v;
        open->count.store(n + 1, std::memory_order_release);
        m_lastTime = t;
        return true;
    }

    std::int64_t lastTime() const { return m_lastTime; } // writer only
    // Writer only: compresses the open chunk now (block cuts, checkpoints, clean close).
    void seal();

    // Any thread: the chunks overlapping [minT, maxT] and the open chunk's published prefix.
    HeadSnapshot snapshot(std::int64_t minT, std::int64_t maxT) const;
    // Writer only: drops sealed chunks that end before `t` (they are in a block now) and
    // returns how many samples they held.
    std::size_t dropChunksBefore(std::int64_t t);
    // Writer only: the oldest sample time held (max when empty).
    std::int64_t minTime() const;
    // Bytes of compressed chunks and of raw open-chunk capacity (for the memory figures).
    std::size_t sealedBytes() const;
    std::size_t openBytes() const;

    static std::int64_t boundaryAfter(std::int64_t t, std::int64_t duration)
    {
        const std::int64_t q = t >= 0 ? t / duration : (t - duration + 1) / duration;
        return (q + 1) * duration;
    }

private:
    OpenChunk *replaceOpen(std::uint32_t capacity, std::uint32_t keep);

    mutable std::mutex m_mutex; // guards m_sealed and the m_open pointer
    std::vector<ChunkPtr> m_sealed;
    std::shared_ptr<OpenChunk> m_open;
    std::int64_t m_lastTime = std::numeric_limits<std::int64_t>::min();
    std::int64_t m_openBoundary = 0;
};

} // namespace sn::tsdb
