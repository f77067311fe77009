#pragma once
// Runs a PowerLimitSetter's calls on a thread of its own, so a change through `nvidia-smi` over
// SSH, which may take up to its 20 s timeout, never holds up the thread that decided it (the
// engine's). Requests are carried out one at a time in the order they were submitted, from a
// bounded queue (a full queue refuses the request: the caller audits it as failed). Each reply
// is handed to `deliver` on the worker's thread; the caller posts it back to its own thread.
// Keeping one change in flight per GPU is the caller's rule (the engine holds a GPU's policy
// while its change is pending); the worker's FIFO keeps the order of what it is given.

#include "backend/power/power_limit_setter.h"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace sn {

struct PowerLimitCall {
    enum class Kind { Range, Set };
    Kind kind = Kind::Set;
    std::string node;
    int gpu = 0;
    double watts = 0;        // Set: the new limit
    std::uint64_t token = 0; // the caller's, handed back with the reply
};

struct PowerLimitCallResult {
    PowerLimitCall call;
    bool ok = false;
    std::string error;     // why not, when !ok
    PowerLimitRange range; // Range, when ok
};

class PowerLimitWorker {
public:
    using Deliver = std::function<void(PowerLimitCallResult)>;

    PowerLimitWorker(std::unique_ptr<PowerLimitSetter> setter, Deliver deliver, std::size_t capacity = 64);
    // Waits for the call in flight (bounded by the setter's own timeout); queued ones are dropped.
    ~PowerLimitWorker();
    PowerLimitWorker(const PowerLimitWorker &) = delete;
    PowerLimitWorker &operator=(const PowerLimitWorker &) = delete;

    // False when the queue is full (nothing is queued).
    bool submit(PowerLimitCall request);
    std::string name() const { return m_name; }

private:
    void run();

    std::unique_ptr<PowerLimitSetter> m_setter;
    Deliver m_deliver;
    std::size_t m_capacity;
    std::string m_name;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<PowerLimitCall> m_queue;
    bool m_stopping = false;
    std::thread m_thread; // last: started once the rest is ready
};

} // namespace sn
