#include "translations/plan_text.h"

#include <QCoreApplication>

namespace sn {

namespace {

constexpr const char *kContext = "sn::PlanText";

// Exactly as backend/planner/job_planner.cpp, config_evaluator.cpp and backend/engine/job_plan.cpp
// build them. An optional clause is spelled out as a pattern of its own, since a placeholder
// matches at least one character.
const char *const kLinePatterns[] = {
    // the plan's premises (job_planner.cpp, job_plan.cpp)
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "model shape: %1 layers, hidden %2, %3 heads (%4 KV), head size %5, from %6 for %7 parameters "
                      "(give --layers/--hidden/--heads to override)"),
    QT_TRANSLATE_NOOP("sn::PlanText", "GPUs: %1 x %2 (%3), %4 node(s) x %5; %6"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "topology: assumed for %1: %2 at %3 GB/s per GPU, %4 NIC(s) of %5 GB/s per node"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "topology: the cluster's links: %1 at %2 GB/s per GPU, %3 NIC(s) of %4 GB/s per node"),
    QT_TRANSLATE_NOOP("sn::PlanText", "configuration: %1"),
    QT_TRANSLATE_NOOP("sn::PlanText", "largest micro-batch that fits: %1"),
    QT_TRANSLATE_NOOP("sn::PlanText", "largest batch that fits: %1"),
    // memory per GPU (config_evaluator.cpp)
    QT_TRANSLATE_NOOP("sn::PlanText", "weights: %1 parameters / (TP %2 x PP %3) x %4 bytes (%5) = %6"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "KV cache: 2 x batch %1 x context %2 x %3 layers / PP %4 x ceil(%5 KV heads / TP %6) x head "
                      "size %7 x %8 bytes = %9 (Llama-style GQA shares KV heads)"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "model states (ZeRO paper, Rajbhandari et al. SC'20): psi = %1 parameters / (TP %2 x PP %3) = "
                      "%4 per GPU, DP = %5, ZeRO stage %6"),
    QT_TRANSLATE_NOOP("sn::PlanText", "parameters: psi x %1 bytes (%2) / DP = %3"),
    QT_TRANSLATE_NOOP("sn::PlanText", "parameters: psi x %1 bytes (%2) = %3"),
    QT_TRANSLATE_NOOP("sn::PlanText", "gradients: psi x %1 bytes / DP = %2"),
    QT_TRANSLATE_NOOP("sn::PlanText", "gradients: psi x %1 bytes = %2"),
    QT_TRANSLATE_NOOP("sn::PlanText", "optimizer states: psi x K = %1 bytes (%2, with FP32 master weights) / DP = %3"),
    QT_TRANSLATE_NOOP("sn::PlanText", "optimizer states: psi x K = %1 bytes (%2, with FP32 master weights) = %3"),
    QT_TRANSLATE_NOOP("sn::PlanText", "optimizer states: psi x K = %1 bytes (%2) / DP = %3"),
    QT_TRANSLATE_NOOP("sn::PlanText", "optimizer states: psi x K = %1 bytes (%2) = %3"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "activations (Korthikanti et al. 2022, sec. 4): per layer s·b·h·(%1) x %2/2 bytes with %3, "
                      "checkpointing %4; x ceil(%5 layers / PP %6) = %7"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "activations (Korthikanti et al. 2022, sec. 4): per layer s·b·h·(%1) x %2/2 bytes with %3, "
                      "checkpointing %4; x ceil(%5 layers / PP %6) x micro-batches in flight (1F1B keeps up to PP) "
                      "= %7"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "framework reserve: %1 (CUDA context, NCCL buffers, allocator fragmentation)"),
    QT_TRANSLATE_NOOP("sn::PlanText", "total per GPU: %1 of %2 on %3 -> fits"),
    QT_TRANSLATE_NOOP("sn::PlanText", "total per GPU: %1 of %2 on %3 -> does not fit"),
    // time of a training step (config_evaluator.cpp)
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "tokens per step: micro-batch %1 x %2 micro-batches x DP %3 x sequence %4 = %5"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "compute: 6 x P x tokens = %1 FLOPs / (%2 GPUs x %3 TFLOPS %4 dense peak x MFU %5) = %6 ms"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "compute: 8 (6, plus a recomputed forward) x P x tokens = %1 FLOPs / (%2 GPUs x %3 TFLOPS %4 "
                      "dense peak x MFU %5) = %6 ms"),
    QT_TRANSLATE_NOOP("sn::PlanText", "pipeline bubble (1F1B): compute x (PP %1 - 1) / %2 micro-batches = %3 ms"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "tensor parallel: %1 all-reduces x %2 layers x %3 micro-batches of %4 bytes over TP %5 (%6, "
                      "%7 us each) = %8 ms, not overlapped"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "pipeline sends: 2 x %1 micro-batches x %2 bytes over the NIC at %3 GB/s = %4 ms"),
    QT_TRANSLATE_NOOP("sn::PlanText", "pipeline sends: 2 x %1 micro-batches x %2 bytes over NVLink at %3 GB/s = %4 ms"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "data parallel: %1 of %2 gradient bytes per GPU over DP %3 (%4 node(s) x %5 GPUs, %6 NIC(s) "
                      "of %7 GB/s each per node) = %8 ms per step (comms cost model)"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "step without overlap: compute + bubble + TP + PP + DP = %1 ms, communication %2%"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "step with overlap: DP exchange hidden behind up to %1% of the backward pass (%2 ms) = %3 ms, "
                      "communication %4%"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "with gradient compression %1: DP %2 ms -> step %3 ms, communication %4%"),
    QT_TRANSLATE_NOOP("sn::PlanText", "job: %1 tokens / %2 per step = %3 steps x %4 ms = %5"),
    // time of inference (config_evaluator.cpp)
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "prefill: 2 x P x batch %1 x context %2 = %3 FLOPs / (%4 GPUs x %5 TFLOPS x MFU %6) = %7 ms"),
    QT_TRANSLATE_NOOP("sn::PlanText",
                      "decode: max(read %1 of weights + KV at %2 GB/s = %3 ms, math %4 ms) x PP %5 + TP all-reduces "
                      "%6 ms = %7 ms per token for the batch"),
    QT_TRANSLATE_NOOP("sn::PlanText", "generation: batch %1 / %2 ms x %3 replica(s) = %4 tokens/s"),
    QT_TRANSLATE_NOOP("sn::PlanText", "one request: prefill %1 ms + %2 tokens x %3 ms = %4"),
};

// Parts of a line, and texts shown on their own: a duration (plan_format.h), a configuration and
// a change (job_planner.cpp), where the topology came from (job_plan.cpp).
const char *const kPartPatterns[] = {
    QT_TRANSLATE_NOOP("sn::PlanText", "%1 days"),
    QT_TRANSLATE_NOOP("sn::PlanText", "TP %1 · PP %2 · DP %3 · ZeRO %4 · checkpointing %5 · micro-batch %6"),
    QT_TRANSLATE_NOOP("sn::PlanText", "TP %1 · PP %2 · %3 replica(s) · weights %4 · batch %5"),
    QT_TRANSLATE_NOOP("sn::PlanText", "checkpointing %1 -> %2"),
    QT_TRANSLATE_NOOP("sn::PlanText", "weights %1 -> %2"),
    QT_TRANSLATE_NOOP("sn::PlanText", "cluster"),
    QT_TRANSLATE_NOOP("sn::PlanText", "assumed from the GPU model"),
};

QString partText(const QString &part)
{
    return planPartCatalogue().translate(part).value_or(part);
}

} // namespace

const MessagePatterns &planExplainCatalogue()
{
    static const MessagePatterns kCompiled(kContext, kLinePatterns);
    return kCompiled;
}

const MessagePatterns &planPartCatalogue()
{
    static const MessagePatterns kCompiled(kContext, kPartPatterns);
    return kCompiled;
}

QString planExplainText(const std::string &line)
{
    const QString english = QString::fromStdString(line);
    return planExplainCatalogue().translate(english, partText).value_or(english);
}

QString planConfigText(const std::string &text)
{
    const QString english = QString::fromStdString(text);
    if (auto whole = planPartCatalogue().translate(english)) // a whole configuration
        return *whole;
    QStringList changes = english.split(QStringLiteral(", "));
    for (QString &change : changes)
        change = partText(change);
    return changes.join(QCoreApplication::translate("sn::PlanText", ", ", "between two changes"));
}

QString planTopologyText(const std::string &topology)
{
    return partText(QString::fromStdString(topology));
}

QStringList planTextPatterns()
{
    return patternSources(kLinePatterns) + patternSources(kPartPatterns);
}

} // namespace sn
