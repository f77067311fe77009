#include "ui/logs_page.h"
#include "translations/engine_message.h"

#include "ui/anomaly_chart.h"
#include "ui/event_details.h"
#include "ui/event_table_model.h"
#include "ui/log_table_model.h"
#include "ui/log_templates_panel.h"
#include "ui/natural_compare.h"
#include "ui/reply_guard.h"
#include "ui/role_gate.h"
#include "widgets/spark_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <limits>

namespace sn {

namespace {
constexpr int kFlushIntervalMs = 100;      // at most ~10 table updates a second
constexpr qint64 kHistoryMs = 3600 * 1000; // the tail opens with the last hour
constexpr int kHistoryLines = 5000;
constexpr int kEventHistory = 2000;

QTableView *makeTable(QAbstractItemModel *model)
{
    auto *v = new QTableView;
    v->setModel(model);
    v->setSelectionBehavior(QAbstractItemView::SelectRows);
    v->setSelectionMode(QAbstractItemView::SingleSelection);
    v->setAlternatingRowColors(true);
    v->setWordWrap(false);
    v->verticalHeader()->hide();
    v->verticalHeader()->setDefaultSectionSize(v->fontMetrics().height() + 6);
    v->horizontalHeader()->setStretchLastSection(true);
    v->horizontalHeader()->setHighlightSections(false);
    return v;
}

QString userName()
{
    const QString user = qEnvironmentVariable("USER");
    return user.isEmpty() ? QStringLiteral("console") : user;
}
} // namespace

LogsPage::LogsPage(EngineApi &engine, QWidget *parent) : QWidget(parent), m_engine(engine)
{
    const int gap = fontMetrics().height();
    auto *heading = new QLabel(tr("Logs & anomalies"));
    QFont hf = font();
    hf.setPointSizeF(hf.pointSizeF() * 1.5);
    hf.setBold(true);
    heading->setFont(hf);

    // ---------------------------------------------------------------- anomalies
    m_events = new EventTableModel(this);
    m_eventFilter = new EventFilterModel(this);
    m_eventFilter->setSourceModel(m_events);
    m_eventView = makeTable(m_eventFilter);
    m_eventView->setObjectName(QStringLiteral("anomalies"));
    m_eventView->setColumnWidth(EventTableModel::Severity, gap * 5);
    m_eventView->setColumnWidth(EventTableModel::Time, gap * 10);
    m_eventView->setColumnWidth(EventTableModel::Ended, gap * 5);
    m_eventView->setColumnWidth(EventTableModel::Kind, gap * 7);
    m_eventView->setColumnWidth(EventTableModel::Where, gap * 8);
    m_eventView->setColumnWidth(EventTableModel::Message, gap * 24);
    m_eventView->setColumnWidth(EventTableModel::Evidence, gap * 10);
    m_severity = new QComboBox;
    m_severity->addItem(tr("All"), static_cast<int>(pb::SEVERITY_INFO));
    m_severity->addItem(tr("Warning and worse"), static_cast<int>(pb::SEVERITY_WARNING));
    m_severity->addItem(tr("Error and worse"), static_cast<int>(pb::SEVERITY_ERROR));
    m_severity->setCurrentIndex(1);
    m_eventFilter->setMinimumSeverity(pb::SEVERITY_WARNING);
    m_openOnly = new QCheckBox(tr("Open only"));
    m_ack = new QPushButton(tr("Acknowledge"));
    m_ack->setObjectName(QStringLiteral("acknowledge"));
    m_ack->setEnabled(false);
    m_ack->setToolTip(tr("Mark the selected anomaly as seen; it stays in the list"));
    m_resolve = new QPushButton(tr("Resolve"));
    m_resolve->setObjectName(QStringLiteral("resolve"));
    m_resolve->setEnabled(false);
    m_resolve->setToolTip(tr("Close the selected anomaly: it was dealt with (acknowledges it too)"));
    m_chart = new QPushButton(tr("Show chart"));
    m_chart->setObjectName(QStringLiteral("anomaly-chart"));
    m_chart->setEnabled(false);
    m_chart->setToolTip(tr("The selected anomaly's GPU on the GPUs page, around its time"));
    m_details = new QLabel;
    m_details->setObjectName(QStringLiteral("anomaly-details"));
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_eventCount = new QLabel;
    auto *eventBar = new QHBoxLayout;
    auto *sevLabel = new QLabel(tr("&Show:"));
    sevLabel->setBuddy(m_severity);
    eventBar->addWidget(sevLabel);
    eventBar->addWidget(m_severity);
    eventBar->addWidget(m_openOnly);
    eventBar->addStretch(1);
    eventBar->addWidget(m_eventCount);
    eventBar->addWidget(m_chart);
    eventBar->addWidget(m_ack);
    eventBar->addWidget(m_resolve);
    auto *eventBox = new QWidget;
    auto *eventLayout = new QVBoxLayout(eventBox);
    eventLayout->setContentsMargins(gap / 2, gap / 2, gap / 2, gap / 2);
    eventLayout->addLayout(eventBar);
    eventLayout->addWidget(m_eventView, 1);
    m_eventChart = new SparkChart;
    m_eventChart->setObjectName(QStringLiteral("anomaly-inline-chart"));
    m_eventChart->setMinimumHeight(gap * 7);
    m_eventChart->setMaximumHeight(gap * 9);
    m_eventChart->setToolTip(tr("Click for the GPU's charts on the GPUs page"));
    m_eventChart->setVisible(false);
    auto *detailRow = new QHBoxLayout;
    detailRow->addWidget(m_details, 3);
    detailRow->addWidget(m_eventChart, 2);
    eventLayout->addLayout(detailRow);

    m_templates = new LogTemplatesPanel(engine);
    m_templates->layout()->setContentsMargins(gap / 2, gap / 2, gap / 2, gap / 2);
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("logs-upper-tabs"));
    m_tabs->addTab(eventBox, tr("&Anomalies and events"));
    m_tabs->addTab(m_templates, tr("&Templates"));

    // ---------------------------------------------------------------- log tail
    m_logs = new LogTableModel(20000, this);
    m_logFilter = new LogFilterModel(this);
    m_logFilter->setSourceModel(m_logs);
    m_logView = makeTable(m_logFilter);
    m_logView->setObjectName(QStringLiteral("log-tail"));
    m_logView->setColumnWidth(LogTableModel::Time, gap * 7);
    m_logView->setColumnWidth(LogTableModel::Node, gap * 5);
    m_logView->setColumnWidth(LogTableModel::Source, gap * 6);
    m_logView->setColumnWidth(LogTableModel::Gpu, gap * 3);
    m_logView->setColumnWidth(LogTableModel::Job, gap * 4);
    m_logView->setColumnWidth(LogTableModel::Level, gap * 4);
    m_node = new QComboBox;
    m_node->setObjectName(QStringLiteral("log-node"));
    m_node->addItem(tr("All nodes"), QString());
    m_source = new QComboBox;
    m_source->setEditable(true);
    m_source->addItem(QString());
    for (const char *s : {"kernel", "slurmd", "nccl", "job/"})
        m_source->addItem(QString::fromLatin1(s));
    m_source->lineEdit()->setPlaceholderText(tr("all sources"));
    m_gpu = new QComboBox;
    m_gpu->addItem(tr("All GPUs"), -1);
    m_level = new QComboBox;
    m_level->setObjectName(QStringLiteral("log-level"));
    m_level->addItem(tr("All levels"), int(pb::SEVERITY_UNSPECIFIED));
    m_level->addItem(tr("Warning and worse"), int(pb::SEVERITY_WARNING));
    m_level->addItem(tr("Error and worse"), int(pb::SEVERITY_ERROR));
    m_level->addItem(tr("Critical"), int(pb::SEVERITY_CRITICAL));
    m_level->setToolTip(tr("A line's level: its GPU failure signature's, else the level it writes"));
    m_period = new QComboBox;
    m_period->setObjectName(QStringLiteral("log-period"));
    m_period->addItem(tr("Any time"), qint64(0));
    m_period->addItem(tr("Last 5 minutes"), qint64(5 * 60 * 1000));
    m_period->addItem(tr("Last 15 minutes"), qint64(15 * 60 * 1000));
    m_period->addItem(tr("Last hour"), qint64(60 * 60 * 1000));
    m_period->setToolTip(tr("Up to the newest line; the window moves on as lines come"));
    // Sized by a few characters, not by their longest item, so that the bar still fits a
    // 900-pixel window; the source box is wide enough for its placeholder.
    for (QComboBox *compact : {m_level, m_period, m_source}) {
        compact->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        compact->setMinimumContentsLength(compact == m_source ? 10 : 7);
    }
    m_job = new QLineEdit;
    m_job->setPlaceholderText(tr("job id"));
    m_job->setClearButtonEnabled(true);
    m_job->setMaximumWidth(gap * 6);
    m_text = new QLineEdit;
    m_text->setObjectName(QStringLiteral("log-text"));
    m_text->setPlaceholderText(tr("Search text (Ctrl+F)"));
    m_text->setClearButtonEnabled(true);
    auto *find = new QAction(this);
    find->setShortcut(QKeySequence::Find);
    connect(find, &QAction::triggered, m_text, [this] { m_text->setFocus(); });
    addAction(find);
    m_pause = new QPushButton(tr("Pause"));
    m_pause->setObjectName(QStringLiteral("log-pause"));
    m_pause->setCheckable(true);
    m_pause->setToolTip(tr("Stop adding new lines while you read; they wait and are added on resume"));
    m_logCount = new QLabel;
    // What narrows the tail beyond the boxes: a chosen template, an anomaly's time; click to drop.
    m_templateChip = new QPushButton;
    m_templateChip->setObjectName(QStringLiteral("template-chip"));
    m_templateChip->setFlat(true);
    m_templateChip->setVisible(false);
    m_windowChip = new QPushButton;
    m_windowChip->setObjectName(QStringLiteral("window-chip"));
    m_windowChip->setFlat(true);
    m_windowChip->setVisible(false);
    auto *logBar = new QHBoxLayout;
    logBar->addWidget(m_node);
    logBar->addWidget(m_source);
    logBar->addWidget(m_gpu);
    logBar->addWidget(m_job);
    logBar->addWidget(m_level);
    logBar->addWidget(m_period);
    logBar->addWidget(m_text, 1);
    logBar->addWidget(m_templateChip);
    logBar->addWidget(m_windowChip);
    logBar->addWidget(m_pause);
    logBar->addWidget(m_logCount);
    auto *logBox = new QGroupBox(tr("Live log"));
    auto *logLayout = new QVBoxLayout(logBox);
    logLayout->addLayout(logBar);
    logLayout->addWidget(m_logView);

    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_tabs);
    split->addWidget(logBox);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(gap * 3 / 4, gap * 3 / 4, gap * 3 / 4, 0);
    layout->addWidget(heading);
    layout->addWidget(split, 1);

    connect(m_severity, &QComboBox::currentIndexChanged, this, [this] {
        m_eventFilter->setMinimumSeverity(static_cast<pb::Severity>(m_severity->currentData().toInt()));
        updateCounts();
    });
    connect(m_openOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_eventFilter->setOpenOnly(on);
        updateCounts();
    });
    connect(m_ack, &QPushButton::clicked, this, &LogsPage::acknowledgeSelected);
    connect(m_resolve, &QPushButton::clicked, this, &LogsPage::resolveSelected);
    connect(m_chart, &QPushButton::clicked, this, [this] {
        const pb::Event *e = selectedEvent();
        if (!e || e->gpu() < 0)
            return;
        const TimeWindow w = relatedWindow(*e, kContextMs, m_latestMs);
        emit showGpuCharts(QString::fromStdString(e->node()), e->gpu(), w.startMs, w.endMs);
    });
    connect(m_eventChart, &SparkChart::clicked, m_chart, &QPushButton::click);
    connect(m_templates, &LogTemplatesPanel::templateChosen, this,
            [this](const QString &id, const QString &text) { filterToTemplate(id, text); });
    connect(m_templateChip, &QPushButton::clicked, this, [this] { filterToTemplate({}); });
    connect(m_windowChip, &QPushButton::clicked, this, [this] {
        m_logFilter->setTimeWindow(0, 0);
        m_windowChip->setVisible(false);
        updateCounts();
    });
    connect(m_period, &QComboBox::currentIndexChanged, this, [this] {
        m_windowChip->setVisible(false); // one time window at a time: the chosen period replaces an anomaly's
        applyPeriod();
    });
    connect(m_eventView->selectionModel(), &QItemSelectionModel::selectionChanged, this, &LogsPage::eventSelected);
    connect(m_events, &QAbstractItemModel::dataChanged, this, &LogsPage::eventSelected);
    for (QComboBox *c : {m_node, m_gpu, m_level})
        connect(c, &QComboBox::currentIndexChanged, this, &LogsPage::applyLogFilters);
    connect(m_source, &QComboBox::currentTextChanged, this, &LogsPage::applyLogFilters);
    connect(m_job, &QLineEdit::textChanged, this, &LogsPage::applyLogFilters);
    connect(m_text, &QLineEdit::textChanged, this, &LogsPage::applyLogFilters);
    connect(m_pause, &QPushButton::toggled, this, [this](bool paused) {
        m_pause->setText(paused ? tr("Resume") : tr("Pause"));
        if (!paused)
            flushLines();
        updateCounts();
    });

    m_flush.setSingleShot(true);
    m_flush.setInterval(kFlushIntervalMs);
    connect(&m_flush, &QTimer::timeout, this, &LogsPage::flushLines);

    // Streams first, so nothing falls between the history and the live tail; lines that came
    // both ways are dropped by time when the history arrives.
    m_logStream = engine.streamLogs({});
    connect(m_logStream.get(), &LogStream::lines, this, &LogsPage::storeLines);
    m_eventStream = engine.streamEvents();
    connect(m_eventStream.get(), &EventStream::event, this, [this](const pb::Event &e) {
        m_latestMs = std::max<qint64>(m_latestMs, std::max(e.time_ms(), e.end_ms()));
        m_pendingEvents.append(e);
        if (!m_flush.isActive())
            m_flush.start();
    });

    onReply(engine.getCluster(), this, [this](const Result<pb::Cluster> &cluster) {
        if (!cluster)
            return;
        QStringList nodes;
        int gpus = 0;
        for (const pb::Node &n : cluster->nodes()) {
            nodes << QString::fromStdString(n.name());
            gpus = std::max(gpus, n.gpus_size());
        }
        std::sort(nodes.begin(), nodes.end(),
                  [](const QString &a, const QString &b) { return naturalCompare(a, b) < 0; });
        m_templates->setNodes(nodes);
        const QSignalBlocker b1(m_node), b2(m_gpu);
        for (const QString &n : nodes)
            m_node->addItem(n, n);
        for (int g = 0; g < gpus; ++g)
            m_gpu->addItem(tr("GPU %1").arg(g), g);
    });
    // The last hour of engine time, whatever its clock says: ask for the newest lines.
    pb::LogQueryRequest history;
    history.set_limit(kHistoryLines);
    onReply(engine.queryLogs(history), this, [this](const Result<pb::LogQueryResponse> &r) {
        m_historyLoaded = true;
        if (!r) {
            m_logCount->setText(tr("The engine did not answer: %1").arg(sn::errorText(r.error())));
            return;
        }
        QVector<pb::LogLine> lines;
        const qint64 newest = r->lines_size() > 0 ? r->lines(r->lines_size() - 1).time_ms() : 0;
        for (const pb::LogLine &l : r->lines())
            if (l.time_ms() >= newest - kHistoryMs)
                lines.append(l);
        m_latestMs = std::max(m_latestMs, newest);
        // Streamed lines already waiting that the history also holds are dropped.
        QVector<pb::LogLine> later;
        for (const pb::LogLine &l : std::as_const(m_waiting))
            if (l.time_ms() > newest)
                later.append(l);
        m_waiting = lines + later;
        flushLines();
    });
    pb::ListEventsRequest events;
    events.set_limit(kEventHistory);
    onReply(engine.listEvents(events), this, [this](const Result<pb::ListEventsResponse> &r) {
        if (!r)
            return;
        m_events->upsert(QVector<pb::Event>(r->events().begin(), r->events().end()));
        updateCounts();
    });
    updateCounts();
}

LogsPage::~LogsPage() = default;

void LogsPage::storeLines(const pb::LogBatch &batch)
{
    for (const pb::LogLine &l : batch.lines())
        m_latestMs = std::max<qint64>(m_latestMs, l.time_ms());
    m_waiting.append(QVector<pb::LogLine>(batch.lines().begin(), batch.lines().end()));
    if (!m_flush.isActive())
        m_flush.start();
}

void LogsPage::flushLines()
{
    if (!m_pendingEvents.isEmpty()) {
        m_events->upsert(m_pendingEvents);
        m_pendingEvents.clear();
    }
    if (m_historyLoaded && !m_pause->isChecked() && !m_waiting.isEmpty()) {
        QScrollBar *bar = m_logView->verticalScrollBar();
        const bool atBottom = bar->value() >= bar->maximum() - 2;
        m_logs->append(m_waiting);
        m_waiting.clear();
        if (m_period->currentData().toLongLong() > 0)
            applyPeriod(); // "the last N minutes" moves on with the newest line
        if (atBottom)
            m_logView->scrollToBottom(); // a tail follows unless the user scrolled up to read
    }
    updateCounts();
}

void LogsPage::applyLogFilters()
{
    m_logFilter->setNode(m_node->currentData().toString());
    m_logFilter->setSource(m_source->currentText().trimmed());
    m_logFilter->setGpu(m_gpu->currentData().toInt());
    m_logFilter->setJob(m_job->text().trimmed());
    m_logFilter->setText(m_text->text());
    m_logFilter->setMinimumSeverity(static_cast<pb::Severity>(m_level->currentData().toInt()));
    updateCounts();
}

void LogsPage::applyPeriod()
{
    const qint64 span = m_period->currentData().toLongLong();
    if (span <= 0) {
        if (!m_windowChip->isVisible())
            m_logFilter->setTimeWindow(0, 0);
    } else {
        m_logFilter->setTimeWindow(m_latestMs - span, std::numeric_limits<qint64>::max());
    }
    updateCounts();
}

const pb::Event *LogsPage::selectedEvent() const
{
    const QModelIndexList rows = m_eventView->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return nullptr;
    const QModelIndex source = m_eventFilter->mapToSource(rows.constFirst());
    return source.isValid() ? &m_events->event(source.row()) : nullptr;
}

void LogsPage::eventSelected()
{
    const pb::Event *selected = selectedEvent();
    const bool refused = !m_roleRefusal.isEmpty();
    if (!selected) {
        m_ack->setEnabled(false);
        m_resolve->setEnabled(false);
        m_chart->setEnabled(false);
        m_details->clear();
        m_eventChart->setVisible(false);
        ++m_chartGeneration;
        m_chartedKey.clear();
        return;
    }
    const pb::Event e = *selected; // the filters below may move rows
    m_ack->setEnabled(!refused && !e.acknowledged());
    m_resolve->setEnabled(!refused && !e.resolved());
    m_chart->setEnabled(e.gpu() >= 0 && !e.node().empty());
    m_details->setText(eventDetailsText(e));
    chartEvent(e);
    // The related lines: where it happened, around when.
    const int node = m_node->findData(QString::fromStdString(e.node()));
    m_node->setCurrentIndex(node >= 0 ? node : 0);
    const int gpu = m_gpu->findData(e.gpu());
    m_gpu->setCurrentIndex(gpu >= 0 ? gpu : 0);
    const TimeWindow w = relatedWindow(e, kContextMs, m_latestMs);
    {
        const QSignalBlocker quiet(m_period); // the anomaly's window replaces a chosen period
        m_period->setCurrentIndex(0);
    }
    m_logFilter->setTimeWindow(w.startMs, w.endMs);
    const QString format = QStringLiteral("HH:mm:ss");
    m_windowChip->setText(tr("%1 – %2 ✕")
                              .arg(QDateTime::fromMSecsSinceEpoch(w.startMs).toString(format),
                                   QDateTime::fromMSecsSinceEpoch(w.endMs).toString(format)));
    m_windowChip->setToolTip(tr("Only lines from two minutes before the anomaly to two minutes after it; click "
                                "to show all times"));
    m_windowChip->setVisible(true);
    updateCounts();
}

void LogsPage::chartEvent(const pb::Event &e)
{
    // Any event's change (a new one, an acknowledgement) reselects; the chart is asked for again
    // only when the selected anomaly's window could have moved.
    const QString key = QStringLiteral("%1/%2/%3").arg(e.id()).arg(e.end_ms()).arg(e.ongoing() ? m_latestMs : 0);
    if (key == m_chartedKey && m_eventChart->isVisible())
        return;
    m_chartedKey = key;
    const GpuChartMetric *metric = anomalyChartMetric(e);
    const int generation = ++m_chartGeneration;
    if (!metric) {
        m_eventChart->setVisible(false);
        return;
    }
    const TimeWindow w = relatedWindow(e, kContextMs, m_latestMs);
    const QString node = QString::fromStdString(e.node());
    m_eventChart->setTitle(tr("%1 · %2 GPU %3").arg(metric->title, node).arg(e.gpu()));
    m_eventChart->setUnit(metric->unit);
    m_eventChart->setValueRange(metric->min, metric->max);
    m_eventChart->setTimeRange(w.startMs, w.endMs);
    QVector<ChartMarker> markers{{e.time_ms(), QString::fromStdString(e.kind()), QColor(0xc6, 0x28, 0x28)}};
    if (e.end_ms() > e.time_ms())
        markers.append({e.end_ms(), tr("ended"), QColor(0xc6, 0x28, 0x28)});
    m_eventChart->setMarkers(markers);
    m_eventChart->setVisible(true);
    const double scale = metric->scale;
    onReply(m_engine.queryRange(gpuChartQuery(metric->metric, w.startMs, w.endMs, m_eventChart->plotWidth(), node,
                                              e.gpu())),
            this, [this, generation, scale](const Result<pb::QueryRangeResponse> &r) {
                if (generation != m_chartGeneration)
                    return; // another anomaly is selected by now
                if (!r) {
                    m_eventChart->setPoints({});
                    m_eventChart->setEmptyText(tr("No chart: %1").arg(sn::errorText(r.error())));
                    return;
                }
                m_eventChart->setEmptyText(tr("No samples around this time"));
                m_eventChart->setPoints(r->series_size() > 0 ? seriesPoints(r->series(0), scale) : QList<QPointF>{});
            });
}

void LogsPage::filterToTemplate(const QString &id, const QString &text)
{
    m_logFilter->setTemplate(id);
    m_templateChip->setVisible(!id.isEmpty());
    m_templateChip->setText(tr("Template %1 ✕").arg(id));
    m_templateChip->setToolTip(text.isEmpty() ? tr("Click to show every template")
                                              : tr("%1\nClick to show every template").arg(text));
    updateCounts();
}

void LogsPage::setRole(pb::Role role)
{
    m_roleRefusal = roleRefusal(role, pb::ROLE_OPERATOR, tr("acknowledge or resolve anomalies"));
    m_ack->setToolTip(m_roleRefusal.isEmpty() ? tr("Mark the selected anomaly as seen; it stays in the list")
                                              : m_roleRefusal);
    m_resolve->setToolTip(m_roleRefusal.isEmpty()
                              ? tr("Close the selected anomaly: it was dealt with (acknowledges it too)")
                              : m_roleRefusal);
    eventSelected();
}

void LogsPage::acknowledgeSelected()
{
    const pb::Event *e = selectedEvent();
    if (!e)
        return;
    m_ack->setEnabled(false);
    onReply(m_engine.ackEvent(e->id(), userName().toStdString()), this,
            [this](const Result<pb::Event> &r) { answerEventChange(r, tr("Not acknowledged: %1")); });
}

void LogsPage::resolveSelected()
{
    const pb::Event *e = selectedEvent();
    if (!e)
        return;
    m_ack->setEnabled(false);
    m_resolve->setEnabled(false);
    onReply(m_engine.resolveEvent(e->id(), userName().toStdString()), this,
            [this](const Result<pb::Event> &r) { answerEventChange(r, tr("Not resolved: %1")); });
}

void LogsPage::answerEventChange(const Result<pb::Event> &r, const QString &what)
{
    if (!r) {
        const QString message = sn::errorText(r.error());
        if (r.error().code == ErrorCode::PermissionDenied) {
            // A viewer over remote: the engine will refuse every change, so stop offering them.
            m_roleRefusal = message;
            for (QPushButton *b : {m_ack, m_resolve})
                b->setToolTip(tr("Your role may not change events: %1").arg(message));
        }
        m_eventCount->setText(what.arg(message));
        eventSelected();
        return;
    }
    m_events->upsert({*r});
    updateCounts();
}

void LogsPage::updateCounts()
{
    m_eventCount->setText(m_events->rowCount() == 0
                              ? tr("No events yet — nothing needs attention")
                              : tr("%1 open · %2 shown").arg(m_events->openCount()).arg(m_eventFilter->rowCount()));
    m_logCount->setText(m_waiting.isEmpty() || !m_pause->isChecked()
                            ? tr("%1 of %2 lines").arg(m_logFilter->rowCount()).arg(m_logs->rowCount())
                            : tr("%1 of %2 lines · %3 waiting")
                                  .arg(m_logFilter->rowCount())
                                  .arg(m_logs->rowCount())
                                  .arg(m_waiting.size()));
}

} // namespace sn
