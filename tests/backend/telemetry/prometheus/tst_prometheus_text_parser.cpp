// The Prometheus text parser against real exporter output (dcgm-exporter on a T4, an
// nvidia-smi exporter on H100/L40S/RTX 4080 checked against the same capture's --query-gpu CSV)
// and against malformed text, where every error must name line and column.
#include "backend/api/metric_catalogue.h"
#include "backend/model/gpu_reading.h"
#include "backend/telemetry/prometheus/prometheus_text_parser.h"
#include "tests/support/shared_data.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <cmath>

using namespace sn;

namespace {

std::string readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll().toStdString();
}

const MetricSample *find(const ParsedMetrics &m, const std::string &metric, const Labels &subset = {})
{
    for (const MetricSample &s : m.samples) {
        if (s.metric != metric)
            continue;
        bool match = true;
        for (const auto &[k, v] : subset)
            match = match && s.labels.count(k) && s.labels.at(k) == v;
        if (match)
            return &s;
    }
    return nullptr;
}

// "26.20 W" -> 26.2; "[N/A]" -> NaN.
double csvNumber(QString text)
{
    text = text.trimmed();
    for (const char *unit : {" W", " MHz", " MiB", " %"})
        if (text.endsWith(QLatin1String(unit)))
            text.chop(static_cast<int>(std::strlen(unit)));
    bool ok = false;
    const double v = text.toDouble(&ok);
    return ok ? v : std::nan("");
}

} // namespace

class TestPrometheusTextParser : public QObject {
    Q_OBJECT
private slots:
    void readsTheRealDcgmExporterT4Scrape()
    {
        const QString rel = "dcgm-exporter/datadog_fixture/dcgm_tests_docker_serve_metrics.prom";
        if (!test::requireSharedData(rel))
            return;
        auto parsed = parsePrometheusText(readFile(test::sharedDataPath(rel)), 1234);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
        const std::string text = readFile(test::sharedDataPath(rel));
        const QStringList lines = QString::fromStdString(text).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(parsed->samples.size(), static_cast<std::size_t>(lines.filter(QRegularExpression("^[^#]")).size()));
        const Labels t4{{"gpu", "0"}, {"UUID", "GPU-20c56d28-0da5-6d26-a36a-e7af1ce2586e"}};
        const MetricSample *sm = find(*parsed, "DCGM_FI_DEV_SM_CLOCK", t4);
        QVERIFY(sm);
        QCOMPARE(sm->value, 300.0);
        QCOMPARE(sm->timeMs, std::int64_t(1234)); // no timestamp in the text: the default
        QCOMPARE(sm->labels.at("modelName"), std::string("Tesla T4"));
        QCOMPARE(sm->labels.at("Hostname"), std::string("424773df46e0"));
        QCOMPARE(sm->labels.at("DCGM_FI_PROCESS_NAME"), std::string("/usr/bin/dcgm-exporter"));
        QCOMPARE(find(*parsed, "DCGM_FI_DEV_POWER_USAGE")->value, 8.969);
        QCOMPARE(find(*parsed, "DCGM_FI_DEV_MEM_CLOCK")->value, 405.0);
        QCOMPARE(find(*parsed, "DCGM_FI_DEV_GPU_TEMP")->value, 25.0);
        QCOMPARE(find(*parsed, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION")->value, 128996013.0);
        QCOMPARE(find(*parsed, "DCGM_FI_DEV_FB_FREE")->value, 15109.0);
        QCOMPARE(find(*parsed, "DCGM_FI_DEV_POWER_MGMT_LIMIT")->value, 70.0);
        QCOMPARE(find(*parsed, "DCGM_FI_DEV_SLOWDOWN_TEMP")->labels.at("DCGM_FI_DEV_SERIAL"),
                 std::string("1565220008176"));
        // The file ends without a newline after its last sample: still read.
        QCOMPARE(find(*parsed, "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")->value, 1.0);
        QCOMPARE(parsed->typeOf("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"), MetricType::Counter);
        QCOMPARE(parsed->typeOf("DCGM_FI_DEV_GPU_TEMP"), MetricType::Gauge);
        QCOMPARE(parsed->families.at("DCGM_FI_DEV_SM_CLOCK").help, std::string("SM clock frequency (in MHz)."));
        QVERIFY(parsed->families.at("DCGM_FI_DEV_SLOWDOWN_TEMP").hasHelp); // "# HELP name" with no text
        QCOMPARE(parsed->families.at("DCGM_FI_DEV_SLOWDOWN_TEMP").help, std::string());
        QCOMPARE(parsed->sampleLines.front(), 3);
    }

    // Every metric type the T4 scrape declares equals dcgm-exporter's own counter CSVs, and our
    // catalogue agrees with both wherever it names the same field.
    void typesAgreeWithTheDcgmExporterCounterCsvs()
    {
        const QString dir = "dcgm-exporter/nvidia_dcgm_exporter_etc";
        const QString prom = "dcgm-exporter/datadog_fixture/dcgm_tests_docker_serve_metrics.prom";
        if (!test::requireSharedData(dir) || !test::requireSharedData(prom))
            return;
        // Enabled lines win over commented-out ones, which still document a type.
        std::map<std::string, std::string> csvType, commentedType;
        for (const char *file : {"default-counters.csv", "dcp-metrics-included.csv", "1.x-compatibility-metrics.csv"}) {
            const QStringList lines =
                QString::fromStdString(readFile(test::sharedDataPath(dir + "/" + file))).split('\n');
            for (QString line : lines) {
                line = line.trimmed();
                const bool commented = line.startsWith('#');
                if (commented)
                    line = line.mid(1).trimmed();
                const QStringList cols = line.split(',');
                if (cols.size() < 3 || !cols[0].trimmed().startsWith("DCGM_FI_"))
                    continue;
                (commented ? commentedType : csvType)
                    .emplace(cols[0].trimmed().toStdString(), cols[1].trimmed().toStdString());
            }
        }
        csvType.merge(commentedType);
        QVERIFY(csvType.size() > 30);
        auto parsed = parsePrometheusText(readFile(test::sharedDataPath(prom)));
        QVERIFY(parsed.ok());
        int compared = 0;
        for (const auto &[name, meta] : parsed->families) {
            if (!csvType.count(name) || !meta.hasType)
                continue;
            QCOMPARE(std::string(metricTypeName(meta.type)), csvType.at(name));
            ++compared;
        }
        QVERIFY2(compared >= 15, qPrintable(QString::number(compared)));
        int catalogue = 0;
        for (std::size_t i = 0; i < kGpuFieldCount; ++i) {
            const metric::Info &info = metric::info(static_cast<GpuField>(i));
            if (!csvType.count(info.name) || csvType.at(info.name) == "label")
                continue;
            QVERIFY2(csvType.at(info.name) == metric::typeText(info.kind), info.name);
            ++catalogue;
        }
        QVERIFY2(catalogue >= 15, qPrintable(QString::number(catalogue)));
    }

    void readsEveryNvidiaSmiExporterCapture_data()
    {
        QTest::addColumn<QString>("name");
        const QString dir = "nvidia-smi/exporter-metrics";
        if (!QDir(test::sharedDataPath(dir)).exists()) {
            QTest::newRow("missing") << QString();
            return;
        }
        for (const QString &f : QDir(test::sharedDataPath(dir)).entryList({"*.metrics"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << f;
    }
    void readsEveryNvidiaSmiExporterCapture()
    {
        QFETCH(QString, name);
        if (!test::requireSharedData("nvidia-smi/exporter-metrics/" + name) ||
            !test::requireSharedData("nvidia-smi/query-csv"))
            return;
        const std::string text = readFile(test::sharedDataPath("nvidia-smi/exporter-metrics/" + name));
        auto parsed = parsePrometheusText(text);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
        const auto lines = std::count(text.begin(), text.end(), '\n');
        QCOMPARE(static_cast<long>(parsed->samples.size() + 2 * parsed->families.size()), static_cast<long>(lines));

        // The same capture's --query-gpu CSV: header row, one row per GPU.
        QString csvName = name;
        csvName.replace(".metrics", ".csv");
        const QStringList rows =
            QString::fromStdString(readFile(test::sharedDataPath("nvidia-smi/query-csv/" + csvName)))
                .split('\n', Qt::SkipEmptyParts);
        QVERIFY(rows.size() >= 2);
        const QStringList header = rows[0].split(',');
        const QStringList values = rows[1].split(',');
        QCOMPARE(values.size(), header.size());
        std::map<QString, QString> csv;
        for (int i = 0; i < header.size(); ++i)
            csv[header[i].trimmed()] = values[i].trimmed();
        const Labels gpu{{"uuid", csv["uuid"].mid(4).toStdString()}}; // the exporter drops "GPU-"
        const auto value = [&](const char *metric) {
            const MetricSample *s = find(*parsed, metric, gpu);
            return s ? s->value : std::nan("");
        };
        QCOMPARE(value("nvidia_smi_temperature_gpu"), csvNumber(csv["temperature.gpu"]));
        QCOMPARE(value("nvidia_smi_power_draw_watts"), csvNumber(csv["power.draw [W]"]));
        QCOMPARE(value("nvidia_smi_clocks_current_sm_clock_hz"), csvNumber(csv["clocks.current.sm [MHz]"]) * 1e6);
        QCOMPARE(value("nvidia_smi_memory_used_bytes"), csvNumber(csv["memory.used [MiB]"]) * 1048576.0);
        QCOMPARE(parsed->typeOf("nvidia_smi_failed_scrapes_total"), MetricType::Counter);
    }

    void readsTheFormatsCorners()
    {
        const std::string text =
            "# A plain comment\n"
            "\n"
            "# HELP x_total Escaped \\\\ backslash\\nand newline\n"
            "# TYPE x_total counter\n"
            "x_total{path=\"C:\\\\dir\",quote=\"say \\\"hi\\\"\",nl=\"a\\nb\"} 1.5e3 1700000000123\n"
            "x_total { a = \"1\" , } -2\r\n"
            "nan_metric NaN\n"
            "inf_metric{s=\"+\"} +Inf\n"
            "inf_metric{s=\"-\"} -Inf\n"
            "colon:metric  \t 0.25\n"
            "neg_ts 1 -5\n"
            "# TYPE h histogram\n"
            "h_bucket{le=\"1\"} 3\n"
            "h_bucket{le=\"+Inf\"} 4\n"
            "h_sum 5.5\n"
            "h_count 4\n"
            "# TYPE s summary\n"
            "s{quantile=\"0.5\"} 2\n"
            "s_sum 10\n"
            "s_count 5\n"
            "# UNIT t_celsius celsius\n"
            "t_celsius 40\n"
            "# EOF\n";
        auto parsed = parsePrometheusText(text, 42);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
        const ParsedMetrics &m = *parsed;
        QCOMPARE(m.samples.size(), std::size_t(15));
        QCOMPARE(m.families.at("x_total").help, std::string("Escaped \\ backslash\nand newline"));
        const MetricSample &x = m.samples[0];
        QCOMPARE(x.labels.at("path"), std::string("C:\\dir"));
        QCOMPARE(x.labels.at("quote"), std::string("say \"hi\""));
        QCOMPARE(x.labels.at("nl"), std::string("a\nb"));
        QCOMPARE(x.value, 1500.0);
        QCOMPARE(x.timeMs, std::int64_t(1700000000123));
        QVERIFY(m.sampleHasTimestamp[0]);
        QCOMPARE(m.samples[1].value, -2.0);
        QCOMPARE(m.samples[1].timeMs, std::int64_t(42));
        QVERIFY(!m.sampleHasTimestamp[1]);
        QVERIFY(std::isnan(m.samples[2].value));
        QCOMPARE(m.samples[3].value, HUGE_VAL);
        QCOMPARE(m.samples[4].value, -HUGE_VAL);
        QCOMPARE(m.samples[5].metric, std::string("colon:metric"));
        QCOMPARE(m.samples[6].timeMs, std::int64_t(-5));
        QCOMPARE(m.familyOf("h_bucket"), std::string("h"));
        QCOMPARE(m.typeOf("h_count"), MetricType::Histogram);
        QCOMPARE(m.typeOf("s_sum"), MetricType::Summary);
        QCOMPARE(m.familyOf("s_bucket"), std::string("s_bucket")); // summaries have no buckets
        QCOMPARE(m.families.at("t_celsius").unit, std::string("celsius"));
        QCOMPARE(m.typeOf("nan_metric"), MetricType::Untyped);
        QCOMPARE(m.sampleLines[1], 6);
    }

    void rejectsMalformedTextWithLineAndColumn_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where");   // "LINE:COLUMN"
        QTest::addColumn<QString>("message"); // a part of the message
        QTest::newRow("name starts with a digit") << "ok 1\n1bad 2\n"
                                                  << "2:1"
                                                  << "expected a metric name";
        QTest::newRow("dash in name") << "bad-name 2\n"
                                      << "1:4"
                                      << "invalid character '-' in metric name";
        QTest::newRow("no value") << "x\n"
                                  << "1:2"
                                  << "expected a value";
        QTest::newRow("no value after labels") << "x{a=\"b\"}\n"
                                               << "1:9"
                                               << "expected a value";
        QTest::newRow("value is text") << "x{a=\"b\"} abc\n"
                                       << "1:10"
                                       << "expected a number";
        QTest::newRow("value with trailing junk") << "x 1.5x\n"
                                                  << "1:3"
                                                  << "got '1.5x'";
        QTest::newRow("double sign") << "x +-1\n"
                                     << "1:3"
                                     << "expected a number";
        QTest::newRow("[N/A] value") << "x [N/A]\n"
                                     << "1:3"
                                     << "got '[N/A]'";
        QTest::newRow("timestamp not integer") << "x 1 12.5\n"
                                               << "1:5"
                                               << "timestamp";
        QTest::newRow("text after timestamp") << "x 1 12 13\n"
                                              << "1:8"
                                              << "after the timestamp";
        QTest::newRow("exemplar") << "x 1 # {a=\"b\"} 1\n"
                                  << "1:5"
                                  << "exemplars";
        QTest::newRow("unterminated labels") << "x{a=\"b\"\n"
                                             << "1:8"
                                             << "expected ',' or '}'";
        QTest::newRow("unterminated value") << "x{a=\"b} 1\n"
                                            << "1:10"
                                            << "unterminated value of label 'a'";
        QTest::newRow("label without =") << "x{a \"b\"} 1\n"
                                         << "1:5"
                                         << "expected '=' after label name 'a'";
        QTest::newRow("label name invalid") << "x{a-b=\"1\"} 1\n"
                                            << "1:4"
                                            << "invalid character '-' in label name";
        QTest::newRow("label value unquoted") << "x{a=b} 1\n"
                                              << "1:5"
                                              << "expected '\"'";
        QTest::newRow("label name digit") << "x{0a=\"1\"} 1\n"
                                          << "1:3"
                                          << "expected a label name";
        QTest::newRow("bad escape") << "x{a=\"\\t\"} 1\n"
                                    << "1:6"
                                    << "invalid escape sequence '\\t'";
        QTest::newRow("duplicate label") << "x{a=\"1\",a=\"2\"} 1\n"
                                         << "1:9"
                                         << "label 'a' appears twice";
        QTest::newRow("missing comma") << "x{a=\"1\" b=\"2\"} 1\n"
                                       << "1:9"
                                       << "expected ',' or '}'";
        QTest::newRow("duplicate series") << "x{a=\"1\"} 1\ny 2\nx{a=\"1\"} 3\n"
                                          << "3:1"
                                          << "duplicate series";
        QTest::newRow("duplicate series, label order") << "x{a=\"1\",b=\"2\"} 1\nx{b=\"2\",a=\"1\"} 3\n"
                                                       << "2:1"
                                                       << "duplicate series";
        QTest::newRow("TYPE after samples") << "x 1\n# TYPE x gauge\n"
                                            << "2:3"
                                            << "TYPE line for metric 'x' after";
        QTest::newRow("histogram TYPE after buckets") << "h_bucket{le=\"1\"} 1\n# TYPE h histogram\n"
                                                      << "2:3"
                                                      << "after its samples";
        QTest::newRow("second TYPE") << "# TYPE x gauge\n# TYPE x counter\n"
                                     << "2:3"
                                     << "second TYPE line";
        QTest::newRow("second HELP") << "# HELP x a\n# HELP x b\n"
                                     << "2:3"
                                     << "second HELP line";
        QTest::newRow("HELP after samples") << "x 1\n# HELP x late\n"
                                            << "2:3"
                                            << "after its samples";
        QTest::newRow("unknown type") << "# TYPE x gaugee\n"
                                      << "1:10"
                                      << "expected a metric type";
        QTest::newRow("TYPE without name") << "# TYPE\n"
                                           << "1:7"
                                           << "expected a metric name";
        QTest::newRow("TYPE invalid name") << "# TYPE x-y gauge\n"
                                           << "1:9"
                                           << "invalid character '-'";
        QTest::newRow("text after type") << "# TYPE x gauge extra\n"
                                         << "1:16"
                                         << "unexpected text";
        QTest::newRow("HELP bad escape") << "# HELP x a\\tb\n"
                                         << "1:11"
                                         << "invalid escape";
        QTest::newRow("bucket without le") << "# TYPE h histogram\nh_bucket 1\n"
                                           << "2:1"
                                           << "no 'le' label";
        QTest::newRow("quantile without label") << "# TYPE s summary\ns 1\n"
                                                << "2:1"
                                                << "no 'quantile' label";
        QTest::newRow("after EOF") << "x 1\n# EOF\ny 2\n"
                                   << "3:1"
                                   << "nothing may follow";
        QTest::newRow("truncated mid-label") << "x{gpu=\"0\",UUID=\"GPU-"
                                             << "1:21"
                                             << "unterminated value";
        QTest::newRow("binary garbage") << QString::fromLatin1("\x01\x02\x03 1\n") << "1:1"
                                        << "expected a metric name";
    }
    void rejectsMalformedTextWithLineAndColumn()
    {
        QFETCH(QString, text);
        QFETCH(QString, where);
        QFETCH(QString, message);
        auto parsed = parsePrometheusText(text.toStdString());
        QVERIFY2(!parsed.ok(), "malformed text was accepted");
        const QString error = QString::fromStdString(parsed.error().message);
        QCOMPARE(parsed.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(error.startsWith(where + ": "), qPrintable(error));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void acceptsEmptyText()
    {
        auto parsed = parsePrometheusText("");
        QVERIFY(parsed.ok());
        QVERIFY(parsed->samples.empty());
    }
};

QTEST_GUILESS_MAIN(TestPrometheusTextParser)
#include "tst_prometheus_text_parser.moc"
