#include "backend/power/power_limit_worker.h"

namespace sn {

PowerLimitWorker::PowerLimitWorker(std::unique_ptr<PowerLimitSetter> setter, Deliver deliver, std::size_t capacity)
    : m_setter(std::move(setter)), m_deliver(std::move(deliver)), m_capacity(capacity ? capacity : 1),
      m_name(m_setter->name()), m_thread([this] { run(); })
{
}

PowerLimitWorker::~PowerLimitWorker()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
        m_queue.clear();
    }
    m_wake.notify_all();
    m_thread.join();
}

bool PowerLimitWorker::submit(PowerLimitCall request)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping || m_queue.size() >= m_capacity)
            return false;
        m_queue.push_back(std::move(request));
    }
    m_wake.notify_one();
    return true;
}

void PowerLimitWorker::run()
{
    for (;;) {
        PowerLimitCall request;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
            if (m_stopping)
                return;
            request = std::move(m_queue.front());
            m_queue.pop_front();
        }
        PowerLimitCallResult reply;
        reply.call = request;
        if (request.kind == PowerLimitCall::Kind::Range) {
            auto range = m_setter->powerRange(request.node, request.gpu);
            reply.ok = range.ok();
            if (range)
                reply.range = *range;
            else
                reply.error = range.error().message;
        } else {
            const Status applied = m_setter->setPowerLimit(request.node, request.gpu, request.watts);
            reply.ok = applied.ok();
            if (!applied)
                reply.error = applied.error().message;
        }
        m_deliver(std::move(reply));
    }
}

} // namespace sn
