#include "ui/gpus_page.h"
#include "translations/engine_message.h"

#include "ui/gpu_chart_data.h"
#include "ui/natural_compare.h"
#include "ui/reply_guard.h"
#include "ui/scaled_font.h"
#include "ui/summary_poller.h"
#include "widgets/metric_chart.h"
#include "widgets/simulated_badge.h"
#include "widgets/spark_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace sn {

namespace {
constexpr int kSmallColumns = 4;
constexpr int kDetailColumns = 2;
constexpr qint64 kMinRefreshMs = 1000;
constexpr int kEventLimit = 500;
constexpr int kJobLimit = 500;


template <typename Chart> void configure(Chart *chart, const GpuChartMetric &m)
{
    chart->setUnit(m.unit);
    chart->setValueRange(m.min, m.max);
}
} // namespace

GpusPage::GpusPage(EngineApi &engine, SummaryPoller &poller, QWidget *parent) : QWidget(parent), m_engine(engine)
{
    const int gap = fontMetrics().height();
    m_heading = new QLabel(tr("GPUs"));
    m_heading->setFont(scaledFont(font(), 1.5));
    m_badge = new SimulatedBadge;
    m_badge->setVisible(false);
    m_status = new QLabel(tr("Waiting for the engine…"));
    m_status->setObjectName(QStringLiteral("gpus-status"));
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the window
    m_status->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    m_metricBox = new QComboBox;
    m_metricBox->setObjectName(QStringLiteral("gpus-metric"));
    for (const GpuChartMetric &m : gpuChartMetrics())
        m_metricBox->addItem(m.title, QString::fromLatin1(m.metric));
    m_nodeBox = new QComboBox;
    m_nodeBox->setObjectName(QStringLiteral("gpus-node"));
    m_nodeBox->addItem(tr("All nodes"), QString());
    m_rangeBox = new QComboBox;
    m_rangeBox->setObjectName(QStringLiteral("gpus-range"));
    for (const TimeRangePreset &p : timeRangePresets())
        m_rangeBox->addItem(p.title, p.spanMs);
    m_rangeBox->addItem(tr("Custom…"), qint64(0));
    m_rangeBox->setCurrentIndex(0); // the last 5 minutes: what is happening now
    m_from = new QDateTimeEdit;
    m_to = new QDateTimeEdit;
    for (QDateTimeEdit *e : {m_from, m_to}) {
        e->setCalendarPopup(true);
        e->setDisplayFormat(QLocale().dateTimeFormat(QLocale::ShortFormat));
        e->setVisible(false);
    }
    m_applyCustom = new QPushButton(tr("Show"));
    m_applyCustom->setVisible(false);
    m_followBox = new QCheckBox(tr("Follow live"));
    m_followBox->setObjectName(QStringLiteral("gpus-follow"));
    m_followBox->setChecked(true);
    m_followBox->setToolTip(tr("Keep the window on the newest data as it arrives"));

    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_heading);
    titleRow->addStretch(1);
    titleRow->addWidget(m_badge);
    auto *controls = new QHBoxLayout;
    const auto labelled = [&](const QString &text, QWidget *w) {
        auto *l = new QLabel(text);
        l->setBuddy(w);
        controls->addWidget(l);
        controls->addWidget(w);
        controls->addSpacing(gap / 2);
    };
    labelled(tr("&Metric:"), m_metricBox);
    labelled(tr("&Node:"), m_nodeBox);
    labelled(tr("&Range:"), m_rangeBox);
    controls->addWidget(m_from);
    controls->addWidget(m_to);
    controls->addWidget(m_applyCustom);
    controls->addWidget(m_followBox);
    m_gpuSetChip = new QPushButton;
    m_gpuSetChip->setObjectName(QStringLiteral("gpus-set"));
    m_gpuSetChip->setFlat(true);
    m_gpuSetChip->setVisible(false);
    m_gpuSetChip->setToolTip(tr("Click to show every GPU again"));
    connect(m_gpuSetChip, &QPushButton::clicked, this, [this] { showGpus({}, {}); });
    controls->addWidget(m_gpuSetChip);
    controls->addStretch(1);

    // Small multiples, grouped by node, in a scroll area.
    auto *gridContent = new QWidget;
    m_gridColumn = new QVBoxLayout(gridContent);
    m_gridColumn->setSpacing(gap / 2);
    m_gridNote = new QLabel;
    m_gridNote->setWordWrap(true);
    m_gridNote->setVisible(false);
    m_gridColumn->addWidget(m_gridNote);
    m_gridColumn->addStretch(1);
    auto *gridScroll = new QScrollArea;
    gridScroll->setWidget(gridContent);
    gridScroll->setWidgetResizable(true);
    gridScroll->setFrameShape(QFrame::NoFrame);
    // Charts scrolled into view draw the points they were given while out of view.
    connect(gridScroll->verticalScrollBar(), &QScrollBar::valueChanged, this, [this] {
        for (SparkChart *c : std::as_const(m_charts))
            c->applyPending();
    });

    // One GPU, every metric.
    auto *detail = new QWidget;
    auto *detailColumn = new QVBoxLayout(detail);
    auto *detailTop = new QHBoxLayout;
    auto *back = new QPushButton(tr("← All GPUs"));
    back->setObjectName(QStringLiteral("gpus-back"));
    back->setShortcut(QKeySequence(Qt::Key_Escape));
    m_detailTitle = new QLabel;
    m_detailTitle->setFont(scaledFont(font(), 1.2));
    detailTop->addWidget(back);
    detailTop->addSpacing(gap);
    detailTop->addWidget(m_detailTitle, 1);
    detailColumn->addLayout(detailTop);
    auto *detailGrid = new QGridLayout;
    for (int i = 0; i < gpuChartMetrics().size(); ++i) {
        const GpuChartMetric &m = gpuChartMetrics()[i];
        auto *c = new MetricChart;
        c->setObjectName(QStringLiteral("detail-") + QString::fromLatin1(m.metric));
        c->setTitle(m.title);
        configure(c, m);
        c->setEmptyText(tr("Not reported by this GPU in this range"));
        detailGrid->addWidget(c, i / kDetailColumns, i % kDetailColumns);
        m_detailCharts.append(c);
    }
    detailColumn->addLayout(detailGrid, 1);
    auto *detailScroll = new QScrollArea;
    detailScroll->setWidget(detail);
    detailScroll->setWidgetResizable(true);
    detailScroll->setFrameShape(QFrame::NoFrame);

    m_stack = new QStackedWidget;
    m_stack->addWidget(gridScroll);
    m_stack->addWidget(detailScroll);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(gap * 3 / 4, gap * 3 / 4, gap * 3 / 4, 0);
    layout->setSpacing(gap / 3);
    layout->addLayout(titleRow);
    layout->addLayout(controls);
    // Its own line: beside the controls an English range and point count did not fit (tst_text_fits).
    layout->addWidget(m_status);
    layout->addWidget(m_stack, 1);

    connect(m_metricBox, &QComboBox::currentIndexChanged, this, [this] { setMetric(metric()); });
    connect(m_nodeBox, &QComboBox::currentIndexChanged, this, [this] {
        m_nodeFilter = m_nodeBox->currentData().toString();
        m_gpuSet.clear(); // a node chosen by hand replaces a job's GPUs
        m_gpuSetChip->setVisible(false);
        buildGrid(m_cluster);
        refresh();
    });
    connect(m_rangeBox, &QComboBox::currentIndexChanged, this, &GpusPage::rangeChosen);
    connect(m_applyCustom, &QPushButton::clicked, this,
            [this] { setCustomRange(m_from->dateTime().toMSecsSinceEpoch(), m_to->dateTime().toMSecsSinceEpoch()); });
    connect(m_followBox, &QCheckBox::toggled, this, [this](bool on) {
        m_follow = on && m_rangeBox->currentData().toLongLong() > 0;
        updateWindow();
        refresh();
    });
    connect(back, &QPushButton::clicked, this, &GpusPage::showAll);

    connect(&poller, &SummaryPoller::summaryArrived, this, &GpusPage::onSummary);
    onReply(engine.getCluster(), this, [this](const Result<pb::Cluster> &cluster) {
        if (!cluster) {
            setStatus(tr("The engine did not answer: %1").arg(sn::errorText(cluster.error())));
            return;
        }
        m_cluster = *cluster;
        const QString name = QString::fromStdString(m_cluster.name());
        m_heading->setText(name.isEmpty() ? tr("GPUs") : tr("GPUs — %1").arg(name));
        m_badge->setVisible(m_cluster.simulated());
        QStringList nodes;
        for (const pb::Node &n : m_cluster.nodes())
            nodes << QString::fromStdString(n.name());
        std::sort(nodes.begin(), nodes.end(),
                  [](const QString &a, const QString &b) { return naturalCompare(a, b) < 0; });
        const QSignalBlocker block(m_nodeBox);
        for (const QString &n : nodes)
            m_nodeBox->addItem(n, n);
        buildGrid(m_cluster);
        refresh();
    });
    if (poller.hasSummary())
        onSummary(poller.latest());
}

GpusPage::~GpusPage() = default;

QString GpusPage::metric() const
{
    return m_metricBox->currentData().toString();
}

void GpusPage::setMetric(const QString &metric)
{
    const int index = m_metricBox->findData(metric);
    if (index < 0)
        return;
    if (index != m_metricBox->currentIndex()) {
        m_metricBox->setCurrentIndex(index); // comes back here through the signal
        return;
    }
    const GpuChartMetric *m = gpuChartMetric(metric);
    for (SparkChart *c : std::as_const(m_charts)) {
        configure(c, *m);
        c->setPoints({});
    }
    refresh();
}

void GpusPage::setSpan(qint64 spanMs)
{
    for (int i = 0; i < m_rangeBox->count(); ++i)
        if (m_rangeBox->itemData(i).toLongLong() == spanMs) {
            if (i != m_rangeBox->currentIndex()) {
                m_rangeBox->setCurrentIndex(i);
                return;
            }
        }
    m_spanMs = spanMs;
    m_follow = m_followBox->isChecked();
    updateWindow();
    refresh();
}

void GpusPage::setCustomRange(qint64 startMs, qint64 endMs)
{
    if (endMs <= startMs) {
        setStatus(tr("The end of the range must come after its start."));
        return;
    }
    {
        const QSignalBlocker block(m_rangeBox);
        m_rangeBox->setCurrentIndex(m_rangeBox->count() - 1);
    }
    for (QWidget *w :
         {static_cast<QWidget *>(m_from), static_cast<QWidget *>(m_to), static_cast<QWidget *>(m_applyCustom)})
        w->setVisible(true);
    m_follow = false;
    m_startMs = startMs;
    m_endMs = endMs;
    m_spanMs = endMs - startMs;
    refresh();
}

void GpusPage::rangeChosen(int index)
{
    const qint64 span = m_rangeBox->itemData(index).toLongLong();
    const bool custom = span == 0;
    for (QWidget *w :
         {static_cast<QWidget *>(m_from), static_cast<QWidget *>(m_to), static_cast<QWidget *>(m_applyCustom)})
        w->setVisible(custom);
    m_followBox->setEnabled(!custom);
    if (custom) {
        // Start from the window shown now, so the user adjusts rather than types.
        m_from->setDateTime(QDateTime::fromMSecsSinceEpoch(m_startMs));
        m_to->setDateTime(QDateTime::fromMSecsSinceEpoch(m_endMs));
        return;
    }
    setSpan(span);
}

void GpusPage::updateWindow()
{
    if (!m_follow && m_endMs > 0 && m_rangeBox->currentData().toLongLong() == 0)
        return; // a custom window stays where it is
    const qint64 now = m_engineNowMs > 0 ? m_engineNowMs : QDateTime::currentMSecsSinceEpoch();
    if (m_follow || m_endMs == 0) {
        m_endMs = now;
    }
    m_startMs = m_endMs - m_spanMs;
}

void GpusPage::onSummary(const pb::ClusterSummary &summary)
{
    m_engineNowMs = summary.time_ms();
    if (!m_follow && m_endMs > 0)
        return;
    // A new round once a pixel column's worth of engine time has passed: sooner changes nothing drawn.
    const int columns = std::max(64, m_charts.isEmpty() ? 300 : m_charts.cbegin().value()->plotWidth());
    const qint64 every = std::max(kMinRefreshMs, m_spanMs / columns);
    if (m_lastRefreshNowMs < 0 || m_engineNowMs - m_lastRefreshNowMs >= every || m_engineNowMs < m_lastRefreshNowMs)
        refresh();
}

void GpusPage::buildGrid(const pb::Cluster &cluster)
{
    // Remove the old node groups (everything but the note and the final stretch).
    while (m_gridColumn->count() > 2) {
        QLayoutItem *item = m_gridColumn->takeAt(1);
        delete item->widget();
        delete item;
    }
    m_charts.clear();
    m_chartOrder.clear();
    QVector<const pb::Node *> nodes;
    for (const pb::Node &n : cluster.nodes())
        if (m_nodeFilter.isEmpty() || QString::fromStdString(n.name()) == m_nodeFilter)
            nodes.append(&n);
    std::sort(nodes.begin(), nodes.end(), [](const pb::Node *a, const pb::Node *b) {
        return naturalCompare(QString::fromStdString(a->name()), QString::fromStdString(b->name())) < 0;
    });
    const GpuChartMetric *m = gpuChartMetric(metric());
    int shown = 0, total = 0;
    int insertAt = 1;
    for (const pb::Node *n : nodes) {
        const QString node = QString::fromStdString(n->name());
        QVector<pb::Gpu> gpus;
        for (const pb::Gpu &g : n->gpus())
            if (m_gpuSet.isEmpty() || m_gpuSet.contains(node + QStringLiteral("/gpu") + QString::number(g.index())))
                gpus.append(g);
        total += static_cast<int>(gpus.size());
        if (gpus.isEmpty() || (shown + gpus.size() > kMaxSmallMultiples && shown > 0))
            continue;
        auto *box = new QGroupBox(n->state() == pb::NODE_STATE_DOWN ? tr("%1 — down").arg(node) : node);
        auto *grid = new QGridLayout(box);
        grid->setSpacing(fontMetrics().height() / 3);
        std::sort(gpus.begin(), gpus.end(), [](const pb::Gpu &a, const pb::Gpu &b) { return a.index() < b.index(); });
        for (int i = 0; i < gpus.size(); ++i) {
            const int index = gpus[i].index();
            auto *c = new SparkChart;
            c->setDeferWhileHidden(true);
            c->setTitle(tr("GPU %1").arg(index));
            configure(c, *m);
            c->setEmptyText(tr("no data"));
            c->setToolTip(tr("Click for all metrics of %1 GPU %2").arg(node).arg(index));
            const QString id = node + QStringLiteral("/gpu") + QString::number(index);
            c->setObjectName(QStringLiteral("chart-") + id);
            connect(c, &SparkChart::clicked, this, [this, node, index] { showGpu(node, index); });
            grid->addWidget(c, i / kSmallColumns, i % kSmallColumns);
            m_charts.insert(id, c);
            m_chartOrder << id;
            ++shown;
        }
        m_gridColumn->insertWidget(insertAt++, box);
    }
    m_gridNote->setVisible(shown < total);
    m_gridNote->setText(tr("Showing %1 of %2 GPUs. Pick a node to see the others.").arg(shown).arg(total));
}

void GpusPage::showGpus(const QStringList &gpuIds, const QString &why)
{
    m_gpuSet = QSet<QString>(gpuIds.begin(), gpuIds.end());
    m_gpuSetChip->setText(m_gpuSet.isEmpty() ? QString() : tr("%1 ✕").arg(why));
    m_gpuSetChip->setVisible(!m_gpuSet.isEmpty());
    if (!m_gpuSet.isEmpty() && !m_nodeFilter.isEmpty()) {
        const QSignalBlocker quiet(m_nodeBox); // the set may span nodes: all of them, narrowed by it
        m_nodeBox->setCurrentIndex(0);
        m_nodeFilter.clear();
    }
    buildGrid(m_cluster);
    showAll(); // asks for the charts' lines
}

QVector<SparkChart *> GpusPage::smallMultiples() const
{
    QVector<SparkChart *> out;
    for (const QString &id : m_chartOrder)
        out.append(m_charts.value(id));
    return out;
}

void GpusPage::showGpu(const QString &node, int gpu)
{
    m_detailNode = node;
    m_detailIndex = gpu;
    QString model;
    for (const pb::Node &n : m_cluster.nodes())
        if (QString::fromStdString(n.name()) == node)
            for (const pb::Gpu &g : n.gpus())
                if (g.index() == gpu)
                    model = QString::fromStdString(g.model());
    m_detailTitle->setText(model.isEmpty() ? tr("%1 · GPU %2").arg(node).arg(gpu)
                                           : tr("%1 · GPU %2 · %3").arg(node).arg(gpu).arg(model));
    for (MetricChart *c : std::as_const(m_detailCharts))
        c->setPoints({});
    m_stack->setCurrentIndex(1);
    refresh();
}

void GpusPage::showAll()
{
    m_detailNode.clear();
    m_detailIndex = -1;
    m_stack->setCurrentIndex(0);
    refresh();
}

bool GpusPage::showingDetail() const
{
    return m_stack->currentIndex() == 1;
}

void GpusPage::setStatus(const QString &text)
{
    m_status->setText(text);
}

void GpusPage::refresh()
{
    if (m_cluster.nodes_size() == 0)
        return; // the grid comes with the cluster, and asks then
    if (m_inFlight) {
        m_again = true;
        return;
    }
    updateWindow();
    m_lastRefreshNowMs = m_engineNowMs;
    m_inFlight = true;
    m_roundKey = viewKey();
    const qint64 start = m_startMs, end = m_endMs;

    QVector<pb::QueryRangeRequest> queries;
    if (showingDetail()) {
        const int columns = m_detailCharts.front()->plotWidth();
        for (const GpuChartMetric &m : gpuChartMetrics())
            queries.append(gpuChartQuery(m.metric, start, end, columns, m_detailNode, m_detailIndex));
    } else {
        const int columns = m_charts.isEmpty() ? 200 : m_charts.cbegin().value()->plotWidth();
        // One query for every GPU of the metric (or of the chosen node).
        queries.append(gpuChartQuery(metric().toLatin1().constData(), start, end, columns, m_nodeFilter));
    }
    m_answers = QVector<pb::QueryRangeResponse>(queries.size());
    m_outstanding = static_cast<int>(queries.size()) + 2;
    const auto done = [this] {
        if (--m_outstanding == 0)
            applyRound();
    };
    for (int i = 0; i < queries.size(); ++i)
        onReply(m_engine.queryRange(queries[i]), this, [this, i, done](const Result<pb::QueryRangeResponse> &r) {
            if (r)
                m_answers[i] = *r;
            else
                setStatus(tr("The engine did not answer: %1").arg(sn::errorText(r.error())));
            done();
        });
    pb::ListJobsRequest jobs;
    jobs.set_limit(kJobLimit);
    onReply(m_engine.listJobs(jobs), this, [this, done](const Result<pb::ListJobsResponse> &r) {
        m_jobs = r ? *r : pb::ListJobsResponse{};
        done();
    });
    pb::ListEventsRequest events;
    events.set_since_ms(start);
    events.set_limit(kEventLimit);
    onReply(m_engine.listEvents(events), this, [this, done](const Result<pb::ListEventsResponse> &r) {
        m_events.clear();
        if (r)
            m_events = QVector<pb::Event>(r->events().begin(), r->events().end());
        done();
    });
}

QString GpusPage::viewKey() const
{
    return showingDetail() ? detailGpu()
                           : metric() + QLatin1Char('@') + m_nodeFilter + QLatin1Char('#') + m_gpuSetChip->text();
}

void GpusPage::applyRound()
{
    m_inFlight = false;
    if (m_roundKey != viewKey()) {
        refresh(); // asked for a view no longer shown (another metric, GPU or the grid): ask again
        return;
    }
    ++m_rounds;
    int points = 0;
    if (showingDetail()) {
        for (int i = 0; i < m_detailCharts.size() && i < m_answers.size(); ++i) {
            MetricChart *c = m_detailCharts[i];
            const GpuChartMetric &m = gpuChartMetrics()[i];
            const pb::QueryRangeResponse &r = m_answers[i];
            c->setTimeRange(m_startMs, m_endMs);
            c->setPoints(r.series_size() > 0 ? seriesPoints(r.series(0), m.scale) : QList<QPointF>{});
            c->setMarkers(gpuMarkers(m_jobs, m_events, m_detailNode, m_detailIndex, m_startMs, m_endMs));
            points += c->pointCount();
        }
    } else if (!m_answers.isEmpty()) {
        const GpuChartMetric *m = gpuChartMetric(metric());
        QSet<QString> seen;
        for (const pb::Series &s : m_answers.front().series()) {
            const QString id = seriesGpuId(s);
            SparkChart *c = m_charts.value(id);
            if (!c || seen.contains(id))
                continue;
            seen.insert(id);
            c->setTimeRange(m_startMs, m_endMs);
            c->setPoints(seriesPoints(s, m->scale));
            points += c->pointCount();
        }
        for (auto it = m_charts.cbegin(); it != m_charts.cend(); ++it) {
            const QString &id = it.key();
            const int slash = static_cast<int>(id.indexOf(QLatin1Char('/')));
            const int gpu = QStringView(id).mid(slash + 4).toInt();
            if (!seen.contains(id)) {
                it.value()->setTimeRange(m_startMs, m_endMs);
                it.value()->setPoints({});
            }
            it.value()->setMarkers(gpuMarkers(m_jobs, m_events, id.left(slash), gpu, m_startMs, m_endMs));
        }
    }
    const QLocale l;
    setStatus(tr("%1 – %2 · %3 points")
                  .arg(l.toString(QDateTime::fromMSecsSinceEpoch(m_startMs), QLocale::ShortFormat),
                       l.toString(QDateTime::fromMSecsSinceEpoch(m_endMs), QLocale::ShortFormat), l.toString(points)));
    emit chartsUpdated();
    if (m_again) {
        m_again = false;
        refresh();
    }
}

} // namespace sn
