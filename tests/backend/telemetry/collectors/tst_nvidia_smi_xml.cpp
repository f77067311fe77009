// nvidia-smi -q -x against real captures of 12 GPU models (DTD v10 to v13), with telegraf's
// expected values as ground truth, and malformed input that must give a located error.
#include "backend/telemetry/collectors/nvidia_smi_xml.h"

#include "tests/support/shared_data.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

using namespace sn;

namespace {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

QString xmlDir()
{
    return test::sharedDataPath("nvidia-smi/xml");
}

// Telegraf fields our reading has no place for, by design: the catalogue follows dcgm-exporter,
// which has no encoder/FBC statistics, graphics/video clocks, temperature thresholds, BAR1 or
// reserved memory, per-reason throttle time counters, display state or ECC mode.
const QSet<QString> kNotMapped{
    "clocks_current_graphics", "clocks_current_video", "encoder_stats_average_fps", "encoder_stats_average_latency",
    "encoder_stats_session_count", "fbc_stats_average_fps", "fbc_stats_average_latency", "fbc_stats_session_count",
    "utilization_encoder", "utilization_decoder", "utilization_jpeg", "utilization_ofa", "memory_reserved",
    "display_active", "display_mode", "current_ecc", "power_limit_default", "power_limit_min", "power_limit_max",
    "temperature_gpu_target", "temperature_gpu_target_max", "temperature_gpu_target_min", "temperature_gpu_tlimit",
    "temperature_max_gpu_threshold", "temperature_max_mem_threshold", "temperature_max_threshold",
    "temperature_slow_threshold", "temperature_max_gpu_tlimit_threshold", "temperature_max_tlimit_threshold",
    "temperature_slow_tlimit_threshold", "clocks_event_reasons_counters_hw_power_brake",
    "clocks_event_reasons_counters_hw_therm_slowdown", "clocks_event_reasons_counters_sw_power_cap",
    "clocks_event_reasons_counters_sw_therm_slowdown", "clocks_event_reasons_counters_sync_boost",
    "ecc_errors_channel_repair_pending", "ecc_errors_tpc_repair_pending", "remapped_rows_pending",
    "retired_pages_blacklist", "memory_bar1_free", "memory_bar1_total", "memory_bar1_used",
    // per-process rows (nvidia_smi_process): processes are not telemetry of the GPU
    "pid", "used_memory"};

const std::pair<const char *, GpuField> kFieldMap[] = {
    {"clocks_current_sm", GpuField::SmClock},
    {"clocks_current_memory", GpuField::MemClock},
    {"fan_speed", GpuField::FanSpeed},
    {"memory_total", GpuField::FbTotal},
    {"memory_used", GpuField::FbUsed},
    {"memory_free", GpuField::FbFree},
    {"temperature_gpu", GpuField::Temperature},
    {"temperature_memory", GpuField::MemoryTemperature},
    {"utilization_gpu", GpuField::Utilization},
    {"utilization_memory", GpuField::MemoryCopyUtil},
    {"power_limit", GpuField::PowerLimit},
    {"power_limit_requested", GpuField::PowerLimit},
    {"retired_pages_multiple_single_bit", GpuField::RetiredSbe},
    {"retired_pages_double_bit", GpuField::RetiredDbe},
    {"remapped_rows_correctable", GpuField::RemappedCorrectable},
    {"remapped_rows_uncorrectable", GpuField::RemappedUncorrectable},
};

const std::pair<const char *, std::uint32_t> kReasonMap[] = {
    {"clocks_event_reason_gpu_idle", 0x1},
    {"clocks_event_reason_applications_clocks_setting", 0x2},
    {"clocks_event_reason_sw_power_cap", 0x4},
    {"clocks_event_reason_hw_slowdown", 0x8},
    {"clocks_event_reason_sync_boost", 0x10},
    {"clocks_event_reason_sw_thermal_slowdown", 0x20},
    {"clocks_event_reason_hw_thermal_slowdown", 0x40},
    {"clocks_event_reason_hw_power_brake_slowdown", 0x80},
    {"clocks_event_reason_display_clocks_setting", 0x100},
};

double yesNo(const QJsonValue &v)
{
    return v.toString() == QLatin1String("Yes") ? 1 : 0;
}

#define CHECK_FIELD(key, has, ours, theirs)                                                                            \
    do {                                                                                                               \
        QVERIFY2(has, qPrintable(file + ": " + key + " is not valid, telegraf read " + QString::number(theirs)));      \
        QVERIFY2(ours == theirs, qPrintable(file + ": " + key + " = " + QString::number(ours) + ", telegraf " +        \
                                            QString::number(theirs)));                                                 \
        ++compared;                                                                                                    \
    } while (0)

} // namespace

class TestNvidiaSmiXml : public QObject {
    Q_OBJECT
private slots:
    void everyCaptureEqualsTelegrafsValues_data()
    {
        QTest::addColumn<QString>("file");
        if (!test::requireSharedData("nvidia-smi/xml"))
            return;
        const QStringList files = QDir(xmlDir()).entryList({"*.xml"}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 12);
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << f;
    }

    void everyCaptureEqualsTelegrafsValues()
    {
        QFETCH(QString, file);
        const QJsonObject all =
            QJsonDocument::fromJson(readFile(xmlDir() + "/expected_metrics_from_nvidia_smi_test.json")).object();
        QVERIFY2(all.contains(file), qPrintable(file + " has no expected values"));
        const QByteArray xml = readFile(xmlDir() + "/" + file);
        auto parsed = parseNvidiaSmiXml(std::string_view(xml.constData(), xml.size()), file.toStdString());
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
        const NvidiaSmiSnapshot &s = *parsed;
        QCOMPARE(s.gpus.size(), std::size_t(1));
        const NvidiaSmiDevice &d = s.gpus.front();
        const GpuReading &r = d.reading;
        int compared = 0;
        for (const QJsonValue &mv : all[file].toObject()["expected_metrics"].toArray()) {
            const QJsonObject m = mv.toObject();
            const QJsonObject tags = m["tags"].toObject();
            const QJsonObject fields = m["fields"].toObject();
            const QString measurement = m["measurement"].toString();
            if (measurement == QLatin1String("nvidia_smi_process"))
                continue; // processes are not parsed: see kNotMapped
            if (measurement == QLatin1String("nvidia_smi_mig")) {
                const int index = tags["index"].toString().toInt();
                QVERIFY(index < static_cast<int>(d.migDevices.size()));
                const NvidiaSmiMigDevice &mig = d.migDevices[index];
                QCOMPARE(mig.index, index);
                QCOMPARE(mig.gpuInstanceId.value_or(-1), tags["gpu_index"].toString().toInt());
                QCOMPARE(mig.computeInstanceId.value_or(-1), tags["compute_index"].toString().toInt());
                for (auto it = fields.begin(); it != fields.end(); ++it) {
                    const double want = it.value().toDouble();
                    const std::optional<double> *ours = it.key() == "memory_fb_total"      ? &mig.fbTotalMiB
                                                        : it.key() == "memory_fb_used"     ? &mig.fbUsedMiB
                                                        : it.key() == "memory_fb_free"     ? &mig.fbFreeMiB
                                                        : it.key() == "memory_fb_reserved" ? &mig.fbReservedMiB
                                                        : it.key() == "sram_uncorrectable" ? &mig.sramUncorrectable
                                                                                           : nullptr;
                    if (!ours) {
                        QVERIFY2(kNotMapped.contains(it.key()), qPrintable("unhandled MIG field " + it.key()));
                        continue;
                    }
                    CHECK_FIELD(it.key(), ours->has_value(), ours->value_or(-1), want);
                }
                continue;
            }
            QCOMPARE(measurement, QStringLiteral("nvidia_smi"));
            QCOMPARE(QString::fromStdString(r.model), tags["name"].toString());
            QCOMPARE(QString::fromStdString(r.uuid), tags["uuid"].toString());
            QCOMPARE(QString::number(r.gpu), tags["index"].toString());
            QCOMPARE(QString::fromStdString(d.pstate), tags["pstate"].toString());
            QCOMPARE(QString::fromStdString(d.computeMode), tags["compute_mode"].toString());
            if (tags.contains("arch"))
                QCOMPARE(QString::fromStdString(d.architecture), tags["arch"].toString());
            compared += 5;

            QSet<QString> handled;
            for (const auto &[key, field] : kFieldMap) {
                handled << key;
                if (fields.contains(key))
                    CHECK_FIELD(QString(key), r.has(field), r.get(field), fields[key].toDouble());
            }
            // Telegraf leaves out what nvidia-smi marked N/A; so must we, for the core fields.
            for (GpuField f : {GpuField::Utilization, GpuField::FanSpeed, GpuField::MemoryTemperature})
                for (const auto &[key, field] : kFieldMap)
                    if (field == f && !fields.contains(key))
                        QVERIFY2(!r.has(f), qPrintable(file + ": " + key + " valid but telegraf read none"));
            bool anyReason = false;
            for (const auto &[key, bit] : kReasonMap) {
                handled << key;
                if (!fields.contains(key))
                    continue;
                anyReason = true;
                QVERIFY(r.has(GpuField::ThrottleReasons));
                const double ours = (static_cast<std::uint32_t>(r.get(GpuField::ThrottleReasons)) & bit) ? 1 : 0;
                CHECK_FIELD(QString(key), true, ours, fields[key].toDouble());
            }
            QCOMPARE(r.has(GpuField::ThrottleReasons), anyReason);
            // power_draw: telegraf takes the instant reading where the DTD splits it.
            handled << "power_draw"
                    << "power_draw_average"
                    << "pcie_tx_util"
                    << "pcie_rx_util"
                    << "pcie_link_gen_current"
                    << "pcie_link_width_current"
                    << "retired_pages_pending"
                    << "remapped_rows_failure"
                    << "serial"
                    << "vbios_version"
                    << "driver_version"
                    << "cuda_version";
            if (fields.contains("power_draw")) {
                const double want = fields["power_draw"].toDouble();
                if (d.powerDrawInstantW)
                    CHECK_FIELD(QString("power_draw"), true, *d.powerDrawInstantW, want);
                else
                    CHECK_FIELD(QString("power_draw"), r.has(GpuField::Power), r.get(GpuField::Power), want);
            }
            if (fields.contains("power_draw_average")) {
                CHECK_FIELD(QString("power_draw_average"), d.powerDrawAverageW.has_value(),
                            d.powerDrawAverageW.value_or(-1), fields["power_draw_average"].toDouble());
                // GpuField::Power is the average (NVML's power usage, as dcgm-exporter reports).
                QCOMPARE(r.get(GpuField::Power), *d.powerDrawAverageW);
            }
            // PCIe: telegraf keeps nvidia-smi's KB/s; our reading is bytes/s.
            if (fields.contains("pcie_tx_util"))
                CHECK_FIELD(QString("pcie_tx_util"), r.has(GpuField::PcieTxBytes), r.get(GpuField::PcieTxBytes) / 1024,
                            fields["pcie_tx_util"].toDouble());
            if (fields.contains("pcie_rx_util"))
                CHECK_FIELD(QString("pcie_rx_util"), r.has(GpuField::PcieRxBytes), r.get(GpuField::PcieRxBytes) / 1024,
                            fields["pcie_rx_util"].toDouble());
            if (fields.contains("pcie_link_gen_current"))
                CHECK_FIELD(QString("pcie_link_gen_current"), d.pcieGenCurrent.has_value(),
                            double(d.pcieGenCurrent.value_or(-1)), fields["pcie_link_gen_current"].toDouble());
            if (fields.contains("pcie_link_width_current"))
                CHECK_FIELD(QString("pcie_link_width_current"), d.pcieWidthCurrent.has_value(),
                            double(d.pcieWidthCurrent.value_or(-1)), fields["pcie_link_width_current"].toDouble());
            if (fields.contains("retired_pages_pending"))
                CHECK_FIELD(QString("retired_pages_pending"), r.has(GpuField::RetiredPending),
                            r.get(GpuField::RetiredPending), yesNo(fields["retired_pages_pending"]));
            if (fields.contains("remapped_rows_failure"))
                CHECK_FIELD(QString("remapped_rows_failure"), r.has(GpuField::RowRemapFailure),
                            r.get(GpuField::RowRemapFailure), yesNo(fields["remapped_rows_failure"]));
            if (fields.contains("serial"))
                QCOMPARE(QString::fromStdString(d.serial), fields["serial"].toString());
            if (fields.contains("vbios_version"))
                QCOMPARE(QString::fromStdString(d.vbiosVersion), fields["vbios_version"].toString());
            if (fields.contains("driver_version"))
                QCOMPARE(QString::fromStdString(s.driverVersion), fields["driver_version"].toString());
            if (fields.contains("cuda_version"))
                QCOMPARE(QString::fromStdString(s.cudaVersion), fields["cuda_version"].toString());
            for (auto it = fields.begin(); it != fields.end(); ++it)
                QVERIFY2(handled.contains(it.key()) || kNotMapped.contains(it.key()),
                         qPrintable(file + ": expected field " + it.key() + " is neither compared nor documented"));
        }
        QVERIFY2(compared >= 15, qPrintable(file + ": only " + QString::number(compared) + " values compared"));
    }

    // What telegraf does not check but the catalogue needs, read straight from the capture.
    void readsEccAndPciBusIdOfTheA100()
    {
        if (!test::requireSharedData("nvidia-smi/xml"))
            return;
        const QByteArray xml = readFile(xmlDir() + "/a100-sxm4-v12.xml");
        auto s = parseNvidiaSmiXml(std::string_view(xml.constData(), xml.size()), "a100");
        QVERIFY(s.ok());
        const NvidiaSmiDevice &d = s->gpus.front();
        QCOMPARE(d.reading.pciBusId, std::string("00000000:01:00.0"));
        QVERIFY(d.reading.has(GpuField::EccSbeVolatile));
        QCOMPARE(d.reading.get(GpuField::EccDbeVolatile), 0.0);
        QCOMPARE(d.migModeCurrent, std::string("Enabled"));
        QCOMPARE(d.migDevices.size(), std::size_t(4));
        QVERIFY(!d.reading.has(GpuField::RemappedCorrectable)); // <remapped_rows>N/A</remapped_rows>
    }

    void unavailableValuesLeaveTheFieldInvalid_data()
    {
        QTest::addColumn<QByteArray>("replacement");
        for (const char *text : {"N/A", "[N/A]", "[Not Supported]", "Not Supported", "Unknown Error", "[Unknown Error]",
                                 "[Requested functionality has been deprecated]", "[GPU is lost]", ""})
            QTest::newRow(*text ? text : "(empty)") << QByteArray(text);
    }
    void unavailableValuesLeaveTheFieldInvalid()
    {
        QFETCH(QByteArray, replacement);
        if (!test::requireSharedData("nvidia-smi/xml"))
            return;
        QByteArray xml = readFile(xmlDir() + "/rtx-4000-sff-ada-v13.xml");
        xml.replace("<used>3534 MiB</used>", "<used>" + replacement + "</used>");
        xml.replace("<gpu_temp>38 C</gpu_temp>", "<gpu_temp>" + replacement + "</gpu_temp>");
        auto s = parseNvidiaSmiXml(std::string_view(xml.constData(), xml.size()), "edited");
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        const GpuReading &r = s->gpus.front().reading;
        QVERIFY(!r.has(GpuField::FbUsed));
        QVERIFY(!r.has(GpuField::Temperature));
        QCOMPARE(r.get(GpuField::FbFree), 16482.0); // the rest is still read
    }

    void malformedInputGivesALocatedError_data()
    {
        QTest::addColumn<QByteArray>("xml");
        QTest::addColumn<QString>("expected");
        const QByteArray head =
            "<?xml version=\"1.0\" ?>\n<nvidia_smi_log>\n<driver_version>535.54.03</driver_version>\n";
        QTest::newRow("empty") << QByteArray() << "x.xml:1:1: empty: no <nvidia_smi_log>";
        QTest::newRow("garbage") << QByteArray("\x01\x02garbage\xff") << "x.xml:1:";
        QTest::newRow("csv instead of xml")
            << QByteArray("index, name\n0, NVIDIA H100\n") << "x.xml:1:2: malformed XML";
        QTest::newRow("wrong root") << QByteArray("<?xml version=\"1.0\"?>\n<prometheus>\n</prometheus>\n")
                                    << "x.xml:2:13: root element is <prometheus>, not <nvidia_smi_log>";
        QTest::newRow("truncated") << head + "<gpu id=\"0\">\n<fb_memory_usage>\n<total>81920 MiB</total>\n"
                                   << "malformed XML in <nvidia_smi_log/gpu[0]/fb_memory_usage>";
        QTest::newRow("mismatched tag") << head + "<gpu id=\"0\">\n<fan_speed>30 %</fan>\n</gpu>\n</nvidia_smi_log>\n"
                                        << "x.xml:5:";
        QTest::newRow("number with junk")
            << head + "<gpu id=\"0\">\n<fb_memory_usage>\n<used>12x "
                      "MiB</used>\n</fb_memory_usage>\n</gpu>\n</nvidia_smi_log>\n"
            << "x.xml:6:7: <nvidia_smi_log/gpu[0]/fb_memory_usage/used>: '12x MiB' is not a number in MiB";
        QTest::newRow("wrong unit") << head + "<gpu id=\"0\">\n<temperature>\n<gpu_temp>45 "
                                              "F</gpu_temp>\n</temperature>\n</gpu>\n</nvidia_smi_log>\n"
                                    << "<nvidia_smi_log/gpu[0]/temperature/gpu_temp>: '45 F' is not a number in C";
        QTest::newRow("bad flag") << head + "<gpu "
                                            "id=\"0\">\n<retired_pages>\n<pending_retirement>Maybe</"
                                            "pending_retirement>\n</retired_pages>\n</gpu>\n</nvidia_smi_log>\n"
                                  << "retired_pages/pending_retirement>: 'Maybe' is not Yes/No";
        QTest::newRow("bad throttle reason")
            << head + "<gpu "
                      "id=\"0\">\n<clocks_event_reasons>\n<clocks_event_reason_gpu_idle>Sometimes</"
                      "clocks_event_reason_gpu_idle>\n</clocks_event_reasons>\n</gpu>\n</nvidia_smi_log>\n"
            << "clocks_event_reasons/clocks_event_reason_gpu_idle>: 'Sometimes' is not Yes/No";
        QTest::newRow("second gpu bad")
            << head + "<gpu id=\"0\"><utilization><gpu_util>5 %</gpu_util></utilization></gpu>\n<gpu "
                      "id=\"1\"><utilization><gpu_util>1e %</gpu_util></utilization></gpu>\n</nvidia_smi_log>\n"
            << "<nvidia_smi_log/gpu[1]/utilization/gpu_util>: '1e %' is not a number in %";
    }
    void malformedInputGivesALocatedError()
    {
        QFETCH(QByteArray, xml);
        QFETCH(QString, expected);
        auto s = parseNvidiaSmiXml(std::string_view(xml.constData(), xml.size()), "x.xml");
        QVERIFY2(!s.ok(), "malformed input was accepted");
        const QString message = QString::fromStdString(s.error().message);
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY2(message.startsWith("x.xml:"), qPrintable(message));
        QCOMPARE(s.error().code, ErrorCode::InvalidArgument);
    }

    // Hostile documents (issue 29): 200,000 levels of nesting cost O(N^2) memory through each
    // element's path and aborted with bad_alloc under a 2 GiB limit; a DTD's entities were read
    // as empty values. Now: refused, located, and linear.
    void hostileDocumentsAreRefusedNotRead_data()
    {
        QTest::addColumn<QByteArray>("xml");
        QTest::addColumn<QString>("expected");
        QByteArray deep = "<nvidia_smi_log>";
        for (int i = 0; i < 200000; ++i)
            deep += "<a>";
        QTest::newRow("200,000 levels deep") << deep << "x.xml:1:113: elements nested more than 32 deep";
        QTest::newRow("internal entity")
            << QByteArray("<?xml version=\"1.0\"?>\n<!DOCTYPE nvidia_smi_log [<!ENTITY v \"81920 MiB\">]>\n"
                          "<nvidia_smi_log><gpu id=\"0\"><fb_memory_usage><total>&v;</total></fb_memory_usage>"
                          "</gpu></nvidia_smi_log>\n")
            << "x.xml:2:";
        QTest::newRow("billion laughs")
            << QByteArray("<!DOCTYPE nvidia_smi_log [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">"
                          "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]><nvidia_smi_log><timestamp>&c;</timestamp>"
                          "</nvidia_smi_log>")
            << "the DOCTYPE declares entities or elements of its own";
        QTest::newRow("external entity")
            << QByteArray(
                   "<?xml version=\"1.0\"?>\n<!DOCTYPE nvidia_smi_log SYSTEM \"nvsmi_device_v12.dtd\">\n"
                   "<nvidia_smi_log><gpu id=\"0\"><product_name>&secret;</product_name></gpu></nvidia_smi_log>\n")
            << "x.xml:3:";
    }
    void hostileDocumentsAreRefusedNotRead()
    {
        QFETCH(QByteArray, xml);
        QFETCH(QString, expected);
        auto s = parseNvidiaSmiXml(std::string_view(xml.constData(), xml.size()), "x.xml");
        QVERIFY2(!s.ok(), "a hostile document was accepted");
        QCOMPARE(s.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(s.error().message).contains(expected), s.error().message.c_str());
        QVERIFY2(s.error().message.size() < 1000, "the message carries the document");
    }

    // 200,000 siblings of one name: each one's [n] used to be found by counting the ones before
    // it (quadratic); the document is read, with the last one numbered.
    void manySiblingsAreReadInLinearTime()
    {
        QByteArray xml = "<nvidia_smi_log><gpu id=\"0\"><fan_speed>30 %</fan_speed>";
        for (int i = 0; i < 200000; ++i)
            xml += "<x/>";
        xml += "<utilization><gpu_util>1e %</gpu_util></utilization><x/></gpu></nvidia_smi_log>";
        auto s = parseNvidiaSmiXml(std::string_view(xml.constData(), xml.size()), "x.xml");
        QVERIFY(!s.ok()); // the bad value is found past the crowd, with its path
        QVERIFY2(s.error().message.find("<nvidia_smi_log/gpu[0]/utilization/gpu_util>: '1e %'") != std::string::npos,
                 s.error().message.c_str());
    }

    // Cutting a real capture anywhere must give an error, never a crash or a silent success.
    void everyTruncationOfARealCaptureIsAnError()
    {
        if (!test::requireSharedData("nvidia-smi/xml"))
            return;
        const QByteArray xml = readFile(xmlDir() + "/tesla-t4.xml");
        for (qsizetype cut = 0; cut < xml.size() - 20; cut += 97) {
            auto s = parseNvidiaSmiXml(std::string_view(xml.constData(), cut), "t4");
            QVERIFY2(!s.ok(), qPrintable(QString("cut at %1 parsed").arg(cut)));
        }
    }
};

QTEST_GUILESS_MAIN(TestNvidiaSmiXml)
#include "tst_nvidia_smi_xml.moc"
