#pragma once
// The Jobs page: the queue as a sortable, filterable table (JobTableModel through
// JobFilterModel), refreshed from ListJobs once a second while the page is shown, the selected
// job's details (job_details.h) with its newest log lines, and the actions the user's role
// allows: "Submit job…" (the job submitter with its planner panel), Cancel (asks first),
// "Resubmit…" (the submitter filled in with the job's spec) and its GPUs' charts.

#include "backend/api/engine_api.h"

#include <QVector>
#include <QWidget>

#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTextBrowser;
class QTimer;

namespace sn {

class JobFilterModel;
class JobSubmitDialog;
class JobTableModel;

class JobsPage : public QWidget {
    Q_OBJECT
public:
    explicit JobsPage(EngineApi &engine, QWidget *parent = nullptr);

    JobTableModel *model() const { return m_model; }
    JobFilterModel *filterModel() const { return m_filter; }
    QTableView *table() const { return m_table; }
    QPushButton *submitButton() const { return m_submit; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *resubmitButton() const { return m_resubmit; }
    QPushButton *requeueButton() const { return m_requeue; }
    QPushButton *chartsButton() const { return m_charts; }
    QPushButton *topologyButton() const { return m_onTopology; }
    QString statusText() const; // the queue's counts, or why it cannot be listed
    QString noticeText() const; // what the last action (submit, cancel) came to, kept until the next
    QString detailsText() const; // the details panel, as plain text
    // The dialog "Submit job…" opens (non-modal, so the queue keeps updating); null when closed.
    JobSubmitDialog *openSubmitDialog();
    // "Resubmit…": the submitter filled in with the selected job's spec.
    JobSubmitDialog *openResubmitDialog();
    // The user's role on the engine (WhoAmI): a viewer's submit, cancel and resubmit are off,
    // saying why.
    void setRole(pb::Role role);
    // Selects a job by id (the filters permitting); false when it is not shown.
    bool selectJob(const QString &id);
    QString selectedJobId() const { return m_selectedId; }
    // Asked before cancelling or requeueing; default: a question box. Tests answer it themselves.
    void setConfirmation(std::function<bool(const QString &)> confirm) { m_confirm = std::move(confirm); }

public slots:
    void refresh();
    void cancelSelected();
    void requeueSelected(); // a running job back to the queue under its id, asked first

signals:
    void refreshed();
    void detailsShown(); // the details panel was drawn again (a new job, new state or new lines)
    void cancelAnswered(bool ok);
    void requeueAnswered(bool ok);
    // A job on several GPUs: their small multiples on the GPUs page over the job's run (live
    // while it runs, endMs 0).
    void showJobGpuCharts(const QString &jobId, const QStringList &gpuIds, qint64 startMs, qint64 endMs);
    // The selected job's GPUs on the Topology page.
    void showOnTopology(const supernode::v1::Job &job);
    // The selected job's GPU's charts: over the job's run when it ended (endMs > 0), live otherwise.
    void showGpuCharts(const QString &node, int gpu, qint64 startMs, qint64 endMs);

protected:
    // Polling only while the page is on screen.
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    QWidget *buildFilterBar();
    QWidget *buildDetailsPanel();
    void selectionChanged();
    void updateActions();
    void updateQueues();
    void fetchLogs();
    void drawDetails();
    void setNotice(const QString &text, bool error);
    const pb::Job *selectedJob() const;

    EngineApi &m_engine;
    JobTableModel *m_model = nullptr;
    JobFilterModel *m_filter = nullptr;
    QTableView *m_table = nullptr;
    QLineEdit *m_text = nullptr;
    QComboBox *m_state = nullptr, *m_queue = nullptr;
    QPushButton *m_submit = nullptr, *m_cancel = nullptr, *m_requeue = nullptr, *m_resubmit = nullptr,
                *m_charts = nullptr, *m_onTopology = nullptr;
    QLabel *m_status = nullptr, *m_notice = nullptr;
    QTextBrowser *m_details = nullptr;
    QTimer *m_timer = nullptr;
    pb::Role m_role = pb::ROLE_UNSPECIFIED;
    std::function<bool(const QString &)> m_confirm;
    bool m_inFlight = false;
    bool m_again = false; // a refresh was asked for while one was in flight
    QString m_selectedId;
    QVector<pb::LogLine> m_logs;
    QString m_logsError;
    bool m_logsInFlight = false;
    int m_logsGeneration = 0;
};

} // namespace sn
