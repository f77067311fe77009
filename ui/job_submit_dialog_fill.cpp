// JobSubmitDialog::setSpec: a job's spec back into the form, the inverse of spec(), so that a
// finished or failed job can be submitted again as it was, or changed first.
#include "ui/job_submit_dialog.h"

#include "ui/job_preview_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <map>

namespace sn {

namespace {

// Selects the item with this text, adding it when the list does not have it.
void selectText(QComboBox *box, const QString &text)
{
    int i = box->findText(text);
    if (i < 0) {
        box->addItem(text);
        i = box->count() - 1;
    }
    box->setCurrentIndex(i);
}

} // namespace

void JobSubmitDialog::setSpec(const pb::JobSpec &s)
{
    {
        const QSignalBlocker quiet(m_template); // the form no longer follows a template
        m_template->setCurrentIndex(0);
    }
    m_name->setText(QString::fromStdString(s.name()));
    m_user->setText(QString::fromStdString(s.user()));
    m_queue->setText(QString::fromStdString(s.queue()));
    m_priority->setText(QString::fromStdString(s.priority_class()));
    m_gpusMax->setValue(std::max(1, s.gpus_max()));
    m_gpusMin->setValue(std::max(1, s.gpus_min()));
    m_gpuMilli->setValue(s.gpu_milli() > 0 ? s.gpu_milli() : 1000);
    QStringList models; // any of these; a list the catalogue has no entry for gets one
    for (const std::string &m : s.gpu_models())
        models << QString::fromStdString(m);
    int modelRow = m_gpuModel->findData(models);
    if (modelRow < 0) {
        m_gpuModel->addItem(models.join(QStringLiteral(", ")), models);
        modelRow = m_gpuModel->count() - 1;
    }
    m_gpuModel->setCurrentIndex(modelRow);
    m_cpus->setValue(s.cpus());
    m_memoryGiB->setValue(double(s.memory_bytes()) / kGiB);
    m_gpuMemoryGiB->setValue(double(s.gpu_memory_bytes()) / kGiB);
    m_gang->setChecked(s.gang());
    m_runtimeMin->setValue(int(s.estimated_runtime_s() / 60));
    m_checkpointMin->setValue(int(s.checkpoint_interval_s() / 60));
    m_command->setText(QString::fromStdString(s.command()));
    m_nodes->setValue(std::max(1, s.node_count()));
    m_image->setText(QString::fromStdString(s.container_image()));
    m_partition->setText(QString::fromStdString(s.partition()));
    // Whole minutes in the form; a limit in seconds is rounded up, never cut short.
    m_timeLimitMin->setValue(int((std::max<std::int64_t>(0, s.time_limit_s()) + 59) / 60));
    m_tasksPerNode->setValue(std::max(0, s.tasks_per_node()));
    QStringList dependencies;
    for (const std::string &d : s.dependencies())
        dependencies << QString::fromStdString(d);
    m_dependencies->setText(dependencies.join(QStringLiteral(", ")));
    m_requeue->setChecked(s.requeue());
    m_workdir->setText(QString::fromStdString(s.working_directory()));
    const int kindRow = m_kind->findData(int(s.kind()));
    m_kind->setCurrentIndex(kindRow >= 0 ? kindRow : m_kind->findData(int(pb::WORKLOAD_KIND_UNSPECIFIED)));
    // Sorted, so the text is the same however the map iterates.
    const std::map<std::string, std::string> environment(s.environment().begin(), s.environment().end());
    QStringList lines;
    for (const auto &[key, value] : environment)
        lines << QString::fromStdString(key + "=" + value);
    m_environment->setPlainText(lines.join(QLatin1Char('\n')));
    if (m_preview && !s.backend().empty())
        m_preview->setBackend(QString::fromStdString(s.backend()));
    m_model->setChecked(s.has_declared_model());
    if (s.has_declared_model()) {
        const pb::DeclaredModel &m = s.declared_model();
        m_workload->setCurrentIndex(m.workload() == pb::PLAN_WORKLOAD_INFERENCE ? 1 : 0);
        m_paramsB->setValue(m.parameters() / 1e9);
        if (!m.precision().empty())
            selectText(m_precision, QString::fromStdString(m.precision()));
        m_zero->setValue(m.zero_stage());
        m_tp->setValue(std::max(1, m.tensor_parallel()));
        m_pp->setValue(std::max(1, m.pipeline_parallel()));
        if (m.seq() > 0)
            m_seq->setValue(m.seq());
        if (m.micro_batch() > 0)
            m_microBatch->setValue(m.micro_batch());
        if (!m.checkpointing().empty())
            selectText(m_checkpointing, QString::fromStdString(m.checkpointing()));
        m_refuse->setChecked(m.refuse_if_no_fit());
    }
    validate();
    schedulePlan();
    schedulePreview();
}

} // namespace sn
