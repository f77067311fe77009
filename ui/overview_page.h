#pragma once
// The Overview: headline KPI tiles from the ClusterSummary (polled by SummaryPoller), a heat
// strip of every GPU (cells from getCluster, readings from the telemetry stream), and the last
// ten minutes of utilization and temperature. Telemetry batches are only stored as they arrive; the strip is repainted
// from a timer at most ten times a second.

#include "backend/api/engine_api.h"
#include "ui/gpu_cell_table.h"
#include "ui/overview_kpis.h"

#include <QHash>
#include <QTimer>
#include <QWidget>

#include <memory>

class QGridLayout;
class QLabel;

namespace sn {

class GpuHeatStrip;
class KpiTile;
class SummaryPoller;
class UtilizationHistoryChart;

class OverviewPage : public QWidget {
    Q_OBJECT
public:
    OverviewPage(EngineApi &engine, SummaryPoller &poller, QWidget *parent = nullptr);
    ~OverviewPage() override;

    KpiTile *tile(Kpi kpi) const { return m_tiles.value(kpi); }
    GpuHeatStrip *heatStrip() const { return m_strip; }
    UtilizationHistoryChart *historyChart() const { return m_chart; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    // The stored points of the chart's window, from startMs to the engine's now.
    void loadHistory(qint64 startMs);
    void showSummary(const pb::ClusterSummary &summary);
    void storeBatch(const pb::SampleBatch &batch);
    void flushCells();
    void arrangeTiles(int columns);

    EngineApi &m_engine;
    bool m_historyAsked = false;
    std::unique_ptr<TelemetryStream> m_telemetry;
    GpuCellTable m_cells;
    QTimer m_repaint;
    bool m_cellsDirty = false;

    QLabel *m_heading = nullptr;
    QLabel *m_subheading = nullptr;
    QGridLayout *m_tileGrid = nullptr;
    int m_tileColumns = 0;
    QHash<Kpi, KpiTile *> m_tiles;
    GpuHeatStrip *m_strip = nullptr;
    UtilizationHistoryChart *m_chart = nullptr;
    qint64 m_lastChartTimeMs = -1;
};

} // namespace sn
