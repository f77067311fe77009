// The NVML power-limit executor of thermal protection, through the same dlopen layer as the
// collector, against the test stand-in for libnvidia-ml (fake_nvml.cpp: GPU 0 accepts 200-700 W,
// GPU 1 answers NO_PERMISSION as NVML does for a non-root caller). The real-GPU path needs root
// on a GPU machine (docs/logs-and-anomalies.md).
#include "backend/telemetry/collectors/nvml_power_limit_setter.h"

#include <QTest>

#include <dlfcn.h>

using namespace sn;

class TestNvmlPowerLimitSetter : public QObject {
    Q_OBJECT
private slots:
    void readsRangeAndSetsMilliwatts()
    {
        auto setter = NvmlPowerLimitSetter::open("gpu01", FAKE_NVML_MODERN);
        QVERIFY2(setter, setter ? "" : setter.error().message.c_str());
        const auto range = (*setter)->powerRange("gpu01", 0);
        QVERIFY2(range, range ? "" : range.error().message.c_str());
        QCOMPARE(range->minW, 200.0);
        QCOMPARE(range->defaultW, 700.0);

        QVERIFY((*setter)->setPowerLimit("gpu01", 0, 450.4));
        // Read back what the library was given, through its own test hook.
        void *lib = dlopen(FAKE_NVML_MODERN, RTLD_NOW | RTLD_NOLOAD);
        QVERIFY(lib);
        auto limitOf = reinterpret_cast<unsigned (*)(unsigned)>(dlsym(lib, "fakeNvmlPowerLimitMw"));
        QVERIFY(limitOf);
        QCOMPARE(limitOf(0), 450400u);
        dlclose(lib);
    }

    void reportsRefusalsAsNvmlSaysThem()
    {
        auto setter = NvmlPowerLimitSetter::open("gpu01", FAKE_NVML_MODERN);
        QVERIFY(setter);
        const Status below = (*setter)->setPowerLimit("gpu01", 0, 100);
        QVERIFY(!below);
        QVERIFY2(below.error().message.find("100000 mW") != std::string::npos, below.error().message.c_str());
        const Status notRoot = (*setter)->setPowerLimit("gpu01", 1, 300);
        QVERIFY(!notRoot);
        QCOMPARE(notRoot.error().code, ErrorCode::PermissionDenied);
        QVERIFY(notRoot.error().message.find("Insufficient Permissions") != std::string::npos);
        QCOMPARE((*setter)->setPowerLimit("gpu02", 0, 300).error().code, ErrorCode::NotFound);
        QCOMPARE((*setter)->setPowerLimit("gpu01", 7, 300).error().code, ErrorCode::NotFound);
    }

    void withoutTheCallOrTheLibraryItSaysWhy()
    {
        auto missing = NvmlPowerLimitSetter::open("gpu01", "/nonexistent/libnvidia-ml.so.1");
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, ErrorCode::Unavailable);
        auto broken = NvmlPowerLimitSetter::open("gpu01", FAKE_NVML_BROKEN);
        QVERIFY(!broken);
    }
};

QTEST_GUILESS_MAIN(TestNvmlPowerLimitSetter)
#include "tst_nvml_power_limit_setter.moc"
