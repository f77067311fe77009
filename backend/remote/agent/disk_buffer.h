#pragma once
// The agent's disk buffer: every batch the agent collects is appended here before it is sent,
// and dropped once the daemon has acknowledged it, so a daemon that is away (restarting, a
// network cut) costs no samples: they are sent in order when it returns.
//
// Layout: DIR/<first sequence, 20 digits>.seg, each a run of records
//   u64 sequence | u32 payload length | u32 CRC-32C of the payload | payload   (little endian)
// Bounded: when the segments exceed maxBytes the oldest segment is deleted and its batches
// counted as dropped (the newest data is worth more to a console than the oldest). A record
// that is torn or fails its CRC (a crash mid-write, a bad disk) ends its segment: it and the
// rest of that segment are reported and skipped; a new run never appends to an old segment. A
// segment whose first record is not the batch its name says (the CRC does not cover the header)
// is reported and renamed for that record.
// Threads: one appender and one reader at the same time (a mutex guards the segment list).

#include "backend/model/result.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace sn::agent {

struct BufferedBatch {
    std::uint64_t sequence = 0;
    std::string payload;
};

struct DiskBufferStats {
    std::uint64_t bytes = 0;          // in the segments now
    std::uint64_t batches = 0;        // in the segments now
    std::uint64_t droppedBatches = 0; // deleted unsent because the buffer was full
    std::uint64_t droppedSegments = 0;
};

class DiskBuffer {
public:
    struct Options {
        QString dir;
        std::uint64_t maxBytes = 256ULL << 20;
        std::uint64_t segmentBytes = 4ULL << 20; // a segment is closed once it is this big
    };
    // Creates the directory or reads what a previous run left (problems() says what was skipped).
    static Result<std::unique_ptr<DiskBuffer>> open(Options options);
    ~DiskBuffer();

    // sequence must be above lastSequence().
    Status append(std::uint64_t sequence, std::string_view payload);
    // Up to `max` batches with a sequence above `after`, in order.
    Result<std::vector<BufferedBatch>> readAfter(std::uint64_t after, std::size_t max) const;
    // Deletes the segments whose batches are all at or below `sequence` (acknowledged).
    Status dropThrough(std::uint64_t sequence);

    std::uint64_t lastSequence() const; // 0 when empty and nothing was ever buffered
    DiskBufferStats stats() const;
    // What open() skipped: "DIR/00000000000000000042.seg: record 7 at byte 1234: CRC mismatch; ..."
    const std::vector<std::string> &problems() const { return m_problems; }

private:
    struct Segment {
        QString path;
        std::uint64_t first = 0, last = 0;
        std::uint64_t bytes = 0;                                 // valid bytes
        std::vector<std::pair<std::uint64_t, std::uint64_t>> at; // (sequence, offset) per record
    };
    explicit DiskBuffer(Options options) : m_options(std::move(options)) {}
    Status load();
    Status scan(Segment &segment);
    void nameForFirstBatch(Segment &segment);
    Status startSegment(std::uint64_t first);
    void closeActive();
    void enforceBound();

    Options m_options;
    mutable std::mutex m_mutex;
    std::vector<Segment> m_segments; // oldest first; the last is active when m_fd >= 0
    int m_fd = -1;
    std::uint64_t m_lastSequence = 0;
    DiskBufferStats m_stats;
    std::vector<std::string> m_problems;
};

} // namespace sn::agent
