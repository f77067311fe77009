#pragma once
// Time is injected (../shared/DESIGN.md): the engine asks a Clock, never the system directly,
// so the simulator and tests can run in virtual time, deterministic and fast.

#include <atomic>
#include <cstdint>

namespace sn {

class Clock {
public:
    virtual ~Clock() = default;
    virtual std::int64_t nowMs() const = 0; // milliseconds since the Unix epoch
};

class SystemClock final : public Clock {
public:
    std::int64_t nowMs() const override;
};

// Advances only when told. Thread-safe: the engine thread reads while a test advances.
class VirtualClock final : public Clock {
public:
    explicit VirtualClock(std::int64_t startMs) : m_nowMs(startMs) {}
    std::int64_t nowMs() const override { return m_nowMs.load(std::memory_order_acquire); }
    void advanceMs(std::int64_t ms) { m_nowMs.fetch_add(ms, std::memory_order_acq_rel); }

private:
    std::atomic<std::int64_t> m_nowMs;
};

// A fixed, recognisable start for virtual time: 2026-01-01T00:00:00Z.
inline constexpr std::int64_t kVirtualEpochMs = 1767225600000;

} // namespace sn
