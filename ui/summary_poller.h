#pragma once
// Asks the engine for its ClusterSummary on a timer and hands each answer to whoever listens
// (the Overview page, the status bar). One request at a time: a tick that finds the previous
// request unanswered is skipped, so a slow engine is not flooded. Replies that arrive after
// this object is gone are dropped (reply_guard.h).

#include "backend/api/engine_api.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace sn {

class SummaryPoller : public QObject {
    Q_OBJECT
public:
    explicit SummaryPoller(EngineApi &engine, QObject *parent = nullptr);

    void start(); // asks at once, then every intervalMs
    void stop();
    void setIntervalMs(int ms);
    int intervalMs() const { return m_timer.interval(); }

    bool hasSummary() const { return m_hasSummary; }
    const pb::ClusterSummary &latest() const { return m_latest; }

    // Asks now unless a request is already in flight.
    void poll();

signals:
    void summaryArrived(const supernode::v1::ClusterSummary &summary);
    void failed(const QString &message);

private:
    EngineApi &m_engine;
    QTimer m_timer;
    pb::ClusterSummary m_latest;
    bool m_hasSummary = false;
    static constexpr qint64 kGiveUpAfterMs = 10000;
    bool m_inFlight = false;
    QElapsedTimer m_inFlightSince;
};

} // namespace sn
