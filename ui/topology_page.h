#pragma once
// The Topology page: the cluster on TopologyView, GPU tiles coloured by a chosen metric, links
// by live load, anomaly markers from open events; a details panel for what is clicked, and a
// jump to the GPU's charts. Telemetry, events and cluster state are only stored as they arrive
// and handed to the view on a timer at most ten times a second; the cluster (node and link
// state) is asked for again every few seconds and soon after each event, one request at a time.

#include "backend/api/engine_api.h"
#include "ui/topology_live_table.h"

#include <QTimer>
#include <QSet>
#include <QWidget>

#include <deque>
#include <memory>

class QComboBox;
class QLabel;
class QPushButton;

namespace sn {

class SimulatedBadge;
class TopologyView;

class TopologyPage : public QWidget {
    Q_OBJECT
public:
    explicit TopologyPage(EngineApi &engine, QWidget *parent = nullptr);
    ~TopologyPage() override;

    TopologyView *view() const { return m_view; }
    QComboBox *metricBox() const { return m_metric; }
    QLabel *details() const { return m_details; }
    QPushButton *chartsButton() const { return m_charts; }
    bool hasCluster() const { return m_cluster.nodes_size() > 0; }

    // Asks for the cluster now (unless a request is in flight).
    void refreshCluster();
    // A job's placement (the Jobs page's "On topology"): its GPUs selected and in view, the job
    // named above the first GPU's details. Returns how many of its GPUs the canvas has.
    int showJob(const pb::Job &job);

signals:
    void showGpuCharts(const QString &node, int gpu);

private:
    void applyCluster(const pb::Cluster &cluster);
    void storeBatch(const pb::SampleBatch &batch);
    void storeEvent(const pb::Event &event);
    void flush();
    void scheduleFlush();
    void updateMarkers();
    void showGpu(const QString &id);
    void showLink(const QString &a, const QString &b);
    void showDevice(const QString &id);
    void clearDetails();

    EngineApi &m_engine;
    std::unique_ptr<TelemetryStream> m_telemetry;
    std::unique_ptr<EventStream> m_eventStream;
    TopologyLiveTable m_live;
    pb::Cluster m_cluster;
    std::deque<pb::Event> m_events;
    QTimer m_repaint, m_clusterTimer;
    bool m_clusterInFlight = false;
    bool m_shapeDirty = false, m_markersDirty = false;
    QSet<QString> m_jobGpus; // showJob: the job's GPUs, whose details it heads
    QString m_jobHeader;
    QString m_selectedGpu, m_selectedLinkA, m_selectedLinkB, m_selectedDevice;

    QLabel *m_heading = nullptr;
    QLabel *m_subheading = nullptr;
    SimulatedBadge *m_badge = nullptr;
    QComboBox *m_metric = nullptr;
    TopologyView *m_view = nullptr;
    QLabel *m_details = nullptr;
    QPushButton *m_charts = nullptr;
};

} // namespace sn
