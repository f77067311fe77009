// The EngineApi conformance suite, second half: events and anomalies, logs and their templates,
// configuration, simulation control and identity, on every engine (engine_conformance.h).
#include "tests/backend/api/engine_conformance.h"
#include "backend/model/cluster_yaml.h"

#include <QRegularExpression>
#include <QSignalSpy>

#include <limits>
#include <map>
#include <numeric>

using namespace sn;
using namespace sn::conformance;

class TestEngineConformanceEvents : public QObject {
    Q_OBJECT
public:
    TestEngineConformanceEvents(QString name, EngineFactory factory) : m_name(std::move(name)), m_factory(std::move(factory))
    {
        setObjectName(m_name);
    }

private:
    QString m_name;
    EngineFactory m_factory;
    std::unique_ptr<EngineApi> m_engine;

private slots:
    void init() { m_engine = m_factory(quietCluster()); }
    void cleanup() { m_engine.reset(); }

    void faultsRaiseStreamedEventsThatCanBeAcknowledged()
    {
        auto stream = m_engine->streamEvents();
        QSignalSpy spy(stream.get(), &EventStream::event);
        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_XID_79);
        fault.set_node("node01");
        fault.set_gpu(4);
        const pb::Event injected = must(m_engine->injectFault(fault));
        QCOMPARE(injected.kind(), std::string("sim.fault"));
        QVERIFY(injected.id() > 0);
        QTRY_VERIFY(spy.count() >= 2);
        pb::Event xid;
        for (const auto &args : spy)
            if (args.first().value<pb::Event>().kind() == "gpu.xid")
                xid = args.first().value<pb::Event>();
        QCOMPARE(xid.severity(), pb::SEVERITY_CRITICAL);
        QCOMPARE(xid.gpu(), 4);
        QVERIFY(xid.simulated());
        const int open = must(m_engine->getSummary()).anomalies_open();
        QVERIFY(open >= 1);
        QVERIFY(must(m_engine->ackEvent(xid.id(), "tester")).acknowledged());
        QCOMPARE(must(m_engine->getSummary()).anomalies_open(), open - 1);
        pb::ListEventsRequest openOnly;
        openOnly.set_open_only(true);
        const pb::ListEventsResponse stillOpen = must(m_engine->listEvents(openOnly));
        for (const pb::Event &e : stillOpen.events())
            QVERIFY(e.id() != xid.id());
        QCOMPARE(waitFor(m_engine->ackEvent(999999, "tester")).error().code, ErrorCode::NotFound);
        must(m_engine->advanceTime(2000));
        QCOMPARE(must(m_engine->getSummary()).gpus_faulted(), 1);
    }

    void logsAreQueriedFilteredAndStreamed()
    {
        pb::StreamLogsRequest streamRequest;
        streamRequest.set_node("node02");
        auto stream = m_engine->streamLogs(streamRequest);
        QSignalSpy spy(stream.get(), &LogStream::lines);
        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_ECC_DOUBLE_BIT);
        fault.set_node("node02");
        fault.set_gpu(1);
        must(m_engine->injectFault(fault));
        must(m_engine->submitJob(job(2, 30)));
        must(m_engine->advanceTime(70000)); // jobs run at least a minute
        QTRY_VERIFY(spy.count() >= 1);
        for (const auto &args : spy) {
            const auto batch = args.first().value<pb::LogBatch>();
            for (const pb::LogLine &l : batch.lines())
                QCOMPARE(l.node(), std::string("node02"));
        }

        pb::LogQueryRequest q;
        q.set_contains("Xid");
        const pb::LogQueryResponse xid = must(m_engine->queryLogs(q));
        QCOMPARE(xid.lines_size(), 1);
        QCOMPARE(xid.lines(0).source(), std::string("kernel"));
        QCOMPARE(xid.lines(0).node(), std::string("node02"));
        QVERIFY(xid.lines(0).simulated());
        pb::LogQueryRequest slurmd;
        slurmd.set_source("slurmd");
        QCOMPARE(must(m_engine->queryLogs(slurmd)).lines_size(), 2); // launched, completed
        slurmd.set_limit(1);
        const pb::LogQueryResponse limited = must(m_engine->queryLogs(slurmd));
        QCOMPARE(limited.lines_size(), 1);
        QVERIFY(limited.truncated());
        QVERIFY(QString::fromStdString(limited.lines(0).text()).contains("completed")); // newest kept
    }

    void logLinesCarryTemplateSeverityAndSignatureAndFilterByThem()
    {
        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_XID_79);
        fault.set_node("node01");
        fault.set_gpu(2);
        must(m_engine->injectFault(fault));
        must(m_engine->submitJob(job(2, 30)));
        must(m_engine->advanceTime(70000));

        pb::LogQueryRequest critical;
        critical.set_min_severity(pb::SEVERITY_CRITICAL);
        const pb::LogQueryResponse worst = must(m_engine->queryLogs(critical));
        QCOMPARE(worst.lines_size(), 1);
        const pb::LogLine &xid = worst.lines(0);
        QCOMPARE(xid.signature(), std::string("nvrm.xid.79"));
        QCOMPARE(xid.severity(), pb::SEVERITY_CRITICAL);
        QCOMPARE(xid.gpu(), 2);
        QCOMPARE(xid.template_id().size(), std::size_t(8));

        pb::LogQueryRequest byFamily;
        byFamily.set_signature("nvrm.xid"); // a family prefix selects its members
        QCOMPARE(must(m_engine->queryLogs(byFamily)).lines_size(), 1);
        byFamily.set_signature("nvrm.xi"); // ... but not half a name
        QCOMPARE(must(m_engine->queryLogs(byFamily)).lines_size(), 0);

        pb::LogQueryRequest byTemplate;
        byTemplate.set_template_id(xid.template_id());
        const pb::LogQueryResponse sameTemplate = must(m_engine->queryLogs(byTemplate));
        QVERIFY(sameTemplate.lines_size() >= 1);
        for (const pb::LogLine &l : sameTemplate.lines())
            QCOMPARE(l.template_id(), xid.template_id());

        pb::LogQueryRequest byGpu;
        byGpu.set_gpu(2);
        byGpu.set_node("node01");
        const pb::LogQueryResponse onGpu = must(m_engine->queryLogs(byGpu));
        QVERIFY(onGpu.lines_size() >= 1);
        for (const pb::LogLine &l : onGpu.lines())
            QCOMPARE(l.gpu(), 2);
        pb::LogQueryRequest gpuZero;
        gpuZero.set_gpu(0); // set to 0 is a filter, not "all"
        const pb::LogQueryResponse onGpuZero = must(m_engine->queryLogs(gpuZero));
        for (const pb::LogLine &l : onGpuZero.lines())
            QCOMPARE(l.gpu(), 0);

        pb::LogQueryRequest text;
        text.set_contains("FALLEN OFF");
        QCOMPARE(must(m_engine->queryLogs(text)).lines_size(), 0);
        text.set_ignore_case(true);
        QCOMPARE(must(m_engine->queryLogs(text)).lines_size(), 1);

        const pb::Job ran = must(m_engine->listJobs({})).jobs(0);
        pb::LogQueryRequest byJob;
        byJob.set_job_id(ran.id());
        const pb::LogQueryResponse ofJob = must(m_engine->queryLogs(byJob));
        QVERIFY(ofJob.lines_size() >= 1);
        for (const pb::LogLine &l : ofJob.lines())
            QCOMPARE(l.job_id(), ran.id());
    }

    void acknowledgementRecordsWhoAndWhen()
    {
        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_NVLINK_DOWN);
        fault.set_node("node01");
        fault.set_gpu(1);
        const pb::Event injected = must(m_engine->injectFault(fault));
        must(m_engine->advanceTime(5000));
        const pb::Event acked = must(m_engine->ackEvent(injected.id(), "alice"));
        QVERIFY(acked.acknowledged());
        QCOMPARE(acked.acknowledged_by(), std::string("alice"));
        QCOMPARE(acked.acknowledged_ms(), must(m_engine->getSimulation()).time_ms());
    }

    void resolvingAcknowledgesAndRecordsWhoAndWhen()
    {
        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_NVLINK_DOWN);
        fault.set_node("node02");
        fault.set_gpu(3);
        const pb::Event injected = must(m_engine->injectFault(fault));
        must(m_engine->advanceTime(3000));
        const pb::Event resolved = must(m_engine->resolveEvent(injected.id(), "bob"));
        const std::int64_t now = must(m_engine->getSimulation()).time_ms();
        QVERIFY(resolved.resolved());
        QCOMPARE(resolved.resolved_by(), std::string("bob"));
        QCOMPARE(resolved.resolved_ms(), now);
        QVERIFY(resolved.acknowledged()); // resolving an unacknowledged event acknowledges it
        QCOMPARE(resolved.acknowledged_by(), std::string("bob"));
        pb::ListEventsRequest openOnly;
        openOnly.set_open_only(true);
        const pb::ListEventsResponse open = must(m_engine->listEvents(openOnly));
        for (const pb::Event &e : open.events())
            QVERIFY(e.id() != injected.id());
        QCOMPARE(waitFor(m_engine->resolveEvent(999999, "bob")).error().code, ErrorCode::NotFound);
    }

    void logTemplatesCountRateAndFilter()
    {
        pb::InjectFaultRequest fault;
        fault.set_kind(pb::FAULT_KIND_XID_79);
        fault.set_node("node01");
        fault.set_gpu(2);
        must(m_engine->injectFault(fault));
        must(m_engine->submitJob(job(2, 30)));
        must(m_engine->advanceTime(70000));

        const pb::LogQueryResponse kept = must(m_engine->queryLogs({}));
        QVERIFY(kept.lines_size() >= 3);
        std::map<std::string, int> expected; // template id -> kept lines
        for (const pb::LogLine &l : kept.lines())
            ++expected[l.template_id()];

        pb::ListLogTemplatesRequest all;
        all.set_buckets(10);
        const pb::ListLogTemplatesResponse t = must(m_engine->listLogTemplates(all));
        QCOMPARE(t.templates_size(), int(expected.size()));
        QVERIFY(t.end_ms() >= t.start_ms());
        QVERIFY(t.bucket_ms() >= 1);
        std::uint64_t previous = std::numeric_limits<std::uint64_t>::max();
        pb::LogTemplateInfo xid;
        for (const pb::LogTemplateInfo &i : t.templates()) {
            QCOMPARE(int(i.count()), expected[i.id()]);
            QVERIFY(i.count() <= previous); // most lines first
            previous = i.count();
            QCOMPARE(i.rate_size(), 10);
            QCOMPARE(std::accumulate(i.rate().begin(), i.rate().end(), std::uint64_t(0)), i.count());
            QVERIFY(i.first_ms() <= i.last_ms());
            QVERIFY(i.total_count() >= i.count());
            QVERIFY(!i.text().empty());
            QVERIFY(i.nodes_size() >= 1);
            if (i.severity() == pb::SEVERITY_CRITICAL)
                xid = i;
        }
        QVERIFY2(QString::fromStdString(xid.text()).contains("Xid"), xid.text().c_str());
        QCOMPARE(xid.nodes_size(), 1);
        QCOMPARE(xid.nodes(0), std::string("node01"));

        pb::ListLogTemplatesRequest text;
        text.set_contains("xid"); // case-insensitive in the template text
        const pb::ListLogTemplatesResponse byText = must(m_engine->listLogTemplates(text));
        QCOMPARE(byText.templates_size(), 1);
        QCOMPARE(byText.templates(0).id(), xid.id());
        pb::ListLogTemplatesRequest node;
        node.set_node("node02");
        // Kept by name: a range-for over a member of the temporary read it after it was gone
        // (ASan: stack-use-after-scope).
        const pb::ListLogTemplatesResponse onNode02 = must(m_engine->listLogTemplates(node));
        for (const pb::LogTemplateInfo &i : onNode02.templates())
            QVERIFY(i.id() != xid.id());
        pb::ListLogTemplatesRequest one;
        one.set_limit(1);
        const pb::ListLogTemplatesResponse limited = must(m_engine->listLogTemplates(one));
        QCOMPARE(limited.templates_size(), 1);
        QCOMPARE(limited.truncated(), expected.size() > 1);

        pb::ListLogTemplatesRequest bad;
        bad.set_buckets(1000);
        const auto refused = waitFor(m_engine->listLogTemplates(bad));
        QCOMPARE(refused.error().code, ErrorCode::InvalidArgument);
        QVERIFY(QString::fromStdString(refused.error().message).contains("buckets"));
        bad.set_buckets(0);
        bad.set_start_ms(2000);
        bad.set_end_ms(1000);
        QCOMPARE(waitFor(m_engine->listLogTemplates(bad)).error().code, ErrorCode::InvalidArgument);
    }

    void staticRulesFromConfigRaiseSpansWithEvidence()
    {
        ClusterSpec spec = quietCluster(1);
        AnomalySpec anomaly;
        // Idle H100s sit around 41 C: this rule holds from the first samples.
        anomaly.rules.push_back({"warm", "DCGM_FI_DEV_GPU_TEMP > 30 for 5s severity warning"});
        spec.anomaly = anomaly;
        pb::ApplyConfigRequest apply;
        apply.set_yaml(writeClusterYaml(spec));
        QVERIFY(must(m_engine->applyConfig(apply)).applied());
        must(m_engine->advanceTime(30000));

        pb::ListEventsRequest all;
        std::vector<pb::Event> rule;
        const pb::ListEventsResponse opened = must(m_engine->listEvents(all));
        for (const pb::Event &e : opened.events())
            if (e.kind() == "anomaly.rule")
                rule.push_back(e);
        QCOMPARE(rule.size(), std::size_t(8)); // one per GPU
        for (const pb::Event &e : rule) {
            QVERIFY(e.ongoing());
            QCOMPARE(e.end_ms(), std::int64_t(0));
            QCOMPARE(e.severity(), pb::SEVERITY_WARNING);
            QCOMPARE(e.evidence().detector(), std::string("rule:warm"));
            QVERIFY(e.evidence().series().rfind("DCGM_FI_DEV_GPU_TEMP{", 0) == 0);
            QCOMPARE(e.evidence().band_high(), 30.0);
            QVERIFY(e.evidence().value() > 30);
            QVERIFY(e.gpu() >= 0);
            QVERIFY(e.simulated());
        }

        // A configuration without the rule ends its open events (the same ids, now with an end).
        spec.anomaly.reset();
        apply.set_yaml(writeClusterYaml(spec));
        QVERIFY(must(m_engine->applyConfig(apply)).applied());
        const pb::ListEventsResponse ended = must(m_engine->listEvents(all));
        for (const pb::Event &e : ended.events())
            if (e.kind() == "anomaly.rule") {
                QVERIFY(!e.ongoing());
                QVERIFY(e.end_ms() >= e.time_ms());
            }

        pb::ApplyConfigRequest bad;
        bad.set_yaml(writeClusterYaml(quietCluster(1)) +
                     "anomaly:\n  rules:\n    - name: x\n      rule: GPU_TEMP >> 5\n");
        const pb::ApplyConfigResponse refused = must(m_engine->applyConfig(bad));
        QVERIFY(!refused.applied());
        QCOMPARE(refused.errors_size(), 1);
        QVERIFY(refused.errors(0).line() > 0);
        QCOMPARE(refused.errors(0).column(), 13);
        QVERIFY(QString::fromStdString(refused.errors(0).message()).contains("operator '>>' must be > or <"));
    }

    void configIsReadValidatedAndAppliedAtomically()
    {
        const pb::ConfigDocument doc = must(m_engine->getConfig());
        QVERIFY(parseClusterYaml(doc.yaml()).ok());

        pb::ApplyConfigRequest bad;
        bad.set_yaml("apiVersion: supernode/v1\nkind: Cluster\nmetadata:\n  name: x\nsimulation:\n  nodes: 500\n");
        const pb::ApplyConfigResponse rejected = must(m_engine->applyConfig(bad));
        QVERIFY(!rejected.applied());
        QCOMPARE(rejected.errors_size(), 1);
        QCOMPARE(rejected.errors(0).line(), 6);
        QVERIFY(rejected.errors(0).column() > 0);
        QCOMPARE(must(m_engine->getCluster()).nodes_size(), 2); // nothing half-applied
        pb::ApplyConfigRequest empty;
        empty.set_yaml("apiVersion: supernode/v1\nkind: Cluster\nmetadata:\n  name: empty\n");
        const pb::ApplyConfigResponse nothingToRun = must(m_engine->applyConfig(empty));
        QVERIFY(!nothingToRun.applied());
        QVERIFY(QString::fromStdString(nothingToRun.errors(0).message()).contains("no nodes and no simulation"));

        ClusterSpec three = quietCluster(3);
        pb::ApplyConfigRequest good;
        good.set_yaml(writeClusterYaml(three));
        good.set_dry_run(true);
        QVERIFY(!must(m_engine->applyConfig(good)).applied());
        QCOMPARE(must(m_engine->getCluster()).nodes_size(), 2);
        good.set_dry_run(false);
        const pb::ApplyConfigResponse applied = must(m_engine->applyConfig(good));
        QVERIFY(applied.applied());
        QCOMPARE(applied.version(), doc.version() + 1);
        QCOMPARE(must(m_engine->getCluster()).nodes_size(), 3);
        QCOMPARE(must(m_engine->getConfig()).version(), doc.version() + 1);
    }

    void brokenLinksAreReportedUnhealthy()
    {
        pb::InjectFaultRequest nvlink;
        nvlink.set_kind(pb::FAULT_KIND_NVLINK_DOWN);
        nvlink.set_node("node01");
        nvlink.set_gpu(2);
        must(m_engine->injectFault(nvlink));
        pb::InjectFaultRequest flap;
        flap.set_kind(pb::FAULT_KIND_NIC_FLAP);
        flap.set_node("node02");
        flap.set_gpu(0);
        must(m_engine->injectFault(flap));
        const pb::Cluster c = must(m_engine->getCluster());
        QVERIFY(!c.nodes(1).nics(0).link_up());
        int unhealthy = 0;
        for (const pb::Link &l : c.links()) {
            const bool touches = (l.a() == "node01/gpu2" && l.type() == pb::LINK_TYPE_NVLINK) ||
                                 l.a() == "node02/mlx5_0" || l.b() == "node02/mlx5_0";
            QCOMPARE(l.healthy(), !touches);
            unhealthy += !l.healthy();
        }
        QCOMPARE(unhealthy, 4 + 1 + 2); // gpu2's 4 NVLink bundles; mlx5_0's uplink and its 2 GPUs' PCIe
    }

    void simulationControlIsChecked()
    {
        const pb::SimulationStatus s = must(m_engine->getSimulation());
        QVERIFY(s.simulated());
        QVERIFY(s.virtual_time());
        QCOMPARE(must(m_engine->advanceTime(5000)).time_ms(), s.time_ms() + 5000);
        QCOMPARE(waitFor(m_engine->advanceTime(-1)).error().code, ErrorCode::InvalidArgument);
        // One call moves the clock at most 30 days: more would keep the engine stepping for hours
        // (or, near INT64_MAX, overflow the clock), and no other request would be answered.
        for (std::int64_t tooFar : {std::int64_t{30} * 24 * 3600 * 1000 + 1, std::numeric_limits<std::int64_t>::max()}) {
            const auto refused = waitFor(m_engine->advanceTime(tooFar));
            QVERIFY(!refused.ok());
            QCOMPARE(refused.error().code, ErrorCode::InvalidArgument);
            QVERIFY2(refused.error().message.find("30 days") != std::string::npos, refused.error().message.c_str());
        }
        QCOMPARE(must(m_engine->getSimulation()).time_ms(), s.time_ms() + 5000);
        pb::InjectFaultRequest nowhere;
        nowhere.set_kind(pb::FAULT_KIND_NODE_DOWN);
        nowhere.set_node("node42");
        QCOMPARE(waitFor(m_engine->injectFault(nowhere)).error().code, ErrorCode::NotFound);
        pb::InjectFaultRequest noKind;
        noKind.set_node("node01");
        QCOMPARE(waitFor(m_engine->injectFault(noKind)).error().code, ErrorCode::InvalidArgument);
    }

    void whoAmINamesThePrincipalAndItsRole()
    {
        const pb::WhoAmIResponse me = must(m_engine->whoAmI());
        // The suite applies configurations, so every engine it runs on must call it an admin:
        // embedded as the local owner, remote by the admin token the suite presents.
        QCOMPARE(me.role(), pb::ROLE_ADMIN);
        QCOMPARE(me.principal(), m_name == QLatin1String("local") ? std::string("local") : std::string("test-admin"));
        QCOMPARE(me.authenticated(), m_name != QLatin1String("local"));
        QVERIFY2(
            QRegularExpression(QStringLiteral("^\\d+\\.\\d+")).match(QString::fromStdString(me.version())).hasMatch(),
            me.version().c_str());
    }
};

int main(int argc, char **argv)
{
    return runOnEveryEngine<TestEngineConformanceEvents>(argc, argv);
}

#include "tst_engine_conformance_events.moc"
