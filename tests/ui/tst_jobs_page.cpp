// The Jobs page on a LocalEngine in virtual time: the queue model under
// QAbstractItemModelTester, submitting through the job submitter and seeing the job run, the
// planner panel turning red for a model that will not fit, and the engine's refusal shown.
#include "jobs_test_support.h"
#include "ui/job_submit_dialog.h"
#include "ui/job_table_model.h"
#include "ui/jobs_page.h"
#include "ui/plan_panel.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace sn;

using sn::test::job;
using sn::test::virtualEngine;

class TestJobsPage : public QObject {
    Q_OBJECT
private slots:
    void queueModelPassesTheModelTester()
    {
        JobTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        pb::ListJobsResponse jobs;
        *jobs.add_jobs() = job("1", pb::JOB_STATE_RUNNING, 2);
        *jobs.add_jobs() = job("2", pb::JOB_STATE_PENDING, 16);
        model.setJobs(jobs, 61000);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(JobTableModel::ColumnCount));
        QCOMPARE(model.index(0, JobTableModel::Placement).data().toString(), QStringLiteral("node01: 0,1"));
        QCOMPARE(model.index(1, JobTableModel::Wait).data().toString(), QStringLiteral("60 s"));
        QCOMPARE(model.index(1, JobTableModel::WhyPending).data().toString(), QStringLiteral("needs 16 GPUs, 0 free"));
        QVERIFY(model.index(0, JobTableModel::WhyPending).data().toString().isEmpty());
        jobs.mutable_jobs(1)->set_state(pb::JOB_STATE_RUNNING); // same rows: data changes only
        model.setJobs(jobs, 62000);
        QCOMPARE(model.index(1, JobTableModel::State).data().toString(), QStringLiteral("running"));
        jobs.mutable_jobs()->RemoveLast();
        model.setJobs(jobs, 63000);
        QCOMPARE(model.rowCount(), 1);
        model.setJobs({}, 0);
        QCOMPARE(model.rowCount(), 0);
    }

    void submitThroughTheDialogAndSeeItRun()
    {
        auto engine = virtualEngine();
        JobsPage page(*engine);
        page.show();
        JobSubmitDialog *dialog = page.openSubmitDialog();
        QVERIFY(dialog);
        dialog->applyTemplate(JobSubmitDialog::EightGpuTraining);
        QSignalSpy planned(dialog, &JobSubmitDialog::planned);
        QVERIFY(planned.wait(30000));
        QVERIFY(dialog->planPanel()->hasPlan());
        QVERIFY2(dialog->planPanel()->fits(), qPrintable(dialog->planPanel()->reasonText()));
        QVERIFY(dialog->planPanel()->timeText().contains("communication"));
        dialog->setJobName("gui-train");
        QSignalSpy submitted(dialog, &JobSubmitDialog::submitted);
        QTest::mouseClick(dialog->findChild<QPushButton *>("submitButton"), Qt::LeftButton);
        // The engine checks the declared model with the planner before queueing: seconds in a
        // debug build when the whole suite shares two cores (it missed 5 s once).
        QVERIFY(submitted.wait(30000));
        const QString id = QString::fromStdString(dialog->submittedJob().id());
        QVERIFY(QTest::qWaitFor([&] { return page.model()->rowOf(id) >= 0; }, 30000));
        QVERIFY(waitFor(engine->advanceTime(2000)).ok());
        QSignalSpy refreshed(&page, &JobsPage::refreshed);
        page.refresh();
        QVERIFY(refreshed.wait(30000));
        const int row = page.model()->rowOf(id);
        QVERIFY(row >= 0);
        QCOMPARE(page.model()->index(row, JobTableModel::State).data().toString(), QStringLiteral("running"));
        QCOMPARE(page.model()->index(row, JobTableModel::Gpus).data().toInt(), 8);
        QVERIFY(!page.model()->index(row, JobTableModel::Placement).data().toString().isEmpty());
    }

    // The page asks the engine only while it is on screen.
    void pollsOnlyWhileShown()
    {
        auto engine = virtualEngine();
        JobsPage page(*engine);
        QSignalSpy refreshed(&page, &JobsPage::refreshed);
        page.show();
        QVERIFY(refreshed.wait(30000));
        QCOMPARE(page.model()->rowCount(), 0);
        page.hide();
        pb::JobSpec spec;
        spec.set_name("behind-the-back");
        spec.set_user("tester");
        spec.set_gpus_min(1);
        spec.set_gpus_max(1);
        QVERIFY(waitFor(engine->submitJob(spec)).ok());
        QVERIFY(!refreshed.wait(1500)); // hidden: no poll
        QCOMPARE(page.model()->rowCount(), 0);
        page.show();
        QVERIFY(refreshed.wait(30000));
        QCOMPARE(page.model()->rowCount(), 1);
    }

    void plannerPanelTurnsRedAndSubmitWarns()
    {
        auto engine = virtualEngine();
        JobSubmitDialog dialog(*engine);
        dialog.show();
        dialog.setJobName("too-big");
        QSignalSpy planned(&dialog, &JobSubmitDialog::planned);
        dialog.setModel(175e9, 8, 0, 1, 1);
        QVERIFY(planned.wait(30000));
        QVERIFY(dialog.planPanel()->hasPlan());
        QVERIFY(!dialog.planPanel()->fits());
        auto *bar = dialog.planPanel()->findChild<QProgressBar *>();
        QVERIFY(bar);
        QVERIFY2(bar->styleSheet().contains("#c62828"), qPrintable(bar->styleSheet())); // red
        QCOMPARE(bar->value(), 1000);                                                   // full: over capacity
        QVERIFY2(dialog.planPanel()->reasonText().contains("needs"), qPrintable(dialog.planPanel()->reasonText()));
        QVERIFY(dialog.planPanel()->memoryText().contains("Will not fit"));
        // Submit asks first; declining keeps the dialog open and submits nothing.
        QString asked;
        dialog.setConfirmation([&](const QString &why) {
            asked = why;
            return false;
        });
        dialog.submit();
        QVERIFY(!asked.isEmpty());
        QVERIFY(waitFor(engine->listJobs({}))->jobs_size() == 0);
        // A job that fits turns the panel back.
        dialog.setModel(7e9, 8, 1, 1, 1);
        QVERIFY(planned.wait(30000));
        QVERIFY(dialog.planPanel()->fits());
        QVERIFY(bar->styleSheet().contains("#2e7d32")); // green
        QVERIFY(bar->value() < 1000);
    }

    // Every template yields a valid spec; the training ones declare a model that fits the demo
    // super node.
    void templatesAreValidAndTheTrainingOnesFit_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<bool>("declaresModel");
        QTest::newRow("notebook") << int(JobSubmitDialog::SingleGpuNotebook) << false;
        QTest::newRow("8-gpu training") << int(JobSubmitDialog::EightGpuTraining) << true;
        QTest::newRow("gang training") << int(JobSubmitDialog::MultiNodeGangTraining) << true;
        QTest::newRow("preprocessing") << int(JobSubmitDialog::DataPreprocessing) << false;
    }
    void templatesAreValidAndTheTrainingOnesFit()
    {
        QFETCH(int, which);
        QFETCH(bool, declaresModel);
        auto engine = virtualEngine();
        JobSubmitDialog dialog(*engine);
        QSignalSpy planned(&dialog, &JobSubmitDialog::planned);
        dialog.applyTemplate(JobSubmitDialog::Template(which));
        const auto spec = dialog.spec();
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
        QCOMPARE(spec->has_declared_model(), declaresModel);
        if (!declaresModel)
            return;
        QVERIFY(planned.wait(30000));
        QVERIFY2(dialog.planPanel()->fits(), qPrintable(dialog.planPanel()->reasonText()));
    }

    void inlineValidation()
    {
        auto engine = virtualEngine();
        JobSubmitDialog dialog(*engine);
        dialog.applyTemplate(JobSubmitDialog::EightGpuTraining);
        auto *submit = dialog.findChild<QPushButton *>("submitButton");
        QVERIFY(submit->isEnabled());
        auto *name = dialog.findChild<QLineEdit *>("name");
        QVERIFY(!dialog.invalidField());
        dialog.setJobName("");
        QVERIFY(!submit->isEnabled());
        QVERIFY(dialog.findChild<QLabel *>("validation")->text().contains("name"));
        QCOMPARE(dialog.invalidField(), name); // the field itself is marked
        QVERIFY(name->property("invalid").toBool());
        dialog.setJobName("ok");
        QVERIFY(submit->isEnabled());
        QVERIFY(!name->property("invalid").toBool());
        QVERIFY(!dialog.invalidField());
        auto *env = dialog.findChild<QPlainTextEdit *>();
        QVERIFY(env);
        env->setPlainText("NCCL_DEBUG=INFO\nbroken line");
        QVERIFY(!submit->isEnabled());
        QVERIFY(dialog.findChild<QLabel *>("validation")->text().contains("line 2"));
        QCOMPARE(dialog.invalidField(), env);
        env->setPlainText("NCCL_DEBUG=INFO");
        QVERIFY(submit->isEnabled());
        QCOMPARE(dialog.spec()->environment().at("NCCL_DEBUG"), std::string("INFO"));
    }

    void engineRefusalIsShown()
    {
        auto engine = virtualEngine();
        JobSubmitDialog dialog(*engine);
        dialog.show();
        dialog.setJobName("huge");
        dialog.setModel(13e9, 64, 1, 1, 1); // more GPUs than the 16 of the demo super node
        dialog.setConfirmation([](const QString &) { return true; });
        QSignalSpy planned(&dialog, &JobSubmitDialog::planned);
        QVERIFY(planned.wait(30000));
        dialog.submit();
        QVERIFY(QTest::qWaitFor([&] { return !dialog.errorText().isEmpty(); }, 30000));
        QVERIFY2(dialog.errorText().contains("refused"), qPrintable(dialog.errorText()));
        QVERIFY(dialog.isVisible());
    }
};

QTEST_MAIN(TestJobsPage)
#include "tst_jobs_page.moc"
