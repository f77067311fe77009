#pragma once
// The write-ahead log: every acknowledged append is in it before append() returns, so a
// restart (or a crash) loses nothing the head had not yet put into a block.
//
// Records: u32 payload length, u32 CRC-32C of type + payload, u8 type, payload (layout in
// docs/telemetry-store.md). Series records carry the labels of a series id; sample records a
// batch of (series id, time, value). The log is a sequence of segment files; a checkpoint
// writes the series and samples still in the head into a new segment and deletes the older
// ones, so each segment names its own series ids.
//
// Durability (fsync policy): commit() hands the batch to the kernel with one write(), so an
// acknowledged batch survives the process dying. It survives a power loss or kernel crash
// once synced: Sync::Always fsyncs on every commit; Sync::Interval (the default) fsyncs when
// the last sync is older than syncIntervalMs (1 s); Sync::Never leaves it to the kernel.
// Replay stops a segment at the first torn or corrupt record, reports where and why, and
// truncates it there; every record before it is kept.

#include "backend/model/result.h"
#include "backend/telemetry/metric_sample.h"
#include "backend/telemetry/store/series_index.h"

#include <QString>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace sn::tsdb {

struct RefSample {
    SeriesId ref = 0;
    std::int64_t timeMs = 0;
    double value = 0;
};

enum class WalSync { Always, Interval, Never };
// Repair: a bad tail is cut off the segment (what opening a store does). ReadOnly: it is only
// reported, and nothing on disk changes (the consistency check).
enum class WalReplayMode { Repair, ReadOnly };

struct WalReplayReport {
    std::uint64_t segments = 0;
    std::uint64_t records = 0;
    std::uint64_t samples = 0;
    std::uint64_t unknownSeriesSamples = 0; // samples naming a series id never declared
    bool truncated = false;
    QString truncatedSegment;
    std::uint64_t truncatedAtByte = 0;
    std::uint64_t droppedBytes = 0;
    std::string problem; // why the tail was dropped
};

class Wal {
public:
    using SeriesFn = std::function<SeriesId(const std::string &metric, const Labels &labels)>;
    using SamplesFn = std::function<void(const RefSample *samples, std::size_t n)>;

    // Replays every segment in `dir` in order. onSeries maps a logged series to the id the
    // caller gives it; onSamples receives samples already mapped to those ids.
    static Result<WalReplayReport> replay(const QString &dir, const SeriesFn &onSeries, const SamplesFn &onSamples,
                                          WalReplayMode mode = WalReplayMode::Repair);

    // Starts a new segment after the newest in `dir`.
    static Result<std::unique_ptr<Wal>> create(const QString &dir, WalSync sync, std::int64_t syncIntervalMs);
    ~Wal();

    void logSeries(SeriesId id, const std::string &metric, const Labels &labels);
    void logSamples(const RefSample *samples, std::size_t n);
    // Writes what was logged since the last commit; synced as the policy says.
    Status commit();
    Status sync();
    // Starts a new segment, lets `fill` log into it (series first, then samples), commits and
    // syncs it, then deletes the older segments.
    Status checkpoint(const std::function<void(Wal &)> &fill);

    std::uint64_t bytesWritten() const { return m_bytesWritten; }
    QString segmentPath() const { return m_path; }

private:
    Wal() = default;
    Status openSegment(std::uint64_t number);
    void beginRecord(std::uint8_t type);
    void endRecord();

    QString m_dir;
    QString m_path;
    std::uint64_t m_segment = 0;
    int m_fd = -1;
    WalSync m_sync = WalSync::Interval;
    std::chrono::milliseconds m_syncInterval{1000};
    std::chrono::steady_clock::time_point m_lastSync;
    std::vector<std::uint8_t> m_buffer;
    std::size_t m_recordStart = 0;
    std::uint64_t m_bytesWritten = 0;
    std::int64_t m_tornAt = -1; // where a failed commit's partial bytes still need cutting off
};

} // namespace sn::tsdb
