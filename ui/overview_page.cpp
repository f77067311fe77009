#include "ui/overview_page.h"

#include "backend/api/metric_catalogue.h"
#include "ui/cluster_history.h"
#include "ui/reply_guard.h"
#include "ui/scaled_font.h"
#include "ui/summary_poller.h"
#include "widgets/gpu_heat_strip.h"
#include "widgets/kpi_tile.h"
#include "widgets/utilization_history_chart.h"

#include <QComboBox>
#include <QDateTime>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QVBoxLayout>

namespace sn {

namespace {
constexpr int kRepaintIntervalMs = 100; // the house rule: at most ~10 repaints a second
constexpr int kMaxTileColumns = 6;

} // namespace

OverviewPage::OverviewPage(EngineApi &engine, SummaryPoller &poller, QWidget *parent)
    : QWidget(parent), m_engine(engine)
{
    auto *content = new QWidget;
    auto *column = new QVBoxLayout(content);
    const int spacing = fontMetrics().height() * 3 / 4;
    column->setSpacing(spacing);

    m_heading = new QLabel(tr("Overview"));
    m_heading->setFont(scaledFont(font(), 1.5));
    m_subheading = new QLabel(tr("Waiting for the engine…"));
    m_subheading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *headingBox = new QVBoxLayout;
    headingBox->setSpacing(0);
    headingBox->addWidget(m_heading);
    headingBox->addWidget(m_subheading);
    column->addLayout(headingBox);

    m_tileGrid = new QGridLayout;
    m_tileGrid->setSpacing(spacing * 2 / 3);
    for (Kpi kpi : kAllKpis) {
        auto *tile = new KpiTile(kpiTitle(kpi), {}, content);
        tile->setObjectName(QStringLiteral("kpi-") + kpiId(kpi));
        m_tiles.insert(kpi, tile);
    }
    arrangeTiles(kMaxTileColumns);
    column->addLayout(m_tileGrid);

    auto *gpuBox = new QGroupBox(tr("GPUs by node"));
    auto *gpuLayout = new QVBoxLayout(gpuBox);
    auto *colourRow = new QHBoxLayout;
    auto *colourLabel = new QLabel(tr("Colour by:"));
    auto *colourBy = new QComboBox;
    colourBy->addItem(tr("Utilization"), QVariant::fromValue(GpuHeatStrip::ColourBy::Utilization));
    colourBy->addItem(tr("Temperature"), QVariant::fromValue(GpuHeatStrip::ColourBy::Temperature));
    colourLabel->setBuddy(colourBy);
    colourRow->addWidget(colourLabel);
    colourRow->addWidget(colourBy);
    colourRow->addStretch(1);
    gpuLayout->addLayout(colourRow);
    m_strip = new GpuHeatStrip;
    m_strip->setObjectName(QStringLiteral("gpu-heat-strip"));
    gpuLayout->addWidget(m_strip);
    column->addWidget(gpuBox);
    connect(colourBy, &QComboBox::currentIndexChanged, this,
            [this, colourBy] { m_strip->setColourBy(colourBy->currentData().value<GpuHeatStrip::ColourBy>()); });

    m_chart = new UtilizationHistoryChart;
    m_chart->setObjectName(QStringLiteral("utilization-history"));
    column->addWidget(m_chart, 1);

    // The page scrolls rather than squeezing tiles until their text is cut.
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    connect(&poller, &SummaryPoller::summaryArrived, this, &OverviewPage::showSummary);
    if (poller.hasSummary())
        showSummary(poller.latest());

    m_repaint.setSingleShot(true);
    m_repaint.setInterval(kRepaintIntervalMs);
    connect(&m_repaint, &QTimer::timeout, this, &OverviewPage::flushCells);
    m_telemetry = engine.subscribeTelemetry(GpuCellTable::subscription());
    connect(m_telemetry.get(), &TelemetryStream::batch, this, &OverviewPage::storeBatch);
    // Every GPU gets its cell from the topology, before (or without) any telemetry.
    onReply(engine.getCluster(), this, [this](const Result<pb::Cluster> &cluster) {
        if (!cluster)
            return;
        m_cells.setTopology(*cluster);
        m_cellsDirty = true;
        if (!m_repaint.isActive())
            m_repaint.start();
    });
}

void OverviewPage::loadHistory(qint64 startMs)
{
    constexpr qint64 kHistoryStepMs = 10000;
    auto tempReply = m_engine.queryRange(historyQuery(metric::kGpuTemp, startMs, kHistoryStepMs));
    onReply(m_engine.queryRange(historyQuery(metric::kGpuUtil, startMs, kHistoryStepMs)), this,
            [this, tempReply](const Result<pb::QueryRangeResponse> &util) {
                if (!util)
                    return;
                onReply(tempReply, this, [this, u = *util](const Result<pb::QueryRangeResponse> &temp) {
                    if (!temp)
                        return;
                    const ClusterHistory history = clusterHistory(u, *temp);
                    m_chart->prependHistory(history.utilPercent, history.maxTempC);
                });
            });
}

OverviewPage::~OverviewPage() = default;

void OverviewPage::arrangeTiles(int columns)
{
    if (columns == m_tileColumns)
        return;
    m_tileColumns = columns;
    for (KpiTile *tile : std::as_const(m_tiles))
        m_tileGrid->removeWidget(tile);
    int i = 0;
    for (Kpi kpi : kAllKpis) {
        m_tileGrid->addWidget(m_tiles.value(kpi), i / columns, i % columns);
        ++i;
    }
    for (int c = 0; c < kMaxTileColumns; ++c)
        m_tileGrid->setColumnStretch(c, c < columns ? 1 : 0);
}

void OverviewPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Tiles want about 13 lines' width of text each; fewer columns on a narrow window.
    const int tileWidth = fontMetrics().height() * 13;
    arrangeTiles(std::clamp(event->size().width() / tileWidth, 2, kMaxTileColumns));
}

void OverviewPage::showSummary(const pb::ClusterSummary &summary)
{
    for (Kpi kpi : kAllKpis) {
        const KpiReading r = readKpi(kpi, summary);
        KpiTile *tile = m_tiles.value(kpi);
        tile->setValue(r.value);
        tile->setUnit(r.unit);
        tile->setDetail(r.detail);
        tile->setState(r.health);
    }
    const QString name = QString::fromStdString(summary.cluster_name());
    m_heading->setText(name.isEmpty() ? tr("Overview") : tr("Overview — %1").arg(name));
    const QString time =
        QDateTime::fromMSecsSinceEpoch(summary.time_ms()).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    m_subheading->setText(
        summary.simulated()
            ? tr("%1 nodes · %2 GPUs · simulated, engine time %3")
                  .arg(summary.nodes_total())
                  .arg(summary.gpus_total())
                  .arg(time)
            : tr("%1 nodes · %2 GPUs · engine time %3").arg(summary.nodes_total()).arg(summary.gpus_total()).arg(time));

    // The first summary says the engine's time (virtual on the simulator): the chart opens with
    // the stored history of its window (one point per 10 s) instead of empty. Asking for all that
    // is stored would be a week of points per GPU, refused past 11,000 steps (store_query.h).
    if (!m_historyAsked) {
        m_historyAsked = true;
        loadHistory(summary.time_ms() - m_chart->windowMs());
    }
    // One point per new engine time: repeated answers from an idle engine add nothing. A summary
    // taken before any GPU reported has a hottest GPU at 0 °C; it is no point of history.
    if (summary.time_ms() != m_lastChartTimeMs && summary.gpu_temp_max_c() > 0) {
        m_lastChartTimeMs = summary.time_ms();
        m_chart->append(summary.time_ms(), summary.gpu_util_mean_percent(), summary.gpu_temp_max_c());
    }
}

void OverviewPage::storeBatch(const pb::SampleBatch &batch)
{
    m_cellsDirty |= m_cells.apply(batch);
    if (m_cellsDirty && !m_repaint.isActive())
        m_repaint.start();
}

void OverviewPage::flushCells()
{
    if (!m_cellsDirty)
        return;
    m_cellsDirty = false;
    m_strip->setGpus(m_cells.cells());
}

} // namespace sn
