#include "ui/jobs_page.h"
#include "translations/engine_message.h"

#include "ui/job_details.h"
#include "ui/job_filter_model.h"
#include "ui/job_submit_dialog.h"
#include "ui/job_table_model.h"
#include "ui/reply_guard.h"
#include "ui/role_gate.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSet>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace sn {

namespace {
constexpr int kLogLines = 15; // the details panel's newest lines of the job
}

JobsPage::JobsPage(EngineApi &engine, QWidget *parent) : QWidget(parent), m_engine(engine)
{
    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    auto *title = new QLabel(tr("<b>Job queue</b>"), this);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("jobsStatus"));
    m_notice = new QLabel(this);
    m_notice->setObjectName(QStringLiteral("jobsNotice"));
    m_notice->setWordWrap(true);
    m_submit = new QPushButton(tr("Submit job…"), this);
    m_submit->setObjectName(QStringLiteral("submitJob"));
    bar->addWidget(title);
    bar->addWidget(m_status);
    bar->addWidget(m_notice, 1);
    bar->addWidget(m_submit);
    layout->addLayout(bar);
    m_model = new JobTableModel(this);
    m_filter = new JobFilterModel(this);
    m_filter->setSourceModel(m_model);
    layout->addWidget(buildFilterBar());

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("jobTable"));
    m_table->setModel(m_filter);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(JobTableModel::Id, Qt::DescendingOrder); // newest first
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_table);
    split->addWidget(buildDetailsPanel());
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    m_confirm = [this](const QString &question) {
        return QMessageBox::question(this, tr("Cancel job"), question) == QMessageBox::Yes;
    };
    connect(m_submit, &QPushButton::clicked, this, [this] { openSubmitDialog(); });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &JobsPage::selectionChanged);
    auto *cancelKey = new QAction(this);
    cancelKey->setShortcut(QKeySequence::Delete);
    cancelKey->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(cancelKey);
    connect(cancelKey, &QAction::triggered, this, [this] {
        if (m_cancel->isEnabled())
            cancelSelected();
    });
    setRole(pb::ROLE_UNSPECIFIED);
    m_timer = new QTimer(this);
    m_timer->setInterval(1000);
    connect(m_timer, &QTimer::timeout, this, &JobsPage::refresh);
}

QWidget *JobsPage::buildFilterBar()
{
    auto *box = new QWidget(this);
    auto *row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    m_text = new QLineEdit(box);
    m_text->setObjectName(QStringLiteral("jobFilterText"));
    m_text->setPlaceholderText(tr("Filter: ID, name, user, command or node"));
    m_text->setClearButtonEnabled(true);
    m_state = new QComboBox(box);
    m_state->setObjectName(QStringLiteral("jobFilterState"));
    m_state->addItem(tr("All states"), int(JobFilterModel::AllStates));
    m_state->addItem(tr("Pending or running"), int(JobFilterModel::Active));
    m_state->addItem(tr("Pending"), int(JobFilterModel::Pending));
    m_state->addItem(tr("Running"), int(JobFilterModel::Running));
    m_state->addItem(tr("Ended"), int(JobFilterModel::Finished));
    m_queue = new QComboBox(box);
    m_queue->setObjectName(QStringLiteral("jobFilterQueue"));
    m_queue->addItem(tr("All queues"), QString());
    m_queue->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    row->addWidget(m_text, 1);
    row->addWidget(m_state);
    row->addWidget(m_queue);
    connect(m_text, &QLineEdit::textChanged, m_filter, [this](const QString &t) { m_filter->setText(t); });
    connect(m_state, &QComboBox::currentIndexChanged, this, [this] {
        m_filter->setStateFilter(JobFilterModel::StateFilter(m_state->currentData().toInt()));
    });
    connect(m_queue, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setQueue(m_queue->currentData().toString()); });
    return box;
}

QWidget *JobsPage::buildDetailsPanel()
{
    auto *panel = new QWidget(this);
    auto *column = new QVBoxLayout(panel);
    column->setContentsMargins(0, 0, 0, 0);
    auto *actions = new QHBoxLayout;
    m_cancel = new QPushButton(tr("Cancel job"), panel);
    m_cancel->setObjectName(QStringLiteral("cancelJob"));
    m_requeue = new QPushButton(tr("Requeue"), panel);
    m_requeue->setObjectName(QStringLiteral("requeueJob"));
    m_resubmit = new QPushButton(tr("Resubmit…"), panel);
    m_resubmit->setObjectName(QStringLiteral("resubmitJob"));
    m_onTopology = new QPushButton(tr("On topology"), panel);
    m_onTopology->setObjectName(QStringLiteral("jobTopology"));
    m_charts = new QPushButton(tr("GPU charts"), panel);
    m_charts->setObjectName(QStringLiteral("jobCharts"));
    actions->addWidget(m_cancel);
    actions->addWidget(m_requeue);
    actions->addWidget(m_resubmit);
    actions->addWidget(m_onTopology);
    actions->addWidget(m_charts);
    actions->addStretch(1);
    column->addLayout(actions);
    m_details = new QTextBrowser(panel);
    m_details->setObjectName(QStringLiteral("jobDetails"));
    m_details->setOpenLinks(false);
    column->addWidget(m_details, 1);
    connect(m_cancel, &QPushButton::clicked, this, &JobsPage::cancelSelected);
    connect(m_requeue, &QPushButton::clicked, this, &JobsPage::requeueSelected);
    connect(m_resubmit, &QPushButton::clicked, this, [this] { openResubmitDialog(); });
    connect(m_onTopology, &QPushButton::clicked, this, [this] {
        if (const pb::Job *j = selectedJob(); j && j->gpus_size() > 0)
            emit showOnTopology(*j);
    });
    connect(m_charts, &QPushButton::clicked, this, [this] {
        const pb::Job *j = selectedJob();
        if (!j || j->gpus_size() == 0)
            return;
        if (j->gpus_size() == 1) { // one GPU: all its metrics
            emit showGpuCharts(QString::fromStdString(j->gpus(0).node()), j->gpus(0).gpu(), j->start_time_ms(),
                               j->end_time_ms());
            return;
        }
        QStringList ids; // several: one chart each, side by side
        for (const pb::GpuRef &g : j->gpus())
            ids << QString::fromStdString(g.node()) + QStringLiteral("/gpu") + QString::number(g.gpu());
        emit showJobGpuCharts(m_selectedId, ids, j->start_time_ms(), j->end_time_ms());
    });
    drawDetails();
    return panel;
}

void JobsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
    m_timer->start();
}

void JobsPage::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_timer->stop();
}

QString JobsPage::statusText() const
{
    return m_status->text();
}

QString JobsPage::noticeText() const
{
    return m_notice->text();
}

void JobsPage::setNotice(const QString &text, bool error)
{
    m_notice->setText(text);
    m_notice->setStyleSheet(error ? QStringLiteral("color:#c62828") : QString());
}

QString JobsPage::detailsText() const
{
    return m_details->toPlainText();
}

void JobsPage::setRole(pb::Role role)
{
    m_role = role;
    updateActions();
}

const pb::Job *JobsPage::selectedJob() const
{
    return m_selectedId.isEmpty() ? nullptr : m_model->job(m_model->rowOf(m_selectedId));
}

void JobsPage::updateActions()
{
    const QString submitRefusal = roleRefusal(m_role, pb::ROLE_OPERATOR, tr("submit jobs"));
    m_submit->setEnabled(submitRefusal.isEmpty());
    m_submit->setToolTip(submitRefusal.isEmpty() ? tr("Open the job submitter: a spec, its plan and what the backend "
                                                      "would be sent")
                                                 : submitRefusal);
    const pb::Job *j = selectedJob();
    const QString cancelRefusal = roleRefusal(m_role, pb::ROLE_OPERATOR, tr("cancel jobs"));
    m_cancel->setEnabled(j && JobTableModel::isActive(j->state()) && cancelRefusal.isEmpty());
    m_cancel->setToolTip(!cancelRefusal.isEmpty() ? cancelRefusal
                         : !j                     ? tr("Select a job to cancel it.")
                         : !JobTableModel::isActive(j->state())
                             ? tr("The job has ended.")
                             : tr("Stop the job and release its GPUs (Delete)"));
    const bool running = j && j->state() == pb::JOB_STATE_RUNNING;
    m_requeue->setEnabled(running && cancelRefusal.isEmpty());
    m_requeue->setToolTip(!cancelRefusal.isEmpty() ? roleRefusal(m_role, pb::ROLE_OPERATOR, tr("requeue jobs"))
                          : !j                     ? tr("Select a running job to requeue it.")
                          : !running ? tr("Only a running job can be requeued; an ended one can be resubmitted.")
                                     : tr("Stop the job and put it back in the queue under the same id; it restarts "
                                          "from its last checkpoint"));
    m_resubmit->setEnabled(j && submitRefusal.isEmpty());
    m_resubmit->setToolTip(!submitRefusal.isEmpty() ? submitRefusal
                           : !j ? tr("Select a job to submit it again.")
                                : tr("Open the submitter filled in with this job's spec, to submit it again as it "
                                     "was or changed"));
    m_onTopology->setEnabled(j && j->gpus_size() > 0);
    m_onTopology->setToolTip(j && j->gpus_size() > 0 ? tr("Its GPUs highlighted on the Topology page")
                                                     : tr("The job holds no GPUs."));
    m_charts->setEnabled(j && j->gpus_size() > 0);
    m_charts->setToolTip(!j || j->gpus_size() == 0 ? tr("The job holds no GPUs.")
                         : j->gpus_size() == 1  ? tr("Its GPU's charts over the job's run")
                                                : tr("Its GPUs' charts side by side over the job's run"));
}

JobSubmitDialog *JobsPage::openSubmitDialog()
{
    auto *dialog = new JobSubmitDialog(m_engine, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &JobSubmitDialog::submitted, this, [this](const pb::Job &job) {
        setNotice(tr("Submitted job %1.").arg(QString::fromStdString(job.id())), false);
        refresh();
    });
    dialog->show();
    return dialog;
}

JobSubmitDialog *JobsPage::openResubmitDialog()
{
    const pb::Job *j = selectedJob();
    if (!j)
        return nullptr;
    const pb::JobSpec spec = j->spec();
    JobSubmitDialog *dialog = openSubmitDialog();
    dialog->setSpec(spec);
    dialog->setWindowTitle(tr("Resubmit job %1").arg(m_selectedId));
    return dialog;
}

bool JobsPage::selectJob(const QString &id)
{
    const QModelIndex index = m_filter->mapFromSource(m_model->index(m_model->rowOf(id), 0));
    if (!index.isValid())
        return false;
    m_table->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
    return true;
}

void JobsPage::selectionChanged()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const QString id = rows.isEmpty() ? QString() : rows.first().data(JobTableModel::JobIdRole).toString();
    if (id == m_selectedId)
        return;
    m_selectedId = id;
    m_logs.clear();
    m_logsError.clear();
    ++m_logsGeneration; // an answer for the job selected before is dropped
    m_logsInFlight = false;
    updateActions();
    drawDetails();
    fetchLogs();
}

void JobsPage::fetchLogs()
{
    if (m_selectedId.isEmpty() || m_logsInFlight)
        return;
    m_logsInFlight = true;
    pb::LogQueryRequest request;
    request.set_job_id(m_selectedId.toStdString());
    request.set_limit(kLogLines);
    const int generation = m_logsGeneration;
    onReply(m_engine.queryLogs(request), this, [this, generation](const Result<pb::LogQueryResponse> &lines) {
        if (generation != m_logsGeneration)
            return;
        m_logsInFlight = false;
        m_logs.clear();
        m_logsError = lines.ok() ? QString() : sn::errorText(lines.error());
        if (lines.ok())
            m_logs = QVector<pb::LogLine>(lines->lines().begin(), lines->lines().end());
        drawDetails();
    });
}

void JobsPage::drawDetails()
{
    const pb::Job *j = selectedJob();
    if (!j) {
        m_details->setHtml(QStringLiteral("<p>%1</p>").arg(
            m_selectedId.isEmpty() ? tr("Select a job to see its timeline, placement and logs.")
                                   : tr("Job %1 is no longer in the queue.").arg(m_selectedId.toHtmlEscaped())));
    } else {
        const int scroll = m_details->verticalScrollBar()->value(); // a refresh must not jump to the top
        m_details->setHtml(jobDetailsHtml(*j, m_model->nowMs(), m_logs, m_logsError));
        m_details->verticalScrollBar()->setValue(scroll);
    }
    emit detailsShown();
}

void JobsPage::updateQueues()
{
    QSet<QString> seen;
    for (int row = 0; row < m_model->rowCount(); ++row)
        if (const pb::Job *j = m_model->job(row); !j->spec().queue().empty())
            seen.insert(QString::fromStdString(j->spec().queue()));
    QStringList queues(seen.begin(), seen.end());
    std::sort(queues.begin(), queues.end());
    QStringList shown;
    for (int i = 1; i < m_queue->count(); ++i)
        shown << m_queue->itemData(i).toString();
    const QString chosen = m_queue->currentData().toString();
    if (!chosen.isEmpty() && !queues.contains(chosen))
        queues.append(chosen); // keep the user's choice while its jobs are gone
    if (queues == shown)
        return;
    const QSignalBlocker quiet(m_queue);
    while (m_queue->count() > 1)
        m_queue->removeItem(1);
    for (const QString &q : queues)
        m_queue->addItem(q, q);
    m_queue->setCurrentIndex(std::max(0, m_queue->findData(chosen)));
}

void JobsPage::cancelSelected()
{
    const pb::Job *j = selectedJob();
    if (!j || !JobTableModel::isActive(j->state()))
        return;
    const QString id = m_selectedId;
    const QString name = QString::fromStdString(j->spec().name());
    const QString question =
        j->state() == pb::JOB_STATE_RUNNING
            ? tr("Cancel job %1 (%2)? It is running on %3; work since its last checkpoint is lost.")
                  .arg(id, name, JobTableModel::placementText(*j))
            : tr("Cancel job %1 (%2)? It has not started yet.").arg(id, name);
    if (m_confirm && !m_confirm(question))
        return;
    m_cancel->setEnabled(false);
    onReply(m_engine.cancelJob(id.toStdString()), this, [this, id](const Result<pb::Job> &job) {
        setNotice(job.ok() ? tr("Cancelled job %1.").arg(id)
                           : tr("Cannot cancel job %1: %2").arg(id, sn::errorText(job.error())),
                  !job.ok());
        emit cancelAnswered(job.ok());
        refresh();
    });
}

void JobsPage::requeueSelected()
{
    const pb::Job *j = selectedJob();
    if (!j || j->state() != pb::JOB_STATE_RUNNING)
        return;
    const QString id = m_selectedId;
    const QString question = tr("Requeue job %1 (%2)? It stops on %3 and waits in the queue again under the same "
                                "id; work since its last checkpoint is lost.")
                                 .arg(id, QString::fromStdString(j->spec().name()), JobTableModel::placementText(*j));
    if (m_confirm && !m_confirm(question))
        return;
    m_requeue->setEnabled(false);
    onReply(m_engine.requeueJob(id.toStdString()), this, [this, id](const Result<pb::Job> &job) {
        setNotice(job.ok() ? tr("Requeued job %1.").arg(id)
                           : tr("Cannot requeue job %1: %2").arg(id, sn::errorText(job.error())),
                  !job.ok());
        emit requeueAnswered(job.ok());
        refresh();
    });
}

void JobsPage::refresh()
{
    if (m_inFlight) { // the engine has not answered the last one yet: ask again when it has,
        m_again = true; // since that answer may predate what the caller just changed
        return;
    }
    m_inFlight = true;
    m_again = false;
    onReply(m_engine.getSummary(), this, [this](const Result<pb::ClusterSummary> &summary) {
        const qint64 now = summary.ok() ? summary->time_ms() : 0;
        onReply(m_engine.listJobs({}), this, [this, now](const Result<pb::ListJobsResponse> &jobs) {
            m_inFlight = false;
            if (!jobs.ok()) {
                m_status->setText(tr("Cannot list jobs: %1").arg(sn::errorText(jobs.error())));
                return;
            }
            const bool first = m_model->rowCount() == 0;
            m_model->setJobs(*jobs, now);
            int running = 0, pending = 0;
            for (const pb::Job &j : jobs->jobs()) {
                running += j.state() == pb::JOB_STATE_RUNNING;
                pending += j.state() == pb::JOB_STATE_PENDING;
            }
            m_status->setText(tr("%1 running, %2 pending").arg(running).arg(pending) +
                              (m_filter->rowCount() < m_model->rowCount()
                                   ? tr(" · %1 of %2 shown").arg(m_filter->rowCount()).arg(m_model->rowCount())
                                   : QString()));
            if (first && m_model->rowCount() > 0)
                m_table->resizeColumnsToContents();
            updateQueues();
            updateActions();
            drawDetails();
            fetchLogs();
            if (m_again) { // only the newer answer counts as the refresh asked for
                QMetaObject::invokeMethod(this, &JobsPage::refresh, Qt::QueuedConnection);
                return;
            }
            emit refreshed();
        });
    });
}

} // namespace sn
