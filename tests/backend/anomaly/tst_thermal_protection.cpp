// The thermal protection policy on temperature sequences with known answers (steps, hold, floor,
// hysteresis, cool-down, restore, failure, clock jump), the nvidia-smi executor against a real
// program that records its argv, and the audit log file.
#include "backend/power/nvidia_smi_power_limit_setter.h"
#include "backend/anomaly/power_cap_audit.h"
#include "backend/anomaly/thermal_protection.h"
#include "backend/model/command_runner.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace sn;
using namespace sn::anomaly;

namespace {
const PowerRange kH100{200, 700};

ThermalProtectionConfig config()
{
    ThermalProtectionConfig c;
    c.limitC = 85;
    c.clearC = 80;
    c.stepW = 100;
    c.holdMs = 10000;
    c.coolDownMs = 30000;
    return c;
}

// Feeds one reading a second at `tempC` for `seconds`; returns the decisions, applied as ok.
std::vector<PowerCapDecision> feed(ThermalProtection &p, std::int64_t &t, double tempC, int seconds, bool ok = true)
{
    std::vector<PowerCapDecision> out;
    for (int i = 0; i < seconds; ++i, t += 1000)
        if (auto d = p.observe("gpu01", 3, t, tempC, kH100)) {
            p.applied(*d, ok);
            out.push_back(*d);
        }
    return out;
}
} // namespace

class TestThermalProtection : public QObject {
    Q_OBJECT
private slots:
    void lowersInStepsWithHoldAndStopsAtTheMinimum()
    {
        ThermalProtection p(config());
        std::int64_t t = 0;
        const auto d = feed(p, t, 92, 60);
        // 700 -> 600 -> 500 -> 400 -> 300 -> 200, one step per 10 s hold, then nothing below 200.
        QCOMPARE(d.size(), std::size_t(5));
        for (std::size_t i = 0; i < d.size(); ++i) {
            QCOMPARE(d[i].fromW, 700.0 - 100 * static_cast<double>(i));
            QCOMPARE(d[i].toW, 600.0 - 100 * static_cast<double>(i));
            QVERIFY(!d[i].restore);
            QCOMPARE(d[i].timeMs, static_cast<std::int64_t>(i) * 10000);
        }
        QCOMPARE(*p.commandedLimitW("gpu01", 3), 200.0);
        QVERIFY(!p.commandedLimitW("gpu01", 4));
    }

    void holdsInsideTheHysteresisBand()
    {
        ThermalProtection p(config());
        std::int64_t t = 0;
        QCOMPARE(feed(p, t, 90, 1).size(), std::size_t(1)); // 700 -> 600
        QVERIFY(feed(p, t, 83, 600).empty());               // between clear (80) and limit (85)
        QCOMPARE(*p.commandedLimitW("gpu01", 3), 600.0);
    }

    void restoresAfterCoolDownInStepsToTheDefault()
    {
        ThermalProtection p(config());
        std::int64_t t = 0;
        QCOMPARE(feed(p, t, 95, 21).size(), std::size_t(3)); // 700 -> 400
        const std::int64_t coolFrom = t;
        auto up = feed(p, t, 70, 29);
        QVERIFY(up.empty()); // not cool for 30 s yet
        up = feed(p, t, 70, 200);
        QCOMPARE(up.size(), std::size_t(3)); // 400 -> 500 -> 600 -> 700
        QCOMPARE(up.front().timeMs, coolFrom + 30000);
        QCOMPARE(up[1].timeMs - up[0].timeMs, std::int64_t(30000));
        QVERIFY(up.back().restore && up.back().backToDefault);
        QCOMPARE(up.back().toW, 700.0);
        QVERIFY(!p.commandedLimitW("gpu01", 3)); // back under the card's own control
        QVERIFY(feed(p, t, 70, 300).empty());    // never above the default
    }

    void heatDuringCoolDownRestartsIt()
    {
        ThermalProtection p(config());
        std::int64_t t = 0;
        feed(p, t, 95, 1);
        QVERIFY(feed(p, t, 70, 20).empty());
        QVERIFY(feed(p, t, 83, 1).empty()); // warm again: the cool-down starts over
        const auto up = feed(p, t, 70, 40);
        QCOMPARE(up.size(), std::size_t(1));
        QCOMPARE(up.front().timeMs, t - 40000 + 30000);
    }

    void failedChangeIsRetriedAfterHold()
    {
        ThermalProtection p(config());
        std::int64_t t = 0;
        const auto failed = feed(p, t, 95, 5, false);
        QCOMPARE(failed.size(), std::size_t(1));
        QVERIFY(!p.commandedLimitW("gpu01", 3)); // nothing was applied
        const auto retried = feed(p, t, 95, 10);
        QCOMPARE(retried.size(), std::size_t(1));
        QCOMPARE(retried.front().fromW, 700.0); // the same step again
        QCOMPARE(retried.front().timeMs, std::int64_t(10000));
    }

    void clockJumpBackDoesNotStallProtection()
    {
        ThermalProtection p(config());
        std::int64_t t = 1'000'000;
        QCOMPARE(feed(p, t, 95, 1).size(), std::size_t(1));
        t -= 500'000; // the clock was set back
        std::int64_t after = t;
        const auto d = feed(p, after, 95, 11);
        QVERIFY(!d.empty()); // a jump back counts as no time passed, not as "wait 500 s"
    }

    void disabledOrCardWithoutRangeDoesNothing()
    {
        ThermalProtectionConfig off = config();
        off.enabled = false;
        ThermalProtection p(off);
        QVERIFY(!p.observe("gpu01", 0, 0, 99, kH100));
        ThermalProtection q(config());
        QVERIFY(!q.observe("gpu01", 0, 0, 99, PowerRange{0, 0}));
    }

    void nvidiaSmiExecutorRunsTheRealProgram()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath("argv.log");
        qputenv("SN_SMI_ARGV_LOG", log.toLocal8Bit());
        const std::string program = std::string(SN_FIXTURES) + "/nvidia-smi-recorder";
        LocalCommandRunner runner;
        NvidiaSmiPowerLimitSetter setter([&](const std::string &node) { return node == "gpu01" ? &runner : nullptr; },
                                         program);

        const auto range = setter.powerRange("gpu01", 3);
        QVERIFY2(range, range ? "" : range.error().message.c_str());
        QCOMPARE(range->minW, 200.0);
        QCOMPARE(range->defaultW, 700.0);
        const Status set = setter.setPowerLimit("gpu01", 3, 549.6);
        QVERIFY2(set, set ? "" : set.error().message.c_str());
        const Status refused = setter.setPowerLimit("gpu01", 3, 150);
        QVERIFY(!refused);
        QVERIFY(refused.error().message.find("not a valid power limit") != std::string::npos);
        QVERIFY(refused.error().message.find("exit 2") != std::string::npos);
        QCOMPARE(setter.setPowerLimit("gpu09", 0, 300).error().code, ErrorCode::NotFound);

        QFile file(log);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> calls = file.readAll().trimmed().split('\n');
        QCOMPARE(calls.size(), 3);
        QCOMPARE(calls[0],
                 QByteArray("-i 3 --query-gpu=power.min_limit,power.default_limit --format=csv,noheader,nounits"));
        QCOMPARE(calls[1], QByteArray("-i 3 -pl 550")); // whole watts
        QCOMPARE(calls[2], QByteArray("-i 3 -pl 150"));
    }

    void nvidiaSmiExecutorReportsAMissingProgram()
    {
        LocalCommandRunner runner;
        NvidiaSmiPowerLimitSetter setter([&](const std::string &) { return &runner; }, "/nonexistent/nvidia-smi");
        const Status s = setter.setPowerLimit("gpu01", 0, 300);
        QVERIFY(!s);
        QCOMPARE(s.error().code, ErrorCode::Unavailable);
    }

    void auditLogAppendsOneJsonObjectPerChange()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("audit.jsonl").toStdString();
        PowerCapAuditLog log(path, 2);
        PowerCapAuditRecord r;
        r.executor = "nvidia-smi";
        r.decision = {"gpu01", 3, 1234, 700, 600, 91.5, false, false, false};
        QVERIFY(log.append(r));
        r.ok = false;
        r.error = "Insufficient Permissions";
        QVERIFY(log.append(r));
        QVERIFY(log.append(r));
        QCOMPARE(log.records().size(), std::size_t(2)); // memory is bounded; the file keeps all
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        const QJsonObject o = QJsonDocument::fromJson(lines[1]).object();
        QCOMPARE(o["node"].toString(), QString("gpu01"));
        QCOMPARE(o["to_w"].toDouble(), 600.0);
        QCOMPARE(o["ok"].toBool(), false);
        QCOMPARE(o["error"].toString(), QString("Insufficient Permissions"));
        QCOMPARE(o["time_ms"].toInteger(), 1234);
        const Event e = toEvent(r);
        QCOMPARE(e.kind, std::string("action.power_cap_failed"));
        QCOMPARE(e.severity, Severity::Error);

        PowerCapAuditLog unwritable("/proc/nonexistent/audit.jsonl");
        const Status s = unwritable.append(r);
        QVERIFY(!s);
        QCOMPARE(unwritable.records().size(), std::size_t(1)); // kept in memory all the same
    }
};

QTEST_GUILESS_MAIN(TestThermalProtection)
#include "tst_thermal_protection.moc"
