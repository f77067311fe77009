#include "ui/logs_page.h"

#include "ui/event_table_model.h"
#include "ui/log_table_model.h"
#include "ui/natural_compare.h"
#include "ui/reply_guard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

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
    m_eventView->setColumnWidth(EventTableModel::Kind, gap * 7);
    m_eventView->setColumnWidth(EventTableModel::Where, gap * 8);
    m_eventView->setColumnWidth(EventTableModel::Message, gap * 40);
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
    m_eventCount = new QLabel;
    auto *eventBar = new QHBoxLayout;
    auto *sevLabel = new QLabel(tr("&Show:"));
    sevLabel->setBuddy(m_severity);
    eventBar->addWidget(sevLabel);
    eventBar->addWidget(m_severity);
    eventBar->addWidget(m_openOnly);
    eventBar->addStretch(1);
    eventBar->addWidget(m_eventCount);
    eventBar->addWidget(m_ack);
    auto *eventBox = new QGroupBox(tr("Anomalies and events"));
    auto *eventLayout = new QVBoxLayout(eventBox);
    eventLayout->addLayout(eventBar);
    eventLayout->addWidget(m_eventView);

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
    auto *logBar = new QHBoxLayout;
    logBar->addWidget(m_node);
    logBar->addWidget(m_source);
    logBar->addWidget(m_gpu);
    logBar->addWidget(m_job);
    logBar->addWidget(m_text, 1);
    logBar->addWidget(m_pause);
    logBar->addWidget(m_logCount);
    auto *logBox = new QGroupBox(tr("Live log"));
    auto *logLayout = new QVBoxLayout(logBox);
    logLayout->addLayout(logBar);
    logLayout->addWidget(m_logView);

    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(eventBox);
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
    connect(m_eventView->selectionModel(), &QItemSelectionModel::selectionChanged, this, &LogsPage::eventSelected);
    connect(m_events, &QAbstractItemModel::dataChanged, this, &LogsPage::eventSelected);
    for (QComboBox *c : {m_node, m_gpu})
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
            m_logCount->setText(tr("The engine did not answer: %1").arg(QString::fromStdString(r.error().message)));
            return;
        }
        QVector<pb::LogLine> lines;
        const qint64 newest = r->lines_size() > 0 ? r->lines(r->lines_size() - 1).time_ms() : 0;
        for (const pb::LogLine &l : r->lines())
            if (l.time_ms() >= newest - kHistoryMs)
                lines.append(l);
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
    updateCounts();
}

void LogsPage::eventSelected()
{
    const QModelIndexList rows = m_eventView->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        m_ack->setEnabled(false);
        return;
    }
    const QModelIndex source = m_eventFilter->mapToSource(rows.constFirst());
    const pb::Event &e = m_events->event(source.row());
    m_ack->setEnabled(!e.acknowledged());
    // Narrow the log to where it happened.
    const int node = m_node->findData(QString::fromStdString(e.node()));
    m_node->setCurrentIndex(node >= 0 ? node : 0);
    const int gpu = m_gpu->findData(e.gpu());
    m_gpu->setCurrentIndex(gpu >= 0 ? gpu : 0);
}

void LogsPage::acknowledgeSelected()
{
    const QModelIndexList rows = m_eventView->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    const std::uint64_t id = m_events->event(m_eventFilter->mapToSource(rows.constFirst()).row()).id();
    m_ack->setEnabled(false);
    onReply(m_engine.ackEvent(id, userName().toStdString()), this, [this](const Result<pb::Event> &r) {
        if (!r) {
            m_eventCount->setText(tr("Not acknowledged: %1").arg(QString::fromStdString(r.error().message)));
            eventSelected();
            return;
        }
        m_events->upsert({*r});
        updateCounts();
    });
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
