// The Jobs page's queue work on a LocalEngine in virtual time: the filter model under
// QAbstractItemModelTester (text, state, queue; natural and numeric sorting), rows updated in
// place so a selection survives refreshes, the details panel (timeline, why it waits, its log
// lines), Cancel (asked first, role-checked, the engine's refusal shown) and Resubmit (the
// submitter given back the job's spec).
#include "jobs_test_support.h"
#include "ui/job_details.h"
#include "ui/job_filter_model.h"
#include "ui/job_submit_dialog.h"
#include "ui/job_table_model.h"
#include "ui/jobs_page.h"

#include <QAbstractItemModelTester>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <google/protobuf/util/message_differencer.h>

using namespace sn;
using sn::test::job;
using sn::test::virtualEngine;

namespace {

pb::JobSpec spec(const std::string &name, int gpus, const std::string &queue = "research")
{
    pb::JobSpec s;
    s.set_name(name);
    s.set_user("alice");
    s.set_queue(queue);
    s.set_gpus_min(gpus);
    s.set_gpus_max(gpus);
    s.set_estimated_runtime_s(3600);
    s.set_command("python train.py --epochs 3");
    return s;
}

QString submit(LocalEngine &engine, const pb::JobSpec &s)
{
    const auto j = waitFor(engine.submitJob(s));
    if (!j.ok())
        qWarning("submit %s: %s", s.name().c_str(), j.error().message.c_str());
    return j.ok() ? QString::fromStdString(j->id()) : QString();
}

bool refreshed(JobsPage &page)
{
    QSignalSpy spy(&page, &JobsPage::refreshed);
    page.refresh();
    return spy.wait(5000);
}

QStringList shownIds(const JobFilterModel &filter)
{
    QStringList ids;
    for (int r = 0; r < filter.rowCount(); ++r)
        ids << filter.index(r, JobTableModel::Id).data().toString();
    return ids;
}

} // namespace

class TestJobsQueue : public QObject {
    Q_OBJECT
private slots:
    void filterModelFiltersAndSorts()
    {
        JobTableModel model;
        JobFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        pb::ListJobsResponse jobs;
        for (const char *id : {"2", "10", "1"})
            *jobs.add_jobs() = job(id, pb::JOB_STATE_RUNNING, 1);
        *jobs.add_jobs() = job("3", pb::JOB_STATE_PENDING, 16);
        jobs.mutable_jobs(3)->set_queue_position(1);
        *jobs.add_jobs() = job("4", pb::JOB_STATE_COMPLETED, 2);
        jobs.mutable_jobs(0)->mutable_spec()->set_queue("vision");
        jobs.mutable_jobs(1)->mutable_spec()->set_command("torchrun train_llm.py");
        model.setJobs(jobs, 5000);

        filter.sort(JobTableModel::Id, Qt::AscendingOrder);
        QCOMPARE(shownIds(filter), QStringList({"1", "2", "3", "4", "10"})); // numbers, not text
        filter.sort(JobTableModel::Position, Qt::AscendingOrder);
        QCOMPARE(shownIds(filter).first(), QStringLiteral("3")); // the waiting one before the rest
        filter.sort(JobTableModel::Gpus, Qt::DescendingOrder);
        QCOMPARE(shownIds(filter).first(), QStringLiteral("3"));

        filter.sort(JobTableModel::Id, Qt::AscendingOrder);
        filter.setStateFilter(JobFilterModel::Pending);
        QCOMPARE(shownIds(filter), QStringList({"3"}));
        filter.setStateFilter(JobFilterModel::Active);
        QCOMPARE(shownIds(filter), QStringList({"1", "2", "3", "10"}));
        filter.setStateFilter(JobFilterModel::Finished);
        QCOMPARE(shownIds(filter), QStringList({"4"}));
        filter.setStateFilter(JobFilterModel::AllStates);
        filter.setQueue("vision");
        QCOMPARE(shownIds(filter), QStringList({"2"}));
        filter.setQueue({});
        filter.setText("TRAIN_LLM"); // the command, any case
        QCOMPARE(shownIds(filter), QStringList({"10"}));
        filter.setText("node01"); // where it runs
        QCOMPARE(shownIds(filter), QStringList({"1", "2", "10"}));
        filter.setText("j4");
        QCOMPARE(shownIds(filter), QStringList({"4"}));
        filter.setText({});
        QCOMPARE(filter.rowCount(), 5);
    }

    // Rows keep their identity: a kept row's persistent index follows it while others come
    // and go, which is what keeps the user's selection across the one-second refresh.
    void rowsAreUpdatedInPlace()
    {
        JobTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        pb::ListJobsResponse jobs;
        for (const char *id : {"1", "2", "3"})
            *jobs.add_jobs() = job(id, pb::JOB_STATE_PENDING, 1);
        model.setJobs(jobs, 2000);
        const QPersistentModelIndex third(model.index(model.rowOf("3"), JobTableModel::State));
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        pb::ListJobsResponse next;
        *next.add_jobs() = job("4", pb::JOB_STATE_PENDING, 1);
        *next.add_jobs() = job("3", pb::JOB_STATE_RUNNING, 1);
        *next.add_jobs() = job("1", pb::JOB_STATE_PENDING, 1);
        model.setJobs(next, 3000);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(model.rowCount(), 3);
        QVERIFY(third.isValid());
        QCOMPARE(third.data().toString(), QStringLiteral("running"));
        QCOMPARE(model.index(third.row(), JobTableModel::Id).data().toString(), QStringLiteral("3"));
        QCOMPARE(model.rowOf("2"), -1);
        QVERIFY(model.rowOf("4") >= 0);
    }

    void selectionSurvivesRefreshAndDetailsFollowTheJob()
    {
        auto engine = virtualEngine();
        JobsPage page(*engine);
        page.show();
        const QString running = submit(*engine, spec("train", 8));
        pb::JobSpec wide = spec("too-wide", 16);
        wide.set_gang(true);
        const QString waiting = submit(*engine, wide); // waits: "train" holds 8 of the 16 GPUs
        QVERIFY(!running.isEmpty() && !waiting.isEmpty());
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        QVERIFY(refreshed(page));
        QVERIFY(page.selectJob(waiting));
        QVERIFY2(page.detailsText().contains("Why it waits"), qPrintable(page.detailsText()));
        QVERIFY(page.detailsText().contains("too-wide"));
        QVERIFY(!page.chartsButton()->isEnabled()); // holds no GPUs
        const QString third = submit(*engine, spec("later", 1));
        QVERIFY(refreshed(page));
        QVERIFY(page.model()->rowOf(third) >= 0);
        QCOMPARE(page.selectedJobId(), waiting);
        const QModelIndexList rows = page.table()->selectionModel()->selectedRows();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first().data(JobTableModel::JobIdRole).toString(), waiting);

        QVERIFY(page.selectJob(running));
        QVERIFY(QTest::qWaitFor([&] { return page.detailsText().contains("Launching batch job"); }, 5000));
        const QString details = page.detailsText();
        QVERIFY2(details.contains("Running for"), qPrintable(details));
        QVERIFY(details.contains("python train.py --epochs 3"));
        QVERIFY(details.contains("node"));
        QVERIFY(page.chartsButton()->isEnabled());
        QSignalSpy charts(&page, &JobsPage::showJobGpuCharts); // several GPUs: side by side
        QTest::mouseClick(page.chartsButton(), Qt::LeftButton);
        QCOMPARE(charts.count(), 1);
        QCOMPARE(charts.first().at(0).toString(), running);
        const QStringList ids = charts.first().at(1).toStringList();
        QCOMPARE(ids.size(), waitFor(engine->getJob(running.toStdString()))->gpus_size());
        QVERIFY(ids.size() > 1 && ids.first().contains("/gpu"));
        QCOMPARE(charts.first().at(3).toLongLong(), 0); // still running: live

        // The text filter hides the selected job: the selection goes, the panel says so.
        auto *text = page.findChild<QLineEdit *>("jobFilterText");
        QVERIFY(text);
        text->setText("too-wide");
        QCOMPARE(page.filterModel()->rowCount(), 1);
        QVERIFY(refreshed(page));
        QVERIFY2(page.statusText().contains("1 of 3 shown"), qPrintable(page.statusText()));
    }

    void cancelAsksFirstAndReleasesTheGpus()
    {
        auto engine = virtualEngine();
        JobsPage page(*engine);
        page.show();
        const QString id = submit(*engine, spec("train", 8));
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        QVERIFY(refreshed(page));
        QVERIFY(page.selectJob(id));
        QVERIFY(page.cancelButton()->isEnabled());
        QString asked;
        page.setConfirmation([&](const QString &q) {
            asked = q;
            return false;
        });
        QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
        QVERIFY2(asked.contains(id) && asked.contains("node"), qPrintable(asked));
        QCOMPARE(waitFor(engine->getJob(id.toStdString()))->state(), pb::JOB_STATE_RUNNING); // declined: nothing

        page.setConfirmation([](const QString &) { return true; });
        QSignalSpy answered(&page, &JobsPage::cancelAnswered);
        QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(answered.count(), 1, 5000);
        QVERIFY2(answered.first().at(0).toBool(), qPrintable(page.noticeText()));
        QCOMPARE(page.noticeText(), "Cancelled job " + id + ".");
        QCOMPARE(waitFor(engine->getJob(id.toStdString()))->state(), pb::JOB_STATE_CANCELLED);
        QVERIFY(QTest::qWaitFor(
            [&] {
                const int row = page.model()->rowOf(id);
                return row >= 0 && page.model()->job(row)->state() == pb::JOB_STATE_CANCELLED;
            },
            5000));
        QVERIFY(!page.cancelButton()->isEnabled()); // it has ended
        QVERIFY(page.cancelButton()->toolTip().contains("ended"));
    }

    void requeueAsksFirstAndPutsTheJobBackUnderItsId()
    {
        auto engine = virtualEngine();
        JobsPage page(*engine);
        page.show();
        const QString id = submit(*engine, spec("train", 8));
        QVERIFY(refreshed(page));
        QVERIFY(page.selectJob(id));
        QVERIFY(!page.requeueButton()->isEnabled()); // pending: in the queue already
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        QVERIFY(refreshed(page));
        QVERIFY(page.requeueButton()->isEnabled());
        QString asked;
        page.setConfirmation([&](const QString &q) {
            asked = q;
            return false;
        });
        QTest::mouseClick(page.requeueButton(), Qt::LeftButton);
        QVERIFY2(asked.contains(id) && asked.contains("same id") && asked.contains("node"), qPrintable(asked));
        QCOMPARE(waitFor(engine->getJob(id.toStdString()))->state(), pb::JOB_STATE_RUNNING); // declined: nothing

        page.setConfirmation([](const QString &) { return true; });
        QSignalSpy answered(&page, &JobsPage::requeueAnswered);
        QTest::mouseClick(page.requeueButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(answered.count(), 1, 5000);
        QVERIFY2(answered.first().at(0).toBool(), qPrintable(page.noticeText()));
        QCOMPARE(page.noticeText(), "Requeued job " + id + ".");
        const auto after = waitFor(engine->getJob(id.toStdString()));
        QCOMPARE(after->state(), pb::JOB_STATE_PENDING);
        QCOMPARE(after->requeues(), 1);
        QTRY_VERIFY(page.model()->rowOf(id) >= 0 &&
                    page.model()->job(page.model()->rowOf(id))->state() == pb::JOB_STATE_PENDING);
        QVERIFY(!page.requeueButton()->isEnabled());
    }

    void cancelRefusedByTheEngineIsShown()
    {
        auto engine = virtualEngine();
        JobsPage page(*engine);
        page.show();
        const QString id = submit(*engine, spec("train", 8));
        QVERIFY(refreshed(page));
        QVERIFY(page.selectJob(id));
        QVERIFY(waitFor(engine->cancelJob(id.toStdString())).ok()); // behind the page's back
        page.setConfirmation([](const QString &) { return true; });
        QSignalSpy answered(&page, &JobsPage::cancelAnswered);
        page.cancelSelected();
        QTRY_COMPARE_WITH_TIMEOUT(answered.count(), 1, 5000);
        QCOMPARE(answered.first().at(0).toBool(), false);
        QVERIFY2(page.noticeText().startsWith("Cannot cancel job " + id), qPrintable(page.noticeText()));
        QVERIFY(refreshed(page)); // the refresh keeps what the action came to
        QVERIFY(page.noticeText().startsWith("Cannot cancel job " + id));
    }

    void viewerMayNotCancelOrResubmit()
    {
        auto engine = virtualEngine();
        JobsPage page(*engine);
        page.show();
        const QString id = submit(*engine, spec("train", 8));
        QVERIFY(refreshed(page));
        QVERIFY(page.selectJob(id));
        page.setRole(pb::ROLE_VIEWER);
        QVERIFY(!page.cancelButton()->isEnabled());
        QVERIFY(!page.resubmitButton()->isEnabled());
        QVERIFY(!page.submitButton()->isEnabled());
        QVERIFY2(page.cancelButton()->toolTip().contains("viewer"), qPrintable(page.cancelButton()->toolTip()));
        page.setRole(pb::ROLE_OPERATOR);
        QVERIFY(page.cancelButton()->isEnabled());
        QVERIFY(page.resubmitButton()->isEnabled());
    }

    void resubmitGivesTheSubmitterTheJobsSpec()
    {
        auto engine = virtualEngine();
        JobsPage page(*engine);
        page.show();
        pb::JobSpec s = spec("train-13b", 16, "vision");
        s.set_priority_class("modelTraining");
        s.set_gang(true); // (node_count is a batch backend's; the embedded engine does not keep it)
        s.set_cpus(128);
        s.set_memory_bytes(std::int64_t(512) << 30);
        s.set_gpu_memory_bytes(std::int64_t(40) << 30);
        s.set_checkpoint_interval_s(1800);
        s.set_gpu_milli(1000); // what the form says for whole GPUs (0 means the same)
        s.set_kind(pb::WORKLOAD_KIND_TRAINING);
        s.set_backend("embedded");
        (*s.mutable_environment())["NCCL_DEBUG"] = "INFO";
        (*s.mutable_environment())["OMP_NUM_THREADS"] = "8";
        pb::DeclaredModel &m = *s.mutable_declared_model();
        m.set_workload(pb::PLAN_WORKLOAD_TRAINING);
        m.set_parameters(13e9);
        m.set_precision("bf16");
        m.set_zero_stage(2);
        m.set_tensor_parallel(2);
        m.set_pipeline_parallel(1);
        m.set_seq(4096);
        m.set_micro_batch(1);
        m.set_batch(1);
        m.set_checkpointing("selective");
        const QString id = submit(*engine, s);
        QVERIFY(!id.isEmpty());
        QVERIFY(refreshed(page));
        QVERIFY(page.selectJob(id));
        JobSubmitDialog *dialog = page.openResubmitDialog();
        QVERIFY(dialog);
        QVERIFY(dialog->windowTitle().contains(id));
        const auto again = dialog->spec();
        QVERIFY2(again.ok(), again.ok() ? "" : again.error().message.c_str());
        std::string diff;
        google::protobuf::util::MessageDifferencer differ;
        differ.ReportDifferencesToString(&diff);
        QVERIFY2(differ.Compare(s, *again), diff.c_str());
        dialog->close();
    }

    void detailsText()
    {
        pb::Job j = job("7", pb::JOB_STATE_COMPLETED, 2);
        j.mutable_gpus()->Clear();
        pb::GpuRef &g = *j.add_gpus();
        g.set_node("node02");
        g.set_gpu(3);
        j.set_start_time_ms(61000);
        j.set_end_time_ms(61000 + 3723000);
        j.set_exit_code(0);
        j.set_preemptions(2);
        j.mutable_spec()->set_name("<b>bold</b>"); // user text stays text
        j.set_backend("slurm");
        j.set_backend_job_id("4242");
        j.set_backend_state("COMPLETED");
        pb::LogLine line;
        line.set_time_ms(62000);
        line.set_node("node02");
        line.set_text("step 10 loss 1.2");
        const QString html = jobDetailsHtml(j, 9000000, {line});
        QVERIFY(html.contains("&lt;b&gt;bold&lt;/b&gt;"));
        QVERIFY(!html.contains("<b>bold</b>"));
        QVERIFY(html.contains("1 h 2 min")); // ran for 3723 s
        QVERIFY(html.contains("after 1 min")); // waited 60 s
        QVERIFY(html.contains("Times preempted"));
        QVERIFY(html.contains("node02: 3"));
        QVERIFY(html.contains("4242"));
        QVERIFY(html.contains("step 10 loss 1.2"));
        QVERIFY(jobDetailsHtml(j, 0, {}, "deadline exceeded").contains("Cannot read its logs: deadline exceeded"));
        QCOMPARE(durationText(59000), QStringLiteral("59 s"));
        QCOMPARE(durationText(125000), QStringLiteral("2 min 5 s"));
        QCOMPARE(durationText(3 * 86400000LL + 3600000), QStringLiteral("3 d 1 h"));
        QCOMPARE(durationText(-5), QStringLiteral("0 s"));
    }
};

QTEST_MAIN(TestJobsQueue)
#include "tst_jobs_queue.moc"
