#pragma once
// The Jobs page: the queue as a table (JobTableModel), refreshed from ListJobs once a second
// while the page is shown, and "Submit job…", which opens the job submitter with its planner
// panel.

#include "backend/api/engine_api.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;
class QTimer;

namespace sn {

class JobSubmitDialog;
class JobTableModel;

class JobsPage : public QWidget {
    Q_OBJECT
public:
    explicit JobsPage(EngineApi &engine, QWidget *parent = nullptr);

    JobTableModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QPushButton *submitButton() const { return m_submit; }
    // The dialog "Submit job…" opens (non-modal, so the queue keeps updating); null when closed.
    JobSubmitDialog *openSubmitDialog();
    // The user's role on the engine (WhoAmI): a viewer's "Submit job…" is off, saying why.
    void setRole(pb::Role role);

public slots:
    void refresh();

signals:
    void refreshed();

protected:
    // Polling only while the page is on screen.
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    EngineApi &m_engine;
    JobTableModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QPushButton *m_submit = nullptr;
    QLabel *m_status = nullptr;
    QTimer *m_timer = nullptr;
    bool m_inFlight = false;
};

} // namespace sn
