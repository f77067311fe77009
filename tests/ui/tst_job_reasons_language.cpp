// The Jobs table shows the scheduler's English reason in the console's language, each clause
// translated. Its own program: it switches the process's language, which the Jobs page tests
// (submitting through the dialog) must not share.
#include "jobs_test_support.h"
#include "translations/translation_loader.h"
#include "ui/job_table_model.h"

#include <QTest>

using namespace sn;

using sn::test::job;

class TestJobReasonsLanguage : public QObject {
    Q_OBJECT
private slots:
    // The scheduler's English reason, in the console's language (each clause translated).
    void whyPendingSpeaksTheLanguage()
    {
        pb::ListJobsResponse jobs;
        *jobs.add_jobs() = job("2", pb::JOB_STATE_PENDING, 8);
        jobs.mutable_jobs(0)->set_pending_reason("waiting for 8 GPUs on one NVSwitch node; position 3");
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        JobTableModel model;
        model.setJobs(jobs, 1000);
        const QString zh = model.index(0, JobTableModel::WhyPending).data().toString();
        QVERIFY(installTranslations(QStringLiteral("en")));
        QCOMPARE(zh, QString::fromUtf8("等待同一 NVSwitch 节点上的 8 块 GPU；排队第 3 位"));
        QCOMPARE(model.index(0, JobTableModel::WhyPending).data(Qt::ToolTipRole).toString(), zh); // translated once
        JobTableModel english;
        english.setJobs(jobs, 1000);
        QCOMPARE(english.index(0, JobTableModel::WhyPending).data().toString(),
                 QStringLiteral("waiting for 8 GPUs on one NVSwitch node; position 3"));
    }
};

QTEST_MAIN(TestJobReasonsLanguage)
#include "tst_job_reasons_language.moc"
