#pragma once
// Where the job being written goes and exactly what is sent there: the backend choice
// (embedded, Slurm, Kubernetes; those the cluster does not configure are listed but disabled,
// with the engine's reason as their tooltip) and, read-only, the text RenderJob answers for the
// form (the embedded spec as JSON, the sbatch script, the Kubernetes manifests) with the command
// it goes to. Display only: the submit dialog asks the engine and hands the answers in.

#include "backend/api/engine_api.h"

#include <QFrame>

class QComboBox;
class QLabel;
class QPlainTextEdit;

namespace sn {

class JobPreviewPanel : public QFrame {
    Q_OBJECT
public:
    explicit JobPreviewPanel(QWidget *parent = nullptr);

    static QStringList backendKinds() { return {"embedded", "slurm", "kubernetes"}; }
    QString backend() const; // the chosen kind
    void setBackend(const QString &kind);
    // Unavailable kinds stay in the list, disabled, with why; choosing one anyway is refused by
    // the engine, and the preview shows that.
    void setBackendAvailable(const QString &kind, bool available, const QString &why = {});
    bool isBackendAvailable(const QString &kind) const;
    QString backendToolTip(const QString &kind) const;

    void setRendered(const pb::RenderJobResponse &rendered);
    void setError(const QString &message); // the engine refused to render it
    void setIdle(const QString &message);  // the form is not a job yet

    QString previewText() const;
    QString statusText() const;

signals:
    void backendChanged();

private:
    QComboBox *m_backend = nullptr;
    QLabel *m_status = nullptr;
    QPlainTextEdit *m_text = nullptr;
};

} // namespace sn
