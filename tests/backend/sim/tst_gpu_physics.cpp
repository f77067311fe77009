// The GPU power/thermal/clock model: signs, time constant, throttling and power capping.
#include "backend/model/gpu_reading.h"
#include "backend/sim/gpu_physics.h"

#include <QTest>

#include <cmath>

using namespace sn;
using namespace sn::sim;

class TestGpuPhysics : public QObject {
    Q_OBJECT

    static GpuPhysicsState run(const GpuPhysicsParams &p, GpuPhysicsState s, double util, double cooling,
                               double seconds)
    {
        for (int i = 0; i < static_cast<int>(seconds * 10); ++i)
            stepGpuPhysics(p, s, util, 25, cooling, 0.1);
        return s;
    }

private slots:
    void powerFollowsUtilizationBetweenIdleAndBoardPower()
    {
        GpuPhysicsParams p;
        QCOMPARE(requestedPowerW(p, 0), 70.0);
        QCOMPARE(requestedPowerW(p, 1), 700.0);
        QVERIFY(requestedPowerW(p, 0.5) > requestedPowerW(p, 0.2));
        GpuPhysicsState s = run(p, idleEquilibrium(p, 25), 1.0, 1.0, 1);
        QVERIFY2(std::abs(s.powerW - 700) < 1, qPrintable(QString::number(s.powerW)));
    }

    void temperatureRisesUnderLoadWithTheConfiguredTimeConstant()
    {
        GpuPhysicsParams p;
        const GpuPhysicsState idle = idleEquilibrium(p, 25);
        const double target = steadyStateTemperatureC(p, 700, 25, 1.0);
        QVERIFY(target > idle.temperatureC + 20);
        QVERIFY(target < p.slowdownC); // healthy cooling never throttles at full load
        const GpuPhysicsState afterTau = run(p, idle, 1.0, 1.0, p.timeConstantS);
        const double fraction = (afterTau.temperatureC - idle.temperatureC) / (target - idle.temperatureC);
        // A first-order system covers 1 - 1/e of a step in one time constant.
        QVERIFY2(std::abs(fraction - (1 - std::exp(-1.0))) < 0.02, qPrintable(QString::number(fraction)));
        const GpuPhysicsState settled = run(p, afterTau, 1.0, 1.0, 10 * p.timeConstantS);
        QVERIFY(std::abs(settled.temperatureC - target) < 0.1);
    }

    void temperatureFallsWhenLoadStops()
    {
        GpuPhysicsParams p;
        const GpuPhysicsState hot = run(p, idleEquilibrium(p, 25), 1.0, 1.0, 300);
        const GpuPhysicsState cooler = run(p, hot, 0.0, 1.0, 30);
        QVERIFY(cooler.temperatureC < hot.temperatureC - 10);
        QVERIFY(cooler.powerW < 71);
        QVERIFY(cooler.throttleReasons & throttle::kGpuIdle);
        QCOMPARE(cooler.smClockMhz, p.idleSmClockMhz);
    }

    void inletTemperatureShiftsTheEquilibrium()
    {
        GpuPhysicsParams p;
        QCOMPARE(steadyStateTemperatureC(p, 400, 35, 1) - steadyStateTemperatureC(p, 400, 25, 1), 10.0);
    }

    void coolingFailureThrottlesAboveSlowdownAndHoldsNearIt()
    {
        GpuPhysicsParams p;
        GpuPhysicsState s = idleEquilibrium(p, 25);
        bool crossed = false;
        for (int i = 0; i < 6000; ++i) { // 10 minutes
            stepGpuPhysics(p, s, 1.0, 25, 2.5, 0.1);
            if (s.temperatureC > p.slowdownC + 0.5) {
                crossed = true;
                break;
            }
        }
        QVERIFY(crossed);
        s = run(p, s, 1.0, 2.5, 0.2);
        QVERIFY(s.throttleReasons & throttle::kHwThermalSlowdown);
        QVERIFY(s.throttleReasons & throttle::kSwThermalSlowdown);
        QVERIFY(s.smClockMhz < p.maxSmClockMhz);
        QVERIFY(s.powerW < 700);
        // The throttle is self-limiting: it settles a few degrees above slowdown, below shutdown.
        const GpuPhysicsState settled = run(p, s, 1.0, 2.5, 600);
        QVERIFY2(settled.temperatureC > p.slowdownC && settled.temperatureC < p.shutdownC,
                 qPrintable(QString::number(settled.temperatureC)));
        QVERIFY(settled.clockFraction < 0.9);
    }

    void powerLimitCapsDrawAndLowersClocks()
    {
        GpuPhysicsParams p;
        GpuPhysicsState s = idleEquilibrium(p, 25);
        s.powerLimitW = 300;
        s = run(p, s, 1.0, 1.0, 5);
        QVERIFY(s.powerW <= 300.0 + 1e-9);
        QVERIFY(s.throttleReasons & throttle::kSwPowerCap);
        QVERIFY(s.smClockMhz < p.maxSmClockMhz);
        // Below the minimum the limit is clamped, as nvidia-smi -pl refuses lower values.
        s.powerLimitW = 50;
        s = run(p, s, 1.0, 1.0, 1);
        QCOMPARE(s.powerLimitW, p.minPowerLimitW);
    }

    void energyIntegratesPower()
    {
        GpuPhysicsParams p;
        GpuPhysicsState s = idleEquilibrium(p, 25);
        s = run(p, s, 1.0, 1.0, 10);
        // ~700 W for 10 s = 7000 J = 7e6 mJ.
        QVERIFY(std::abs(s.energyMj - 7.0e6) < 0.01e6);
    }
};

QTEST_GUILESS_MAIN(TestGpuPhysics)
#include "tst_gpu_physics.moc"
