// The NVML collector: dlopen at run time, symbol fallbacks, field mapping, invalid flags, NVLink
// rates from counter deltas, XIDs from events, and one kept error when NVML is not there.
// This machine has no NVIDIA driver, so the GPU side is a fake libnvidia-ml built only for
// tests (fake_nvml/fake_nvml.cpp, a mock isolating this unit test); the "no driver" behaviour
// is tested for real.
#include "backend/api/metric_catalogue.h"
#include "backend/telemetry/collectors/nvlink_counter_rates.h"
#include "backend/telemetry/collectors/nvml_collector.h"
#include "backend/telemetry/collectors/nvml_device_reader.h"

#include <QTest>

#include <dlfcn.h>

#include <cstring>

using namespace sn;

namespace {

// The fake's test hooks, reached through our own dlopen of the same file (the loader hands
// back the same loaded copy the collector opens, so both see one state).
struct FakeHooks {
    void *handle = nullptr;
    void (*setInitResult)(int) = nullptr;
    int (*initCalls)() = nullptr;
    int (*shutdownCalls)() = nullptr;
    void (*injectXid)(unsigned, unsigned long long) = nullptr;
    void (*setLinksRepeatTheSum)(bool) = nullptr;

    explicit FakeHooks(const char *path) : handle(dlopen(path, RTLD_NOW | RTLD_LOCAL))
    {
        if (!handle)
            qFatal("cannot open %s: %s", path, dlerror());
        setInitResult = reinterpret_cast<void (*)(int)>(dlsym(handle, "fakeNvmlSetInitResult"));
        initCalls = reinterpret_cast<int (*)()>(dlsym(handle, "fakeNvmlInitCalls"));
        shutdownCalls = reinterpret_cast<int (*)()>(dlsym(handle, "fakeNvmlShutdownCalls"));
        injectXid = reinterpret_cast<void (*)(unsigned, unsigned long long)>(dlsym(handle, "fakeNvmlInjectXid"));
        setLinksRepeatTheSum = reinterpret_cast<void (*)(bool)>(dlsym(handle, "fakeNvmlSetLinksRepeatTheSum"));
        setInitResult(0);
    }
    ~FakeHooks() { dlclose(handle); }
};

bool exports(const char *path, const char *symbol)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    const bool has = h && dlsym(h, symbol);
    if (h)
        dlclose(h);
    return has;
}

NvmlCollectorOptions fake(const char *path)
{
    NvmlCollectorOptions o;
    o.libraryPath = path;
    o.hostname = "gpu-node-07";
    return o;
}

} // namespace

class TestNvmlCollector : public QObject {
    Q_OBJECT
private slots:
    void withoutTheDriverEveryCollectReturnsTheOneSetupError()
    {
        // This machine has no NVIDIA driver: the default library name must fail cleanly.
        void *real = dlopen(NvmlLibrary::kDefaultPath, RTLD_NOW | RTLD_LOCAL);
        if (real) {
            dlclose(real);
            QSKIP("this machine has libnvidia-ml.so.1; the no-driver case is for machines without one");
        }
        NvmlCollector c;
        QVERIFY(!c.available());
        QVERIFY(c.lastError().has_value());
        QCOMPARE(c.lastError()->code, ErrorCode::Unavailable);
        QVERIFY2(c.lastError()->message.find("libnvidia-ml.so.1") != std::string::npos, c.lastError()->message.c_str());
        for (int i = 0; i < 3; ++i) {
            const auto r = c.collect(1000 * i);
            QVERIFY(!r.ok());
            QCOMPARE(r.error().message, c.lastError()->message);
        }
        QCOMPARE(c.source(), std::string("nvml"));
    }

    void aLibraryPathThatDoesNotExistIsNamedInTheError()
    {
        NvmlCollector c(fake("/nonexistent/libnvidia-ml.so.1"));
        QVERIFY(!c.available());
        QVERIFY(c.lastError()->message.find("/nonexistent/libnvidia-ml.so.1") != std::string::npos);
    }

    void aMissingRequiredSymbolIsNamed()
    {
        QVERIFY(!exports(FAKE_NVML_BROKEN, "nvmlDeviceGetHandleByIndex_v2"));
        NvmlCollector c(fake(FAKE_NVML_BROKEN));
        QVERIFY(!c.available());
        QCOMPARE(c.lastError()->code, ErrorCode::Unavailable);
        QVERIFY2(c.lastError()->message.find("nvmlDeviceGetHandleByIndex_v2 or nvmlDeviceGetHandleByIndex") !=
                     std::string::npos,
                 c.lastError()->message.c_str());
    }

    void aFailedInitKeepsNvmlErrorStringsTextAndIsNotRetried()
    {
        FakeHooks hooks(FAKE_NVML_MODERN);
        hooks.setInitResult(9); // NVML_ERROR_DRIVER_NOT_LOADED
        const int before = hooks.initCalls();
        NvmlCollector c(fake(FAKE_NVML_MODERN));
        QVERIFY(!c.available());
        QVERIFY2(c.lastError()->message.find("nvmlInit_v2") != std::string::npos, c.lastError()->message.c_str());
        QVERIFY2(c.lastError()->message.find("Driver Not Loaded (9)") != std::string::npos,
                 c.lastError()->message.c_str());
        QVERIFY(!c.collect(0).ok());
        QVERIFY(!c.collect(1000).ok());
        QCOMPARE(hooks.initCalls(), before + 1); // collect() returns the kept error, no new attempt
    }

    void destructionShutsNvmlDown()
    {
        FakeHooks hooks(FAKE_NVML_MODERN);
        const int before = hooks.shutdownCalls();
        {
            NvmlCollector c(fake(FAKE_NVML_MODERN));
            QVERIFY(c.available());
            QCOMPARE(hooks.shutdownCalls(), before);
        }
        QCOMPARE(hooks.shutdownCalls(), before + 1);
    }

    void readsEveryFieldThroughNewestOrOldestSymbols_data()
    {
        QTest::addColumn<QString>("library");
        QTest::addColumn<QString>("init");
        QTest::addColumn<QString>("pci");
        QTest::addColumn<QString>("memory");
        QTest::addColumn<QString>("reasons");
        QTest::newRow("newest names") << FAKE_NVML_MODERN << "nvmlInit_v2"
                                      << "nvmlDeviceGetPciInfo_v3"
                                      << "nvmlDeviceGetMemoryInfo_v2"
                                      << "nvmlDeviceGetCurrentClocksEventReasons";
        QTest::newRow("old names only") << FAKE_NVML_LEGACY << "nvmlInit"
                                        << "nvmlDeviceGetPciInfo"
                                        << "nvmlDeviceGetMemoryInfo"
                                        << "nvmlDeviceGetCurrentClocksThrottleReasons";
    }
    void readsEveryFieldThroughNewestOrOldestSymbols()
    {
        QFETCH(QString, library);
        QFETCH(QString, init);
        QFETCH(QString, pci);
        QFETCH(QString, memory);
        QFETCH(QString, reasons);
        const QByteArray path = library.toUtf8();
        // The variant really lacks the other names, so a pass proves the fallback.
        QCOMPARE(exports(path, "nvmlInit_v2"), init == "nvmlInit_v2");
        QCOMPARE(exports(path, "nvmlDeviceGetPciInfo_v3"), pci == "nvmlDeviceGetPciInfo_v3");

        NvmlCollector c(fake(path.constData()));
        QVERIFY2(c.available(), c.lastError() ? c.lastError()->message.c_str() : "");
        const auto &resolved = c.library()->resolvedSymbols();
        QCOMPARE(QString::fromStdString(resolved.at("init")), init);
        QCOMPARE(QString::fromStdString(resolved.at("deviceGetPciInfo")), pci);
        QCOMPARE(QString::fromStdString(resolved.at("deviceGetMemoryInfo")), memory);
        QCOMPARE(QString::fromStdString(resolved.at("deviceGetClocksEventReasons")), reasons);
        QCOMPARE(c.driverVersion(), std::string("550.54.15"));

        const auto r = c.collect(5000);
        QVERIFY(r.ok());
        QCOMPARE(r->gpus.size(), std::size_t(2));
        const GpuReading &g = r->gpus[0];
        QCOMPARE(g.node, std::string("gpu-node-07"));
        QCOMPARE(g.gpu, 0); // the NVML index (dcgm-exporter's gpu label), not the minor number 4
        QCOMPARE(g.uuid, std::string("GPU-3f8a2c14-7b1e-4d2a-9c6e-0a1b2c3d4e5f"));
        QCOMPARE(g.model, std::string("NVIDIA H100 80GB HBM3"));
        QCOMPARE(g.pciBusId, std::string("00000000:18:00.0")); // 8-digit domain from either layout
        QCOMPARE(g.timeMs, std::int64_t(5000));
        const std::pair<GpuField, double> expected[] = {
            {GpuField::Utilization, 87},
            {GpuField::MemoryCopyUtil, 43},
            {GpuField::FbTotal, 81559},
            {GpuField::FbUsed, 40961}, // 40960.68 MiB rounded up, as nvidia-smi prints it
            {GpuField::FbFree, 40599}, // 40598.32 MiB
            {GpuField::Temperature, 61},
            {GpuField::MemoryTemperature, 72},
            {GpuField::Power, 692.877},
            {GpuField::PowerLimit, 700},
            {GpuField::Energy, 123456789012.0},
            {GpuField::SmClock, 1980},
            {GpuField::MemClock, 2619},
            {GpuField::ThrottleReasons, throttle::kSwPowerCap},
            {GpuField::PcieTxBytes, 1000 * 1024.0},
            {GpuField::PcieRxBytes, 2500 * 1024.0},
            {GpuField::PcieReplay, 3},
            {GpuField::XidLast, 0},
            {GpuField::EccSbeVolatile, 5},
            {GpuField::EccDbeVolatile, 1},
            {GpuField::RetiredSbe, 2},
            {GpuField::RetiredDbe, 0},
            {GpuField::RetiredPending, 0},
            {GpuField::RemappedCorrectable, 7},
            {GpuField::RemappedUncorrectable, 1},
            {GpuField::RowRemapFailure, 0},
        };
        for (const auto &[field, value] : expected) {
            QVERIFY2(g.has(field), metric::name(field));
            QVERIFY2(qFuzzyCompare(g.get(field) + 1, value + 1),
                     qPrintable(QString("%1 = %2, expected %3").arg(metric::name(field)).arg(g.get(field)).arg(value)));
        }
        // Exactly the milliwatts over 1000 (times 0.001 gives 692.8770000000001).
        QVERIFY(g.get(GpuField::Power) == 692.877);
        QCOMPARE(r->gpus[1].gpu, 1);
        QCOMPARE(r->gpus[1].pciBusId, std::string("00000000:2A:00.0"));
        QCOMPARE(r->gpus[1].get(GpuField::ThrottleReasons), double(throttle::kGpuIdle));
    }

    void aFieldTheGpuDoesNotReportIsInvalidNotZero()
    {
        NvmlCollector c(fake(FAKE_NVML_MODERN));
        const auto r = c.collect(1000);
        QVERIFY(r.ok());
        const GpuReading &g0 = r->gpus[0];
        const GpuReading &g1 = r->gpus[1];
        QVERIFY(!g0.has(GpuField::FanSpeed));          // NOT_SUPPORTED
        QVERIFY(!g1.has(GpuField::Power));             // NO_PERMISSION
        QVERIFY(g1.has(GpuField::PowerLimit));         // ... while the next call still works
        QVERIFY(!g1.has(GpuField::MemoryTemperature)); // NOT_SUPPORTED inside nvmlDeviceGetFieldValues
        QVERIFY(g1.has(GpuField::Temperature));
        QVERIFY(!g1.has(GpuField::NvlinkTxBytes) && g1.nvlinks.empty()); // no NVLink on this GPU
    }

    void nvlinkRatesComeFromCounterDeltasBetweenPolls_data()
    {
        QTest::addColumn<QString>("library");
        QTest::newRow("with the all-links counter") << FAKE_NVML_MODERN;
        QTest::newRow("per-link counters only") << FAKE_NVML_LEGACY;
    }
    void nvlinkRatesComeFromCounterDeltasBetweenPolls()
    {
        QFETCH(QString, library);
        const QByteArray path = library.toUtf8();
        NvmlCollector c(fake(path.constData()));
        const auto first = c.collect(10000);
        QVERIFY(first.ok());
        // One reading of a cumulative counter is no rate: not valid, and no per-link entries.
        QVERIFY(!first->gpus[0].has(GpuField::NvlinkTxBytes));
        QVERIFY(first->gpus[0].nvlinks.empty());
        const auto second = c.collect(12000); // 2 s later; the fake adds 1000 x (link + 1) KiB per read
        QVERIFY(second.ok());
        const GpuReading &g = second->gpus[0];
        QCOMPARE(g.nvlinks.size(), std::size_t(18));
        double tx = 0, rx = 0;
        for (const NvlinkLinkReading &l : g.nvlinks) {
            QCOMPARE(l.txBytesPerSecond, 1000.0 * (l.link + 1) * 1024 / 2);
            QCOMPARE(l.rxBytesPerSecond, 2000.0 * (l.link + 1) * 1024 / 2);
            tx += l.txBytesPerSecond;
            rx += l.rxBytesPerSecond;
        }
        QCOMPARE(g.nvlinks.front().link, 0);
        QCOMPARE(g.nvlinks.back().link, 17);
        // The total is the driver's all-links counter where it has one (the modern fake's runs
        // 18 x 100 KiB per read ahead of the links' sum), else the sum of the links.
        const double extra = library == FAKE_NVML_MODERN ? 18 * 100.0 * 1024 / 2 : 0;
        QCOMPARE(g.get(GpuField::NvlinkTxBytes), tx + extra);
        QCOMPARE(g.get(GpuField::NvlinkRxBytes), rx + extra);
    }

    void perLinkAnswersThatAllRepeatTheSumAreNotReportedPerLink()
    {
        FakeHooks hooks(FAKE_NVML_MODERN);
        NvmlCollector c(fake(FAKE_NVML_MODERN)); // nvmlInit resets the quirk: set it after
        hooks.setLinksRepeatTheSum(true);
        QVERIFY(c.collect(0).ok());
        const auto r = c.collect(1000);
        QVERIFY(r.ok());
        const GpuReading &g = r->gpus[0];
        QVERIFY(g.nvlinks.empty()); // 18 copies of the sum are not 18 links' traffic
        double perRead = 18 * 100.0;
        for (int l = 0; l < 18; ++l)
            perRead += 1000.0 * (l + 1);
        QCOMPARE(g.get(GpuField::NvlinkTxBytes), perRead * 1024); // the sum once, not 18 times
        QCOMPARE(g.get(GpuField::NvlinkRxBytes), (perRead + 1000.0 * 171) * 1024);
    }

    void theLastXidArrivesAsAnEvent()
    {
        FakeHooks hooks(FAKE_NVML_LEGACY); // nvmlEventSetWait without _v2
        NvmlCollector c(fake(FAKE_NVML_LEGACY));
        QCOMPARE(c.collect(0)->gpus[0].get(GpuField::XidLast), 0.0);
        hooks.injectXid(1, 79); // GPU has fallen off the bus
        const auto r = c.collect(1000);
        QCOMPARE(r->gpus[1].get(GpuField::XidLast), 79.0);
        QCOMPARE(r->gpus[0].get(GpuField::XidLast), 0.0);
        QCOMPARE(c.collect(2000)->gpus[1].get(GpuField::XidLast), 79.0); // the last one stays
    }

    void counterRatesRefuseResetsAndChangedLinkSets()
    {
        NvlinkCounterRates rates;
        QVERIFY(!rates.update(1000, {{0, 100, 100}}));
        const auto r = rates.update(2000, {{0, 200, 150}});
        QVERIFY(r);
        QCOMPARE(r->at(0).txBytesPerSecond, 100.0 * 1024);
        QCOMPARE(r->at(0).rxBytesPerSecond, 50.0 * 1024);
        QVERIFY(!rates.update(3000, {{0, 10, 10}}));              // counter went back: driver reload
        QVERIFY(rates.update(4000, {{0, 20, 20}}));               // ... and the next poll is fine again
        QVERIFY(!rates.update(5000, {{0, 30, 30}, {1, 30, 30}})); // a link came up
        QVERIFY(!rates.update(5000, {{0, 40, 40}, {1, 40, 40}})); // time did not advance
    }

    void aPciInfoWithNoBusIdGivesNoneRatherThanJunk()
    {
        unsigned char info[128];
        std::memset(info, 0xAB, sizeof info);
        info[127] = 0;
        QCOMPARE(pciBusIdFromInfo(info), std::string());
        std::memset(info, 0, sizeof info);
        std::strcpy(reinterpret_cast<char *>(info), "0000:3b:00.0");
        QCOMPARE(pciBusIdFromInfo(info), std::string("00000000:3B:00.0"));
        std::strcpy(reinterpret_cast<char *>(info), "00:3b:00.0"); // a 2-digit domain is no NVML form
        QCOMPARE(pciBusIdFromInfo(info), std::string());
    }
};

QTEST_GUILESS_MAIN(TestNvmlCollector)
#include "tst_nvml_collector.moc"
