// supernoded's /metrics beyond loopback (issue 29, item 13): served over TLS with the daemon's
// own certificate, and only to a bearer token of its tokens file. A real Prometheus scrapes it
// as its docs say (scheme: https, tls_config.ca_file, authorization.credentials_file); its job
// without the token is refused with 401; a plain-HTTP client gets no answer at all. On loopback
// /metrics stays plain and open to this machine, as before.
#include "backend/sim/super_node_topology.h"
#include "backend/telemetry/prometheus/http_client.h"
#include "backend/telemetry/prometheus/http_url.h"
#include "tests/support/loopback_port.h"
#include "tests/support/prometheus_process.h"
#include "tests/support/supernoded_process.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QThread>

using namespace sn;
using sn::test::PrometheusProcess;
using sn::test::SupernodedProcess;

namespace {

SupernodedProcess::Options daemonServingMetricsOn(const QString &listen)
{
    SupernodedProcess::Options o;
    o.spec = sim::defaultSimulatedSpec(1);
    o.spec.simulation.jobArrivalsPerHour = 0;
    o.virtualTime = false; // telemetry flows by itself
    o.extraArguments = {"--metrics-listen", listen};
    return o;
}

QJsonArray apiArray(std::uint16_t port, const std::string &target, const char *field)
{
    auto r = httpGet({"127.0.0.1", port, target}, {});
    if (!r.ok() || r->status != 200)
        return {};
    return QJsonDocument::fromJson(QByteArray::fromStdString(r->body)).object()["data"].toObject()[field].toArray();
}

// The targets of one scrape job as Prometheus last saw them: health and last error.
QJsonObject targetOf(std::uint16_t port, const QString &job)
{
    for (const QJsonValue &t : apiArray(port, "/api/v1/targets?state=active", "activeTargets"))
        if (t.toObject()["labels"].toObject()["job"].toString() == job)
            return t.toObject();
    return {};
}

} // namespace

class TestMetricsAccess : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!QFile::exists(test::kPrometheus)) {
            if (qEnvironmentVariable("CI") == QLatin1String("true"))
                QFAIL("/usr/bin/prometheus is missing: install Debian's prometheus package (scripts/deps)");
            QSKIP("/usr/bin/prometheus not installed");
        }
    }

    void beyondLoopbackOnlyOverTlsWithAToken()
    {
        const std::uint16_t port = test::freeLoopbackPort();
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonServingMetricsOn(QStringLiteral("0.0.0.0:%1").arg(port)), &why), qPrintable(why));

        PrometheusProcess prometheus;
        QFile token(prometheus.dir() + "/viewer.token");
        QVERIFY(token.open(QIODevice::WriteOnly));
        token.write(daemon.token("viewer").toUtf8() + "\n");
        token.close();
        const QString target = QStringLiteral("      - targets: ['127.0.0.1:%1']\n").arg(port);
        const QString tls = "    scheme: https\n    tls_config:\n      ca_file: " + daemon.path("certs/ca.pem") + "\n";
        QVERIFY2(prometheus.startWithJobs("  - job_name: with-token\n" + tls +
                                              "    authorization:\n      credentials_file: " + token.fileName() +
                                              "\n    static_configs:\n" + target + "  - job_name: without-token\n" +
                                              tls + "    static_configs:\n" + target,
                                          &why),
                 qPrintable(why));

        QElapsedTimer t;
        t.start();
        QJsonObject with, without;
        while (t.elapsed() < 30000) {
            with = targetOf(prometheus.port(), "with-token");
            without = targetOf(prometheus.port(), "without-token");
            if (with["health"].toString() == "up" && without["health"].toString() == "down")
                break;
            QThread::msleep(300);
        }
        QVERIFY2(with["health"].toString() == "up",
                 qPrintable(QJsonDocument(with).toJson() + prometheus.log() + daemon.output()));
        QVERIFY2(without["health"].toString() == "down", qPrintable(QJsonDocument(without).toJson()));
        QVERIFY2(without["lastError"].toString().contains("401"), qPrintable(without["lastError"].toString()));
        // What the token's job scraped is the daemon's telemetry.
        QTRY_VERIFY_WITH_TIMEOUT(
            !apiArray(prometheus.port(),
                      "/api/v1/query?query=" + percentEncode("DCGM_FI_DEV_GPU_TEMP{job=\"with-token\"}"), "result")
                 .isEmpty(),
            15000);

        // Plain HTTP to the same port: no TLS handshake, so no answer (never the metrics).
        auto plain = httpGet({"127.0.0.1", port, "/metrics"}, {});
        QVERIFY2(!plain.ok() || plain->body.find("DCGM_FI_DEV_GPU_TEMP") == std::string::npos,
                 plain.ok() ? plain->body.substr(0, 200).c_str() : "");
    }

    void onLoopbackPlainAndOpenAsBefore()
    {
        const std::uint16_t port = test::freeLoopbackPort();
        SupernodedProcess daemon;
        QString why;
        QVERIFY2(daemon.start(daemonServingMetricsOn(QStringLiteral("127.0.0.1:%1").arg(port)), &why), qPrintable(why));
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                auto r = httpGet({"127.0.0.1", port, "/metrics"}, {});
                return r.ok() && r->status == 200 && r->body.find("DCGM_FI_DEV_GPU_TEMP") != std::string::npos;
            }(),
            15000);
    }
};

QTEST_GUILESS_MAIN(TestMetricsAccess)
#include "tst_metrics_access.moc"
