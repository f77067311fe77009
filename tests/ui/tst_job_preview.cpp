// The submitter's preview on a LocalEngine (offscreen): it shows the exact text RenderJob
// answers for the form (the embedded spec as JSON) and follows the form as it changes; backends
// the cluster does not configure are listed disabled with the engine's NotFound message, which
// the preview shows when one is chosen anyway; with jobBackends.kubernetes the preview is the
// manifests and the command they go to.
#include "backend/api/local_engine.h"
#include "backend/model/cluster_yaml.h"
#include "backend/sim/super_node_topology.h"
#include "ui/job_preview_panel.h"
#include "ui/job_submit_dialog.h"

#include <QComboBox>
#include <QLineEdit>
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
        auto engine = engineWith("jobBackends:\n  kubernetes:\n    namespace: ml\n"
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
};

QTEST_MAIN(TestJobPreview)
#include "tst_job_preview.moc"
