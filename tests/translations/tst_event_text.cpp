// Events in Chinese: the messages and actions the real engine records on a simulated super node
// in virtual time (every fault the simulator injects, a GPU throttling, a rule's anomaly,
// thermal protection capping and restoring a GPU's power limit, applied and as a dry run, the
// configuration applied) come out of the zh_CN catalogue with no English of their frames left and
// with node, GPU, NIC names and numbers kept; in English they are the engine's own text; every
// pattern of the catalogue is produced, so a sentence changed in the engine without its pattern
// fails here.
#include "backend/anomaly/power_cap_audit.h"
#include "backend/api/engine.h"
#include "backend/api/proto_convert.h"
#include "backend/model/cluster_yaml.h"
#include "tests/support/in_language.h"
#include "tests/support/protected_cluster.h"
#include "translations/event_text.h"
#include "translations/translation_loader.h"

#include <QRegularExpression>
#include <QTest>

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
                       "version|nodes|GPUs|telemetry|s)\\b"));
    return kWords;
}

QString judged(QString zh)
{
    // The actor and executor names thermal protection records, the fault kinds and metric series.
    static const QRegularExpression kKept(
        QStringLiteral("thermal-protection|simulated-power-limit|[a-z0-9]+(-[a-z0-9]+)+|DCGM_FI_[A-Z_]+\\S*|"
                       "rule:\\S+|power-cap"));
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
        for (const pb::Event &e : powerCapRecords())
            events.push_back(e);
        std::set<QString> produced;
        std::set<std::string> texts;
        // A match and, as the translation does, the matches of its parts of several words.
        std::function<void(const MessagePatterns::Match &)> note = [&](const MessagePatterns::Match &m) {
            produced.insert(QString::fromUtf8(m.source));
            for (const QString &part : m.parts)
                if (part.contains(QLatin1Char(' ')))
                    if (const auto inner = eventTextCatalogue().match(part))
                        note(*inner);
        };
        const auto check = [&](const std::string &english, const std::function<QString()> &text) {
            const QString en = QString::fromStdString(english);
            QCOMPARE(text(), en);
            const auto m = eventTextCatalogue().match(en);
            QVERIFY2(m, qPrintable("no pattern for: " + en));
            note(*m);
            const QString zh = inChinese(text);
            const auto left = englishFrame().match(judged(zh));
            QVERIFY2(!left.hasMatch(), qPrintable(en + "\n" + zh + "\nleft: " + left.captured()));
            for (const QString &part : m->parts)
                if (!part.contains(QLatin1Char(' ')))
                    QVERIFY2(zh.contains(part), qPrintable(en + "\n" + zh + "\nlost: " + part));
        };
        for (const pb::Event &e : events) {
            if (e.kind().starts_with("log.")) // log signatures and log anomalies: not in the catalogue
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

    // A sentence the catalogue does not know (a log signature's) is shown as the engine wrote it.
    void anUnknownSentenceStaysAsWritten()
    {
        const std::string message = "GPU has fallen off the bus (Xid 79) on node01 GPU 3: The GPU stopped answering.";
        QCOMPARE(inChinese([&] { return eventMessageText(message); }), QString::fromStdString(message));
    }
};

QTEST_GUILESS_MAIN(TestEventText)
#include "tst_event_text.moc"
