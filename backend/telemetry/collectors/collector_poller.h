#pragma once
// Polls collectors on their own threads: reading nvidia-smi over SSH or scraping an exporter
// blocks for milliseconds to seconds, and one slow node must neither stall the engine thread nor
// delay the other nodes. Polls are aligned to multiples of the interval (as Prometheus aligns
// scrapes), so samples from every node of one round share a timestamp and line up in charts.

#include "backend/telemetry/collectors/collector.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace sn {

class CollectorPoller {
public:
    // Called on the collector's thread after each poll; `index` is the collector's position in
    // the list given. The receiver posts the result to its own thread.
    using Deliver = std::function<void(std::size_t index, Result<Collection> result)>;
    using NowMs = std::function<std::int64_t()>;

    CollectorPoller(std::vector<std::unique_ptr<Collector>> collectors, std::chrono::milliseconds interval, NowMs nowMs,
                    Deliver deliver);
    ~CollectorPoller(); // stops and joins every thread
    CollectorPoller(const CollectorPoller &) = delete;
    CollectorPoller &operator=(const CollectorPoller &) = delete;

    void start();
    // Wakes sleeping threads and joins them; a collect() under way finishes first.
    void stop();

    std::size_t size() const { return m_collectors.size(); }
    const Collector &collector(std::size_t index) const { return *m_collectors[index]; }
    // Polls that started late because the previous one overran its interval (per collector).
    std::uint64_t skippedPolls(std::size_t index) const;

    // The first aligned poll time strictly after nowMs.
    static std::int64_t nextPollMs(std::int64_t nowMs, std::int64_t intervalMs);

private:
    void run(std::size_t index);

    std::vector<std::unique_ptr<Collector>> m_collectors;
    std::chrono::milliseconds m_interval;
    NowMs m_nowMs;
    Deliver m_deliver;
    std::vector<std::thread> m_threads;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::vector<std::uint64_t> m_skipped;
};

} // namespace sn
