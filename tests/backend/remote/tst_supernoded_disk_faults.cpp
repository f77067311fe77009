// A real supernoded whose state directory is a small tmpfs mounted by the test (so it needs
// root, as CI has; skipped otherwise). The disk fills up while the daemon runs: writes are
// refused with a clear error, reads keep working, nothing acknowledged is lost, and writes work
// again once space returns; a kill -9 and restart after that finds every acknowledged job. A
// state directory that is read-only at start is refused with a message that names it, and its
// data is whole once it is writable again. The test undoes the mounts it made.
#include "backend/remote/client/remote_engine.h"
#include "tests/support/daemon_fixtures.h"
#include "tests/support/small_disk.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <set>
#include <unistd.h>

using namespace sn;
using sn::test::fillUp;
using sn::test::SmallDisk;
using sn::test::SupernodedProcess;

namespace {

struct Submitted {
    std::set<std::string> acknowledged;
    QStringList errors;
};

Submitted submit(rpc::RemoteEngine &engine, const std::string &prefix, int count)
{
    Submitted out;
    for (int i = 0; i < count; ++i) {
        const auto r = waitFor(engine.submitJob(test::oneGpuJob(prefix + std::to_string(i))));
        if (r.ok())
            out.acknowledged.insert(r->id());
        else
            out.errors << QString::fromStdString(r.error().message);
    }
    return out;
}

} // namespace

class TestSupernodedDiskFaults : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (::geteuid() != 0)
            QSKIP("mounting a small tmpfs for the state directory needs root (CI runs as root)");
    }

    void aFullDiskRefusesWritesClearlyAndRecovers() { writesFailAndRecover(); }

    // A file system cannot turn read-only under open files (the remount is refused as busy), so
    // the daemon meets it at start: a state directory that went read-only while it was stopped.
    void aStateThatWentReadOnlyIsRefusedAtStartAndKeptWhole()
    {
        SupernodedProcess daemon;
        SmallDisk disk;
        QString why;
        if (!disk.mount(daemon.stateDir(), 24, false, &why))
            QSKIP(qPrintable("cannot mount a tmpfs here: " + why));
        const auto options = test::quietDaemonOptions();
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        std::set<std::string> acknowledged;
        {
            rpc::RemoteEngine engine(daemon.client("operator"));
            const Submitted jobs = submit(engine, "kept-", 10);
            QCOMPARE(jobs.errors, QStringList());
            acknowledged = jobs.acknowledged;
        }
        daemon.stop();
        QVERIFY(disk.remount(true));
        QVERIFY(!daemon.start(options, &why));
        QVERIFY2(why.contains(daemon.stateDir()), qPrintable(why));
        QVERIFY2(why.contains(QLatin1String("not writable (Read-only file system)")), qPrintable(why));
        QVERIFY(disk.remount(false));
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        rpc::RemoteEngine engine(daemon.client("operator"));
        const std::set<std::string> present = test::listedJobIds(engine).value();
        for (const std::string &id : acknowledged)
            QVERIFY(present.count(id));
        QVERIFY(waitFor(engine.submitJob(test::oneGpuJob("after"))).ok());
        daemon.stop();
    }

    void aReadOnlyStateDirectoryAtStartIsRefusedByName()
    {
        QTemporaryDir dir;
        SmallDisk disk;
        QString why;
        const QString state = dir.filePath(QStringLiteral("state"));
        if (!disk.mount(state, 1, true, &why))
            QSKIP(qPrintable("cannot mount a tmpfs here: " + why));
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(SupernodedProcess::binary(), {"--listen", "127.0.0.1:0", "--insecure-no-tls", "--state-dir", state});
        QVERIFY(p.waitForFinished(20000));
        const QString output = QString::fromLocal8Bit(p.readAll());
        QVERIFY2(p.exitCode() != 0, qPrintable(output));
        QVERIFY2(output.contains(state + QLatin1String(": not writable")), qPrintable(output));
    }

    // Two daemons on one state directory would hand out the same job ids and replay each other's
    // telemetry WAL (issue 29): the second is refused, naming the first; a killed first's lock is
    // taken over by the next start.
    void aSecondDaemonOnTheSameStateIsRefusedNamingTheFirst()
    {
        SupernodedProcess daemon;
        QString why;
        const auto options = test::quietDaemonOptions();
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        QProcess second;
        second.setProcessChannelMode(QProcess::MergedChannels);
        second.start(SupernodedProcess::binary(),
                     {"--listen", "127.0.0.1:0", "--insecure-no-tls", "--state-dir", daemon.stateDir()});
        QVERIFY(second.waitForFinished(20000));
        const QString output = QString::fromLocal8Bit(second.readAll());
        QVERIFY2(second.exitCode() != 0, qPrintable(output));
        QVERIFY2(output.contains(daemon.stateDir() + " is in use by process " + QString::number(daemon.pid())),
                 qPrintable(output));
        daemon.kill9();
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        rpc::RemoteEngine engine(daemon.client("operator"));
        QVERIFY(waitFor(engine.submitJob(test::oneGpuJob("after"))).ok());
        daemon.stop();
    }

private:
    void writesFailAndRecover()
    {
        SupernodedProcess daemon;
        SmallDisk disk;
        QString why;
        if (!disk.mount(daemon.stateDir(), 24, false, &why))
            QSKIP(qPrintable("cannot mount a tmpfs here: " + why));
        const auto options = test::quietDaemonOptions();
        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        auto client = daemon.client("operator");
        client.callTimeoutMs = 10000;
        std::set<std::string> acknowledged;
        QStringList refusals;
        {
            rpc::RemoteEngine engine(client);
            const Submitted before = submit(engine, "before-", 20);
            QCOMPARE(before.errors, QStringList());
            acknowledged = before.acknowledged;

            QVERIFY(fillUp(daemon.stateDir()) > 0);
            const Submitted during = submit(engine, "during-", 20);
            acknowledged.insert(during.acknowledged.begin(), during.acknowledged.end());
            refusals = during.errors;
            // Reads are served all the while; the daemon did not fall over.
            QVERIFY2(waitFor(engine.getSummary()).ok(), qPrintable(daemon.output().right(2000)));
            QVERIFY2(waitFor(engine.listJobs({})).ok(), qPrintable(daemon.output().right(2000)));

            QVERIFY(QFile::remove(daemon.stateDir() + QStringLiteral("/filler")));
            Submitted after;
            // The first write after the space returns may still meet the failure it remembers.
            for (int tries = 0; tries < 20; ++tries) {
                after = submit(engine, "after-", 1);
                if (after.errors.isEmpty())
                    break;
                QTest::qWait(250);
            }
            QVERIFY2(after.errors.isEmpty(), qPrintable(after.errors.join('\n') + daemon.output().right(2000)));
            const Submitted more = submit(engine, "more-", 10);
            QCOMPARE(more.errors, QStringList());
            acknowledged.insert(after.acknowledged.begin(), after.acknowledged.end());
            acknowledged.insert(more.acknowledged.begin(), more.acknowledged.end());
            daemon.kill9();
        }
        QVERIFY2(!refusals.isEmpty(), "no write was refused: the fault did not reach the daemon");
        for (const QString &message : refusals)
            QVERIFY2(message.contains(QLatin1String("state")) || message.contains(QLatin1String("disk")) ||
                         message.contains(QLatin1String("space")) || message.contains(QLatin1String("read-only")),
                     qPrintable("an unclear refusal: " + message));
        qInfo("%d writes refused during the fault, first: %s", int(refusals.size()), qPrintable(refusals.first()));

        QVERIFY2(daemon.start(options, &why), qPrintable(why));
        rpc::RemoteEngine engine(daemon.client("operator"));
        const std::set<std::string> present = test::listedJobIds(engine).value();
        for (const std::string &id : acknowledged)
            QVERIFY2(present.count(id), qPrintable(QStringLiteral("acknowledged job %1 is missing after the restart")
                                                       .arg(QString::fromStdString(id))));
        daemon.stop();
    }
};

QTEST_MAIN(TestSupernodedDiskFaults)
#include "tst_supernoded_disk_faults.moc"
