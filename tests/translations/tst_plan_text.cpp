// The job planner's words in Chinese: every line of a plan's explanation, every configuration,
// change and topology source, produced by the real planner through the engine's PlanJob path
// (training and inference, each ZeRO stage and checkpointing, fp32 and mixed precision, pipeline
// stages on NVLink and across NICs, tensor parallelism, compression, a run of many days, the
// demo cluster's own links and a GPU model assumed), comes out of the zh_CN catalogue with no
// English of its frame left and with its numbers kept; in English it is the planner's own text;
// every pattern is produced by some plan, so a sentence changed in the planner without its
// pattern fails here.
#include "backend/engine/job_plan.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/in_language.h"
#include "translations/plan_text.h"
#include "translations/translation_loader.h"

#include <QRegularExpression>
#include <QTest>

#include <set>

using namespace sn;
using sn::test::inChinese;

namespace {

pb::PlanJobRequest training(double parameters, int gpus)
{
    pb::PlanJobRequest r;
    r.mutable_model()->set_parameters(parameters);
    r.mutable_model()->set_workload(pb::PLAN_WORKLOAD_TRAINING);
    r.set_gpus(gpus);
    return r;
}

pb::PlanJobRequest inference(double parameters, int gpus)
{
    pb::PlanJobRequest r = training(parameters, gpus);
    r.mutable_model()->set_workload(pb::PLAN_WORKLOAD_INFERENCE);
    r.mutable_model()->set_output_tokens(200);
    return r;
}

// Plans covering every line, configuration, change and topology source the planner writes.
std::vector<pb::PlanJobResponse> plans()
{
    std::vector<pb::PlanJobRequest> requests;
    requests.push_back(training(13e9, 16)); // ZeRO 0, does not fit: candidates with changes
    auto zero3 = training(70e9, 16);       // ZeRO 3, PP 2 across nodes, TP 4, full checkpointing
    zero3.mutable_model()->set_zero_stage(3);
    zero3.mutable_model()->set_pipeline_parallel(2);
    zero3.mutable_model()->set_tensor_parallel(4);
    zero3.mutable_model()->set_checkpointing("full");
    zero3.mutable_model()->set_tokens(2e12); // days
    zero3.mutable_model()->set_compression("fp8");
    zero3.mutable_model()->set_gradient_accumulation(8);
    requests.push_back(zero3);
    auto fp32 = training(1e9, 8); // fp32: no master copy; PP 2 inside one node
    fp32.mutable_model()->set_precision("fp32");
    fp32.mutable_model()->set_pipeline_parallel(2);
    fp32.mutable_model()->set_checkpointing("none");
    fp32.mutable_model()->set_tokens(1e9);
    requests.push_back(fp32);
    auto fp32zero = fp32; // fp32 sharded
    fp32zero.mutable_model()->set_zero_stage(1);
    fp32zero.mutable_model()->set_pipeline_parallel(1);
    requests.push_back(fp32zero);
    auto zero1 = training(7e9, 8); // mixed precision, optimizer sharded only
    zero1.mutable_model()->set_zero_stage(1);
    requests.push_back(zero1);
    auto a100 = training(7e9, 8); // a GPU model not the cluster's: topology assumed
    a100.set_gpu_model("A100-80GB");
    requests.push_back(a100);
    requests.push_back(inference(7e9, 1));
    requests.push_back(inference(70e9, 1)); // does not fit: weights changes
    auto tpInference = inference(70e9, 8);
    tpInference.mutable_model()->set_tensor_parallel(8);
    requests.push_back(tpInference);

    const ClusterSpec cluster = sim::expandSimulatedCluster(sim::defaultSimulatedSpec(2));
    std::vector<pb::PlanJobResponse> out;
    for (const pb::PlanJobRequest &r : requests) {
        auto plan = planJobOnCluster(r, cluster);
        if (!plan)
            qFatal("plan refused: %s", plan.error().message.c_str());
        out.push_back(*plan);
    }
    return out;
}

// English words of the planner's frames. Symbols of its formulas (psi, P, K, s, b, h, a, t, TP,
// PP, DP, MFU, KV, GQA), option values (bf16, adamw, selective, none, full, fp8), units, GPU and
// model names and the papers cited are data and stay; "token" is the Chinese text's own loanword.
const QRegularExpression &englishFrame()
{
    static const QRegularExpression kWords(
        QStringLiteral("\\b(the|of|per|with|from|for|and|or|over|at|to|by|up|on|not|give|model|shape|layers?|"
                       "hidden|heads?|size|parameters|gradients?|optimizer|states|weights|master|activations|"
                       "checkpointing|framework|reserve|context|buffers|allocator|fragmentation|total|fits?|"
                       "does|largest|tokens|step|steps|sequence|compute|dense|peak|plus|recomputed|forward|"
                       "pipeline|bubble|tensor|parallel|all-reduces|layers|sends|NIC|data|node|nodes|GPUs|"
                       "each|comms|cost|without|overlap|communication|exchange|hidden|behind|backward|pass|"
                       "compression|job|prefill|decode|read|math|generation|replicas?|one|request|days|"
                       "topology|assumed|cluster|links|configuration|in|flight|keeps|cache|shares|stage|"
                       "micro-batches|micro-batch|batch|bytes|overlapped|sec)\\b"));
    return kWords;
}

QString judged(QString zh)
{
    static const QRegularExpression kKept(
        QStringLiteral("Rajbhandari et al\\. SC'20|Korthikanti et al\\. 2022|NVIDIA [^；]*datasheet[^；]*|"
                       "Llama 2 \\d+B|--layers/--hidden/--heads|tokens/s"));
    return zh.remove(kKept);
}

void verifyChinese(const QString &english, const QString &zh, const QStringList &parts)
{
    const auto left = englishFrame().match(judged(zh));
    QVERIFY2(!left.hasMatch(), qPrintable(english + "\n" + zh + "\nleft: " + left.captured()));
    for (const QString &part : parts)
        if (!part.contains(QLatin1Char(' ')) || part.contains(QLatin1Char('=')))
            QVERIFY2(zh.contains(part), qPrintable(english + "\n" + zh + "\nlost: " + part));
}

} // namespace

class TestPlanText : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(installTranslations(QStringLiteral("en"))); }

    void everyPlanTextInChinese()
    {
        std::set<QString> produced;
        std::size_t lines = 0;
        const auto check = [&](const std::string &english, const MessagePatterns &catalogue,
                               const std::function<QString()> &text) {
            const QString en = QString::fromStdString(english);
            QCOMPARE(text(), en);
            const auto m = catalogue.match(en);
            QVERIFY2(m, qPrintable("no pattern for: " + en));
            produced.insert(QString::fromUtf8(m->source));
            verifyChinese(en, inChinese(text), m->parts);
        };
        for (const pb::PlanJobResponse &p : plans()) {
            for (const std::string &line : p.explain()) {
                ++lines;
                check(line, planExplainCatalogue(), [&] { return planExplainText(line); });
                if (QTest::currentTestFailed())
                    return;
                // The parts a line holds that are texts of their own: configuration, days.
                const auto whole = planExplainCatalogue().match(QString::fromStdString(line));
                for (const QString &part : whole->parts)
                    if (const auto inner = planPartCatalogue().match(part))
                        produced.insert(QString::fromUtf8(inner->source));
            }
            check(p.config().description(), planPartCatalogue(),
                  [&] { return planConfigText(p.config().description()); });
            check(p.topology(), planPartCatalogue(), [&] { return planTopologyText(p.topology()); });
            for (const pb::PlanCandidate &c : p.candidates()) {
                QCOMPARE(planConfigText(c.change()), QString::fromStdString(c.change()));
                const QString zh = inChinese([&] { return planConfigText(c.change()); });
                for (const QString &change : QString::fromStdString(c.change()).split(QStringLiteral(", ")))
                    if (const auto m = planPartCatalogue().match(change))
                        produced.insert(QString::fromUtf8(m->source));
                verifyChinese(QString::fromStdString(c.change()), zh, {});
            }
            if (QTest::currentTestFailed())
                return;
        }
        QStringList missing;
        for (const QString &pattern : planTextPatterns())
            if (!produced.count(pattern))
                missing << pattern;
        QVERIFY2(missing.isEmpty(), qPrintable("no plan produced: " + missing.join(QStringLiteral("\n"))));
        QVERIFY2(lines >= 80, qPrintable(QString::number(lines)));
    }

    // The reason a plan does not fit names the nearest configuration's changes: translated too.
    void theNearestChangeInAReason()
    {
        const std::string change = "ZeRO 0 -> 2, checkpointing selective -> full";
        const QString zh = inChinese([&] { return planConfigText(change); });
        QCOMPARE(zh, QString::fromUtf8("ZeRO 0 -> 2，激活检查点 selective -> full"));
    }

    // A line the catalogue does not know is shown as the planner wrote it.
    void anUnknownLineStaysAsWritten()
    {
        const std::string line = "expert parallel: 8 experts over EP 4 = 12.0 ms";
        QCOMPARE(inChinese([&] { return planExplainText(line); }), QString::fromStdString(line));
        const std::string days = "pipeline warm-up 2.0 days";
        QCOMPARE(inChinese([&] { return planExplainText(days); }), QString::fromStdString(days));
    }
};

QTEST_GUILESS_MAIN(TestPlanText)
#include "tst_plan_text.moc"
