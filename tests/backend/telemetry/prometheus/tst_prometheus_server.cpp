// Prometheus in and out against real peers: a real `prometheus` server (Debian's package),
// started by this test on loopback with a temp dir, scrapes our HttpServer serving rendered
// metrics; the test waits until the server's own API answers with our values and labels, then
// reads them back through PrometheusServerSource and PrometheusServerCollector. The
// dcgm-exporter collector scrapes the real T4 capture served by our HttpServer.
#include "backend/telemetry/collectors/dcgm_exporter_collector.h"
#include "backend/telemetry/collectors/prometheus_server_collector.h"
#include "backend/telemetry/prometheus/http_client.h"
#include "backend/telemetry/prometheus/http_server.h"
#include "backend/telemetry/prometheus/prometheus_server_source.h"
#include "backend/telemetry/prometheus/prometheus_text_renderer.h"
#include "backend/telemetry/readings_to_samples.h"
#include "tests/support/child_process.h"
#include "tests/support/loopback_port.h"
#include "tests/support/prometheus_process.h"
#include "tests/support/served_metrics.h"
#include "tests/support/shared_data.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmath>
#include <mutex>

using namespace sn;
using namespace std::chrono_literals;
using sn::test::kPrometheus;
using sn::test::PrometheusProcess;

namespace {

// 2 nodes x 2 GPUs; temperature 40 + 10*node + gpu, so every series has its own value.
std::vector<GpuReading> fleet()
{
    std::vector<GpuReading> out;
    for (int n = 1; n <= 2; ++n)
        for (int g = 0; g < 2; ++g) {
            GpuReading r;
            r.node = "node0" + std::to_string(n);
            r.gpu = g;
            r.uuid = "GPU-" + std::to_string(n) + "-" + std::to_string(g);
            r.model = "NVIDIA H100 80GB HBM3";
            r.pciBusId = "00000000:1" + std::to_string(g) + ":00.0";
            r.job = n == 1 && g == 0 ? "train-42" : "";
            r.set(GpuField::Temperature, 40 + 10 * n + g);
            r.set(GpuField::Power, 300.25 + n);
            r.set(GpuField::Utilization, 87);
            r.set(GpuField::Energy, 1.5e9 + n);
            r.nvlinks = {{0, 1e9, 2e9}};
            out.push_back(r);
        }
    return out;
}

// The server's /api/v1/query read with our HTTP client and Qt's JSON only, so that the wait
// does not depend on the code under test (PrometheusServerSource).
QJsonArray rawQuery(std::uint16_t port, const std::string &promql)
{
    auto r = httpGet({"127.0.0.1", port, "/api/v1/query?query=" + percentEncode(promql)}, {});
    if (!r.ok() || r->status != 200)
        return {};
    return QJsonDocument::fromJson(QByteArray::fromStdString(r->body)).object()["data"].toObject()["result"].toArray();
}

} // namespace

class TestPrometheusServer : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!QFile::exists(kPrometheus)) {
            if (qEnvironmentVariable("CI") == QLatin1String("true"))
                QFAIL("/usr/bin/prometheus is missing: install Debian's prometheus package (scripts/deps)");
            QSKIP("/usr/bin/prometheus not installed");
        }
    }

    void realPrometheusScrapesOurMetricsAndAnswersQueries()
    {
        std::vector<MetricSample> samples;
        for (const GpuReading &r : fleet())
            appendGpuSamples(r, samples);
        const std::string text = renderPrometheusText(samples);
        HttpServer metrics;
        std::atomic<int> scrapes{0};
        metrics.handle("/metrics", [&](const HttpRequest &) {
            ++scrapes;
            return HttpReply{200, kPrometheusTextContentType, text};
        });
        QVERIFY(metrics.start("127.0.0.1", 0).ok());

        PrometheusProcess prometheus;
        QString why;
        QVERIFY2(prometheus.start(metrics.port(), &why), qPrintable(why));
        const std::int64_t startMs = QDateTime::currentMSecsSinceEpoch();

        // Wait (up to 30 s) until the server's API has all four temperatures with our labels.
        QJsonArray result;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 30000) {
            result = rawQuery(prometheus.port(), "DCGM_FI_DEV_GPU_TEMP");
            if (result.size() == 4)
                break;
            QThread::msleep(250);
        }
        QVERIFY2(result.size() == 4, qPrintable(QStringLiteral("after %1 scrapes the API has %2 series; log:\n%3")
                                                    .arg(scrapes.load())
                                                    .arg(result.size())
                                                    .arg(prometheus.log())));
        std::map<std::string, double> byUuid;
        for (const QJsonValue &v : result) {
            const QJsonObject metric = v.toObject()["metric"].toObject();
            QCOMPARE(metric["job"].toString(), QStringLiteral("supernode"));
            QCOMPARE(metric["modelName"].toString(), QStringLiteral("NVIDIA H100 80GB HBM3"));
            QVERIFY(metric["Hostname"].toString().startsWith("node0"));
            QVERIFY(metric.contains("gpu") && metric.contains("pci_bus_id") && metric.contains("device"));
            byUuid[metric["UUID"].toString().toStdString()] = v.toObject()["value"].toArray()[1].toString().toDouble();
        }
        QCOMPARE(byUuid["GPU-1-0"], 50.0);
        QCOMPARE(byUuid["GPU-1-1"], 51.0);
        QCOMPARE(byUuid["GPU-2-0"], 60.0);
        QCOMPARE(byUuid["GPU-2-1"], 61.0);

        // Now through the code under test.
        PrometheusServerOptions options;
        options.baseUrl = "http://127.0.0.1:" + std::to_string(prometheus.port());
        const PrometheusServerSource source(options);
        auto instant = source.query(R"(DCGM_FI_DEV_POWER_USAGE{Hostname="node02"})");
        QVERIFY2(instant.ok(), instant.ok() ? "" : instant.error().message.c_str());
        QCOMPARE(instant->size(), std::size_t(2));
        for (const SeriesData &s : *instant) {
            QCOMPARE(s.metric, std::string("DCGM_FI_DEV_POWER_USAGE"));
            QCOMPARE(s.labels.at("Hostname"), std::string("node02"));
            QCOMPARE(s.points.size(), std::size_t(1));
            QCOMPARE(s.points[0].value, 302.25);
        }
        auto scalar = source.query("sum(DCGM_FI_DEV_GPU_TEMP)");
        QVERIFY(scalar.ok());
        QCOMPARE(scalar->size(), std::size_t(1));
        QCOMPARE(scalar->front().points.front().value, 222.0);

        // A range over the last seconds: wait for at least 3 scrapes in it, then every point of
        // every series is the value we serve.
        while (scrapes.load() < 4 && t.elapsed() < 30000)
            QThread::msleep(200);
        const std::int64_t endMs = QDateTime::currentMSecsSinceEpoch();
        auto range = source.queryRange("DCGM_FI_DEV_GPU_TEMP", startMs, endMs, 1000);
        QVERIFY2(range.ok(), range.ok() ? "" : range.error().message.c_str());
        QCOMPARE(range->size(), std::size_t(4));
        for (const SeriesData &s : *range) {
            QVERIFY2(s.points.size() >= 2, qPrintable(QString::number(s.points.size())));
            const double expected = byUuid.at(s.labels.at("UUID"));
            for (const SeriesPoint &p : s.points) {
                QCOMPARE(p.value, expected);
                QVERIFY(p.timeMs >= startMs - 1000 && p.timeMs <= endMs + 1000);
            }
            for (std::size_t i = 1; i < s.points.size(); ++i)
                QCOMPARE(s.points[i].timeMs - s.points[i - 1].timeMs, std::int64_t(1000));
        }

        // The API's own errors come through with their type.
        auto bad = source.query("sum(");
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().message.find("Prometheus API error (bad_data)") != std::string::npos,
                 bad.error().message.c_str());
        auto badRange = source.queryRange("up", endMs, endMs + 1000, 1);
        QVERIFY(badRange.ok() || badRange.error().message.find("Prometheus API error") != std::string::npos);

        // The collector: the latest dcgm series as GPUs, the owning job from exported_job.
        PrometheusServerCollector::Options collectorOptions;
        collectorOptions.server = options;
        PrometheusServerCollector collector(collectorOptions);
        QCOMPARE(collector.source(), std::string("prometheus"));
        auto collection = collector.collect(0);
        QVERIFY2(collection.ok(), collection.ok() ? "" : collection.error().message.c_str());
        QCOMPARE(collection->gpus.size(), std::size_t(4));
        QCOMPARE(collection->samples.size(), samples.size());
        const GpuReading &first = collection->gpus.front();
        QCOMPARE(first.node, std::string("node01"));
        QCOMPARE(first.uuid, std::string("GPU-1-0"));
        QCOMPARE(first.job, std::string("train-42"));
        QCOMPARE(first.get(GpuField::Temperature), 50.0);
        QCOMPARE(first.get(GpuField::Energy), 1.5e9 + 1);
        QVERIFY(!first.has(GpuField::FbUsed)); // never served: not valid, not 0
        QCOMPARE(first.nvlinks.size(), std::size_t(1));
        QCOMPARE(first.nvlinks[0].rxBytesPerSecond, 2e9);
        QCOMPARE(collection->gpus.back().job, std::string());

        prometheus.stop();
        auto gone = source.query("up");
        QVERIFY(!gone.ok());
        QCOMPARE(gone.error().code, ErrorCode::Unavailable);
        metrics.stop();
    }

    void dcgmExporterCollectorScrapesTheRealT4Capture()
    {
        const QString rel = "dcgm-exporter/datadog_fixture/dcgm_tests_docker_serve_metrics.prom";
        if (!test::requireSharedData(rel))
            return;
        HttpServer exporter;
        QVERIFY(test::serveMetricsFile(exporter, test::sharedDataPath(rel)).ok());

        DcgmExporterCollector::Options options;
        options.url = "http://127.0.0.1:" + std::to_string(exporter.port()) + "/metrics";
        DcgmExporterCollector collector(options);
        QCOMPARE(collector.source(), std::string("dcgm-exporter"));
        auto c = collector.collect(1700000000000);
        QVERIFY2(c.ok(), c.ok() ? "" : c.error().message.c_str());
        QCOMPARE(c->samples.size(), std::size_t(23));
        QCOMPARE(c->samples.front().timeMs, std::int64_t(1700000000000));
        // The capture joins two T4 containers' scrapes: two GPUs.
        QCOMPARE(c->gpus.size(), std::size_t(2));
        const GpuReading &a = c->gpus[0];
        QCOMPARE(a.node, std::string("424773df46e0"));
        QCOMPARE(a.uuid, std::string("GPU-20c56d28-0da5-6d26-a36a-e7af1ce2586e"));
        QCOMPARE(a.model, std::string("Tesla T4"));
        QCOMPARE(a.get(GpuField::SmClock), 300.0);
        QCOMPARE(a.get(GpuField::MemClock), 405.0);
        QCOMPARE(a.get(GpuField::Power), 8.969);
        QCOMPARE(a.get(GpuField::Temperature), 25.0);
        QCOMPARE(a.get(GpuField::Energy), 128996013.0);
        QCOMPARE(a.get(GpuField::FbFree), 15109.0);
        QCOMPARE(a.get(GpuField::FbUsed), 0.0);
        QVERIFY(a.has(GpuField::XidLast));
        QVERIFY(!a.has(GpuField::MemoryTemperature)); // T4s report none: invalid, not 0
        const GpuReading &b = c->gpus[1];
        QCOMPARE(b.node, std::string("551bdf382151"));
        QCOMPARE(b.get(GpuField::PowerLimit), 70.0);
        QCOMPARE(b.get(GpuField::FbTotal), 15109.0);
        QCOMPARE(b.get(GpuField::ThrottleReasons), 1.0);
        QVERIFY(!b.has(GpuField::SmClock));

        // Failures name the URL and what went wrong.
        DcgmExporterCollector::Options missing = options;
        missing.url = "http://127.0.0.1:" + std::to_string(exporter.port()) + "/nope";
        auto notFound = DcgmExporterCollector(missing).collect(0);
        QVERIFY(!notFound.ok());
        QVERIFY2(notFound.error().message.find("HTTP 404") != std::string::npos, notFound.error().message.c_str());
        exporter.handle("/metrics", [](const HttpRequest &) {
            return HttpReply{200, kPrometheusTextContentType, "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\" 41\n"};
        });
        auto malformed = collector.collect(0);
        QVERIFY(!malformed.ok());
        QCOMPARE(malformed.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(malformed.error().message.find("/metrics:1:30: expected ',' or '}'") != std::string::npos,
                 malformed.error().message.c_str());
        const std::uint16_t port = exporter.port();
        exporter.stop();
        auto refused = collector.collect(0);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, ErrorCode::Unavailable);
        QVERIFY2(refused.error().message.find("connection refused") != std::string::npos &&
                     refused.error().message.find(std::to_string(port)) != std::string::npos,
                 refused.error().message.c_str());
        DcgmExporterCollector::Options https = options;
        https.url = "https://gpu01:9400/metrics";
        auto tls = DcgmExporterCollector(https).collect(0);
        QVERIFY(!tls.ok());
        QVERIFY(tls.error().message.find("HTTPS is not supported") != std::string::npos);
    }

    void apiRepliesAreReadStrictly_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message"); // empty: accepted
        QTest::newRow("matrix")
            << R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{"__name__":"x","a":"1"},"values":[[1700000000.5,"1.25"],[1700000001.5,"NaN"]]}]}})"
            << "";
        QTest::newRow("error") << R"({"status":"error","errorType":"bad_data","error":"parse error at char 5"})"
                               << "Prometheus API error (bad_data): parse error at char 5";
        QTest::newRow("not json") << "<html>proxy error</html>"
                                  << "the reply is not JSON";
        QTest::newRow("bad value")
            << R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"abc"]}]}})"
            << "malformed vector result at index 0";
        QTest::newRow("string result") << R"({"status":"success","data":{"resultType":"string","result":[1,"x"]}})"
                                       << "unsupported resultType 'string'";
        QTest::newRow("no status") << R"({"data":{}})"
                                   << "expected \"status\"";
    }
    void apiRepliesAreReadStrictly()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        auto r = parsePrometheusApiReply(json.toStdString());
        if (message.isEmpty()) {
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
            QCOMPARE(r->size(), std::size_t(1));
            QCOMPARE(r->front().metric, std::string("x"));
            QCOMPARE(r->front().labels, (Labels{{"a", "1"}}));
            QCOMPARE(r->front().points[0].timeMs, std::int64_t(1700000000500));
            QCOMPARE(r->front().points[0].value, 1.25);
            QVERIFY(std::isnan(r->front().points[1].value));
            return;
        }
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error().message).contains(message), r.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPrometheusServer)
#include "tst_prometheus_server.moc"
