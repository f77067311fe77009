// The NVML power-limit executor of thermal protection, through the same dlopen layer as the
// collector, against the test stand-in for libnvidia-ml (fake_nvml.cpp: GPU 0 accepts 200-700 W,
// GPU 1 answers NO_PERMISSION as NVML does for a non-root caller). The real-GPU path needs root
// on a GPU machine (docs/logs-and-anomalies.md).
#include "backend/power/nvml_power_limit_setter.h"
#include "backend/power/power_limit_command.h"

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

    void powerLimitRequestsAreReadStrictly_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("gpu");
        QTest::addColumn<double>("watts"); // 0: the card's default
        QTest::newRow("whole watts") << "0=450" << true << 0 << 450.0;
        QTest::newRow("decimal watts") << "3=450.25" << true << 3 << 450.25;
        QTest::newRow("default") << "7=default" << true << 7 << 0.0;
        QTest::newRow("no equals") << "0" << false << 0 << 0.0;
        QTest::newRow("no gpu") << "=450" << false << 0 << 0.0;
        QTest::newRow("negative gpu") << "-1=450" << false << 0 << 0.0;
        QTest::newRow("gpu name") << "gpu0=450" << false << 0 << 0.0;
        QTest::newRow("no watts") << "0=" << false << 0 << 0.0;
        QTest::newRow("unit") << "0=450W" << false << 0 << 0.0;
        QTest::newRow("zero") << "0=0" << false << 0 << 0.0;
        QTest::newRow("negative") << "0=-5" << false << 0 << 0.0;
        QTest::newRow("not a number") << "0=nan" << false << 0 << 0.0;
        QTest::newRow("infinite") << "0=inf" << false << 0 << 0.0;
        QTest::newRow("Default") << "0=Default" << false << 0 << 0.0;
    }
    void powerLimitRequestsAreReadStrictly()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        const auto r = parsePowerLimitRequest(text.toStdString());
        QCOMPARE(r.ok(), ok);
        if (!ok) {
            QCOMPARE(r.error().code, ErrorCode::InvalidArgument);
            QVERIFY2(r.error().message.find("'" + text.toStdString() + "'") != std::string::npos,
                     r.error().message.c_str()); // quotes what was given
            return;
        }
        QFETCH(int, gpu);
        QFETCH(double, watts);
        QCOMPARE(r->gpu, gpu);
        QCOMPARE(r->watts.value_or(0), watts);
    }

    void powerLimitCommandSetsReadsBackAndRestores()
    {
        auto setter = NvmlPowerLimitSetter::open("gpu01", FAKE_NVML_MODERN);
        QVERIFY(setter);
        const auto cap = applyPowerLimit(**setter, "gpu01", {0, 300.0});
        QVERIFY2(cap, cap ? "" : cap.error().message.c_str());
        QCOMPARE(cap->beforeW, 700.0);
        QCOMPARE(cap->requestedW, 300.0);
        QCOMPARE(cap->enforcedW, 300.0); // read again until the driver enforces it (fake_nvml's lag)
        QVERIFY(cap->enforcedAfterMs > 0);
        const std::string text = powerLimitChangeToText(*cap);
        QVERIFY2(text.starts_with("GPU 0: power limit 700 W -> 300 W, enforced 300 W after ") &&
                     text.ends_with(" ms (range from 200 W, default 700 W)"),
                 text.c_str());
        const auto restore = applyPowerLimit(**setter, "gpu01", {0, std::nullopt});
        QVERIFY(restore);
        QCOMPARE(restore->beforeW, 300.0);
        QCOMPARE(restore->enforcedW, 700.0);
        QCOMPARE(powerLimitChangeToJson(*restore)["requested_w"].toDouble(), 700.0);

        const auto below = applyPowerLimit(**setter, "gpu01", {0, 150.0});
        QVERIFY(!below);
        QCOMPARE(below.error().code, ErrorCode::InvalidArgument);
        QCOMPARE((*setter)->enforcedLimit("gpu01", 0).value(), 700.0); // nothing was set
        const auto above = applyPowerLimit(**setter, "gpu01", {0, 900.0});
        QCOMPARE(above.error().code, ErrorCode::InvalidArgument); // NVML's INVALID_ARGUMENT
        QCOMPARE(applyPowerLimit(**setter, "gpu01", {1, 300.0}).error().code, ErrorCode::PermissionDenied);
    }

    // A driver that has not enforced the new limit when the wait ends: a cap still above the
    // request did not take, and says so; one below it is another cap in force, not a failure.
    void aLimitNotEnforcedInTimeIsAnErrorUnlessALowerOneHolds()
    {
        auto setter = NvmlPowerLimitSetter::open("gpu01", FAKE_NVML_MODERN);
        QVERIFY(setter);
        const PowerLimitWait noWait{std::chrono::milliseconds(0), std::chrono::milliseconds(1)};
        const auto cap = applyPowerLimit(**setter, "gpu01", {0, 300.0}, noWait);
        QVERIFY(!cap);
        QCOMPARE(cap.error().code, ErrorCode::Unavailable);
        QVERIFY2(cap.error().message.find("the driver took 300 W but still enforces 700 W after") != std::string::npos,
                 cap.error().message.c_str());
        QCOMPARE((*setter)->enforcedLimit("gpu01", 0).value(), 700.0); // the fake's lag: two more reads
        QCOMPARE((*setter)->enforcedLimit("gpu01", 0).value(), 700.0);
        QCOMPARE((*setter)->enforcedLimit("gpu01", 0).value(), 300.0);
        const auto raise = applyPowerLimit(**setter, "gpu01", {0, 700.0}, noWait);
        QVERIFY2(raise, raise ? "" : raise.error().message.c_str());
        QCOMPARE(raise->enforcedW, 300.0);
        QVERIFY(applyPowerLimit(**setter, "gpu01", {0, std::nullopt})); // leave it at the default
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
