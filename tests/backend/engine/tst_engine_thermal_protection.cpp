// Thermal protection end to end in the simulated super node: a real engine in virtual time, a
// GPU under load whose cooling fails (the simulator's overheat fault). The action must lower the
// GPU's power limit in steps, the model's temperature must fall below the limit because of it,
// each change must be on the timeline and in the audit (also on disk), and once the fault is
// over and the GPU has been cool for the cool-down, the limit must come back to the default in
// steps. The dry run must record the same decisions and change nothing.
#include "backend/engine/engine.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/protected_cluster.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <numeric>

using namespace sn;

namespace {

constexpr std::int64_t kOverheatMs = 6 * 60 * 1000;

struct Run {
    std::vector<std::pair<std::int64_t, double>> temperature; // GPU 0 of the first node
    std::vector<std::pair<std::int64_t, double>> powerLimit;
    std::vector<pb::Event> events; // as emitted, updates included
    std::int64_t faultMs = 0;
    std::vector<anomaly::PowerCapAuditRecord> audit;
};

ClusterSpec protectedCluster(bool dryRun, const std::string &dataDir = {})
{
    ClusterSpec spec = test::thermallyProtectedCluster(1, dryRun);
    if (!dataDir.empty()) {
        TelemetrySpec telemetry;
        telemetry.dataDir = dataDir;
        spec.telemetry = telemetry;
    }
    return spec;
}

double meanOver(const std::vector<std::pair<std::int64_t, double>> &series, std::int64_t from, std::int64_t to)
{
    double sum = 0;
    int n = 0;
    for (const auto &[t, v] : series)
        if (t >= from && t < to) {
            sum += v;
            ++n;
        }
    return n ? sum / n : 0;
}

Run runOverheat(bool dryRun, const std::string &dataDir = {})
{
    Engine::Options options;
    options.spec = protectedCluster(dryRun, dataDir);
    options.virtualTime = true;
    Engine engine(std::move(options));
    const std::string node = engine.cluster().nodes(0).name();
    Run run;
    QObject::connect(&engine, &Engine::telemetry, [&](const SharedSampleBatch &shared) {
        const pb::SampleBatch &batch = *shared;
        for (const pb::Sample &s : batch.samples()) {
            if (s.labels().at("Hostname") != node || s.labels().count("gpu") == 0 || s.labels().at("gpu") != "0")
                continue;
            if (s.metric() == "DCGM_FI_DEV_GPU_TEMP")
                run.temperature.emplace_back(batch.time_ms(), s.value());
            else if (s.metric() == "DCGM_FI_DEV_POWER_MGMT_LIMIT")
                run.powerLimit.emplace_back(batch.time_ms(), s.value());
        }
    });
    QObject::connect(&engine, &Engine::eventRaised, [&](const pb::Event &e) { run.events.push_back(e); });

    pb::JobSpec job;
    job.set_name("burn");
    job.set_user("tester");
    job.set_queue("research");
    job.set_priority_class("modelTraining");
    job.set_gpus_min(8);
    job.set_gpus_max(8);
    job.set_estimated_runtime_s(4 * 3600);
    job.set_kind(pb::WORKLOAD_KIND_TRAINING);
    if (!engine.submitJob(job))
        qFatal("job not accepted");
    for (int i = 0; i < 120; ++i) // warm up under load
        (void)engine.advanceTime(1000);

    pb::InjectFaultRequest fault;
    fault.set_kind(pb::FAULT_KIND_GPU_OVERHEAT);
    fault.set_node(node);
    fault.set_gpu(0);
    fault.set_duration_ms(kOverheatMs);
    run.faultMs = engine.clock().nowMs();
    if (!engine.injectFault(fault))
        qFatal("fault not injected");
    for (int i = 0; i < 20 * 60; ++i)
        (void)engine.advanceTime(1000);
    run.audit.assign(engine.powerCapAudit().begin(), engine.powerCapAudit().end());
    return run;
}

std::vector<pb::Event> ofKind(const std::vector<pb::Event> &events, const std::string &kind)
{
    std::vector<pb::Event> out;
    std::copy_if(events.begin(), events.end(), std::back_inserter(out),
                 [&](const pb::Event &e) { return e.kind() == kind; });
    return out;
}

} // namespace

class TestEngineThermalProtection : public QObject {
    Q_OBJECT
private slots:
    void capsHotGpuCoolsItAndRestoresAfterCoolDown()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Run run = runOverheat(false, dir.path().toStdString());
        const std::int64_t faultEnd = run.faultMs + kOverheatMs;

        // Stepped down: each lowering one 50 W step, at least 15 s apart, never below 200 W.
        std::vector<anomaly::PowerCapAuditRecord> lowered, restored;
        for (const auto &r : run.audit)
            (r.decision.restore ? restored : lowered).push_back(r);
        QVERIFY2(lowered.size() >= 3, qPrintable(QString::number(lowered.size())));
        for (std::size_t i = 0; i < lowered.size(); ++i) {
            const auto &d = lowered[i].decision;
            QVERIFY(lowered[i].ok);
            QCOMPARE(lowered[i].executor, std::string("simulator"));
            QCOMPARE(lowered[i].actor, std::string("thermal-protection"));
            QVERIFY(!d.dryRun);
            QCOMPARE(d.gpu, 0);
            QVERIFY(d.temperatureC > 85);
            QCOMPARE(d.fromW - d.toW, 50.0);
            QVERIFY(d.toW >= 200);
            if (i > 0)
                QVERIFY(d.timeMs - lowered[i - 1].decision.timeMs >= 15000);
        }
        // The cap is what the GPU reports, and it made the temperature fall below the limit
        // while the cooling was still broken.
        const double lowestLimit = std::min_element(run.powerLimit.begin(), run.powerLimit.end(), [](auto &a, auto &b) {
                                       return a.second < b.second;
                                   })->second;
        QCOMPARE(lowestLimit, lowered.back().decision.toW);
        const double lateInFault = meanOver(run.temperature, faultEnd - 60000, faultEnd);
        QVERIFY2(lateInFault < 85, qPrintable(QString::number(lateInFault)));

        // Restored in steps only after the fault ended and the GPU stayed cool for 60 s, back to 700 W.
        QVERIFY(!restored.empty());
        QVERIFY(restored.front().decision.timeMs >= faultEnd + 60000);
        for (std::size_t i = 1; i < restored.size(); ++i)
            QVERIFY(restored[i].decision.timeMs - restored[i - 1].decision.timeMs >= 60000);
        QCOMPARE(restored.back().decision.toW, 700.0);
        QCOMPARE(run.powerLimit.back().second, 700.0);

        // On the timeline: one event per change, naming the GPU and the job running on it.
        const auto capEvents = ofKind(run.events, "action.power_cap");
        QCOMPARE(capEvents.size(), run.audit.size());
        QCOMPARE(capEvents.front().severity(), pb::SEVERITY_WARNING);
        QCOMPARE(capEvents.front().gpu(), 0);
        QVERIFY(!capEvents.front().job_id().empty());
        QVERIFY(capEvents.front().message().find("thermal-protection") != std::string::npos);
        QCOMPARE(capEvents.back().severity(), pb::SEVERITY_INFO);

        // The static rule opened an event with evidence and closed it (an update of the same id).
        const auto rule = ofKind(run.events, "anomaly.rule");
        QVERIFY(rule.size() >= 2);
        QVERIFY(rule.front().ongoing());
        QCOMPARE(rule.front().severity(), pb::SEVERITY_ERROR);
        QVERIFY(rule.front().evidence().series().find("gpu=0") != std::string::npos);
        QCOMPARE(rule.front().evidence().band_high(), 85.0);
        QVERIFY(rule.front().evidence().value() > 85);
        QCOMPARE(rule.back().id(), rule.front().id());
        QVERIFY(!rule.back().ongoing());
        QVERIFY(rule.back().end_ms() > rule.front().time_ms());

        // The anomaly says what was done about it: the newest step down, with the action's event.
        const pb::Event &closed = rule.back();
        QVERIFY2(closed.action_taken().starts_with("thermal-protection power-capped GPU 0 to "),
                 closed.action_taken().c_str());
        QVERIFY(closed.action_taken().find(" W (was ") != std::string::npos);
        QVERIFY(closed.action_event_id() != 0);
        const auto action = std::find_if(capEvents.begin(), capEvents.end(),
                                         [&](const pb::Event &e) { return e.id() == closed.action_event_id(); });
        QVERIFY(action != capEvents.end());
        QVERIFY(action->message().find("lowering") != std::string::npos); // a step down, not the restore
        for (const pb::Event &e : capEvents)
            QVERIFY(e.action_taken().empty()); // actions answer anomalies, not each other

        // The audit is on disk too, one JSON object per change.
        QFile file(dir.filePath("power-cap-audit.jsonl"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
        QCOMPARE(static_cast<std::size_t>(lines.size()), run.audit.size());
        const QJsonObject first = QJsonDocument::fromJson(lines.front()).object();
        QCOMPARE(first["actor"].toString(), QString("thermal-protection"));
        QCOMPARE(first["action"].toString(), QString("lower"));
        QCOMPARE(first["from_w"].toDouble(), 700.0);
        QCOMPARE(first["gpu"].toInt(), 0);
        QCOMPARE(first["dry_run"].toBool(), false);
    }

    void dryRunRecordsDecisionsAndChangesNothing()
    {
        const Run run = runOverheat(true);
        const std::int64_t faultEnd = run.faultMs + kOverheatMs;
        QVERIFY(!run.audit.empty());
        for (const auto &r : run.audit) {
            QVERIFY(r.decision.dryRun);
            QCOMPARE(r.executor, std::string("dry run"));
        }
        for (const auto &[t, limit] : run.powerLimit)
            QCOMPARE(limit, 700.0);
        // Nothing capped it: the GPU stays as hot as the firmware's own slowdown lets it.
        QVERIFY(meanOver(run.temperature, faultEnd - 60000, faultEnd) > 85);
        const auto capEvents = ofKind(run.events, "action.power_cap");
        QVERIFY(!capEvents.empty());
        QVERIFY(capEvents.front().message().rfind("Dry run", 0) == 0);
    }
};

QTEST_GUILESS_MAIN(TestEngineThermalProtection)
#include "tst_engine_thermal_protection.moc"
