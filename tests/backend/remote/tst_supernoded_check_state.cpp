// supernoded --check-state on the state directory of a real daemon that ran jobs and took
// pushed telemetry: exit 0 and a summary when whole; exit 5 naming the file when the SQLite
// database or the telemetry WAL is damaged; the check itself changes nothing.
#include "backend/remote/daemon/daemon_options.h"
#include "tests/support/daemon_fixtures.h"
#include "tests/support/sample_pusher.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTest>

#include <functional>

using namespace sn;
using sn::test::SupernodedProcess;

namespace {

// A hash of every file's name and bytes under dir.
QByteArray treeHash(const QString &dir)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext())
        files << it.next();
    files.sort();
    for (const QString &f : files) {
        QFile file(f);
        file.open(QIODevice::ReadOnly);
        hash.addData(f.toUtf8());
        hash.addData(file.readAll());
    }
    return hash.result();
}

void flipBytes(const QString &path, qint64 at, int count)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::ReadWrite), qPrintable(path));
    QVERIFY(f.size() > at + count);
    f.seek(at);
    QByteArray bytes = f.read(count);
    for (char &c : bytes)
        c = char(c ^ 0x5a);
    f.seek(at);
    f.write(bytes);
}

QString newestSegment(const QString &stateDir)
{
    const QString wal = stateDir + "/telemetry/wal";
    const QStringList names = QDir(wal).entryList({"segment-*"}, QDir::Files, QDir::Name);
    return names.isEmpty() ? QString() : wal + "/" + names.back();
}

using Damage = std::function<void(const QString &stateDir)>;

} // namespace

Q_DECLARE_METATYPE(Damage)

class TestSupernodedCheckState : public QObject {
    Q_OBJECT

private slots:
    void damageIsFound_data()
    {
        QTest::addColumn<Damage>("damage");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("says");
        QTest::newRow("whole") << Damage([](const QString &) {}) << int(rpc::kDaemonOk) << "integrity ok";
        QTest::newRow("database pages overwritten") << Damage([](const QString &d) {
            // Past the header: SQLite still opens it, and its b-tree pages no longer add up.
            flipBytes(d + "/state.db", 4096 + 8, 2000);
        }) << int(rpc::kDaemonStateDamaged) << "state.db";
        QTest::newRow("telemetry WAL record broken") << Damage([](const QString &d) {
            const QString segment = newestSegment(d);
            QVERIFY(!segment.isEmpty());
            flipBytes(segment, QFileInfo(segment).size() / 2, 1);
        }) << int(rpc::kDaemonStateDamaged) << "checksum mismatch";
        QTest::newRow("no state") << Damage([](const QString &d) { QVERIFY(QDir(d).removeRecursively()); })
                                  << int(rpc::kDaemonStateDamaged) << "no such database";
    }

    void damageIsFound()
    {
        QFETCH(Damage, damage);
        QFETCH(int, exitCode);
        QFETCH(QString, says);
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(test::quietDaemonOptions(), &why), qPrintable(why));
        {
            rpc::RemoteEngine engine(daemon.client("operator"));
            for (int i = 0; i < 5; ++i)
                QVERIFY(waitFor(engine.submitJob(test::oneGpuJob("check-" + std::to_string(i)))).ok());
        }
        test::SamplePusher agent("check-agent", 8, QDateTime::currentMSecsSinceEpoch() / 1000 * 1000 - 600'000);
        for (int i = 0; i < 10; ++i) {
            const auto stream = agent.push(daemon, 5);
            QVERIFY2(stream.status.ok(), stream.status.error_message().c_str());
            QCOMPARE(stream.acknowledged.size(), std::size_t(5));
        }
        daemon.stop();
        damage(daemon.stateDir());
        if (QTest::currentTestFailed())
            return;
        const QByteArray before = treeHash(daemon.stateDir());
        QString report;
        const int code = daemon.checkState(&report);
        QVERIFY2(code == exitCode,
                 qPrintable(QStringLiteral("exit %1, expected %2:\n%3").arg(code).arg(exitCode).arg(report)));
        QVERIFY2(report.contains(says), qPrintable(report));
        QCOMPARE(treeHash(daemon.stateDir()), before);
    }
};

QTEST_GUILESS_MAIN(TestSupernodedCheckState)
#include "tst_supernoded_check_state.moc"
