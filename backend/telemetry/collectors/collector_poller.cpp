#include "backend/telemetry/collectors/collector_poller.h"

#include <algorithm>

namespace sn {

CollectorPoller::CollectorPoller(std::vector<std::unique_ptr<Collector>> collectors, std::chrono::milliseconds interval,
                                 NowMs nowMs, Deliver deliver)
    : m_collectors(std::move(collectors)), m_interval(interval), m_nowMs(std::move(nowMs)),
      m_deliver(std::move(deliver)), m_skipped(m_collectors.size(), 0)
{
}

CollectorPoller::~CollectorPoller()
{
    stop();
}

std::int64_t CollectorPoller::nextPollMs(std::int64_t nowMs, std::int64_t intervalMs)
{
    return (nowMs / intervalMs + 1) * intervalMs;
}

void CollectorPoller::start()
{
    std::lock_guard lock(m_mutex);
    if (!m_threads.empty())
        return;
    m_stopping = false;
    for (std::size_t i = 0; i < m_collectors.size(); ++i)
        m_threads.emplace_back([this, i] { run(i); });
}

void CollectorPoller::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    for (std::thread &t : m_threads)
        t.join();
    m_threads.clear();
}

std::uint64_t CollectorPoller::skippedPolls(std::size_t index) const
{
    std::lock_guard lock(m_mutex);
    return m_skipped[index];
}

void CollectorPoller::run(std::size_t index)
{
    const std::int64_t intervalMs = m_interval.count();
    std::int64_t due = nextPollMs(m_nowMs(), intervalMs);
    for (;;) {
        {
            std::unique_lock lock(m_mutex);
            // The clock is injected (tests run faster than real time), so wait in short slices
            // and re-read it rather than trusting one long wait_for.
            while (!m_stopping && m_nowMs() < due)
                m_wake.wait_for(lock, std::chrono::milliseconds(std::clamp<std::int64_t>(due - m_nowMs(), 1, 50)));
            if (m_stopping)
                return;
        }
        Result<Collection> result = m_collectors[index]->collect(due);
        m_deliver(index, std::move(result));
        const std::int64_t next = nextPollMs(m_nowMs(), intervalMs);
        if (next > due + intervalMs) {
            std::lock_guard lock(m_mutex);
            m_skipped[index] += static_cast<std::uint64_t>((next - due) / intervalMs - 1);
        }
        due = next;
    }
}

} // namespace sn
