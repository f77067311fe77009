// supernodectl against a real supernoded: certs init (modes, SANs), tokens create (printed once,
// stored hashed), and commands over --remote with TLS and a token; bad URLs and files refused.
#include "tests/backend/ctl/ctl_process.h"
#include "tests/support/supernoded_process.h"
#include "tests/support/syscall_trace.h"
#include "tests/support/tcp_relay.h"

#include "backend/remote/common/access_tokens.h"
#include "backend/sim/super_node_topology.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace sn;
using sn::test::ctl;

namespace {
unsigned modeOf(const QString &path)
{
    struct stat st {};
    return ::stat(path.toLocal8Bit().constData(), &st) == 0 ? (st.st_mode & 0777) : 0;
}
// supernodectl's options to reach `daemon` over TLS with the token of `role`.
QStringList remoteAs(test::SupernodedProcess &daemon, const QString &role)
{
    QFile token(daemon.path(role + ".token"));
    token.open(QIODevice::WriteOnly);
    token.write(daemon.token(role).toUtf8());
    return QStringList{"--remote",     QStringLiteral("grpcs://127.0.0.1:%1").arg(daemon.port()),
                       "--token-file", token.fileName(),
                       "--ca",         daemon.path("certs/ca.pem")};
}
// Starts `daemon` on a one-node simulated super node; `quiet`: no jobs arrive by themselves.
bool startSimulated(test::SupernodedProcess &daemon, bool quiet, QString *why)
{
    test::SupernodedProcess::Options options;
    options.spec = sim::defaultSimulatedSpec(1);
    if (quiet)
        options.spec.simulation.jobArrivalsPerHour = 0;
    return daemon.start(options, why);
}
} // namespace

class TestSupernodectlRemote : public QObject {
    Q_OBJECT

private slots:
    void certsInitWritesKeysPrivately()
    {
        QTemporaryDir dir;
        const QString certs = dir.filePath("certs");
        const auto r = ctl({"certs", "init", certs, "--host", "head01", "--host", "10.0.0.5"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        for (const char *key : {"ca.key", "server.key", "client.key"})
            QCOMPARE(modeOf(certs + "/" + key), 0600u);
        QCOMPARE(modeOf(certs + "/server.pem"), 0644u);
        QProcess openssl;
        openssl.start("openssl", {"x509", "-in", certs + "/server.pem", "-noout", "-ext", "subjectAltName"});
        QVERIFY(openssl.waitForFinished());
        const QString san = openssl.readAllStandardOutput();
        for (const char *name : {"DNS:localhost", "DNS:head01", "IP Address:127.0.0.1", "IP Address:10.0.0.5"})
            QVERIFY2(san.contains(name), qPrintable(san));
        openssl.start("openssl",
                      {"verify", "-CAfile", certs + "/ca.pem", certs + "/server.pem", certs + "/client.pem"});
        QVERIFY(openssl.waitForFinished());
        QVERIFY2(openssl.exitCode() == 0, openssl.readAllStandardOutput().constData());
        const auto again = ctl({"certs", "init", certs});
        QCOMPARE(again.exitCode, 1); // never overwrites a CA
        QVERIFY(again.err.contains("exists already"));
    }

    // Each certificate and key is renamed into place and then its directory fsynced: without
    // that, a power loss can bring back no CA, or an old key beside a new certificate.
    void certsInitSyncsTheDirectoryAfterEachRename()
    {
        QTemporaryDir dir;
        const QString certs = QDir(dir.path()).canonicalPath() + "/certs";
        const auto trace = test::traceSyscalls(qEnvironmentVariable("SN_BINARY_DIR") + "/app/supernodectl/supernodectl",
                                               {"certs", "init", certs}, "rename,renameat,renameat2,fsync,fdatasync");
        QVERIFY2(trace.error.isEmpty(), qPrintable(trace.error));
        const QRegularExpression intoCerts("^rename(at2?)?\\(.*\"" + QRegularExpression::escape(certs) +
                                           "/(\\w+\\.(pem|key))\"");
        int renames = 0;
        for (int at = trace.find(intoCerts); at >= 0; at = trace.find(intoCerts, at + 1)) {
            ++renames;
            const int next = trace.find(intoCerts, at + 1);
            QVERIFY2(trace.directorySynced(certs, at + 1, next), qPrintable(trace.lines[at]));
        }
        QCOMPARE(renames, 6);
    }

    // A temporary file is never opened through a link someone planted at a predictable name:
    // before, "ca.key.tmp -> victim" made `certs init` write the CA's key into the victim.
    void aPlantedLinkAtTheTemporaryNameIsNotFollowed()
    {
        QTemporaryDir dir;
        const QString certs = dir.filePath("certs");
        QVERIFY(QDir().mkpath(certs));
        QFile victim(dir.filePath("victim"));
        QVERIFY(victim.open(QIODevice::WriteOnly));
        victim.write("untouched\n");
        victim.close();
        for (const char *name : {"ca.key", "ca.pem", "server.key", "server.pem", "client.key", "client.pem"})
            QVERIFY(QFile::link(victim.fileName(), certs + "/" + name + ".tmp"));
        const auto r = ctl({"certs", "init", certs});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(victim.open(QIODevice::ReadOnly));
        QCOMPARE(victim.readAll(), QByteArray("untouched\n"));
        QCOMPARE(modeOf(certs + "/ca.key"), 0600u);
    }

    void tokensCreatePrintsOnceAndStoresAHash()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath("tokens");
        const auto r = ctl({"tokens", "create", "--role", "viewer", "--file", file, "--name", "grafana"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray token = r.out.trimmed();
        QVERIFY(token.startsWith("snt_"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray stored = f.readAll();
        QVERIFY(!stored.contains(token));
        QVERIFY(stored.contains("grafana viewer "));
        QCOMPARE(modeOf(file), 0600u);
        const auto store = rpc::TokenStore::load(file.toStdString());
        QCOMPARE(store->verify(token.toStdString())->role, rpc::Role::Viewer);
        QCOMPARE(ctl({"tokens", "create", "--role", "root", "--file", file}).exitCode, 2);
        QCOMPARE(ctl({"tokens", "create", "--role", "viewer", "--file", file, "--name", "grafana"}).exitCode, 3);
    }

    void statusOverTheRemoteEngine()
    {
        test::SupernodedProcess daemon;
        QString why;
        QVERIFY2(startSimulated(daemon, true, &why), qPrintable(why));
        QFile token(daemon.path("viewer.token"));
        QVERIFY(token.open(QIODevice::WriteOnly));
        token.write(daemon.token("viewer").toUtf8() + "\n");
        token.close();
        const QString url = QStringLiteral("grpcs://127.0.0.1:%1").arg(daemon.port());
        const QStringList remote{"--remote",       url,    "--token-file",
                                 token.fileName(), "--ca", daemon.path("certs/ca.pem")};
        const auto status = ctl(remote + QStringList{"--json", "status"});
        QVERIFY2(status.exitCode == 0, status.err.constData());
        QCOMPARE(test::json(status).value("gpus_total").toInt(), 8);
        QVERIFY(test::json(status).value("simulated").toBool());
        // A viewer may look but not move the daemon's clock.
        const auto advance = ctl(remote + QStringList{"status", "--after", "5"});
        QCOMPARE(advance.exitCode, 1);
        QVERIFY2(advance.err.contains("needs the role operator"), advance.err.constData());
        const auto noToken = ctl({"--remote", url, "--ca", daemon.path("certs/ca.pem"), "status"});
        QCOMPARE(noToken.exitCode, 1);
        QVERIFY(noToken.err.contains("needs a token"));
        // The daemon's refusals, in English on the wire, reach a Chinese user in Chinese.
        const auto zhAdvance = ctl(QStringList{"--lang", "zh_CN"} + remote + QStringList{"status", "--after", "5"});
        QCOMPARE(zhAdvance.exitCode, 1);
        QVERIFY2(QString::fromUtf8(zhAdvance.err)
                     .contains(QString::fromUtf8("AdvanceTime 需要 operator 角色；'test-viewer' 的角色是 viewer")),
                 zhAdvance.err.constData());
        const auto zhNoToken = ctl({"--lang", "zh_CN", "--remote", url, "--ca", daemon.path("certs/ca.pem"), "status"});
        QVERIFY2(QString::fromUtf8(zhNoToken.err).contains(QString::fromUtf8("未通过身份验证：此守护进程需要令牌")),
                 zhNoToken.err.constData());
    }

    // A daemon behind a slow link (each TLS and HTTP/2 round trip 300 ms): the first call
    // connects and is answered. supernodectl once gave a connection attempt 100 ms (gRPC's
    // "minimum reconnect backoff" is the connect timeout), so every call over such a link, or
    // to a busy daemon, failed at once with "timed out before receiving SETTINGS frame".
    void aSlowLinkStillConnects()
    {
        test::SupernodedProcess daemon;
        QString why;
        QVERIFY2(startSimulated(daemon, false, &why), qPrintable(why));
        test::TcpRelay slowLink(daemon.port());
        slowLink.setDelay(std::chrono::milliseconds(150));
        QStringList viewer = remoteAs(daemon, "viewer");
        viewer[1] = QStringLiteral("grpcs://127.0.0.1:%1").arg(slowLink.port());
        const auto status = ctl(viewer + QStringList{"--json", "status"});
        QVERIFY2(status.exitCode == 0, status.err.constData());
        QCOMPARE(test::json(status).value("gpus_total").toInt(), 8);
    }

    void jobsAndEventsOverTheRemoteEngine()
    {
        test::SupernodedProcess daemon;
        QString why;
        QVERIFY2(startSimulated(daemon, true, &why), qPrintable(why));
        const QStringList op = remoteAs(daemon, "operator"), viewer = remoteAs(daemon, "viewer");
        const auto submitted = ctl(op + QStringList{"--json", "jobs", "submit", "--gpus", "2", "--name", "train"});
        QVERIFY2(submitted.exitCode == 0, submitted.err.constData());
        const QString id = test::json(submitted).value("id").toString();
        QVERIFY(!id.isEmpty());
        const auto listed = ctl(viewer + QStringList{"jobs", "list"});
        QCOMPARE(listed.exitCode, 0);
        QVERIFY2(listed.out.contains(id.toUtf8()) && listed.out.contains("train"), listed.out.constData());
        QCOMPARE(ctl(viewer + QStringList{"jobs", "cancel", id}).exitCode, 1); // viewers may not
        QCOMPARE(ctl(viewer + QStringList{"jobs", "requeue", id}).exitCode, 1);
        const auto waiting = ctl(op + QStringList{"jobs", "requeue", id}); // not started: nothing to requeue
        QCOMPARE(waiting.exitCode, 1);
        QVERIFY2(waiting.err.contains("waiting in the queue already"), waiting.err.constData());
        // jobs why: the scheduler's reason, in the user's language.
        const QString reason =
            test::json(ctl(viewer + QStringList{"--json", "jobs", "get", id})).value("pending_reason").toString();
        QVERIFY(!reason.isEmpty());
        const auto whyEn = ctl(viewer + QStringList{"--lang", "en", "jobs", "why", id});
        QVERIFY2(whyEn.exitCode == 0, whyEn.err.constData());
        QVERIFY2(QString::fromUtf8(whyEn.out).startsWith(id + " (train) waits: " + reason), whyEn.out.constData());
        const auto whyZh = ctl(viewer + QStringList{"--lang", "zh_CN", "jobs", "why", id});
        QCOMPARE(whyZh.exitCode, 0);
        const QString zh = QString::fromUtf8(whyZh.out);
        QVERIFY2(zh.startsWith(id + QString::fromUtf8(" (train) 在等待：")) && !zh.contains(reason),
                 whyZh.out.constData());
        const auto cancelled = ctl(op + QStringList{"--json", "jobs", "cancel", id});
        QCOMPARE(test::json(cancelled).value("state").toString(), QStringLiteral("JOB_STATE_CANCELLED"));
        const auto whyEnded = ctl(viewer + QStringList{"--lang", "en", "jobs", "why", id});
        QVERIFY2(whyEnded.out.contains("does not wait: it has ended (cancelled"), whyEnded.out.constData());
        // Each refusal with what supernodectl said: "jobs get nope" once exited 4 (engine
        // unavailable) on a fresh machine, and the exit code alone did not say why.
        const auto whyNope = ctl(op + QStringList{"jobs", "why", "nope"});
        QVERIFY2(whyNope.exitCode == 3, whyNope.err.constData());
        QCOMPARE(ctl(op + QStringList{"jobs", "why"}).exitCode, 2);
        const auto getNope = ctl(op + QStringList{"jobs", "get", "nope"});
        QVERIFY2(getNope.exitCode == 3, getNope.err.constData());
        QCOMPARE(ctl(op + QStringList{"jobs", "list", "--state", "sleeping"}).exitCode, 2);
        QCOMPARE(ctl(op + QStringList{"jobs", "submit"}).exitCode, 2);
        const auto events = ctl(viewer + QStringList{"events", "--limit", "5"});
        QCOMPARE(events.exitCode, 0);
    }

    // gpus, top, query, logs and bench read a real daemon's telemetry and logs as a viewer.
    void telemetryAndLogsOverTheRemoteEngine()
    {
        test::SupernodedProcess daemon;
        QString why;
        QVERIFY2(startSimulated(daemon, false, &why), qPrintable(why));
        const QStringList op = remoteAs(daemon, "operator"), viewer = remoteAs(daemon, "viewer");
        // The daemon runs in virtual time: 30 s of cluster life first.
        QCOMPARE(ctl(op + QStringList{"status", "--after", "30"}).exitCode, 0);
        const int gpusTotal = test::json(ctl(viewer + QStringList{"--json", "status"})).value("gpus_total").toInt();
        QVERIFY(gpusTotal >= 8);

        const auto gpus = ctl(viewer + QStringList{"--json", "gpus"});
        QVERIFY2(gpus.exitCode == 0, gpus.err.constData());
        const QJsonArray rows = test::json(gpus).value("gpus").toArray();
        QCOMPARE(rows.size(), gpusTotal);
        for (const QJsonValue &row : rows) {
            const QJsonObject values = row.toObject().value("values").toObject();
            const double util = values.value("DCGM_FI_DEV_GPU_UTIL").toDouble(-1);
            QVERIFY2(util >= 0 && util <= 100, gpus.out.constData());
            QVERIFY(values.value("DCGM_FI_DEV_GPU_TEMP").toDouble() > 0);
        }
        const auto table = ctl(viewer + QStringList{"--lang", "en", "gpus"});
        QCOMPARE(table.exitCode, 0);
        QCOMPARE(table.out.count('\n'), gpusTotal + 1); // the header and one line a GPU
        QVERIFY2(table.out.startsWith("node "), table.out.constData());

        const auto top = ctl(viewer + QStringList{"--lang", "en", "top", "--iterations", "2", "--interval", "0.2"});
        QVERIFY2(top.exitCode == 0, top.err.constData());
        QCOMPARE(top.out.count("GPUs busy"), 2);

        const auto temp =
            ctl(viewer + QStringList{"--json", "query", "DCGM_FI_DEV_GPU_TEMP", "--gpu", "0", "--last", "60"});
        QVERIFY2(temp.exitCode == 0, temp.err.constData());
        const QJsonArray series = test::json(temp).value("series").toArray();
        QVERIFY(!series.isEmpty());
        QVERIFY(series.first().toObject().value("points").toArray().size() >= 20); // 1 Hz over the 30 s
        const auto mean = ctl(viewer + QStringList{"--lang", "en", "query", "DCGM_FI_DEV_GPU_UTIL", "--last", "30",
                                                   "--step", "10", "--agg", "avg", "--by", "Hostname"});
        QVERIFY2(mean.exitCode == 0 && mean.out.startsWith("DCGM_FI_DEV_GPU_UTIL{Hostname=\""), mean.out.constData());
        QCOMPARE(ctl(viewer + QStringList{"query", "DCGM_FI_DEV_GPU_UTIL", "--agg", "median", "--step", "10"}).exitCode,
                 2);
        QCOMPARE(ctl(viewer + QStringList{"query", "DCGM_FI_DEV_GPU_UTIL", "--agg", "avg"}).exitCode, 2);
        QCOMPARE(ctl(viewer + QStringList{"query"}).exitCode, 2);

        const auto logs = ctl(viewer + QStringList{"--json", "logs", "--limit", "5"});
        QVERIFY2(logs.exitCode == 0, logs.err.constData());
        const QJsonArray lines = test::json(logs).value("lines").toArray();
        QVERIFY(!lines.isEmpty() && lines.size() <= 5); // the simulated nodes' slurmd and NCCL lines
        QCOMPARE(ctl(viewer + QStringList{"logs", "--level", "loud"}).exitCode, 2);

        const auto bench = ctl(viewer + QStringList{"--json", "bench", "--seconds", "0.5"});
        QVERIFY2(bench.exitCode == 0, bench.err.constData());
        QCOMPARE(bench.out.count('\n'), 4);
        const QJsonObject callsPerSecond = QJsonDocument::fromJson(bench.out.split('\n').first()).object();
        QCOMPARE(callsPerSecond.value("name").toString(), QStringLiteral("summary_calls_per_s"));
        QVERIFY(callsPerSecond.value("value").toDouble() > 0);
        QCOMPARE(ctl(viewer + QStringList{"gpus", "--bogus"}).exitCode, 2);
    }

    void badRemoteSettingsAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("complaint");
        QTest::newRow("scheme") << QStringList{"--remote", "https://h:1", "status"} << 3 << "expected grpcs://";
        QTest::newRow("port") << QStringList{"--remote", "grpcs://h:99999", "status"} << 3 << "port";
        QTest::newRow("token file") << QStringList{"--remote", "grpcs://h:1", "--token-file", "/nonexistent", "status"}
                                    << 3 << "--token-file /nonexistent";
        QTest::newRow("missing value") << QStringList{"--remote"} << 2 << "--remote needs a value";
        QTest::newRow("nobody there") << QStringList{"--remote", "grpc://127.0.0.1:1", "status"} << 4
                                      << "the engine daemon is unavailable";
    }
    void badRemoteSettingsAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, complaint);
        const auto r = ctl(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(complaint), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestSupernodectlRemote)
#include "tst_supernodectl_remote.moc"
