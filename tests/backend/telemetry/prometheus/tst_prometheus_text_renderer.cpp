// The /metrics renderer: what it writes must be accepted by the real promtool (Debian's
// prometheus package), read back by our parser to the same samples, and keep dcgm-exporter's
// names, HELP and TYPE lines so existing dashboards work.
#include "backend/api/metric_catalogue.h"
#include "backend/telemetry/prometheus/prometheus_text_parser.h"
#include "backend/telemetry/prometheus/prometheus_text_renderer.h"
#include "backend/telemetry/readings_to_samples.h"
#include "tests/support/shared_data.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace sn;

namespace {

struct Promtool {
    int exitCode = -1;
    QString output;
};

// `promtool check metrics` reads the text on stdin: exit 0 clean, 3 lint warnings only (still
// parsed), 1 a parse error.
Promtool promtoolCheck(const std::string &text)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("promtool"), {"check", "metrics"});
    if (!p.waitForStarted(10000))
        qFatal("promtool did not start");
    p.write(text.data(), static_cast<qint64>(text.size()));
    p.closeWriteChannel();
    if (!p.waitForFinished(30000))
        qFatal("promtool did not finish");
    return {p.exitCode(), QString::fromUtf8(p.readAll())};
}

bool havePromtool()
{
    return !QStandardPaths::findExecutable("promtool").isEmpty();
}

// Under CI=true a missing promtool fails: a green CI run must have checked with the real one.
#define REQUIRE_PROMTOOL()                                                                                             \
    do {                                                                                                               \
        if (!havePromtool()) {                                                                                         \
            if (qEnvironmentVariable("CI") == QLatin1String("true"))                                                   \
                QFAIL("promtool is missing: install Debian's prometheus package (scripts/deps)");                      \
            QSKIP("promtool not installed");                                                                           \
        }                                                                                                              \
    } while (false)

std::vector<MetricSample> clusterSamples()
{
    std::vector<MetricSample> out;
    for (int g = 0; g < 2; ++g) {
        GpuReading r;
        r.node = "node01";
        r.gpu = g;
        r.uuid = "GPU-" + std::to_string(1000 + g);
        r.model = "NVIDIA H100 80GB HBM3";
        r.pciBusId = "00000000:1" + std::to_string(g) + ":00.0";
        r.job = g == 0 ? "train \"llama\"\\v2\nnext" : ""; // a job name that needs every escape
        r.timeMs = 1700000000000;
        for (std::size_t i = 0; i < kGpuFieldCount; ++i)
            r.set(static_cast<GpuField>(i), 10.0 * static_cast<double>(i) + g + 0.25);
        r.nvlinks = {{0, 1.5e9, 2.5e9}, {17, 3e9, 4e9}};
        appendGpuSamples(r, out);
    }
    appendNicSamples({"node01", "mlx5_0", 1700000000000, 1.25e9, 2e9, true}, out);
    out.push_back({"site_custom_metric", {{"zone", "a"}}, 1700000000000, std::nan("")});
    out.push_back({"site_custom_metric", {{"zone", "b"}}, 1700000000000, HUGE_VAL});
    out.push_back({"site_custom_metric", {{"zone", "c"}}, 1700000000000, -1e-300});
    return out;
}

} // namespace

class TestPrometheusTextRenderer : public QObject {
    Q_OBJECT
private slots:
    void promtoolAcceptsTheRenderedText()
    {
        REQUIRE_PROMTOOL();
        const std::string text = renderPrometheusText(clusterSamples());
        const Promtool check = promtoolCheck(text);
        QVERIFY2(check.exitCode == 0 || check.exitCode == 3, qPrintable(check.output));
        QVERIFY2(!check.output.contains("error while linting"), qPrintable(check.output));
        // With timestamps (a file export) as well.
        PrometheusRenderOptions withTime;
        withTime.timestamps = true;
        const Promtool timed = promtoolCheck(renderPrometheusText(clusterSamples(), withTime));
        QVERIFY2(timed.exitCode == 0 || timed.exitCode == 3, qPrintable(timed.output));
    }

    // The check above could pass by accident if promtool accepted anything: it does not.
    void promtoolRejectsBrokenText_data()
    {
        QTest::addColumn<QString>("breakage");
        QTest::newRow("unescaped quote") << "quote";
        QTest::newRow("cut mid-label") << "cut";
        QTest::newRow("second TYPE") << "type";
    }
    void promtoolRejectsBrokenText()
    {
        REQUIRE_PROMTOOL();
        QFETCH(QString, breakage);
        std::string text = renderPrometheusText(clusterSamples());
        if (breakage == "quote")
            text.replace(text.find("\\\"llama"), 2, "\"");
        else if (breakage == "cut")
            text = text.substr(0, text.find("UUID=\"GPU-1001") + 10) + "\n";
        else
            text += "# TYPE DCGM_FI_DEV_GPU_UTIL counter\n";
        const Promtool check = promtoolCheck(text);
        QVERIFY2(check.exitCode == 1, qPrintable(QString::number(check.exitCode) + ": " + check.output));
        QVERIFY(!parsePrometheusText(text).ok()); // and our parser rejects it too
    }

    void roundTripsThroughTheParser()
    {
        const std::vector<MetricSample> in = clusterSamples();
        auto parsed = parsePrometheusText(renderPrometheusText(in), 7);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
        QCOMPARE(parsed->samples.size(), in.size());
        for (const MetricSample &s : in) {
            const auto it = std::find_if(parsed->samples.begin(), parsed->samples.end(), [&](const MetricSample &p) {
                return p.metric == s.metric && p.labels == s.labels;
            });
            QVERIFY2(it != parsed->samples.end(), s.metric.c_str());
            if (std::isnan(s.value))
                QVERIFY(std::isnan(it->value));
            else
                QCOMPARE(it->value, s.value);      // shortest round-trip formatting loses nothing
            QCOMPARE(it->timeMs, std::int64_t(7)); // no timestamps by default, like dcgm-exporter
        }
        for (std::size_t i = 0; i < kGpuFieldCount; ++i) {
            const metric::Info &info = metric::info(static_cast<GpuField>(i));
            const MetricFamilyMeta &meta = parsed->families.at(info.name);
            QCOMPARE(std::string(metricTypeName(meta.type)), std::string(metric::typeText(info.kind)));
            QCOMPARE(meta.help, std::string(info.help));
        }
        QCOMPARE(parsed->typeOf("site_custom_metric"), MetricType::Untyped);
        QCOMPARE(parsed->typeOf("DCGM_FI_PROF_NVLINK_L17_TX_BYTES"), MetricType::Gauge);
    }

    void writesDcgmExporterLinesInCatalogueOrder()
    {
        const std::string text = renderPrometheusText(clusterSamples());
        QVERIFY(text.rfind("# HELP DCGM_FI_DEV_GPU_UTIL GPU utilization (in %).\n# TYPE DCGM_FI_DEV_GPU_UTIL gauge\n"
                           "DCGM_FI_DEV_GPU_UTIL{Hostname=\"node01\",UUID=\"GPU-1000\",device=\"nvidia0\",gpu=\"0\","
                           "job=\"train \\\"llama\\\"\\\\v2\\nnext\",modelName=\"NVIDIA H100 80GB HBM3\","
                           "pci_bus_id=\"00000000:10:00.0\"} 0.25\n",
                           0) == 0);
        QVERIFY(text.find("# TYPE DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION counter\n") != std::string::npos);
        QVERIFY(text.find("# TYPE DCGM_FI_DEV_GPU_UTIL") < text.find("# TYPE DCGM_FI_DEV_FB_USED"));
        QVERIFY(text.find("# TYPE DCGM_FI_DEV_FB_TOTAL") < text.find("# TYPE DCGM_FI_PROF_NVLINK_L0_RX_BYTES"));
        QVERIFY(text.find("# TYPE site_custom_metric untyped\nsite_custom_metric{zone=\"a\"} NaN\n"
                          "site_custom_metric{zone=\"b\"} +Inf\nsite_custom_metric{zone=\"c\"} -1e-300\n") !=
                std::string::npos);
        // Each metric's HELP/TYPE once, however many series.
        std::size_t count = 0;
        for (std::size_t at = 0; (at = text.find("# TYPE DCGM_FI_DEV_GPU_UTIL ", at)) != std::string::npos; ++at)
            ++count;
        QCOMPARE(count, std::size_t(1));
    }

    void isDeterministicAndKeepsTheNewestSampleOfASeries()
    {
        std::vector<MetricSample> in = clusterSamples();
        const std::string expected = renderPrometheusText(in);
        std::mt19937 rng(7);
        std::shuffle(in.begin(), in.end(), rng);
        QCOMPARE(renderPrometheusText(in), expected);

        const Labels l{{"gpu", "0"}};
        const std::string text = renderPrometheusText({{"DCGM_FI_DEV_GPU_TEMP", l, 2000, 61},
                                                       {"DCGM_FI_DEV_GPU_TEMP", l, 1000, 60},
                                                       {"DCGM_FI_DEV_GPU_TEMP", l, 3000, 62}});
        QVERIFY(text.find("DCGM_FI_DEV_GPU_TEMP{gpu=\"0\"} 62\n") != std::string::npos);
        QVERIFY(text.find(" 61\n") == std::string::npos && text.find(" 60\n") == std::string::npos);
    }

    void makesInvalidNamesValid()
    {
        const std::string text = renderPrometheusText({{"bad-name.x", {{"0bad label", "v"}}, 0, 1}});
        auto parsed = parsePrometheusText(text);
        QVERIFY2(parsed.ok(), text.c_str());
        QCOMPARE(parsed->samples.front().metric, std::string("bad_name_x"));
        QCOMPARE(parsed->samples.front().labels.begin()->first, std::string("_0bad_label"));
    }

    // The real T4 scrape, parsed and written again with its own metadata: promtool accepts our
    // text even though the captured file itself lacks a final newline.
    void rewritesTheRealT4Scrape()
    {
        const QString rel = "dcgm-exporter/datadog_fixture/dcgm_tests_docker_serve_metrics.prom";
        if (!test::requireSharedData(rel))
            return;
        REQUIRE_PROMTOOL();
        QFile f(test::sharedDataPath(rel));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string original = f.readAll().toStdString();
        QCOMPARE(promtoolCheck(original).exitCode, 1); // promtool: "unexpected end of input stream"
        auto parsed = parsePrometheusText(original);
        QVERIFY(parsed.ok());
        PrometheusRenderOptions options;
        options.extraFamilies = &parsed->families;
        const std::string text = renderPrometheusText(parsed->samples, options);
        const Promtool check = promtoolCheck(text);
        QVERIFY2(check.exitCode == 0 || check.exitCode == 3, qPrintable(check.output));
        auto again = parsePrometheusText(text);
        QVERIFY(again.ok());
        QCOMPARE(again->samples.size(), parsed->samples.size());
        QCOMPARE(again->typeOf("DCGM_FI_DEV_VGPU_LICENSE_STATUS"), MetricType::Gauge);
        QCOMPARE(again->typeOf("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL"), MetricType::Counter);
    }
};

QTEST_GUILESS_MAIN(TestPrometheusTextRenderer)
#include "tst_prometheus_text_renderer.moc"
