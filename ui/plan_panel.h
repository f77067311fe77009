#pragma once
// The planner's answer for the job being written: memory per GPU against the GPU's memory (red
// when it will not fit, with the reason and the nearest configuration that fits), the estimated
// step/job time and the communication share. Display only: the submit dialog asks the engine.

#include "backend/api/engine_api.h"

#include <QFrame>

class QLabel;
class QProgressBar;

namespace sn {

class PlanPanel : public QFrame {
    Q_OBJECT
public:
    explicit PlanPanel(QWidget *parent = nullptr);

    void setPlan(const pb::PlanJobResponse &plan);
    void setError(const QString &message); // the engine refused the request
    void setIdle(const QString &message);  // nothing to plan yet

    bool fits() const { return m_fits; }
    bool hasPlan() const { return m_hasPlan; }
    QString memoryText() const;
    QString reasonText() const;
    QString timeText() const;

private:
    void setColour(bool ok);

    QLabel *m_headline = nullptr;
    QProgressBar *m_memory = nullptr;
    QLabel *m_breakdown = nullptr;
    QLabel *m_reason = nullptr;
    QLabel *m_time = nullptr;
    bool m_fits = false;
    bool m_hasPlan = false;
};

} // namespace sn
