#include "ui/job_submit_dialog.h"
#include "translations/engine_message.h"

#include "backend/planner/gpu_catalogue.h"
#include "ui/job_preview_panel.h"
#include "ui/plan_panel.h"
#include "ui/reply_guard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

namespace sn {

namespace {

QSpinBox *spin(int min, int max, int value, QWidget *parent)
{
    auto *s = new QSpinBox(parent);
    s->setRange(min, max);
    s->setValue(value);
    return s;
}

} // namespace

JobSubmitDialog::JobSubmitDialog(EngineApi &engine, QWidget *parent) : QDialog(parent), m_engine(engine)
{
    setWindowTitle(tr("Submit job"));
    setObjectName(QStringLiteral("jobSubmitDialog"));
    m_confirm = [this](const QString &why) {
        return QMessageBox::question(this, tr("The model will not fit"), why + tr("\n\nSubmit anyway?")) ==
               QMessageBox::Yes;
    };
    m_planTimer = new QTimer(this);
    m_planTimer->setSingleShot(true);
    m_planTimer->setInterval(250);
    connect(m_planTimer, &QTimer::timeout, this, &JobSubmitDialog::replan);

    auto *top = new QVBoxLayout(this);
    auto *templateRow = new QHBoxLayout;
    m_template = new QComboBox(this);
    m_template->addItem(tr("(no template)"));
    m_template->addItems(templateNames());
    templateRow->addWidget(new QLabel(tr("Template:"), this));
    templateRow->addWidget(m_template, 1);
    top->addLayout(templateRow);
    connect(m_template, &QComboBox::activated, this, [this](int i) {
        if (i > 0)
            applyTemplate(Template(i - 1));
    });

    auto *columns = new QHBoxLayout;
    auto *left = new QVBoxLayout;
    left->addWidget(buildJobForm());
    left->addWidget(buildBatchForm());
    columns->addLayout(left, 1);
    auto *right = new QVBoxLayout;
    right->addWidget(buildModelForm());
    m_plan = new PlanPanel(this);
    right->addWidget(m_plan, 1);
    columns->addLayout(right, 1);
    m_preview = new JobPreviewPanel(this);
    columns->addWidget(m_preview, 1);
    top->addLayout(columns, 1);

    m_validation = new QLabel(this);
    m_validation->setObjectName(QStringLiteral("validation"));
    m_validation->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_validation->setWordWrap(true);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("engineError"));
    m_error->setStyleSheet(QStringLiteral("color: #c62828; font-weight: bold;"));
    m_error->setWordWrap(true);
    top->addWidget(m_validation);
    top->addWidget(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_submit = buttons->addButton(tr("Submit"), QDialogButtonBox::AcceptRole);
    m_submit->setObjectName(QStringLiteral("submitButton"));
    connect(m_submit, &QPushButton::clicked, this, &JobSubmitDialog::submit);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    top->addWidget(buttons);

    // The preview follows every field, a moment after the last change (the engine renders off
    // the GUI thread; only the newest answer is shown).
    m_previewTimer = new QTimer(this);
    m_previewTimer->setSingleShot(true);
    m_previewTimer->setInterval(300);
    connect(m_previewTimer, &QTimer::timeout, this, &JobSubmitDialog::refreshPreview);
    for (QLineEdit *e : findChildren<QLineEdit *>())
        connect(e, &QLineEdit::textChanged, this, &JobSubmitDialog::schedulePreview);
    for (QSpinBox *e : findChildren<QSpinBox *>())
        connect(e, &QSpinBox::valueChanged, this, &JobSubmitDialog::schedulePreview);
    for (QDoubleSpinBox *e : findChildren<QDoubleSpinBox *>())
        connect(e, &QDoubleSpinBox::valueChanged, this, &JobSubmitDialog::schedulePreview);
    for (QComboBox *e : findChildren<QComboBox *>())
        connect(e, &QComboBox::currentIndexChanged, this, &JobSubmitDialog::schedulePreview);
    for (QCheckBox *e : findChildren<QCheckBox *>())
        connect(e, &QCheckBox::toggled, this, &JobSubmitDialog::schedulePreview);
    connect(m_model, &QGroupBox::toggled, this, &JobSubmitDialog::schedulePreview);
    connect(m_environment, &QPlainTextEdit::textChanged, this, &JobSubmitDialog::schedulePreview);
    connect(m_preview, &JobPreviewPanel::backendChanged, this, &JobSubmitDialog::validate);
    validate();
    probeBackends();
    schedulePreview();
}

QWidget *JobSubmitDialog::buildJobForm()
{
    auto *box = new QGroupBox(tr("Job"), this);
    auto *form = new QFormLayout(box);
    m_name = new QLineEdit(box);
    m_name->setObjectName(QStringLiteral("name"));
    m_user = new QLineEdit(qEnvironmentVariable("USER", QStringLiteral("admin")), box);
    m_queue = new QLineEdit(QStringLiteral("research"), box);
    m_priority = new QLineEdit(QStringLiteral("modelTraining"), box);
    m_gpusMin = spin(1, 4096, 1, box);
    m_gpusMax = spin(1, 4096, 1, box);
    m_gpuMilli = spin(1, 1000, 1000, box);
    m_gpuMilli->setToolTip(tr("Thousandths of one GPU; below 1000 shares a GPU (MIG, MPS, time-slicing)."));
    m_gpuModel = new QComboBox(box);
    m_gpuModel->addItem(tr("any (the cluster's)"), QStringList());
    for (const std::string &n : planner::knownGpuNames())
        m_gpuModel->addItem(QString::fromStdString(n), QStringList{QString::fromStdString(n)});
    m_cpus = spin(1, 1024, 4, box);
    m_memoryGiB = new QDoubleSpinBox(box);
    m_memoryGiB->setRange(0, 16384);
    m_memoryGiB->setValue(32);
    m_gpuMemoryGiB = new QDoubleSpinBox(box);
    m_gpuMemoryGiB->setRange(0, 1024);
    m_gang = new QCheckBox(tr("all-or-nothing across nodes"), box);
    m_gang->setChecked(true);
    m_runtimeMin = spin(0, 1000000, 60, box);
    m_checkpointMin = spin(0, 100000, 0, box);
    m_command = new QLineEdit(box);
    m_nodes = spin(1, 4096, 1, box);
    m_nodes->setToolTip(tr("Nodes the GPUs are spread over evenly (Slurm --nodes, Kubernetes pods)."));
    m_image = new QLineEdit(box);
    m_image->setObjectName(QStringLiteral("containerImage"));
    m_image->setPlaceholderText(tr("the cluster's (jobBackends.kubernetes.image)"));
    m_environment = new QPlainTextEdit(box);
    m_environment->setPlaceholderText(tr("KEY=value, one per line"));
    m_environment->setMaximumHeight(60);
    m_kind = new QComboBox(box);
    m_kind->addItem(tr("training"), int(pb::WORKLOAD_KIND_TRAINING));
    m_kind->addItem(tr("inference"), int(pb::WORKLOAD_KIND_INFERENCE));
    m_kind->addItem(tr("preprocessing"), int(pb::WORKLOAD_KIND_PREPROCESSING));
    m_kind->addItem(tr("other"), int(pb::WORKLOAD_KIND_UNSPECIFIED));
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("User"), m_user);
    form->addRow(tr("Queue"), m_queue);
    form->addRow(tr("Priority class"), m_priority);
    form->addRow(tr("GPUs (min)"), m_gpusMin);
    form->addRow(tr("GPUs (max)"), m_gpusMax);
    form->addRow(tr("GPU share (milli)"), m_gpuMilli);
    form->addRow(tr("GPU model"), m_gpuModel);
    form->addRow(tr("CPUs"), m_cpus);
    form->addRow(tr("Host memory (GiB)"), m_memoryGiB);
    form->addRow(tr("GPU memory per GPU (GiB)"), m_gpuMemoryGiB);
    form->addRow(tr("Gang"), m_gang);
    form->addRow(tr("Estimated runtime (min)"), m_runtimeMin);
    form->addRow(tr("Checkpoint interval (min)"), m_checkpointMin);
    form->addRow(tr("Nodes"), m_nodes);
    form->addRow(tr("Command"), m_command);
    form->addRow(tr("Container image"), m_image);
    form->addRow(tr("Environment"), m_environment);
    form->addRow(tr("Kind"), m_kind);
    for (QLineEdit *e : {m_name, m_user, m_queue, m_priority, m_command})
        connect(e, &QLineEdit::textChanged, this, &JobSubmitDialog::validate);
    connect(m_environment, &QPlainTextEdit::textChanged, this, &JobSubmitDialog::validate);
    connect(m_gpuMilli, &QSpinBox::valueChanged, this, &JobSubmitDialog::validate);
    for (QSpinBox *s : {m_gpusMin, m_gpusMax})
        connect(s, &QSpinBox::valueChanged, this, [this] {
            validate();
            schedulePlan();
        });
    connect(m_gpuModel, &QComboBox::currentIndexChanged, this, &JobSubmitDialog::schedulePlan);
    return box;
}

QWidget *JobSubmitDialog::buildBatchForm()
{
    m_batch = new QGroupBox(tr("Batch options (Slurm, Kubernetes)"), this);
    m_batch->setObjectName(QStringLiteral("batchOptions"));
    auto *form = new QFormLayout(m_batch);
    m_partition = new QLineEdit(m_batch);
    m_partition->setObjectName(QStringLiteral("partition"));
    m_partition->setPlaceholderText(tr("the backend's default"));
    m_timeLimitMin = spin(0, 365 * 24 * 60, 0, m_batch);
    m_timeLimitMin->setObjectName(QStringLiteral("timeLimit"));
    m_timeLimitMin->setSpecialValueText(tr("the partition's"));
    m_timeLimitMin->setToolTip(tr("Hard wall-clock limit in minutes (sbatch --time); the job is stopped there."));
    m_tasksPerNode = spin(0, 1024, 0, m_batch);
    m_tasksPerNode->setObjectName(QStringLiteral("tasksPerNode"));
    m_tasksPerNode->setSpecialValueText(tr("the backend's default"));
    m_dependencies = new QLineEdit(m_batch);
    m_dependencies->setObjectName(QStringLiteral("dependencies"));
    m_dependencies->setPlaceholderText(tr("afterok:<job id>, singleton, ..."));
    m_dependencies->setToolTip(tr("Start only after these (sbatch --dependency), separated by commas or spaces."));
    m_requeue = new QCheckBox(tr("may be requeued after preemption or node failure"), m_batch);
    m_requeue->setObjectName(QStringLiteral("requeue"));
    m_workdir = new QLineEdit(m_batch);
    m_workdir->setObjectName(QStringLiteral("workingDirectory"));
    m_workdir->setPlaceholderText(tr("the submitting user's home"));
    form->addRow(tr("Partition"), m_partition);
    form->addRow(tr("Time limit (min)"), m_timeLimitMin);
    form->addRow(tr("Tasks per node"), m_tasksPerNode);
    form->addRow(tr("Dependencies"), m_dependencies);
    form->addRow(tr("Requeue"), m_requeue);
    form->addRow(tr("Working directory"), m_workdir);
    return m_batch;
}

QWidget *JobSubmitDialog::buildModelForm()
{
    m_model = new QGroupBox(tr("Declared model (checked by the planner)"), this);
    m_model->setObjectName(QStringLiteral("declaredModel"));
    m_model->setCheckable(true);
    m_model->setChecked(false);
    auto *form = new QFormLayout(m_model);
    m_workload = new QComboBox(m_model);
    m_workload->addItems({tr("training"), tr("inference")});
    m_paramsB = new QDoubleSpinBox(m_model);
    m_paramsB->setRange(0.01, 100000);
    m_paramsB->setDecimals(2);
    m_paramsB->setValue(7);
    m_paramsB->setSuffix(tr(" B parameters"));
    m_precision = new QComboBox(m_model);
    m_precision->addItems({"bf16", "fp16", "fp8", "fp32"});
    m_zero = spin(0, 3, 1, m_model);
    m_tp = spin(1, 64, 1, m_model);
    m_pp = spin(1, 128, 1, m_model);
    m_seq = spin(1, 1 << 20, 4096, m_model);
    m_microBatch = spin(1, 4096, 1, m_model);
    m_checkpointing = new QComboBox(m_model);
    m_checkpointing->addItems({"selective", "none", "full"});
    m_refuse = new QCheckBox(tr("refuse the job if it cannot fit"), m_model);
    form->addRow(tr("Workload"), m_workload);
    form->addRow(tr("Model size"), m_paramsB);
    form->addRow(tr("Precision"), m_precision);
    form->addRow(tr("ZeRO stage"), m_zero);
    form->addRow(tr("Tensor parallel"), m_tp);
    form->addRow(tr("Pipeline parallel"), m_pp);
    form->addRow(tr("Sequence length"), m_seq);
    form->addRow(tr("Micro-batch / batch"), m_microBatch);
    form->addRow(tr("Checkpointing"), m_checkpointing);
    form->addRow(m_refuse);
    connect(m_model, &QGroupBox::toggled, this, &JobSubmitDialog::schedulePlan);
    for (QSpinBox *s : {m_zero, m_tp, m_pp, m_seq, m_microBatch})
        connect(s, &QSpinBox::valueChanged, this, &JobSubmitDialog::schedulePlan);
    connect(m_paramsB, &QDoubleSpinBox::valueChanged, this, &JobSubmitDialog::schedulePlan);
    for (QComboBox *c : {m_precision, m_checkpointing, m_workload})
        connect(c, &QComboBox::currentIndexChanged, this, &JobSubmitDialog::schedulePlan);
    return m_model;
}

QStringList JobSubmitDialog::templateNames()
{
    return {tr("Single-GPU notebook"), tr("8-GPU training"), tr("Multi-node gang training"), tr("Data preprocessing")};
}

void JobSubmitDialog::applyTemplate(Template t)
{
    auto set = [this](const QString &name, int gpus, int milli, int cpus, double memGiB, bool gang, int runtimeMin,
                      const QString &command, pb::WorkloadKind kind) {
        m_name->setText(name);
        m_gpusMin->setValue(gpus);
        m_gpusMax->setValue(gpus);
        m_gpuMilli->setValue(milli);
        m_cpus->setValue(cpus);
        m_memoryGiB->setValue(memGiB);
        m_gang->setChecked(gang);
        m_runtimeMin->setValue(runtimeMin);
        m_command->setText(command);
        m_kind->setCurrentIndex(m_kind->findData(int(kind)));
        m_nodes->setValue(gpus > 8 ? (gpus + 7) / 8 : 1);
    };
    switch (t) {
    case SingleGpuNotebook:
        set(QStringLiteral("notebook"), 1, 1000, 8, 64, false, 480,
            QStringLiteral("jupyter lab --no-browser --ip 0.0.0.0"), pb::WORKLOAD_KIND_UNSPECIFIED);
        m_model->setChecked(false);
        break;
    case EightGpuTraining:
        set(QStringLiteral("train-7b"), 8, 1000, 64, 512, true, 24 * 60,
            QStringLiteral("torchrun --nproc_per_node 8 train.py"), pb::WORKLOAD_KIND_TRAINING);
        setModel(7e9, 8, 1, 1, 2);
        break;
    case MultiNodeGangTraining:
        set(QStringLiteral("train-13b"), 16, 1000, 128, 1024, true, 72 * 60,
            QStringLiteral("torchrun --nnodes 2 --nproc_per_node 8 train.py"), pb::WORKLOAD_KIND_TRAINING);
        setModel(13e9, 16, 2, 1, 1);
        break;
    case DataPreprocessing:
        set(QStringLiteral("preprocess"), 1, 250, 32, 128, false, 120, QStringLiteral("python tokenize.py"),
            pb::WORKLOAD_KIND_PREPROCESSING);
        m_model->setChecked(false);
        break;
    }
    m_checkpointMin->setValue(t == MultiNodeGangTraining || t == EightGpuTraining ? 30 : 0);
    const QSignalBlocker quiet(m_template); // show which template is in use without re-applying it
    m_template->setCurrentIndex(int(t) + 1);
    validate();
}

void JobSubmitDialog::setModel(double parameters, int gpus, int zeroStage, int tp, int microBatch)
{
    m_model->setChecked(true);
    m_workload->setCurrentIndex(0);
    m_paramsB->setValue(parameters / 1e9);
    m_gpusMax->setValue(gpus);
    m_gpusMin->setValue(gpus);
    m_zero->setValue(zeroStage);
    m_tp->setValue(tp);
    m_microBatch->setValue(microBatch);
    schedulePlan();
}

void JobSubmitDialog::setJobName(const QString &name)
{
    m_name->setText(name);
}

JobSubmitDialog::Problem JobSubmitDialog::problem() const
{
    if (m_name->text().trimmed().isEmpty())
        return {m_name, tr("Give the job a name.")};
    if (m_user->text().trimmed().isEmpty())
        return {m_user, tr("Say which user runs the job.")};
    if (m_gpusMin->value() > m_gpusMax->value())
        return {m_gpusMin, tr("GPUs (min) must not exceed GPUs (max).")};
    if (m_gpuMilli->value() < 1000 && m_gpusMax->value() > 1)
        return {m_gpuMilli, tr("A GPU share below 1000 milli is for single-GPU jobs.")};
    const QStringList lines = m_environment->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].trimmed().indexOf(QLatin1Char('=')) <= 0)
            return {m_environment, tr("Environment line %1 is not KEY=value: '%2'").arg(i + 1).arg(lines[i].trimmed())};
    return {};
}

Result<pb::JobSpec> JobSubmitDialog::spec() const
{
    pb::JobSpec s;
    if (const Problem p = problem(); p.field)
        return invalidArgument(p.message.toStdString());
    s.set_name(m_name->text().trimmed().toStdString());
    s.set_user(m_user->text().trimmed().toStdString());
    s.set_queue(m_queue->text().trimmed().toStdString());
    s.set_priority_class(m_priority->text().trimmed().toStdString());
    s.set_gpus_min(m_gpusMin->value());
    s.set_gpus_max(m_gpusMax->value());
    s.set_gpu_milli(m_gpuMilli->value());
    for (const QString &model : m_gpuModel->currentData().toStringList()) // empty: any
        s.add_gpu_models(model.toStdString());
    s.set_cpus(m_cpus->value());
    s.set_memory_bytes(std::int64_t(m_memoryGiB->value() * kGiB));
    s.set_gpu_memory_bytes(std::int64_t(m_gpuMemoryGiB->value() * kGiB));
    s.set_gang(m_gang->isChecked());
    s.set_estimated_runtime_s(std::int64_t(m_runtimeMin->value()) * 60);
    s.set_checkpoint_interval_s(std::int64_t(m_checkpointMin->value()) * 60);
    s.set_command(m_command->text().toStdString());
    if (m_nodes->value() > 1)
        s.set_node_count(m_nodes->value());
    s.set_container_image(m_image->text().trimmed().toStdString());
    if (m_tasksPerNode->value() > 0)
        s.set_tasks_per_node(m_tasksPerNode->value());
    for (const QString &d : m_dependencies->text().split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts))
        s.add_dependencies(d.toStdString()); // checked by the backend: the preview shows its refusal
    s.set_partition(m_partition->text().trimmed().toStdString());
    s.set_time_limit_s(std::int64_t(m_timeLimitMin->value()) * 60);
    s.set_requeue(m_requeue->isChecked());
    s.set_working_directory(m_workdir->text().trimmed().toStdString());
    if (m_preview)
        s.set_backend(m_preview->backend().toStdString());
    for (const QString &raw : m_environment->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString line = raw.trimmed(); // each has its '=' (problem() said so)
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        (*s.mutable_environment())[line.left(eq).toStdString()] = line.mid(eq + 1).toStdString();
    }
    s.set_kind(pb::WorkloadKind(m_kind->currentData().toInt()));
    if (m_model->isChecked()) {
        pb::DeclaredModel &m = *s.mutable_declared_model();
        m.set_workload(m_workload->currentIndex() == 1 ? pb::PLAN_WORKLOAD_INFERENCE : pb::PLAN_WORKLOAD_TRAINING);
        m.set_parameters(m_paramsB->value() * 1e9);
        m.set_precision(m_precision->currentText().toStdString());
        m.set_zero_stage(m_zero->value());
        m.set_tensor_parallel(m_tp->value());
        m.set_pipeline_parallel(m_pp->value());
        m.set_seq(m_seq->value());
        m.set_micro_batch(m_microBatch->value());
        m.set_batch(m_microBatch->value());
        m.set_checkpointing(m_checkpointing->currentText().toStdString());
        m.set_refuse_if_no_fit(m_refuse->isChecked());
    }
    return s;
}

void JobSubmitDialog::validate()
{
    const Problem p = problem();
    m_validation->setText(p.message);
    m_submit->setEnabled(!p.field);
    if (m_marked == p.field)
        return;
    if (m_marked) {
        m_marked->setProperty("invalid", false);
        m_marked->setStyleSheet({});
    }
    m_marked = p.field;
    if (m_marked) { // the field itself says it is wrong, beside the message under the form
        m_marked->setProperty("invalid", true);
        m_marked->setStyleSheet(QStringLiteral("border: 1px solid #c62828;"));
    }
}

void JobSubmitDialog::schedulePlan()
{
    m_planTimer->start();
}

void JobSubmitDialog::replan()
{
    if (!m_model->isChecked()) {
        m_plan->setIdle(tr("Declare the model to see whether it fits."));
        emit planned();
        return;
    }
    pb::PlanJobRequest request;
    const Result<pb::JobSpec> s = spec();
    if (!s.ok()) {
        m_plan->setIdle(sn::errorText(s.error()));
        emit planned();
        return;
    }
    *request.mutable_model() = s->declared_model();
    request.set_gpus(s->gpus_max());
    if (s->gpu_models_size() > 0)
        request.set_gpu_model(s->gpu_models(0));
    const int generation = ++m_planGeneration; // only the newest answer is shown
    onReply(m_engine.planJob(request), this, [this, generation](const Result<pb::PlanJobResponse> &r) {
        if (generation != m_planGeneration)
            return;
        if (r.ok())
            m_plan->setPlan(*r);
        else
            m_plan->setError(sn::errorText(r.error()));
        emit planned();
    });
}

void JobSubmitDialog::schedulePreview()
{
    if (m_previewTimer)
        m_previewTimer->start();
}

void JobSubmitDialog::probeBackends()
{
    // What the cluster configures, as the engine says it: a backend it does not know answers
    // NotFound ("job backend 'slurm' is not configured for this cluster ..."), which becomes the
    // disabled entry's tooltip. A spec without a backend names the cluster's default.
    pb::JobSpec probe;
    probe.set_name("probe");
    probe.set_command("true");
    probe.set_gpus_min(1);
    probe.set_gpus_max(1);
    onReply(m_engine.renderJob(probe), this, [this](const Result<pb::RenderJobResponse> &r) {
        if (r.ok() && m_preview->isBackendAvailable(QString::fromStdString(r->backend())))
            m_preview->setBackend(QString::fromStdString(r->backend()));
    });
    for (const QString &kind : JobPreviewPanel::backendKinds()) {
        if (kind == QLatin1String("embedded"))
            continue;
        probe.set_backend(kind.toStdString());
        onReply(m_engine.renderJob(probe), this, [this, kind](const Result<pb::RenderJobResponse> &r) {
            const bool missing = !r.ok() && r.error().code == ErrorCode::NotFound;
            m_preview->setBackendAvailable(kind, !missing, missing ? sn::errorText(r.error()) : QString());
        });
    }
}

void JobSubmitDialog::refreshPreview()
{
    const Result<pb::JobSpec> s = spec();
    const int generation = ++m_previewGeneration; // only the newest answer is shown
    if (!s.ok()) {
        m_preview->setIdle(sn::errorText(s.error()));
        emit previewed();
        return;
    }
    onReply(m_engine.renderJob(*s), this, [this, generation](const Result<pb::RenderJobResponse> &r) {
        if (generation != m_previewGeneration)
            return;
        if (r.ok())
            m_preview->setRendered(*r);
        else
            m_preview->setError(sn::errorText(r.error()));
        emit previewed();
    });
}

QString JobSubmitDialog::errorText() const
{
    return m_error->text();
}

void JobSubmitDialog::submit()
{
    const Result<pb::JobSpec> s = spec();
    if (!s.ok()) {
        m_validation->setText(sn::errorText(s.error()));
        return;
    }
    if (m_model->isChecked() && m_plan->hasPlan() && !m_plan->fits() && !m_confirm(m_plan->reasonText()))
        return;
    m_error->clear();
    m_submit->setEnabled(false);
    onReply(m_engine.submitJob(*s), this, [this](const Result<pb::Job> &r) {
        m_submit->setEnabled(true);
        if (!r.ok()) {
            m_error->setText(tr("The engine refused the job: %1").arg(sn::errorText(r.error())));
            return;
        }
        m_submitted = *r;
        emit submitted(m_submitted);
        accept();
    });
}

} // namespace sn
