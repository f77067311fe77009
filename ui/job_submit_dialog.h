#pragma once
// The job submitter: every JobSpec field with inline validation, templates for the usual jobs,
// the planner panel, which re-plans (through EngineApi::planJob) as the model and parallelism
// are filled in, and the preview: the backend the job runs on and the exact text RenderJob
// answers for the form (JSON, sbatch script, Kubernetes YAML), refreshed as the form changes. Submitting a job whose
// declared model will not fit asks first; the engine's refusal is shown in the dialog, which stays open.

#include "backend/api/engine_api.h"

#include <QDialog>

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTimer;

namespace sn {

class JobPreviewPanel;
class PlanPanel;

class JobSubmitDialog : public QDialog {
    Q_OBJECT
public:
    explicit JobSubmitDialog(EngineApi &engine, QWidget *parent = nullptr);

    enum Template { SingleGpuNotebook, EightGpuTraining, MultiNodeGangTraining, DataPreprocessing };
    static QStringList templateNames();
    void applyTemplate(Template t);

    // The spec as filled in, or the first field that is wrong (also shown inline).
    Result<pb::JobSpec> spec() const;
    // The field that is wrong (marked in the form, its "invalid" property true); null when none.
    QWidget *invalidField() const { return m_marked; }
    PlanPanel *planPanel() const { return m_plan; }
    JobPreviewPanel *previewPanel() const { return m_preview; }
    // Asked before submitting a job that will not fit; default: a question box.
    void setConfirmation(std::function<bool(const QString &)> confirm) { m_confirm = std::move(confirm); }
    const pb::Job &submittedJob() const { return m_submitted; }
    QString errorText() const;

    // For tests and templates: the model fields.
    void setModel(double parameters, int gpus, int zeroStage, int tp, int microBatch);
    void setJobName(const QString &name);
    // Fills every field from a spec (the Jobs page's "Resubmit…"; job_submit_dialog_fill.cpp),
    // so that spec() gives it back; a GPU model the catalogue does not know is added to the list.
    void setSpec(const pb::JobSpec &spec);

public slots:
    void submit();
    void replan();
    void refreshPreview();

signals:
    void submitted(const supernode::v1::Job &job);
    void planned();   // the panel shows a new answer
    void previewed(); // the preview shows a new answer

private:
    static constexpr double kGiB = 1024.0 * 1024.0 * 1024.0; // the form's memory fields are in GiB
    QWidget *buildJobForm();
    QWidget *buildBatchForm();
    QWidget *buildModelForm();
    void validate();
    // The first field that is wrong and why, in the order of the form; field null: none.
    struct Problem {
        QWidget *field = nullptr;
        QString message;
    };
    Problem problem() const;
    void schedulePlan();
    void schedulePreview();
    void probeBackends();

    EngineApi &m_engine;
    QComboBox *m_template = nullptr;
    QLineEdit *m_name = nullptr, *m_user = nullptr, *m_queue = nullptr, *m_priority = nullptr, *m_command = nullptr;
    QSpinBox *m_gpusMin = nullptr, *m_gpusMax = nullptr, *m_gpuMilli = nullptr, *m_cpus = nullptr;
    QDoubleSpinBox *m_memoryGiB = nullptr, *m_gpuMemoryGiB = nullptr;
    QSpinBox *m_runtimeMin = nullptr, *m_checkpointMin = nullptr, *m_nodes = nullptr;
    QLineEdit *m_image = nullptr;
    // Batch-backend placement and lifecycle (sbatch --partition, --time, --ntasks-per-node,
    // --dependency, --requeue, --chdir); the embedded scheduler does not use them.
    QGroupBox *m_batch = nullptr;
    QLineEdit *m_partition = nullptr, *m_dependencies = nullptr, *m_workdir = nullptr;
    QSpinBox *m_timeLimitMin = nullptr, *m_tasksPerNode = nullptr;
    QCheckBox *m_requeue = nullptr;
    QComboBox *m_gpuModel = nullptr, *m_kind = nullptr;
    QCheckBox *m_gang = nullptr;
    QPlainTextEdit *m_environment = nullptr;
    QGroupBox *m_model = nullptr;
    QDoubleSpinBox *m_paramsB = nullptr;
    QComboBox *m_precision = nullptr, *m_checkpointing = nullptr, *m_workload = nullptr;
    QSpinBox *m_zero = nullptr, *m_tp = nullptr, *m_pp = nullptr, *m_seq = nullptr, *m_microBatch = nullptr;
    QCheckBox *m_refuse = nullptr;
    QLabel *m_validation = nullptr;
    QWidget *m_marked = nullptr; // the field validate() marked
    QLabel *m_error = nullptr;
    QPushButton *m_submit = nullptr;
    PlanPanel *m_plan = nullptr;
    QTimer *m_planTimer = nullptr;
    JobPreviewPanel *m_preview = nullptr;
    QTimer *m_previewTimer = nullptr;
    int m_previewGeneration = 0;
    std::function<bool(const QString &)> m_confirm;
    pb::Job m_submitted;
    int m_planGeneration = 0;
};

} // namespace sn
