#include "ui/summary_poller.h"
#include "translations/engine_message.h"

#include "ui/reply_guard.h"

namespace sn {

SummaryPoller::SummaryPoller(EngineApi &engine, QObject *parent) : QObject(parent), m_engine(engine)
{
    m_timer.setInterval(1000);
    connect(&m_timer, &QTimer::timeout, this, &SummaryPoller::poll);
}

void SummaryPoller::start()
{
    m_timer.start();
    poll();
}

void SummaryPoller::stop()
{
    m_timer.stop();
}

void SummaryPoller::setIntervalMs(int ms)
{
    m_timer.setInterval(std::max(50, ms));
}

void SummaryPoller::poll()
{
    // An engine that never answers must not stop the polling for good: after a while the
    // request is given up on (its answer, should it come, is still welcome).
    if (m_inFlight && m_inFlightSince.elapsed() < kGiveUpAfterMs)
        return;
    m_inFlight = true;
    m_inFlightSince.start();
    onReply(m_engine.getSummary(), this, [this](const Result<pb::ClusterSummary> &reply) {
        m_inFlight = false;
        if (!reply) {
            emit failed(sn::errorText(reply.error()));
            return;
        }
        m_latest = *reply;
        m_hasSummary = true;
        emit summaryArrived(m_latest);
    });
}

} // namespace sn
