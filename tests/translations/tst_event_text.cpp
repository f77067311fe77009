// Events in Chinese: the messages and actions the real engine records on a simulated super node
// in virtual time (every fault the simulator injects, a GPU throttling, a rule's anomaly,
// thermal protection capping and restoring a GPU's power limit, applied and as a dry run, the
// configuration applied), on a real cluster's telemetry (a dcgm-exporter served over HTTP that
// fails and comes back, a node it cannot reach, agents registering and their hardware changing,
// thermal protection that cannot set limits or whose executor fails, a Slurm backend that cannot
// start), the log pipeline's anomalies (a new kind of line, a template's rate, a burst of errors)
// and the learned band of an idle GPU that draws more than its own idle come out of the zh_CN
// catalogue with no English of their frames left and with node, GPU, NIC names and numbers kept;
// in English they are the engine's own text; every pattern of the catalogue is produced, so a
// sentence changed in the engine without its pattern fails here. Log signatures' events:
// tst_signature_text.
#include "backend/power/nvidia_smi_power_limit_setter.h"
#include "backend/anomaly/power_cap_audit.h"
#include "backend/anomaly/telemetry_watch.h"
#include "backend/engine/engine.h"
#include "backend/api/proto_convert.h"
#include "backend/logs/log_pipeline.h"
#include "backend/model/cluster_yaml.h"
#include "backend/model/command_runner.h"
#include "backend/telemetry/prometheus/http_server.h"
#include "tests/support/agent_registration.h"
#include "tests/support/in_language.h"
#include "tests/support/protected_cluster.h"
#include "translations/event_text.h"
#include "translations/translation_loader.h"

#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <memory>
#include <set>

using namespace sn;
using sn::test::inChinese;

namespace {

void inject(Engine &engine, pb::FaultKind kind, const std::string &node, int index, std::int64_t ms)
{
    pb::InjectFaultRequest fault;
    fault.set_kind(kind);
    fault.set_node(node);
    fault.set_gpu(index);
    fault.set_duration_ms(ms);
    if (!engine.injectFault(fault))
        qFatal("fault %d not injected", int(kind));
}

// Every event the engine emitted (updates included: they carry the action taken).
std::vector<pb::Event> eventsOfARun(bool dryRun)
{
    Engine::Options options;
    options.spec = test::thermallyProtectedCluster(2, dryRun);
    options.virtualTime = true;
    Engine engine(std::move(options));
    std::vector<pb::Event> events;
    QObject::connect(&engine, &Engine::eventRaised, [&](const pb::Event &e) { events.push_back(e); });
    const pb::ListEventsResponse started = engine.listEvents({}); // recorded while it started
    events.assign(started.events().begin(), started.events().end());
    pb::JobSpec job;
    job.set_name("burn");
    job.set_user("tester");
    job.set_queue("research");
    job.set_priority_class("modelTraining");
    job.set_gpus_min(16);
    job.set_gpus_max(16);
    job.set_gang(true);
    job.set_estimated_runtime_s(4 * 3600);
    job.set_checkpoint_interval_s(600);
    job.set_kind(pb::WORKLOAD_KIND_TRAINING);
    if (!engine.submitJob(job))
        qFatal("job not accepted");
    for (int i = 0; i < 120; ++i)
        (void)engine.advanceTime(1000);
    const std::string a = engine.cluster().nodes(0).name();
    const std::string b = engine.cluster().nodes(1).name();
    inject(engine, pb::FAULT_KIND_GPU_OVERHEAT, a, 0, 6 * 60 * 1000);
    for (int i = 0; i < 15 * 60; ++i) // hot, capped, cooled and restored
        (void)engine.advanceTime(1000);
    if (dryRun)
        return events;
    pb::ApplyConfigRequest apply; // a new version of the same cluster
    apply.set_yaml(writeClusterYaml(test::thermallyProtectedCluster(2, false)));
    if (!engine.applyConfig(apply).applied())
        qFatal("configuration not applied");
    inject(engine, pb::FAULT_KIND_ECC_SBE_STORM, a, 1, 60 * 1000);
    inject(engine, pb::FAULT_KIND_NVLINK_DOWN, a, 2, 60 * 1000);
    inject(engine, pb::FAULT_KIND_NIC_FLAP, a, 0, 30 * 1000);
    inject(engine, pb::FAULT_KIND_ECC_DOUBLE_BIT, b, 3, 60 * 1000);
    inject(engine, pb::FAULT_KIND_XID_79, b, 4, 60 * 1000);
    inject(engine, pb::FAULT_KIND_NODE_DOWN, b, -1, 60 * 1000);
    for (int i = 0; i < 30; ++i)
        (void)engine.advanceTime(1000);
    return events;
}

// The log pipeline's anomalies over lines in their time: a template seen once a minute for ten
// minutes and then forty times in one, kinds of line never seen after the warm-up (from a node and
// from the cluster), and a burst of errors.
std::vector<pb::Event> logAnomalies()
{
    logs::LogPipeline pipeline;
    std::vector<pb::Event> out;
    std::int64_t t = 1767225753000;
    const auto line = [&](const std::string &source, const std::string &text, const std::string &node = "gpu03") {
        LogRecord r;
        r.timeMs = t;
        r.node = node;
        r.source = source;
        r.text = text;
        for (const Event &e : pipeline.process(r))
            out.push_back(toProto(e));
    };
    for (int minute = 0; minute < 12; ++minute, t += 60 * 1000)
        line("kernel",
             "mlx5_core 0000:3b:00.0: mlx5_fw_tracer_handle_traces:735: FW tracer event " + std::to_string(minute));
    for (int i = 0; i < 40; ++i, t += 100)
        line("kernel",
             "mlx5_core 0000:3b:00.0: mlx5_fw_tracer_handle_traces:735: FW tracer event " + std::to_string(100 + i));
    line("slurmd", "slurmd: launch task StepId=4412.0 request from UID:1000 GID:1000 HOST:10.0.0.1 PORT:4242");
    line("slurmctld", "slurmctld: sched: Allocate JobId=4413 NodeList=gpu[01-02] #CPUs=192 Partition=gpu", "");
    for (int i = 0; i < 25; ++i, t += 100)
        line("job/4412", "error: rank " + std::to_string(i) + " failed to open /data/shard-" + std::to_string(i));
    return out;
}

// The engine's default learned bands on an idle GPU (TelemetryWatch with the load-aware
// detectors, as the engine runs them): an hour idle at 70 W, then the card draws 45 W more while
// still idle (a stuck clock, a zombie context). The simulator's faults never make an idle card
// draw more, so its samples are written here, as dcgm-exporter names them.
std::vector<pb::Event> idleBandAnomalies()
{
    anomaly::TelemetryWatch watch({}, {}, {}, 50000, anomaly::LoadAwareConfig{});
    std::vector<pb::Event> out;
    const Labels gpu{{"Hostname", "gpu01"}, {"gpu", "0"}};
    for (std::int64_t t = 0; t < 3600 * 1000 + 600 * 1000; t += 1000) {
        const double watts = (t < 3600 * 1000 ? 70 : 115) + (t / 1000 % 3);
        for (const MetricSample &s : {MetricSample{"DCGM_FI_DEV_GPU_UTIL", gpu, t, 0},
                                      MetricSample{"DCGM_FI_DEV_POWER_USAGE", gpu, t, watts}})
            for (const anomaly::WatchChange &c : watch.add(s))
                if (c.opened) {
                    pb::Event e;
                    e.set_message(c.event.message()); // what the engine records (engine_anomaly.cpp)
                    out.push_back(e);
                }
    }
    if (out.empty())
        qFatal("no idle anomaly");
    return out;
}

// A registration as supernode-agent sends it, its GPUs with their bus IDs, and two NICs.
pb::RegisterNodeRequest registration(const std::string &node, int gpus)
{
    pb::RegisterNodeRequest r = test::agentRegistration(node, gpus);
    for (pb::Gpu &g : *r.mutable_node()->mutable_gpus())
        g.set_pci_bus_id("00000000:" + std::to_string(18 + g.index()) + ":00.0");
    for (const char *name : {"mlx5_0", "mlx5_1"}) {
        pb::Nic *nic = r.mutable_node()->add_nics();
        nic->set_name(name);
        nic->set_speed_gbps(400);
    }
    return r;
}

// A real cluster's engine: its node read from a dcgm-exporter served here that first fails and
// then answers, thermal protection on (dcgm-exporter cannot set limits: a dry run), a Slurm
// backend whose REST address is no URL, agents registering (a configured node, one that is not)
// and the configured node's hardware changing in every way the registry compares; and an engine
// whose node has no address to read.
std::vector<pb::Event> realClusterEvents()
{
    auto failing = std::make_shared<std::atomic<bool>>(true);
    HttpServer exporter;
    exporter.handle("/metrics", [failing](const HttpRequest &) {
        if (*failing)
            return HttpReply{503, "text/plain", "exporter restarting\n"};
        return HttpReply{200, kPrometheusTextContentType,
                         "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",UUID=\"GPU-1\",modelName=\"NVIDIA H100 80GB HBM3\","
                         "Hostname=\"box\"} 41\n"};
    });
    if (!exporter.start("127.0.0.1", 0))
        qFatal("no HTTP server");
    const std::string yaml = "apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\n"
                             "nodes:\n  - {name: box, address: 127.0.0.1}\n"
                             "telemetry:\n  source: dcgm-exporter\n  interval: 200ms\n  dcgmExporterPort: " +
                             std::to_string(exporter.port()) +
                             "\nanomaly:\n  thermalProtection: {limit: 85}\n"
                             "jobBackends:\n  slurm: {via: rest, restUrl: 'http://', tokenFile: /dev/null}\n";
    auto spec = parseClusterYaml(yaml);
    if (!spec)
        qFatal("%s", spec.error().message.c_str());
    std::vector<pb::Event> out;
    {
        Engine::Options options;
        options.spec = *spec;
        Engine engine(std::move(options));
        const auto downEvents = [&] {
            int n = 0;
            const pb::ListEventsResponse events = engine.listEvents({}); // not a range over a temporary's member
            for (const pb::Event &e : events.events())
                n += e.kind() == "telemetry.source_down" || e.kind() == "telemetry.source_up";
            return n;
        };
        if (!QTest::qWaitFor([&] { return downEvents() == 1; }, 10000))
            qFatal("the exporter's failure raised no event");
        *failing = false;
        if (!QTest::qWaitFor([&] { return downEvents() == 2; }, 10000))
            qFatal("the exporter's return raised no event");
        if (!engine.registerNode(registration("box", 8)) || !engine.registerNode(registration("spare", 4)))
            qFatal("registration refused");
        pb::RegisterNodeRequest changed = registration("box", 8);
        pb::Node &n = *changed.mutable_node();
        n.set_cpu_cores(128);
        n.set_memory_bytes(2LL << 40);
        n.mutable_gpus()->RemoveLast(); // GPU7 gone, and its link
        changed.mutable_links()->RemoveLast();
        n.mutable_gpus(0)->set_uuid("GPU-box-0-replaced");
        n.mutable_gpus(1)->set_model("NVIDIA H200");
        n.mutable_gpus(2)->set_memory_bytes(141LL << 30);
        n.mutable_gpus(3)->set_pci_bus_id("00000000:9a:00.0");
        pb::NvSwitch *second = n.add_nvswitches();
        second->set_index(1);
        second->set_model("NVSwitch");
        n.mutable_nics(0)->set_speed_gbps(200);
        n.mutable_nics()->RemoveLast(); // mlx5_1 gone
        n.add_nics()->set_name("mlx5_4");
        if (const auto r = engine.registerNode(changed); !r)
            qFatal("changed registration refused: %s", r.error().message.c_str());
        pb::RegisterNodeRequest added = changed;
        pb::Gpu *g = added.mutable_node()->add_gpus();
        g->set_index(7);
        g->set_uuid("GPU-box-7-new");
        g->set_model("NVIDIA H100 80GB HBM3");
        if (!engine.registerNode(added))
            qFatal("registration with a GPU added refused");
        const pb::ListEventsResponse all = engine.listEvents({});
        out.assign(all.events().begin(), all.events().end());
    }
    {
        // The same node with a power-limit executor that cannot work here: the real nvidia-smi
        // setter, run locally, with no nvidia-smi to run (this machine has no GPU).
        Engine::Options options;
        options.spec = *spec;
        options.spec.jobBackends.reset(); // its Slurm event is the first engine's
        options.makePowerLimitSetter = [](const ClusterSpec &) -> Result<std::unique_ptr<PowerLimitSetter>> {
            auto runner = std::make_shared<LocalCommandRunner>();
            return std::unique_ptr<PowerLimitSetter>(std::make_unique<NvidiaSmiPowerLimitSetter>(
                [runner](const std::string &) { return runner.get(); }, "/nonexistent/nvidia-smi"));
        };
        Engine engine(std::move(options));
        std::vector<pb::Event> said;
        if (!QTest::qWaitFor(
                [&] {
                    const pb::ListEventsResponse events = engine.listEvents({});
                    said.clear();
                    for (const pb::Event &e : events.events())
                        if (e.kind() == "action.power_cap_unavailable")
                            said.push_back(e);
                    return !said.empty();
                },
                10000))
            qFatal("thermal protection said nothing of its executor");
        out.insert(out.end(), said.begin(), said.end());
    }
    auto unreachable = parseClusterYaml("apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: lab}\n"
                                        "nodes:\n  - name: n1\ntelemetry: {source: dcgm-exporter}\n");
    if (!unreachable)
        qFatal("%s", unreachable.error().message.c_str());
    Engine::Options options;
    options.spec = *unreachable;
    Engine engine(std::move(options));
    const pb::ListEventsResponse all = engine.listEvents({});
    out.insert(out.end(), all.events().begin(), all.events().end());
    return out;
}

// What thermal protection writes when it raises a limit while the anomaly it answered goes on,
// and when its executor fails (nvidia-smi refused): made by the engine's own audit code, as a
// run on the simulator, which never fails and whose anomalies are over when the GPU has cooled,
// does not produce them.
std::vector<pb::Event> powerCapRecords()
{
    std::vector<pb::Event> out;
    for (const bool restore : {false, true})
        for (const bool dryRun : {false, true})
            for (const bool ok : {true, false}) {
                if (dryRun && !ok)
                    continue; // a dry run does not fail
                anomaly::PowerCapAuditRecord r;
                r.decision.node = "node01";
                r.decision.gpu = 3;
                r.decision.timeMs = 1767225753000;
                r.decision.fromW = restore ? 400 : 450;
                r.decision.toW = restore ? 450 : 400;
                r.decision.temperatureC = restore ? 52 : 88.5;
                r.decision.restore = restore;
                r.decision.dryRun = dryRun;
                r.actor = "thermal-protection";
                r.executor = dryRun ? "dry run" : "nvidia-smi over ssh";
                r.ok = ok;
                r.error = ok ? "" : "nvidia-smi: Insufficient Permissions";
                pb::Event e = toProto(anomaly::toEvent(r));
                e.set_action_taken(anomaly::actionSummary(r));
                out.push_back(e);
            }
    return out;
}

// English words of the events' frames. Names, numbers, series, detector and fault kind names
// ("rule:gpu_too_hot", "ecc-dbe"), Xid numbers, PCIe, NVLink, RDMA, ECC and the actor and executor
// names are data and stay.
const QRegularExpression &englishFrame()
{
    static const QRegularExpression kWords(
        QStringLiteral("\\b(the|its|on|at|or|by|to|for|from|and|is|was|were|has|of|throttling|slowdown|check|"
                       "cooling|cap|power|uncorrectable|error|job|killed|reset|before|reuse|fallen|off|bus|drain|"
                       "node|cycle|down|collectives|fall|back|slow|high|single-bit|rate|memory|still|corrects|"
                       "them|plan|not|responding|jobs|requeued|last|checkpoint|failed|link|traffic|stalls|until|"
                       "returns|simulated|fault|injected|outside|normal|band|detector|worst|score|through|"
                       "lowering|limit|cool|raising|dry|run|applied|capped|raised|would|have|had|configuration|"
                       "version|nodes|GPUs|telemetry|s|new|kind|log|line|lines|template|usually|about|within|"
                       "latest|cannot|read|reading|again|registered|agent|NVSwitches|NICs|hardware|changed|gone|"
                       "added|model|uuid|bus|id|backends|started|thermal|protection|cluster|idle|unexplained)\\b"));
    return kWords;
}

QString judged(QString zh)
{
    // The actor and executor names thermal protection records, the fault kinds and metric series.
    static const QRegularExpression kKept(
        QStringLiteral("thermal-protection|simulated-power-limit|[a-z0-9]+(-[a-z0-9]+)+|DCGM_FI_[A-Z_]+\\S*|"
                       "rule:\\S+|power-cap|Gb/s|cluster\\.yaml"));
    return zh.remove(kKept);
}

} // namespace

class TestEventText : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(installTranslations(QStringLiteral("en"))); }

    void everyEventInChinese()
    {
        std::vector<pb::Event> events = eventsOfARun(false);
        const std::vector<pb::Event> dryRun = eventsOfARun(true);
        events.insert(events.end(), dryRun.begin(), dryRun.end());
        for (const std::vector<pb::Event> &more :
             {powerCapRecords(), logAnomalies(), realClusterEvents(), idleBandAnomalies()})
            events.insert(events.end(), more.begin(), more.end());
        std::set<QString> produced;
        std::set<std::string> texts;
        const auto check = [&](const std::string &english, const std::function<QString()> &text) {
            const QString en = QString::fromStdString(english);
            QCOMPARE(text(), en);
            const auto m = eventTextCatalogue().match(en);
            QVERIFY2(m, qPrintable("no pattern for: " + en));
            for (const QString &used : eventTextPatternsUsed(english))
                produced.insert(used);
            const QString zh = inChinese(text);
            // What the engine filled in and the translation kept as written (a log line, an error's
            // detail) is data; the frame around it must be Chinese.
            QString frame = zh;
            QStringList kept = m->parts;
            std::sort(kept.begin(), kept.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
            for (const QString &part : kept) // the longest first: a name may be inside a log line
                frame.remove(part);
            const auto left = englishFrame().match(judged(frame));
            QVERIFY2(!left.hasMatch(), qPrintable(en + "\n" + zh + "\nleft: " + left.captured()));
            for (const QString &part : m->parts)
                if (!part.contains(QLatin1Char(' ')))
                    QVERIFY2(zh.contains(part), qPrintable(en + "\n" + zh + "\nlost: " + part));
        };
        for (const pb::Event &e : events) {
            if (e.evidence().detector().starts_with("signature:")) // tst_signature_text
                continue;
            if (texts.insert(e.message()).second)
                check(e.message(), [&] { return eventMessageText(e.message()); });
            if (!e.action_taken().empty() && texts.insert(e.action_taken()).second)
                check(e.action_taken(), [&] { return eventActionText(e.action_taken()); });
            if (QTest::currentTestFailed())
                return;
        }
        QStringList missing;
        for (const QString &pattern : eventTextPatterns())
            if (!produced.count(pattern))
                missing << pattern;
        QVERIFY2(missing.isEmpty(), qPrintable("no event produced: " + missing.join(QStringLiteral("\n"))));
    }

    // A sentence the catalogue does not know is shown as the engine wrote it.
    void anUnknownSentenceStaysAsWritten()
    {
        const std::string message = "Rack 4 cooling serviced by the facilities team";
        QCOMPARE(inChinese([&] { return eventMessageText(message); }), QString::fromStdString(message));
    }
};

QTEST_GUILESS_MAIN(TestEventText)
#include "tst_event_text.moc"
