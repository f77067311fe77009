#pragma once
// The GPUs page: small multiples (one SparkChart per GPU for the chosen metric, grouped by node;
// painted by hand so 64 of them refresh within a frame) and a detail view of one GPU with all its
// metrics (MetricChart, Qt Charts); a time range picker (5 minutes to 7
// days, or custom) with live follow. Data comes from the engine's downsampled range queries
// (one query for a metric across all GPUs; pixel_columns = the charts' width, so at most 4
// points per pixel column), lines are replaced whole, job starts/ends and events are markers.
//
// "Now" is the engine's clock (from the summary poller), not the wall clock, so a virtual-time
// engine charts correctly. Following live, the page asks again once a pixel column's worth of
// time has passed (at least every second), one round of requests at a time.

#include "backend/api/engine_api.h"

#include <QHash>
#include <QVector>
#include <QSet>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QGridLayout;
class QLabel;
class QPushButton;
class QStackedWidget;
class QVBoxLayout;

namespace sn {

class MetricChart;
class SparkChart;
class SimulatedBadge;
class SummaryPoller;

class GpusPage : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxSmallMultiples = 64; // beyond that, pick a node

    GpusPage(EngineApi &engine, SummaryPoller &poller, QWidget *parent = nullptr);
    ~GpusPage() override;

    // Small multiples of this metric (a dcgm-exporter name from gpu_chart_data.h).
    void setMetric(const QString &metric);
    QString metric() const;
    // The last spanMs of engine time, following live; or a fixed window.
    void setSpan(qint64 spanMs);
    void setCustomRange(qint64 startMs, qint64 endMs);
    bool following() const { return m_follow; }
    qint64 windowStartMs() const { return m_startMs; }
    qint64 windowEndMs() const { return m_endMs; }

    void showGpu(const QString &node, int gpu); // the detail view
    void showAll();
    // Small multiples of these GPUs only ("node01/gpu3", ...: a job's), under a chip that names
    // them (why) and drops the narrowing when clicked; an empty list shows every GPU again.
    void showGpus(const QStringList &gpuIds, const QString &why);
    QPushButton *gpuSetChip() const { return m_gpuSetChip; }
    bool showingDetail() const;
    QString detailGpu() const
    {
        return m_detailNode.isEmpty() ? QString() : m_detailNode + "/gpu" + QString::number(m_detailIndex);
    }

    SparkChart *chart(const QString &gpuId) const { return m_charts.value(gpuId); }
    QVector<SparkChart *> smallMultiples() const;
    QVector<MetricChart *> detailCharts() const { return m_detailCharts; }
    QComboBox *metricBox() const { return m_metricBox; }
    QComboBox *rangeBox() const { return m_rangeBox; }
    QCheckBox *followBox() const { return m_followBox; }
    int answeredRounds() const { return m_rounds; }
    bool busy() const { return m_inFlight; } // a round of requests is unanswered

    // Asks now for the current view (unless a round is in flight; then right after it).
    void refresh();

signals:
    void chartsUpdated(); // a round of answers was drawn

private:
    void buildGrid(const pb::Cluster &cluster);
    void onSummary(const pb::ClusterSummary &summary);
    void rangeChosen(int index);
    void applyRound();
    void updateWindow();
    void setStatus(const QString &text);
    QString viewKey() const; // what a round was asked for: the grid's metric and node, or one GPU

    EngineApi &m_engine;
    pb::Cluster m_cluster;
    qint64 m_engineNowMs = 0;
    qint64 m_spanMs = 5 * 60 * 1000;
    qint64 m_startMs = 0, m_endMs = 0;
    bool m_follow = true;
    qint64 m_lastRefreshNowMs = -1;
    bool m_inFlight = false, m_again = false;
    int m_rounds = 0;
    QString m_nodeFilter; // empty: all nodes
    QSet<QString> m_gpuSet; // showGpus; empty: every GPU of the node filter
    QPushButton *m_gpuSetChip = nullptr;

    // One round's answers, applied together.
    int m_outstanding = 0;
    QString m_roundKey;
    QVector<pb::QueryRangeResponse> m_answers; // per detail metric, or one for the grid
    pb::ListJobsResponse m_jobs;
    QVector<pb::Event> m_events;

    QLabel *m_heading = nullptr;
    QLabel *m_status = nullptr;
    SimulatedBadge *m_badge = nullptr;
    QComboBox *m_metricBox = nullptr;
    QComboBox *m_nodeBox = nullptr;
    QComboBox *m_rangeBox = nullptr;
    QDateTimeEdit *m_from = nullptr;
    QDateTimeEdit *m_to = nullptr;
    QPushButton *m_applyCustom = nullptr;
    QCheckBox *m_followBox = nullptr;
    QStackedWidget *m_stack = nullptr;
    QVBoxLayout *m_gridColumn = nullptr;
    QHash<QString, SparkChart *> m_charts; // small multiples by GPU id
    QStringList m_chartOrder;
    QLabel *m_gridNote = nullptr;
    QLabel *m_detailTitle = nullptr;
    QVector<MetricChart *> m_detailCharts; // one per gpuChartMetrics() entry
    QString m_detailNode;
    int m_detailIndex = -1;
};

} // namespace sn
