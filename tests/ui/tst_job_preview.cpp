// The submitter's preview on a LocalEngine (offscreen): it shows the exact text RenderJob
// answers for the form (the embedded spec as JSON) and follows the form as it changes; backends
// the cluster does not configure are listed disabled with the engine's NotFound message, which
// the preview shows when one is chosen anyway; with jobBackends.kubernetes the preview is the
// manifests and the command they go to; with jobBackends.slurm the sbatch script, carrying the
// batch options (partition, time limit, tasks per node, dependencies, requeue, directory).
// Every JobSpec field survives a trip through the form (setSpec, then spec()), as Resubmit needs.
#include "backend/engine/local_engine.h"
#include "backend/model/cluster_yaml.h"
#include "backend/sim/super_node_topology.h"
#include "ui/job_preview_panel.h"
#include "ui/job_submit_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>

#include <google/protobuf/util/message_differencer.h>
#include <QSignalSpy>
#include <QTest>

using namespace sn;

namespace {

std::unique_ptr<LocalEngine> engineWith(const std::string &jobBackendsYaml)
{
    LocalEngine::Options options;
    options.engine.spec = sim::defaultSimulatedSpec();
    options.engine.spec.simulation.jobArrivalsPerHour = 0;
    if (!jobBackendsYaml.empty()) {
        auto parsed = parseClusterYaml("apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\n"
                                       "simulation: {nodes: 2, jobArrivalsPerHour: 0}\n" +
                                       jobBackendsYaml);
        if (!parsed.ok())
            qFatal("%s", parsed.error().message.c_str());
        options.engine.spec = *parsed;
    }
    options.engine.virtualTime = true;
    return std::make_unique<LocalEngine>(std::move(options));
}

// Waits for the preview's answer to the latest change.
bool nextPreview(JobSubmitDialog &dialog)
{
    QSignalSpy previewed(&dialog, &JobSubmitDialog::previewed);
    return previewed.wait(5000);
}

} // namespace

class TestJobPreview : public QObject {
    Q_OBJECT
private slots:
    void showsTheEmbeddedJsonAndFollowsTheForm()
    {
        auto engine = engineWith({});
        JobSubmitDialog dialog(*engine);
        dialog.show();
        dialog.applyTemplate(JobSubmitDialog::EightGpuTraining);
        QVERIFY(nextPreview(dialog));
        JobPreviewPanel *preview = dialog.previewPanel();
        QCOMPARE(preview->backend(), QString("embedded"));
        QVERIFY2(preview->statusText().startsWith("embedded (application/json)"), qPrintable(preview->statusText()));
        QVERIFY2(preview->previewText().contains("\"name\": \"train-7b\""), qPrintable(preview->previewText()));
        QVERIFY2(preview->previewText().contains("\"gpus_max\": 8"), qPrintable(preview->previewText()));

        // A change in the form is in the preview a moment later.
        dialog.setJobName("renamed-job");
        QVERIFY(nextPreview(dialog));
        QVERIFY2(preview->previewText().contains("\"name\": \"renamed-job\""), qPrintable(preview->previewText()));
        QVERIFY(!preview->previewText().contains("train-7b"));

        // Typing a burst of characters asks once, after the burst (debounced).
        auto *name = dialog.findChild<QLineEdit *>("name");
        QSignalSpy previewed(&dialog, &JobSubmitDialog::previewed);
        for (const char *text : {"a", "ab", "abc", "abcd"})
            name->setText(text);
        QVERIFY(previewed.wait(5000));
        QTest::qWait(500);
        QCOMPARE(previewed.count(), 1);
        QVERIFY(preview->previewText().contains("\"name\": \"abcd\""));

        // A form that is not a job yet says why instead.
        dialog.setJobName("");
        QVERIFY(nextPreview(dialog));
        QVERIFY(preview->previewText().isEmpty());
        QVERIFY2(preview->statusText().contains("name"), qPrintable(preview->statusText()));
    }

    void unconfiguredBackendsAreDisabledWithTheEnginesReason()
    {
        auto engine = engineWith({});
        JobSubmitDialog dialog(*engine);
        dialog.show();
        JobPreviewPanel *preview = dialog.previewPanel();
        QTRY_VERIFY_WITH_TIMEOUT(!preview->isBackendAvailable("kubernetes"), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!preview->isBackendAvailable("slurm"), 5000);
        QVERIFY(preview->isBackendAvailable("embedded"));
        const QString why = preview->backendToolTip("kubernetes");
        QVERIFY2(why.startsWith("job backend 'kubernetes' is not configured for this cluster"), qPrintable(why));
        dialog.applyTemplate(JobSubmitDialog::SingleGpuNotebook);
        QVERIFY(nextPreview(dialog));
        preview->setBackend("kubernetes"); // as a script could; the list does not offer it
        QVERIFY(nextPreview(dialog));
        QVERIFY(preview->previewText().isEmpty());
        QCOMPARE(preview->statusText(), why); // the engine's own words
    }

    void kubernetesShowsTheManifestsAndTheCommand()
    {
        // The dialog's queue ("research") is the namespace jobs may go to.
        auto engine = engineWith("jobBackends:\n  kubernetes:\n    namespace: research\n"
                                 "    image: nvcr.io/nvidia/pytorch:24.01-py3\n    queueing: volcano\n");
        JobSubmitDialog dialog(*engine);
        dialog.show();
        JobPreviewPanel *preview = dialog.previewPanel();
        QTRY_VERIFY_WITH_TIMEOUT(!preview->isBackendAvailable("slurm"), 5000);
        QVERIFY(preview->isBackendAvailable("kubernetes"));
        dialog.applyTemplate(JobSubmitDialog::MultiNodeGangTraining);
        preview->setBackend("kubernetes");
        QVERIFY(nextPreview(dialog));
        QVERIFY2(preview->statusText().startsWith("kubernetes (application/yaml), sent to: kubectl apply -f -"),
                 qPrintable(preview->statusText()));
        const QString yaml = preview->previewText();
        for (const char *part :
             {"kind: PodGroup", "minMember: 2", "kind: Job", "completionMode: Indexed", "nvidia.com/gpu: \"8\"",
              "image: nvcr.io/nvidia/pytorch:24.01-py3", "- torchrun --nnodes 2 --nproc_per_node 8 train.py"})
            QVERIFY2(yaml.contains(part), qPrintable(yaml + "\nlacks " + part));
        // The job's own image replaces the cluster's.
        dialog.findChild<QLineEdit *>("containerImage")->setText("registry.local/train:7");
        QVERIFY(nextPreview(dialog));
        QVERIFY(preview->previewText().contains("image: registry.local/train:7"));
        // What Kubernetes cannot express is the engine's refusal, in the preview.
        dialog.applyTemplate(JobSubmitDialog::DataPreprocessing); // a quarter of a GPU
        QVERIFY(nextPreview(dialog));
        QCOMPARE(dialog.spec()->backend(), std::string("kubernetes"));
        QVERIFY(preview->previewText().isEmpty());
        QVERIFY2(preview->statusText().startsWith("gpu_milli: nvidia.com/gpu counts whole GPUs"),
                 qPrintable(preview->statusText()));
    }

    void slurmShowsTheSbatchScriptWithTheBatchOptions()
    {
        auto engine = engineWith("jobBackends:\n  slurm:\n    via: cli\n    partition: gpu\n");
        JobSubmitDialog dialog(*engine);
        dialog.show();
        JobPreviewPanel *preview = dialog.previewPanel();
        QTRY_VERIFY_WITH_TIMEOUT(!preview->isBackendAvailable("kubernetes"), 5000);
        QVERIFY(preview->isBackendAvailable("slurm"));
        dialog.applyTemplate(JobSubmitDialog::MultiNodeGangTraining);
        preview->setBackend("slurm");
        dialog.findChild<QLineEdit *>("partition")->setText("a100");
        dialog.findChild<QSpinBox *>("timeLimit")->setValue(90);
        dialog.findChild<QSpinBox *>("tasksPerNode")->setValue(8);
        dialog.findChild<QLineEdit *>("dependencies")->setText("afterok:41, singleton");
        dialog.findChild<QCheckBox *>("requeue")->setChecked(true);
        dialog.findChild<QLineEdit *>("workingDirectory")->setText("/scratch/train");
        QVERIFY(nextPreview(dialog));
        // The options go on sbatch's command line (the status names it), the script is the job.
        const QString script = preview->statusText() + "\n" + preview->previewText();
        for (const char *part : {"#!/bin/bash", "--nodes=2", "--partition=a100", "--time=0-01:30:00",
                                 "--ntasks-per-node=8", "--dependency=afterok:41,singleton", "--requeue",
                                 "--chdir=/scratch/train", "torchrun --nnodes 2 --nproc_per_node 8 train.py"})
            QVERIFY2(script.contains(part), qPrintable(script + "\nlacks " + part));
        // A dependency Slurm would not take is the backend's refusal, in the preview.
        dialog.findChild<QLineEdit *>("dependencies")->setText("after-lunch");
        QVERIFY(nextPreview(dialog));
        QVERIFY(preview->previewText().isEmpty());
        QVERIFY2(preview->statusText().contains("after-lunch"), qPrintable(preview->statusText()));
    }

    void everySpecFieldSurvivesTheForm()
    {
        auto engine = engineWith({});
        JobSubmitDialog dialog(*engine);
        pb::JobSpec s;
        s.set_name("train-70b");
        s.set_user("ana");
        s.set_queue("vision");
        s.set_priority_class("modelTraining");
        s.set_gpus_min(8);
        s.set_gpus_max(16);
        s.set_gpu_milli(1000);
        s.add_gpu_models("H100");
        s.add_gpu_models("A100"); // any of two: a list the catalogue has no single entry for
        s.set_cpus(96);
        s.set_memory_bytes(std::int64_t(768) << 30);
        s.set_gpu_memory_bytes(std::int64_t(70) << 30);
        s.set_gang(true);
        s.set_estimated_runtime_s(6 * 3600);
        s.set_checkpoint_interval_s(1200);
        s.set_command("torchrun train.py --config 70b.yaml");
        (*s.mutable_environment())["NCCL_IB_HCA"] = "mlx5";
        s.set_kind(pb::WORKLOAD_KIND_TRAINING);
        s.set_backend("embedded");
        s.set_node_count(2);
        s.set_tasks_per_node(8);
        s.add_dependencies("afterok:41");
        s.add_dependencies("singleton");
        s.set_partition("a100");
        s.set_time_limit_s(48 * 3600);
        s.set_requeue(true);
        s.set_working_directory("/scratch/ana");
        s.set_container_image("registry.local/train:7");
        pb::DeclaredModel &m = *s.mutable_declared_model();
        m.set_workload(pb::PLAN_WORKLOAD_TRAINING);
        m.set_parameters(70e9);
        m.set_precision("bf16");
        m.set_zero_stage(3);
        m.set_tensor_parallel(4);
        m.set_pipeline_parallel(2);
        m.set_seq(8192);
        m.set_micro_batch(2);
        m.set_batch(2);
        m.set_checkpointing("full");
        m.set_refuse_if_no_fit(true);
        dialog.setSpec(s);
        const auto again = dialog.spec();
        QVERIFY2(again.ok(), again.ok() ? "" : again.error().message.c_str());
        std::string diff;
        google::protobuf::util::MessageDifferencer differ;
        differ.ReportDifferencesToString(&diff);
        QVERIFY2(differ.Compare(s, *again), diff.c_str());

        // A time limit in seconds comes back rounded up to the form's whole minutes, never shorter.
        s.set_time_limit_s(90);
        dialog.setSpec(s);
        QCOMPARE(dialog.spec()->time_limit_s(), 120);
    }
};

QTEST_MAIN(TestJobPreview)
#include "tst_job_preview.moc"
