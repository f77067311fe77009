#include "ui/reports_page.h"
#include "translations/engine_message.h"

#include "ui/offline_copy.h"
#include "ui/reply_guard.h"
#include "ui/report_export.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QTextBrowser>
#include <QTimeZone>
#include <QVBoxLayout>

#include <set>

namespace sn {

namespace {

struct SectionName {
    const char *key;
    const char *title;
};

// The report's sections in order (backend/report/report_builder.cpp).
const SectionName kSections[] = {
    {"kpis", QT_TRANSLATE_NOOP("sn::ReportsPage", "Summary")},
    {"utilization", QT_TRANSLATE_NOOP("sn::ReportsPage", "Utilization by queue, user, class")},
    {"nodes", QT_TRANSLATE_NOOP("sn::ReportsPage", "Nodes")},
    {"gpus", QT_TRANSLATE_NOOP("sn::ReportsPage", "GPUs")},
    {"thermal", QT_TRANSLATE_NOOP("sn::ReportsPage", "Thermal and power")},
    {"anomalies", QT_TRANSLATE_NOOP("sn::ReportsPage", "Anomalies")},
    {"logs", QT_TRANSLATE_NOOP("sn::ReportsPage", "Log templates")},
    {"jobs", QT_TRANSLATE_NOOP("sn::ReportsPage", "Jobs")},
    {"topology", QT_TRANSLATE_NOOP("sn::ReportsPage", "Topology")},
    {"recommendations", QT_TRANSLATE_NOOP("sn::ReportsPage", "Recommendations")},
};

QDateTimeEdit *utcEdit()
{
    auto *edit = new QDateTimeEdit;
    edit->setTimeSpec(Qt::UTC); // the report prints UTC
    edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
    edit->setCalendarPopup(true);
    return edit;
}

} // namespace

ReportsPage::ReportsPage(EngineApi &engine, QWidget *parent)
    : QWidget(parent), m_engine(engine), m_export(new ReportExport(engine, this))
{
    m_from = utcEdit();
    m_to = utcEdit();
    m_source = new QComboBox;
    m_source->setObjectName(QStringLiteral("source"));
    m_source->addItem(tr("Live cluster"), QString());
    m_source->setToolTip(tr("The local copy is what this console saved of the cluster, for reports while the engine "
                            "is out of reach."));
    m_scope = new QComboBox;
    m_scope->addItem(tr("Whole cluster"), QStringLiteral("cluster"));
    m_scope->addItem(tr("One job"), QStringLiteral("job:"));
    m_jobId = new QLineEdit;
    m_jobId->setObjectName(QStringLiteral("jobId"));
    m_jobId->setPlaceholderText(tr("job ID"));
    m_jobId->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z0-9._-]{1,64}")), m_jobId));
    m_jobId->setMaximumWidth(140);
    m_jobId->setVisible(false);
    connect(m_scope, &QComboBox::currentIndexChanged, this,
            [this] { m_jobId->setVisible(m_scope->currentData().toString() == QLatin1String("job:")); });
    m_format = new QComboBox;
    m_format->addItem(QStringLiteral("PDF"), QStringLiteral("pdf"));
    m_format->addItem(QStringLiteral("HTML"), QStringLiteral("html"));
    m_format->addItem(tr("CSV (a folder of tables)"), QStringLiteral("csv"));

    auto *pickers = new QFormLayout;
    auto *range = new QHBoxLayout;
    range->addWidget(m_from);
    range->addWidget(new QLabel(tr("to")));
    range->addWidget(m_to);
    range->addStretch();
    pickers->addRow(tr("Source"), m_source);
    pickers->addRow(tr("Range"), range);
    auto *scopeRow = new QHBoxLayout;
    scopeRow->addWidget(m_scope, 1);
    scopeRow->addWidget(m_jobId);
    pickers->addRow(tr("Scope"), scopeRow);
    auto *toggles = new QGridLayout;
    int i = 0;
    for (const SectionName &s : kSections) {
        auto *box = new QCheckBox(tr(s.title));
        box->setChecked(true);
        box->setObjectName(QStringLiteral("section-") + QLatin1String(s.key));
        toggles->addWidget(box, i / 5, i % 5);
        m_sections.emplace_back(QLatin1String(s.key), box);
        ++i;
    }
    pickers->addRow(tr("Sections"), toggles);

    m_previewButton = new QPushButton(tr("Preview"));
    m_exportButton = new QPushButton(tr("Export…"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_status = new QLabel;
    m_status->setWordWrap(true);
    auto *actions = new QHBoxLayout;
    actions->addWidget(new QLabel(tr("Format")));
    actions->addWidget(m_format);
    actions->addWidget(m_previewButton);
    actions->addWidget(m_exportButton);
    actions->addWidget(m_cancel);
    actions->addWidget(m_progress, 1);

    m_preview = new QTextBrowser;
    m_preview->setOpenLinks(false);
    m_preview->setPlaceholderText(tr("Preview the report to see its tables here; the exported PDF and HTML also "
                                     "have the charts."));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(pickers);
    layout->addLayout(actions);
    layout->addWidget(m_status);
    layout->addWidget(m_preview, 1);

    connect(m_source, &QComboBox::currentIndexChanged, this, &ReportsPage::sourceChosen);
    connect(m_previewButton, &QPushButton::clicked, this, &ReportsPage::preview);
    connect(m_exportButton, &QPushButton::clicked, this, &ReportsPage::chooseFileAndExport);
    connect(m_cancel, &QPushButton::clicked, this, &ReportsPage::cancel);
    connect(m_export, &ReportExport::progress, m_progress, &QProgressBar::setValue);
    connect(m_export, &ReportExport::finished, this, [this](bool ok, const QString &message, const QString &html) {
        m_cancel->setEnabled(false);
        m_previewButton->setEnabled(true);
        m_exportButton->setEnabled(true);
        if (!html.isEmpty())
            m_preview->setHtml(html);
        m_status->setText(ok ? (message.isEmpty() ? tr("Preview ready.") : tr("Written to %1").arg(message))
                             : tr("Export failed: %1").arg(message));
        if (!ok)
            m_progress->setValue(0);
        emit exportFinished(ok, message);
    });
}

void ReportsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_loaded)
        loadEngineState();
    m_loaded = true;
}

void ReportsPage::loadEngineState()
{
    onReply(m_engine.getSummary(), this, [this](const Result<pb::ClusterSummary> &s) {
        if (!s) {
            m_status->setText(tr("Cannot read the engine's clock: %1").arg(sn::errorText(s.error())));
            return;
        }
        // Whole minutes, so that the store answers from its rollups rather than raw samples.
        const std::int64_t now = s->time_ms() / 60000 * 60000;
        setRange(now - 24LL * 3600 * 1000, now);
    });
    onReply(m_engine.getCluster(), this, [this](const Result<pb::Cluster> &c) {
        if (!c)
            return;
        for (const pb::Node &n : c->nodes())
            m_scope->addItem(tr("Node %1").arg(QString::fromStdString(n.name())),
                             QStringLiteral("node:") + QString::fromStdString(n.name()));
    });
    pb::ListJobsRequest request;
    request.set_limit(2000);
    onReply(m_engine.listJobs(request), this, [this](const Result<pb::ListJobsResponse> &jobs) {
        if (!jobs)
            return;
        std::set<std::string> queues;
        for (const pb::Job &j : jobs->jobs())
            if (!j.spec().queue().empty())
                queues.insert(j.spec().queue());
        for (const std::string &q : queues)
            m_scope->addItem(tr("Queue %1").arg(QString::fromStdString(q)),
                             QStringLiteral("queue:") + QString::fromStdString(q));
    });
}

std::int64_t ReportsPage::fromMs() const
{
    return m_from->dateTime().toMSecsSinceEpoch();
}

std::int64_t ReportsPage::toMs() const
{
    return m_to->dateTime().toMSecsSinceEpoch();
}

void ReportsPage::setRange(std::int64_t fromMs, std::int64_t toMs)
{
    m_from->setDateTime(QDateTime::fromMSecsSinceEpoch(fromMs, Qt::UTC));
    m_to->setDateTime(QDateTime::fromMSecsSinceEpoch(toMs, Qt::UTC));
}

QString ReportsPage::scope() const
{
    const QString scope = m_scope->currentData().toString();
    return scope == QLatin1String("job:") ? scope + m_jobId->text() : scope;
}

void ReportsPage::setJobScope(const QString &id)
{
    m_scope->setCurrentIndex(m_scope->findData(QStringLiteral("job:")));
    m_jobId->setText(id);
}

std::vector<std::string> ReportsPage::sections() const
{
    std::vector<std::string> keys;
    for (const auto &[key, box] : m_sections)
        if (box->isChecked())
            keys.push_back(key.toStdString());
    return keys;
}

void ReportsPage::setSectionEnabled(const QString &key, bool on)
{
    for (const auto &[k, box] : m_sections)
        if (k == key)
            box->setChecked(on);
}

void ReportsPage::setOfflineCopy(OfflineCopy *copy)
{
    connect(copy, &OfflineCopy::saved, this, &ReportsPage::setLocalCopy);
    connect(copy, &OfflineCopy::engineConnectionChanged, this, &ReportsPage::setEngineConnected);
    if (!copy->path().isEmpty())
        setLocalCopy(copy->path(), copy->savedAtMs(), copy->fromMs(), copy->toMs());
    setEngineConnected(copy->engineConnected());
}

void ReportsPage::setLocalCopy(const QString &path, std::int64_t savedAtMs, std::int64_t fromMs, std::int64_t toMs)
{
    const auto utc = [](std::int64_t ms) {
        return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    };
    const QString label = tr("Local copy (saved %1 UTC, %2 to %3)").arg(utc(savedAtMs), utc(fromMs), utc(toMs));
    m_copyFromMs = fromMs;
    m_copyToMs = toMs;
    if (m_source->count() < 2) {
        m_source->addItem(label, path);
    } else {
        m_source->setItemText(1, label);
        m_source->setItemData(1, path);
        if (usingLocalCopy())
            sourceChosen(); // the new copy's range
    }
    if (!m_engineConnected && !usingLocalCopy())
        setEngineConnected(false);
}

bool ReportsPage::useLocalCopy(bool on)
{
    if (on && m_source->count() < 2)
        return false;
    m_source->setCurrentIndex(on ? 1 : 0);
    return true;
}

bool ReportsPage::usingLocalCopy() const
{
    return m_source->currentIndex() == 1;
}

void ReportsPage::setEngineConnected(bool connected)
{
    m_engineConnected = connected;
    if (connected) {
        if (usingLocalCopy())
            m_status->setText(tr("The engine is connected again; choose Live cluster for its current data."));
        return;
    }
    if (useLocalCopy(true))
        m_status->setText(tr("The engine is disconnected: reports are made from the local copy."));
    else
        m_status->setText(tr("The engine is disconnected and there is no local copy yet."));
}

void ReportsPage::sourceChosen()
{
    if (usingLocalCopy()) {
        if (!m_showingCopy) { // back to this range when the live cluster is chosen again
            m_liveFromMs = fromMs();
            m_liveToMs = toMs();
        }
        m_showingCopy = true;
        const QDateTime from = QDateTime::fromMSecsSinceEpoch(m_copyFromMs, Qt::UTC);
        const QDateTime to = QDateTime::fromMSecsSinceEpoch(m_copyToMs, Qt::UTC);
        m_from->setDateTimeRange(from, to);
        m_to->setDateTimeRange(from, to);
        setRange(m_copyFromMs, m_copyToMs);
        return;
    }
    m_showingCopy = false;
    m_from->clearMinimumDateTime();
    m_from->clearMaximumDateTime();
    m_to->clearMinimumDateTime();
    m_to->clearMaximumDateTime();
    if (m_liveToMs > m_liveFromMs)
        setRange(m_liveFromMs, m_liveToMs);
}

bool ReportsPage::preview()
{
    return run({}, {});
}

bool ReportsPage::exportTo(const QString &format, const QString &path)
{
    return run(format, path);
}

void ReportsPage::cancel()
{
    m_export->cancel();
    m_status->setText(tr("Cancelling…"));
}

bool ReportsPage::run(const QString &format, const QString &path)
{
    const auto keys = sections();
    if (keys.empty()) {
        m_status->setText(tr("Choose at least one section."));
        return false;
    }
    if (scope() == QLatin1String("job:")) {
        m_status->setText(tr("Enter the job's ID for the One job scope."));
        m_jobId->setFocus();
        return false;
    }
    ReportExport::Request request;
    request.startMs = fromMs();
    request.endMs = toMs();
    request.scope = scope().toStdString();
    request.sections = keys;
    request.format = format;
    request.path = path;
    request.snapshotPath = m_source->currentData().toString();
    if (!m_export->start(request))
        return false;
    m_progress->setValue(0);
    m_cancel->setEnabled(true);
    m_previewButton->setEnabled(false);
    m_exportButton->setEnabled(false);
    m_status->setText(format.isEmpty() ? tr("Building the preview…") : tr("Exporting…"));
    return true;
}

void ReportsPage::chooseFileAndExport()
{
    const QString format = m_format->currentData().toString();
    const QString path =
        format == QLatin1String("csv")
            ? QFileDialog::getExistingDirectory(this, tr("Folder for the CSV tables"))
            : QFileDialog::getSaveFileName(this, tr("Export report"), QStringLiteral("report.") + format,
                                           format == QLatin1String("pdf") ? tr("PDF (*.pdf)") : tr("HTML (*.html)"));
    if (!path.isEmpty())
        exportTo(format, path);
}

} // namespace sn
