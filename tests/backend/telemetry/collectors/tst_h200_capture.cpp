// A real NVIDIA H200 (driver 580.159.04), captured for this project (tests/data/nvidia-h200):
// nvidia-smi's -q -x and --query-gpu outputs as the parsers read them, and what supernode-agent
// --probe printed there, through NVML and through its nvidia-smi fallback, beside the nvidia-smi
// CSV taken a second later: idle, under a bf16 matrix load holding 40 GiB, after it, under a
// 400 W power cap the agent set, and with the default limit restored.
#include "backend/api/metric_catalogue.h"
#include "backend/model/gpu_reading.h"
#include "backend/telemetry/collectors/nvidia_smi_csv.h"
#include "backend/telemetry/collectors/nvidia_smi_xml.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace sn;

namespace {

const char *kUuid = "GPU-489de709-6225-c753-1a92-0b9d527bbea6";

std::string readCapture(const QString &name)
{
    QFile f(QStringLiteral(SN_H200_DATA "/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return f.readAll().toStdString();
}

QJsonObject readJson(const QString &name)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(readCapture(name)), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("%s: %s", qPrintable(name), qPrintable(error.errorString()));
    return doc.object();
}

NvidiaSmiDevice onlyGpu(const Result<NvidiaSmiSnapshot> &snapshot)
{
    if (!snapshot)
        qFatal("%s", snapshot.error().message.c_str());
    if (snapshot->gpus.size() != 1)
        qFatal("expected one GPU, read %zu", snapshot->gpus.size());
    return snapshot->gpus.front();
}

NvidiaSmiDevice csvOf(const QString &phase)
{
    const std::string name = "nvidia-smi_query-gpu_" + phase.toStdString() + ".csv";
    return onlyGpu(parseNvidiaSmiCsv(readCapture(QString::fromStdString(name)), name));
}

// What the probe printed for GPU 0, as a reading: metrics by dcgm-exporter name.
struct ProbeGpu {
    QJsonObject gpu;
    QJsonObject metrics;
    QStringList notReported;
};

ProbeGpu probeOf(const QString &file)
{
    const QJsonObject probe = readJson(file);
    const QJsonArray gpus = probe["gpus"].toArray();
    if (gpus.size() != 1)
        qFatal("%s: expected one GPU", qPrintable(file));
    ProbeGpu p{gpus[0].toObject(), gpus[0].toObject()["metrics"].toObject(), {}};
    for (const QJsonValue &v : p.gpu["not_reported"].toArray())
        p.notReported << v.toString();
    return p;
}

} // namespace

class TestH200Capture : public QObject {
    Q_OBJECT
private slots:
    // -q -x against the values written in each file (DTD v13).
    void xmlReadsWhatNvidiaSmiWrote_data()
    {
        QTest::addColumn<QString>("phase");
        QTest::addColumn<double>("util");
        QTest::addColumn<double>("memCopyUtil");
        QTest::addColumn<double>("fbUsed");
        QTest::addColumn<double>("fbFree");
        QTest::addColumn<double>("temp");
        QTest::addColumn<double>("memTemp");
        QTest::addColumn<double>("power"); // <average_power_draw>
        QTest::addColumn<double>("powerInstant");
        QTest::addColumn<double>("smClock");
        QTest::addColumn<double>("reasons");
        QTest::addColumn<double>("pcieTxKBps");
        QTest::newRow("idle") << "idle" << 0.0 << 0.0 << 0.0 << 143156.0 << 35.0 << 33.0 << 78.02 << 77.48 << 345.0
                              << 0x1 * 1.0 << 1023.0;
        QTest::newRow("load") << "load" << 100.0 << 25.0 << 42099.0 << 101058.0 << 61.0 << 47.0 << 690.81 << 705.17
                              << 1500.0 << 0x4 * 1.0 << 7537.0;
        QTest::newRow("after") << "after" << 0.0 << 0.0 << 0.0 << 143156.0 << 37.0 << 39.0 << 78.70 << 78.78 << 345.0
                               << 0x1 * 1.0 << 1014.0;
    }
    void xmlReadsWhatNvidiaSmiWrote()
    {
        QFETCH(QString, phase);
        const std::string name = "nvidia-smi_q_x_" + phase.toStdString() + ".xml";
        const auto snapshot = parseNvidiaSmiXml(readCapture(QString::fromStdString(name)), name);
        QVERIFY2(snapshot, snapshot ? "" : snapshot.error().message.c_str());
        QCOMPARE(snapshot->driverVersion, std::string("580.159.04"));
        QCOMPARE(snapshot->cudaVersion, std::string("13.0"));
        const NvidiaSmiDevice d = onlyGpu(snapshot);
        const GpuReading &r = d.reading;
        QCOMPARE(r.uuid, std::string(kUuid));
        QCOMPARE(r.model, std::string("NVIDIA H200"));
        QCOMPARE(r.pciBusId, std::string("00000000:00:06.0"));
        QCOMPARE(d.architecture, std::string("Hopper"));
        QCOMPARE(d.pstate, std::string("P0"));
        QCOMPARE(d.pcieGenCurrent, std::optional<int>(5));
        QCOMPARE(d.pcieWidthCurrent, std::optional<int>(16));
        QCOMPARE(d.migModeCurrent, std::string("Disabled"));
        QCOMPARE(d.defaultPowerLimitW, std::optional<double>(700));
        QCOMPARE(d.maxPowerLimitW, std::optional<double>(700));
        QCOMPARE(d.enforcedPowerLimitW, std::optional<double>(700));

        QFETCH(double, util);
        QFETCH(double, memCopyUtil);
        QFETCH(double, fbUsed);
        QFETCH(double, fbFree);
        QFETCH(double, temp);
        QFETCH(double, memTemp);
        QFETCH(double, power);
        QFETCH(double, powerInstant);
        QFETCH(double, smClock);
        QFETCH(double, reasons);
        QFETCH(double, pcieTxKBps);
        const std::pair<GpuField, double> expected[] = {
            {GpuField::Utilization, util},
            {GpuField::MemoryCopyUtil, memCopyUtil},
            {GpuField::FbTotal, 143771},
            {GpuField::FbUsed, fbUsed},
            {GpuField::FbFree, fbFree},
            {GpuField::Temperature, temp},
            {GpuField::MemoryTemperature, memTemp},
            {GpuField::Power, power},
            {GpuField::PowerLimit, 700},
            {GpuField::SmClock, smClock},
            {GpuField::MemClock, 3201},
            {GpuField::ThrottleReasons, reasons},
            {GpuField::PcieTxBytes, pcieTxKBps * 1024},
            {GpuField::PcieReplay, 0},
            {GpuField::EccSbeVolatile, 0},
            {GpuField::EccDbeVolatile, 0},
            {GpuField::RemappedCorrectable, 0},
            {GpuField::RemappedUncorrectable, 0},
            {GpuField::RowRemapFailure, 0},
        };
        for (const auto &[field, value] : expected) {
            QVERIFY2(r.has(field), metric::name(field));
            QVERIFY2(
                r.get(field) == value,
                qPrintable(QString("%1 = %2, the file says %3").arg(metric::name(field)).arg(r.get(field)).arg(value)));
        }
        QCOMPARE(d.powerDrawInstantW, std::optional<double>(powerInstant));
        // An H200 remaps rows instead of retiring pages and has no fan: N/A, so not reported.
        for (GpuField absent : {GpuField::FanSpeed, GpuField::RetiredSbe, GpuField::RetiredDbe})
            QVERIFY2(!r.has(absent), metric::name(absent));
    }

    // The same query with and without header and units reads the same fields (the two runs
    // were a second apart, so only what does not move is compared).
    void csvWithAndWithoutUnitsAgree_data()
    {
        QTest::addColumn<QString>("phase");
        for (const char *phase : {"idle", "load", "after"})
            QTest::newRow(phase) << phase;
    }
    void csvWithAndWithoutUnitsAgree()
    {
        QFETCH(QString, phase);
        const NvidiaSmiDevice withUnits = csvOf(phase);
        const std::string bare = "nvidia-smi_query-gpu_noheader_nounits_" + phase.toStdString() + ".csv";
        const NvidiaSmiDevice noUnits =
            onlyGpu(parseNvidiaSmiCsv(readCapture(QString::fromStdString(bare)), nvidiaSmiQueryFields(), bare));
        QCOMPARE(withUnits.reading.uuid, std::string(kUuid));
        QCOMPARE(noUnits.reading.uuid, std::string(kUuid));
        QCOMPARE(noUnits.serial, withUnits.serial);
        QCOMPARE(noUnits.vbiosVersion, std::string("96.00.A5.00.1A"));
        for (GpuField f :
             {GpuField::FbTotal, GpuField::FbUsed, GpuField::FbFree, GpuField::PowerLimit, GpuField::MemClock,
              GpuField::EccSbeVolatile, GpuField::EccDbeVolatile, GpuField::RemappedCorrectable,
              GpuField::RemappedUncorrectable, GpuField::RowRemapFailure, GpuField::ThrottleReasons}) {
            QVERIFY2(withUnits.reading.has(f) && noUnits.reading.has(f), metric::name(f));
            QCOMPARE(noUnits.reading.get(f), withUnits.reading.get(f));
        }
        // driver 580 answers the old field name with the new header, clocks_event_reasons.active
        QVERIFY(readCapture("nvidia-smi_query-gpu_" + phase + ".csv").find("clocks_event_reasons.active") !=
                std::string::npos);
        for (GpuField absent :
             {GpuField::FanSpeed, GpuField::RetiredSbe, GpuField::RetiredDbe, GpuField::RetiredPending})
            QVERIFY2(!withUnits.reading.has(absent) && !noUnits.reading.has(absent), metric::name(absent));
    }

    // supernode-agent --probe through NVML against nvidia-smi a second later: the identity,
    // memory, limits and error counters are the same numbers; utilization, power, clocks and
    // temperature move within the second, so they are held to a tolerance.
    void probeThroughNvmlAgreesWithNvidiaSmi_data()
    {
        QTest::addColumn<QString>("phase");
        QTest::addColumn<double>("powerLimit");
        for (const char *phase : {"idle", "load", "after", "restored"})
            QTest::newRow(phase) << phase << 700.0;
        QTest::newRow("capped") << "capped" << 400.0;
    }
    void probeThroughNvmlAgreesWithNvidiaSmi()
    {
        QFETCH(QString, phase);
        QFETCH(double, powerLimit);
        const ProbeGpu probe = probeOf("supernode-agent_probe_nvml_" + phase + ".json");
        QCOMPARE(readJson("supernode-agent_probe_nvml_" + phase + ".json")["source"].toString(), QString("nvml"));
        const NvidiaSmiDevice smi = csvOf(phase);
        QCOMPARE(probe.gpu["UUID"].toString().toStdString(), smi.reading.uuid);
        QCOMPARE(probe.gpu["modelName"].toString().toStdString(), smi.reading.model);
        QCOMPARE(probe.gpu["pci_bus_id"].toString().toStdString(), smi.reading.pciBusId);

        const auto metric = [&](GpuField f) {
            const char *name = metric::name(f);
            if (!probe.metrics.contains(name))
                qFatal("the probe has no %s", name);
            return probe.metrics[name].toDouble();
        };
        // Equal: memory in whole MiB (both round up), limits, counters.
        for (GpuField f : {GpuField::FbTotal, GpuField::FbUsed, GpuField::FbFree, GpuField::PowerLimit,
                           GpuField::MemClock, GpuField::EccSbeVolatile, GpuField::EccDbeVolatile,
                           GpuField::RemappedCorrectable, GpuField::RemappedUncorrectable, GpuField::RowRemapFailure})
            QVERIFY2(metric(f) == smi.reading.get(f), qPrintable(QString("%1: probe %2, nvidia-smi %3")
                                                                     .arg(metric::name(f))
                                                                     .arg(metric(f))
                                                                     .arg(smi.reading.get(f))));
        QCOMPARE(metric(GpuField::PowerLimit), powerLimit);
        // Within the second between them.
        const struct {
            GpuField field;
            double tolerance; // absolute, or relative when below 1
        } moving[] = {{GpuField::Utilization, 5},       {GpuField::MemoryCopyUtil, 5}, {GpuField::Temperature, 2},
                      {GpuField::MemoryTemperature, 2}, {GpuField::Power, 0.03},       {GpuField::SmClock, 0.05}};
        for (const auto &[field, tolerance] : moving) {
            const double a = metric(field), b = smi.reading.get(field);
            const double allowed = tolerance < 1 ? tolerance * std::max(a, b) : tolerance;
            QVERIFY2(std::fabs(a - b) <= allowed,
                     qPrintable(QString("%1: probe %2, nvidia-smi %3").arg(metric::name(field)).arg(a).arg(b)));
        }
        // What the GPU lacks is listed as not reported, never printed as 0.
        for (GpuField absent : {GpuField::FanSpeed, GpuField::RetiredSbe, GpuField::RetiredDbe})
            QVERIFY2(probe.notReported.contains(metric::name(absent)), metric::name(absent));
        // A single GPU in a VM has no NVLink: no counters, and no rates invented.
        QVERIFY(probe.notReported.contains("DCGM_FI_PROF_NVLINK_TX_BYTES"));
        QVERIFY(!probe.gpu.contains("nvlinks"));
        // Power is the milliwatts over 1000 exactly: three decimals at most.
        const double power = metric(GpuField::Power);
        QCOMPARE(std::round(power * 1000) / 1000, power);
    }

    // The power cap the agent set (thermal protection's action) held: the card drew at most the
    // cap, its clocks fell and the driver said why (SW power cap).
    void theCapHeldOnTheRealCard()
    {
        const ProbeGpu load = probeOf("supernode-agent_probe_nvml_load.json");
        const ProbeGpu capped = probeOf("supernode-agent_probe_nvml_capped.json");
        QVERIFY(capped.metrics["DCGM_FI_DEV_POWER_USAGE"].toDouble() <= 400 * 1.02);
        QVERIFY(load.metrics["DCGM_FI_DEV_POWER_USAGE"].toDouble() > 600);
        QVERIFY(capped.metrics["DCGM_FI_DEV_SM_CLOCK"].toDouble() <
                0.7 * load.metrics["DCGM_FI_DEV_SM_CLOCK"].toDouble());
        QCOMPARE(qint64(capped.metrics["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"].toDouble()) & 0x4, qint64(0x4));
        QCOMPARE(capped.metrics["DCGM_FI_DEV_GPU_UTIL"].toDouble(), 100.0); // still busy, only slower
        const NvidiaSmiDevice smi = csvOf("capped");
        QCOMPARE(smi.enforcedPowerLimitW, std::optional<double>(400));

        const QJsonObject cap = readJson("supernode-agent_power-limit_400.json");
        QCOMPARE(cap["before_w"].toDouble(), 700.0);
        QCOMPARE(cap["enforced_w"].toDouble(), 400.0);
        QCOMPARE(cap["min_w"].toDouble(), 200.0); // nvidia-smi -q: Min Power Limit 200.00 W
        QCOMPARE(cap["default_w"].toDouble(), 700.0);
        QVERIFY(cap["enforced_after_ms"].toInt() > 0); // the driver did not enforce it at once
        const QJsonObject restore = readJson("supernode-agent_power-limit_default.json");
        QCOMPARE(restore["before_w"].toDouble(), 400.0);
        QCOMPARE(restore["enforced_w"].toDouble(), 700.0);
        QCOMPARE(csvOf("restored").enforcedPowerLimitW, std::optional<double>(700));
        const std::string qd = readCapture("nvidia-smi_q_d_power-performance_capped.txt");
        QVERIFY(qd.find("Current Power Limit                            : 400.00 W") != std::string::npos);
        QVERIFY(qd.find("SW Power Cap                                   : Active") != std::string::npos);
    }

    // The fallback, as on a node whose NVML cannot be loaded: the same GPU through nvidia-smi's
    // CSV, NVML's failure named, and what the CSV has no column for listed as not reported.
    void probeThroughNvidiaSmiReadsTheSameGpu_data()
    {
        QTest::addColumn<QString>("phase");
        for (const char *phase : {"idle", "load", "after"})
            QTest::newRow(phase) << phase;
    }
    void probeThroughNvidiaSmiReadsTheSameGpu()
    {
        QFETCH(QString, phase);
        const QJsonObject report = readJson("supernode-agent_probe_nvidia-smi_" + phase + ".json");
        QCOMPARE(report["source"].toString(), QString("nvidia-smi"));
        QCOMPARE(report["driver_version"].toString(), QString("580.159.04"));
        const QJsonObject nvmlError = report["errors"].toArray()[0].toObject();
        QCOMPARE(nvmlError["source"].toString(), QString("nvml"));
        QVERIFY(nvmlError["message"].toString().contains("cannot load /nonexistent"));
        const ProbeGpu viaSmi = probeOf("supernode-agent_probe_nvidia-smi_" + phase + ".json");
        const ProbeGpu viaNvml = probeOf("supernode-agent_probe_nvml_" + phase + ".json");
        for (const char *key : {"UUID", "modelName", "pci_bus_id"})
            QCOMPARE(viaSmi.gpu[key].toString(), viaNvml.gpu[key].toString());
        for (const char *m : {"DCGM_FI_DEV_FB_TOTAL", "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_FB_FREE",
                              "DCGM_FI_DEV_POWER_MGMT_LIMIT", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"})
            QCOMPARE(viaSmi.metrics[m].toDouble(), viaNvml.metrics[m].toDouble());
        for (const char *m : {"DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "DCGM_FI_PROF_PCIE_TX_BYTES",
                              "DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_PCIE_REPLAY_COUNTER"})
            QVERIFY2(viaSmi.notReported.contains(m) && viaNvml.metrics.contains(m), m);
    }
};

QTEST_GUILESS_MAIN(TestH200Capture)
#include "tst_h200_capture.moc"
