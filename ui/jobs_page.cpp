#include "ui/jobs_page.h"
#include "translations/engine_message.h"

#include "ui/job_submit_dialog.h"
#include "ui/job_table_model.h"
#include "ui/reply_guard.h"
#include "ui/role_gate.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace sn {

JobsPage::JobsPage(EngineApi &engine, QWidget *parent) : QWidget(parent), m_engine(engine)
{
    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    auto *title = new QLabel(tr("<b>Job queue</b>"), this);
    m_status = new QLabel(this);
    m_submit = new QPushButton(tr("Submit job…"), this);
    m_submit->setObjectName(QStringLiteral("submitJob"));
    bar->addWidget(title);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_submit);
    layout->addLayout(bar);
    m_model = new JobTableModel(this);
    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);
    setRole(pb::ROLE_UNSPECIFIED);
    connect(m_submit, &QPushButton::clicked, this, [this] { openSubmitDialog(); });
    m_timer = new QTimer(this);
    m_timer->setInterval(1000);
    connect(m_timer, &QTimer::timeout, this, &JobsPage::refresh);
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

void JobsPage::setRole(pb::Role role)
{
    const QString refusal = roleRefusal(role, pb::ROLE_OPERATOR, tr("submit jobs"));
    m_submit->setEnabled(refusal.isEmpty());
    m_submit->setToolTip(refusal.isEmpty() ? tr("Open the job submitter: a spec, its plan and what the backend "
                                                "would be sent")
                                           : refusal);
}

JobSubmitDialog *JobsPage::openSubmitDialog()
{
    auto *dialog = new JobSubmitDialog(m_engine, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &JobSubmitDialog::submitted, this, &JobsPage::refresh);
    dialog->show();
    return dialog;
}

void JobsPage::refresh()
{
    if (m_inFlight) // the engine has not answered the last one yet: skip a beat
        return;
    m_inFlight = true;
    onReply(m_engine.getSummary(), this, [this](const Result<pb::ClusterSummary> &summary) {
        const qint64 now = summary.ok() ? summary->time_ms() : 0;
        onReply(m_engine.listJobs({}), this, [this, now](const Result<pb::ListJobsResponse> &jobs) {
            m_inFlight = false;
            if (!jobs.ok()) {
                m_status->setText(tr("Cannot list jobs: %1").arg(sn::errorText(jobs.error())));
                return;
            }
            m_model->setJobs(*jobs, now);
            int running = 0, pending = 0;
            for (const pb::Job &j : jobs->jobs()) {
                running += j.state() == pb::JOB_STATE_RUNNING;
                pending += j.state() == pb::JOB_STATE_PENDING;
            }
            m_status->setText(tr("%1 running, %2 pending").arg(running).arg(pending));
            m_table->resizeColumnsToContents();
            emit refreshed();
        });
    });
}

} // namespace sn
