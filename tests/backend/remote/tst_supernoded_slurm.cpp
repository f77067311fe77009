// A real supernoded (gRPC over TLS, tokens, state on disk) whose cluster.yaml routes jobs to a
// real Slurm (tests/support/slurm_cluster): RemoteEngine submits, the job runs on Slurm and
// completes with its GPUs, RenderJob shows the sbatch script over the wire; after kill -9 and a
// restart on the same state the job is still Slurm's, not a simulated one.
#include "backend/model/cluster_yaml.h"
#include "backend/remote/client/remote_engine.h"

#include "tests/support/slurm_cluster.h"
#include "tests/support/supernoded_process.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>
#include <QThread>

using namespace sn;

class TstSupernodedSlurm : public QObject {
    Q_OBJECT
    test::SlurmCluster m_slurm;

    pb::Job waitUntilEnded(rpc::RemoteEngine &engine, const std::string &id)
    {
        QElapsedTimer timer;
        timer.start();
        pb::Job last;
        while (timer.elapsed() < 30000) {
            if (auto job = waitFor(engine.getJob(id)); job.ok() && (last = *job).end_time_ms() > 0)
                break;
            QThread::msleep(200);
        }
        return last;
    }

private slots:
    void initTestCase()
    {
        const test::SlurmCluster::Options o;
        if (!test::requireSlurm(o))
            return;
        QString why;
        QVERIFY2(m_slurm.start(o, &why), qPrintable(why)); // SLURM_CONF reaches the daemon's environment
    }
    void cleanupTestCase() { m_slurm.stop(); }

    void slurmJobThroughTheDaemonSurvivesARestart()
    {
        auto spec = parseClusterYaml("apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\n"
                                     "simulation: {nodes: 1, jobArrivalsPerHour: 0}\n"
                                     "jobBackends: {slurm: {via: cli, partition: gpu}}\n");
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
        test::SupernodedProcess daemon;
        test::SupernodedProcess::Options options;
        options.spec = *spec;
        QString why;
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        std::string id;
        {
            rpc::RemoteEngine engine(daemon.client("operator"));
            pb::JobSpec s;
            s.set_backend("slurm");
            s.set_name("over-grpc");
            s.set_gpus_min(2);
            s.set_gpus_max(2);
            const QString marker = m_slurm.workDir() + "/daemon-cvd.txt";
            s.set_command("echo \"$CUDA_VISIBLE_DEVICES\" > " + marker.toStdString());
            s.set_working_directory(m_slurm.workDir().toStdString());
            auto rendered = waitFor(engine.renderJob(s));
            QVERIFY2(rendered.ok(), rendered.ok() ? "" : rendered.error().message.c_str());
            QCOMPARE(QString::fromStdString(rendered->command(0)), QString("sbatch"));
            auto job = waitFor(engine.submitJob(s));
            QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
            id = job->id();
            QVERIFY(QString::fromStdString(id).startsWith("slurm-"));
            const pb::Job done = waitUntilEnded(engine, id);
            QCOMPARE(done.state(), pb::JOB_STATE_COMPLETED);
            QFile f(marker);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll().trimmed(), QByteArray("0,1"));
        }
        daemon.kill9();
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        rpc::RemoteEngine engine(daemon.client("viewer"));
        auto again = waitFor(engine.getJob(id));
        QVERIFY2(again.ok(), again.ok() ? "" : again.error().message.c_str());
        QCOMPARE(QString::fromStdString(again->backend()), QString("slurm"));
        QVERIFY(!again->simulated());
        QCOMPARE(again->spec().name(), std::string("over-grpc"));
    }
};

QTEST_GUILESS_MAIN(TstSupernodedSlurm)
#include "tst_supernoded_slurm.moc"
