// nvidia-smi --query-gpu CSV against real captures (H100, H200, L40S, MIG, GeForce, Windows):
// values must equal what nvidia_gpu_exporter exported from the same capture and the stable facts
// of the `-q` text of the same machine; malformed rows must give a located error.
#include "backend/telemetry/collectors/nvidia_smi_csv.h"

#include "tests/support/shared_data.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QTest>

#include <cmath>

using namespace sn;

namespace {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

QString dataPath(const QString &relative)
{
    return test::sharedDataPath("nvidia-smi/" + relative);
}

// "name{labels} value" -> name -> value (one GPU per capture); gpu_info's labels kept apart.
struct Exported {
    QHash<QString, double> values;
    QHash<QString, QString> info;
};

Exported readExported(const QString &path)
{
    Exported e;
    static const QRegularExpression label(QStringLiteral("(\\w+)=\"([^\"]*)\""));
    for (const QByteArray &raw : readFile(path).split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const qsizetype brace = line.indexOf('{');
        const qsizetype space = line.lastIndexOf(' ');
        const QString name = line.left(brace >= 0 && brace < space ? brace : line.indexOf(' '));
        e.values.insert(name, line.mid(space + 1).toDouble());
        if (name == QLatin1String("nvidia_smi_gpu_info"))
            for (auto it = label.globalMatch(line); it.hasNext();) {
                const auto m = it.next();
                e.info.insert(m.captured(1), m.captured(2));
            }
    }
    return e;
}

// The exporter's metric, our field, and the factor from its unit (ratio, bytes, Hz) to ours.
struct ExporterMetric {
    const char *name;
    GpuField field;
    double toOurs;
};
const ExporterMetric kExporterMetrics[] = {
    {"nvidia_smi_utilization_gpu_ratio", GpuField::Utilization, 100},
    {"nvidia_smi_utilization_memory_ratio", GpuField::MemoryCopyUtil, 100},
    {"nvidia_smi_memory_total_bytes", GpuField::FbTotal, 1.0 / 1048576},
    {"nvidia_smi_memory_used_bytes", GpuField::FbUsed, 1.0 / 1048576},
    {"nvidia_smi_memory_free_bytes", GpuField::FbFree, 1.0 / 1048576},
    {"nvidia_smi_temperature_gpu", GpuField::Temperature, 1},
    {"nvidia_smi_temperature_memory", GpuField::MemoryTemperature, 1},
    {"nvidia_smi_power_draw_watts", GpuField::Power, 1},
    {"nvidia_smi_power_limit_watts", GpuField::PowerLimit, 1},
    {"nvidia_smi_clocks_current_sm_clock_hz", GpuField::SmClock, 1e-6},
    {"nvidia_smi_clocks_current_memory_clock_hz", GpuField::MemClock, 1e-6},
    {"nvidia_smi_clocks_event_reasons_active", GpuField::ThrottleReasons, 1},
    {"nvidia_smi_fan_speed_ratio", GpuField::FanSpeed, 100},
    {"nvidia_smi_ecc_errors_corrected_volatile_total", GpuField::EccSbeVolatile, 1},
    {"nvidia_smi_ecc_errors_uncorrected_volatile_total", GpuField::EccDbeVolatile, 1},
    {"nvidia_smi_retired_pages_single_bit_ecc_count", GpuField::RetiredSbe, 1},
    {"nvidia_smi_retired_pages_double_bit_count", GpuField::RetiredDbe, 1},
    {"nvidia_smi_retired_pages_pending", GpuField::RetiredPending, 1},
    {"nvidia_smi_remapped_rows_correctable", GpuField::RemappedCorrectable, 1},
    {"nvidia_smi_remapped_rows_uncorrectable", GpuField::RemappedUncorrectable, 1},
    {"nvidia_smi_remapped_rows_failure", GpuField::RowRemapFailure, 1},
};

bool same(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

Result<NvidiaSmiSnapshot> parse(const QByteArray &csv, const QString &name)
{
    return parseNvidiaSmiCsv(std::string_view(csv.constData(), csv.size()), name.toStdString());
}

// "Label   : value" of the first line under `section` (4-space indented) in `-q` text.
QString qValue(const QString &text, const QString &section, const QString &label)
{
    const QStringList lines = text.split('\n');
    bool in = section.isEmpty();
    for (const QString &l : lines) {
        if (!section.isEmpty() && l == "    " + section) {
            in = true;
            continue;
        }
        if (in && !section.isEmpty() && l.startsWith("    ") && !l.startsWith("     "))
            in = false;
        if (in && l.trimmed().startsWith(label + ' ') && l.contains(':'))
            return l.mid(l.indexOf(':') + 1).trimmed();
    }
    return {};
}

} // namespace

class TestNvidiaSmiCsv : public QObject {
    Q_OBJECT
private slots:
    void everyCaptureEqualsTheExporterAndTheQText_data()
    {
        QTest::addColumn<QString>("file");
        if (!test::requireSharedData("nvidia-smi/query-csv"))
            return;
        const QStringList files = QDir(dataPath("query-csv")).entryList({"*.csv"}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 20);
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << f;
    }
    void everyCaptureEqualsTheExporterAndTheQText()
    {
        QFETCH(QString, file);
        auto s = parse(readFile(dataPath("query-csv/" + file)), file);
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QCOMPARE(s->gpus.size(), std::size_t(1));
        const NvidiaSmiDevice &d = s->gpus.front();
        const GpuReading &r = d.reading;
        int compared = 0;

        const QString base = file.chopped(4); // "<capture>__<state>"
        const QString metrics = dataPath("exporter-metrics/" + base + ".metrics");
        if (QFile::exists(metrics)) {
            const Exported e = readExported(metrics);
            for (const auto &m : kExporterMetrics) {
                const QString key = m.name;
                if (!e.values.contains(key)) {
                    // The exporter drops what nvidia-smi printed as [N/A]; we must not invent it.
                    QVERIFY2(!r.has(m.field), qPrintable(key + " valid but the exporter has none"));
                    continue;
                }
                const double want = e.values[key] * m.toOurs;
                QVERIFY2(r.has(m.field), qPrintable(key + " not valid; exporter " + QString::number(want)));
                QVERIFY2(same(r.get(m.field), want), qPrintable(key + ": " + QString::number(r.get(m.field), 'g', 12) +
                                                                " vs exporter " + QString::number(want, 'g', 12)));
                ++compared;
            }
            for (const auto &[key, ours] :
                 {std::pair{"nvidia_smi_power_draw_average_watts", d.powerDrawAverageW},
                  std::pair{"nvidia_smi_power_draw_instant_watts", d.powerDrawInstantW},
                  std::pair{"nvidia_smi_enforced_power_limit_watts", d.enforcedPowerLimitW}}) {
                QCOMPARE(ours.has_value(), e.values.contains(key));
                if (ours)
                    QVERIFY2(same(*ours, e.values[key]), key);
            }
            const auto ints = {std::pair{"nvidia_smi_pcie_link_gen_current", d.pcieGenCurrent},
                               std::pair{"nvidia_smi_pcie_link_gen_max", d.pcieGenMax},
                               std::pair{"nvidia_smi_pcie_link_width_current", d.pcieWidthCurrent},
                               std::pair{"nvidia_smi_pcie_link_width_max", d.pcieWidthMax},
                               std::pair{"nvidia_smi_index", std::optional<int>(r.gpu)}};
            for (const auto &[key, ours] : ints) {
                QVERIFY2(ours.has_value() && e.values.contains(key), key);
                QCOMPARE(double(*ours), e.values[key]);
                ++compared;
            }
            QCOMPARE(QString::fromStdString(r.model), e.info["name"]);
            QCOMPARE(QString::fromStdString(r.pciBusId), e.info["pci_bus_id"]);
            QCOMPARE("GPU-" + e.info["uuid"], QString::fromStdString(r.uuid));
            QCOMPARE(QString::fromStdString(s->driverVersion), e.info["driver_version"]);
            QCOMPARE(QString::fromStdString(d.vbiosVersion), e.info["vbios_version"]);
            compared += 5;
        }

        // The -q text was captured moments apart from the CSV: only facts that cannot change.
        const QString qtext = dataPath("q-text/" + base + "__nvidia-smi-q.txt");
        QVERIFY2(QFile::exists(qtext), qPrintable(qtext));
        const QString q = QString::fromUtf8(readFile(qtext));
        QCOMPARE(QString::fromStdString(r.model), qValue(q, {}, "Product Name"));
        QCOMPARE(QString::fromStdString(r.uuid), qValue(q, {}, "GPU UUID"));
        QCOMPARE(QString::fromStdString(r.pciBusId), qValue(q, "PCI", "Bus Id"));
        QCOMPARE(QString::fromStdString(s->driverVersion),
                 qValue(q, {}, "Driver Version").section(QLatin1Char(' '), 0, 0));
        QCOMPARE(QString::fromStdString(d.vbiosVersion), qValue(q, {}, "VBIOS Version"));
        QCOMPARE(QString::number(r.get(GpuField::FbTotal)) + " MiB", qValue(q, "FB Memory Usage", "Total"));
        QCOMPARE(QString::fromStdString(d.migModeCurrent).isEmpty() ? QStringLiteral("N/A")
                                                                    : QString::fromStdString(d.migModeCurrent),
                 qValue(q, "MIG Mode", "Current"));
        const QString limit = qValue(q, "GPU Power Readings", "Requested Power Limit");
        const QString oldLimit = qValue(q, "Power Readings", "Power Limit");
        QCOMPARE(QString::asprintf("%.2f W", r.get(GpuField::PowerLimit)), limit.isEmpty() ? oldLimit : limit);
        compared += 8;
        QVERIFY2(compared >= 8, qPrintable(QString::number(compared)));
    }

    // The collector reads `noheader,nounits`; it must read the same capture to the same values.
    void noHeaderNoUnitsReadsTheSameValues_data() { everyCaptureEqualsTheExporterAndTheQText_data(); }
    void noHeaderNoUnitsReadsTheSameValues()
    {
        QFETCH(QString, file);
        const QByteArray csv = readFile(dataPath("query-csv/" + file));
        auto withHeader = parse(csv, file);
        QVERIFY(withHeader.ok());
        const QList<QByteArray> lines = csv.trimmed().split('\n');
        std::vector<std::string> fields;
        QStringList units;
        for (QByteArray h : lines.front().split(',')) {
            h = h.trimmed();
            const qsizetype bracket = h.indexOf(" [");
            fields.push_back(h.left(bracket < 0 ? h.size() : bracket).toStdString());
            units << (bracket < 0 ? QString() : QString::fromUtf8(h.mid(bracket + 2).chopped(1)));
        }
        QByteArray bare;
        const QList<QByteArray> cells = lines[1].split(',');
        QCOMPARE(cells.size(), units.size());
        for (int i = 0; i < cells.size(); ++i) {
            QByteArray c = cells[i].trimmed();
            if (!units[i].isEmpty() && c.endsWith(" " + units[i].toUtf8()))
                c.chop(units[i].size() + 1);
            bare += (i ? ", " : "") + c;
        }
        auto noHeader = parseNvidiaSmiCsv(std::string_view(bare.constData(), bare.size()), fields, "bare");
        QVERIFY2(noHeader.ok(), noHeader.ok() ? "" : noHeader.error().message.c_str());
        const GpuReading &a = withHeader->gpus.front().reading, &b = noHeader->gpus.front().reading;
        QCOMPARE(a.valid, b.valid);
        QVERIFY(a.valid.count() >= 10);
        for (std::size_t i = 0; i < kGpuFieldCount; ++i)
            QCOMPARE(a.values[i], b.values[i]);
        QCOMPARE(a.uuid, b.uuid);
    }

    void queryFieldsHaveCanonicalNames_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("canonical");
        QTest::newRow("sm") << "clocks.sm"
                            << "clocks.current.sm";
        QTest::newRow("mem") << "clocks.mem"
                             << "clocks.current.memory";
        QTest::newRow("throttle") << "clocks_throttle_reasons.active"
                                  << "clocks_event_reasons.active";
        QTest::newRow("sbe") << "retired_pages.sbe"
                             << "retired_pages.single_bit_ecc.count";
        QTest::newRow("uuid") << "gpu_uuid"
                              << "uuid";
        QTest::newRow("unknown") << "encoder.stats.sessionCount"
                                 << "encoder.stats.sessionCount";
    }
    void queryFieldsHaveCanonicalNames()
    {
        QFETCH(QString, query);
        QFETCH(QString, canonical);
        QCOMPARE(QString::fromStdString(canonicalNvidiaSmiField(query.toStdString())), canonical);
    }

    void unavailableCellsLeaveTheFieldInvalid_data()
    {
        QTest::addColumn<QByteArray>("cell");
        for (const char *t : {"[N/A]", "N/A", "[Not Supported]", "[Unknown Error]", "Unknown Error",
                              "[Requested functionality has been deprecated]", "[Insufficient Permissions]", ""})
            QTest::newRow(*t ? t : "(empty)") << QByteArray(t);
    }
    void unavailableCellsLeaveTheFieldInvalid()
    {
        QFETCH(QByteArray, cell);
        const QByteArray csv =
            "index, memory.used [MiB], temperature.gpu, fan.speed [%]\n0, " + cell + ", " + cell + ", 38 %\n";
        auto s = parse(csv, "x.csv");
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QVERIFY(!s->gpus.front().reading.has(GpuField::FbUsed));
        QVERIFY(!s->gpus.front().reading.has(GpuField::Temperature));
        QCOMPARE(s->gpus.front().reading.get(GpuField::FanSpeed), 38.0);
    }

    void malformedInputGivesALocatedError_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("expected");
        const QByteArray h = "index, name, memory.used [MiB], power.draw [W], clocks_event_reasons.active\n";
        QTest::newRow("empty") << QByteArray() << "x.csv:1:1: empty: no header line";
        QTest::newRow("no known column") << QByteArray("foo, bar\n1, 2\n")
                                         << "x.csv:1:1: the first line names no nvidia-smi --query-gpu field";
        QTest::newRow("garbage") << QByteArray("\x01\x02\xff garbage") << "x.csv:1:1: the first line names no";
        QTest::newRow("too few columns") << h + "0, NVIDIA H100, 1024 MiB\n"
                                         << "x.csv:2:1: row has 3 columns, expected 5";
        QTest::newRow("too many columns") << h + "0, NVIDIA H100, 1024 MiB, 70.00 W, 0x0, 9\n"
                                          << "x.csv:2:1: row has 6 columns, expected 5";
        QTest::newRow("number with junk") << h + "0, NVIDIA H100, 12x MiB, 70.00 W, 0x0\n"
                                          << "x.csv:2:17: column 'memory.used [MiB]': '12x MiB' is not a number in MiB";
        QTest::newRow("wrong unit") << h + "0, NVIDIA H100, 1024 MiB, 70.00 MHz, 0x0\n"
                                    << "x.csv:2:27: column 'power.draw [W]': '70.00 MHz' is not a number in W";
        QTest::newRow("bad bitmask") << h + "0, NVIDIA H100, 1024 MiB, 70.00 W, 0xZZ\n"
                                     << "x.csv:2:36: column 'clocks_event_reasons.active': '0xZZ' is not a hexadecimal";
        QTest::newRow("second row bad") << h + "0, A, 1 MiB, 1 W, 0x0\n1, B, 1 MiB, lots W, 0x0\n"
                                        << "x.csv:3:14: column 'power.draw [W]': 'lots W' is not a number in W";
        QTest::newRow("unterminated quote") << h + "0, \"NVIDIA H100, 1024 MiB, 70.00 W, 0x0\n"
                                            << "x.csv:2:4: unterminated quoted cell";
        QTest::newRow("text after quote") << h + "0, \"NVIDIA\" H100, 1024 MiB, 70.00 W, 0x0\n"
                                          << "x.csv:2:13: text after a quoted cell";
        QTest::newRow("no devices") << h + "No devices were found\n"
                                    << "x.csv:2:1: row has 1 columns, expected 5";
        QTest::newRow("bad flag") << QByteArray("index, remapped_rows.failure\n0, Perhaps\n")
                                  << "x.csv:2:4: column 'remapped_rows.failure': 'Perhaps' is not Yes/No";
    }
    void malformedInputGivesALocatedError()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QString, expected);
        auto s = parse(csv, "x.csv");
        QVERIFY2(!s.ok(), "malformed input was accepted");
        QVERIFY2(QString::fromStdString(s.error().message).contains(expected), s.error().message.c_str());
    }

    void quotedCellsAndCrLfAreRead()
    {
        auto s = parse("index, name, memory.used [MiB]\r\n0, \"NVIDIA \"\"H100\"\", 80GB\", 1024 MiB\r\n", "x.csv");
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QCOMPARE(s->gpus.front().reading.model, std::string("NVIDIA \"H100\", 80GB"));
        QCOMPARE(s->gpus.front().reading.get(GpuField::FbUsed), 1024.0);
    }

    void noHeaderRowsMustMatchTheFieldList()
    {
        auto s = parseNvidiaSmiCsv("0, 45\n1\n", std::vector<std::string>{"index", "temperature.gpu"}, "q");
        QVERIFY(!s.ok());
        QVERIFY2(QString::fromStdString(s.error().message).contains("q:2:1: row has 1 columns, expected 2"),
                 s.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestNvidiaSmiCsv)
#include "tst_nvidia_smi_csv.moc"
