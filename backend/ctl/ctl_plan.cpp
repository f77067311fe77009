// supernodectl plan: the job planner through the engine's PlanJob, on the cluster's GPUs and
// topology (the demo super node, or --config) unless --gpu-model names another GPU. --json: the
// PlanJobResponse as one object; --explain: how each number was computed; otherwise a table.
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"
#include "backend/planner/plan_format.h"
#include "translations/engine_message.h"
#include "translations/plan_text.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace sn::ctl {

namespace {

using planner::gib;

// One flag of the command: its name, what it sets, and whether it takes a value.
struct Flag {
    const char *name;
    enum Kind { Number, Integer, Text, Switch } kind;
    std::function<void(pb::PlanJobRequest &, double, const std::string &)> set;
};

const std::vector<Flag> &flags()
{
    using R = pb::PlanJobRequest;
    static const std::vector<Flag> kFlags = {
        {"--model-params", Flag::Number, [](R &r, double v, auto &) { r.mutable_model()->set_parameters(v); }},
        {"--gpus", Flag::Integer, [](R &r, double v, auto &) { r.set_gpus(int(v)); }},
        {"--gpu-model", Flag::Text, [](R &r, double, auto &s) { r.set_gpu_model(s); }},
        {"--nodes", Flag::Integer, [](R &r, double v, auto &) { r.set_nodes(int(v)); }},
        {"--tp", Flag::Integer, [](R &r, double v, auto &) { r.mutable_model()->set_tensor_parallel(int(v)); }},
        {"--pp", Flag::Integer, [](R &r, double v, auto &) { r.mutable_model()->set_pipeline_parallel(int(v)); }},
        {"--zero", Flag::Integer, [](R &r, double v, auto &) { r.mutable_model()->set_zero_stage(int(v)); }},
        // PyTorch FSDP's sharding strategies are ZeRO stages under other names. HYBRID_SHARD
        // (sharded inside a node, replicated across) is not modelled, so it is not accepted.
        {"--fsdp", Flag::Text,
         [](R &r, double, auto &s) {
             const std::string u = QString::fromStdString(s).toUpper().toStdString();
             r.mutable_model()->set_zero_stage(u == "FULL_SHARD" ? 3 : u == "SHARD_GRAD_OP" ? 2 : 0);
         }},
        {"--precision", Flag::Text, [](R &r, double, auto &s) { r.mutable_model()->set_precision(s); }},
        {"--optimizer", Flag::Text, [](R &r, double, auto &s) { r.mutable_model()->set_optimizer(s); }},
        {"--seq", Flag::Integer, [](R &r, double v, auto &) { r.mutable_model()->set_seq(int(v)); }},
        {"--micro-batch", Flag::Integer, [](R &r, double v, auto &) { r.mutable_model()->set_micro_batch(int(v)); }},
        {"--grad-accum", Flag::Integer,
         [](R &r, double v, auto &) { r.mutable_model()->set_gradient_accumulation(int(v)); }},
        {"--checkpointing", Flag::Text, [](R &r, double, auto &s) { r.mutable_model()->set_checkpointing(s); }},
        {"--sequence-parallel", Flag::Switch,
         [](R &r, double, auto &) { r.mutable_model()->set_sequence_parallel(true); }},
        {"--layers", Flag::Integer, [](R &r, double v, auto &) { r.mutable_model()->set_layers(int(v)); }},
        {"--hidden", Flag::Integer, [](R &r, double v, auto &) { r.mutable_model()->set_hidden(int(v)); }},
        {"--heads", Flag::Integer, [](R &r, double v, auto &) { r.mutable_model()->set_heads(int(v)); }},
        {"--kv-heads", Flag::Integer, [](R &r, double v, auto &) { r.mutable_model()->set_kv_heads(int(v)); }},
        {"--head-dim", Flag::Integer, [](R &r, double v, auto &) { r.mutable_model()->set_head_dim(int(v)); }},
        {"--mfu", Flag::Number, [](R &r, double v, auto &) { r.mutable_model()->set_mfu(v); }},
        {"--overlap", Flag::Number, [](R &r, double v, auto &) { r.mutable_model()->set_overlap(v); }},
        {"--compression", Flag::Text, [](R &r, double, auto &s) { r.mutable_model()->set_compression(s); }},
        {"--reserve-gib", Flag::Number, [](R &r, double v, auto &) { r.mutable_model()->set_reserve_gib(v); }},
        {"--tokens", Flag::Number, [](R &r, double v, auto &) { r.mutable_model()->set_tokens(v); }},
        {"--nics-per-node", Flag::Integer, [](R &r, double v, auto &) { r.set_nics_per_node(int(v)); }},
        {"--nic-gbps", Flag::Number, [](R &r, double v, auto &) { r.set_nic_gbps(v); }},
        {"--inference", Flag::Switch,
         [](R &r, double, auto &) { r.mutable_model()->set_workload(pb::PLAN_WORKLOAD_INFERENCE); }},
        {"--weights", Flag::Text, [](R &r, double, auto &s) { r.mutable_model()->set_weights(s); }},
        {"--kv-cache", Flag::Text, [](R &r, double, auto &s) { r.mutable_model()->set_kv_cache(s); }},
        {"--batch", Flag::Integer, [](R &r, double v, auto &) { r.mutable_model()->set_batch(int(v)); }},
        {"--output-tokens", Flag::Number, [](R &r, double v, auto &) { r.mutable_model()->set_output_tokens(v); }},
    };
    return kFlags;
}

// Flags into a request; the planner itself judges ranges (negative sizes, impossible degrees).
int parseRequest(Context &ctx, pb::PlanJobRequest &request, bool *explain)
{
    QStringList args = ctx.args;
    bool haveParams = false;
    while (!args.isEmpty()) {
        const QString name = args.takeFirst();
        if (name == QLatin1String("--explain")) {
            *explain = true;
            continue;
        }
        const auto it =
            std::find_if(flags().begin(), flags().end(), [&](const Flag &f) { return name == QLatin1String(f.name); });
        if (it == flags().end())
            return usage(ctx, CtlText::tr("plan: unknown option '%1'").arg(name));
        if (it->kind == Flag::Switch) {
            it->set(request, 0, {});
            continue;
        }
        if (args.isEmpty())
            return usage(ctx, CtlText::tr("plan: %1 needs a value").arg(name));
        const QString value = args.takeFirst();
        double number = 0;
        if (it->kind != Flag::Text) {
            bool ok = false;
            number = value.toDouble(&ok);
            if (!ok || !std::isfinite(number))
                return usage(ctx, CtlText::tr("plan: %1 needs a number, not '%2'").arg(name, value));
            if (it->kind == Flag::Integer && (number != std::floor(number) || std::abs(number) > 1e9))
                return usage(ctx, CtlText::tr("plan: %1 needs a whole number, not '%2'").arg(name, value));
        }
        static const QStringList kFsdp = {"FULL_SHARD", "SHARD_GRAD_OP", "NO_SHARD"};
        if (name == QLatin1String("--fsdp") && !kFsdp.contains(value.toUpper()))
            return usage(ctx, CtlText::tr("plan: --fsdp is one of %1, not '%2'").arg(kFsdp.join(", "), value));
        haveParams = haveParams || name == QLatin1String("--model-params");
        it->set(request, number, value.toStdString());
    }
    if (!haveParams)
        return usage(ctx, CtlText::tr("plan needs --model-params N (e.g. 13e9)"));
    return kOk;
}

QString fixed(double v, int decimals)
{
    return QString::number(v, 'f', decimals);
}

// planner::duration() in the language chosen: the same units and rounding.
QString durationText(double seconds)
{
    if (seconds < 60)
        return CtlText::tr("%1 s").arg(fixed(seconds, 1));
    if (seconds < 3600)
        return CtlText::tr("%1 min").arg(fixed(seconds / 60, 1));
    if (seconds < 86400)
        return CtlText::tr("%1 h").arg(fixed(seconds / 3600, 1));
    return CtlText::tr("%1 days").arg(fixed(seconds / 86400, 1));
}

void printTable(Context &ctx, const pb::PlanJobResponse &r)
{
    const bool training = r.model().workload() != pb::PLAN_WORKLOAD_INFERENCE;
    const pb::PlanMemory &m = r.memory();
    ctx.out << (training ? CtlText::tr("Training on %1 x %2 (%3 node(s) x %4), topology %5")
                         : CtlText::tr("Inference on %1 x %2 (%3 node(s) x %4), topology %5"))
                   .arg(r.gpus())
                   .arg(q(r.gpu_model()))
                   .arg(r.nodes())
                   .arg(r.gpus_per_node())
                   .arg(planTopologyText(r.topology()))
            << '\n';
    ctx.out << CtlText::tr("Model: %1 parameters, %2 layers, hidden %3, %4 heads (%5 KV)")
                   .arg(QString::number(r.model().parameters(), 'g', 4))
                   .arg(r.model().layers())
                   .arg(r.model().hidden())
                   .arg(r.model().heads())
                   .arg(r.model().kv_heads())
            << (r.shape_assumed_from().empty() ? QString()
                                               : CtlText::tr(", shape from %1").arg(q(r.shape_assumed_from())))
            << '\n';
    ctx.out << CtlText::tr("Configuration: %1").arg(planConfigText(r.config().description())) << "\n\n";
    ctx.out << CtlText::tr("Memory per GPU") << '\n';
    auto row = [&](const QString &what, double bytes) {
        if (bytes > 0)
            ctx.out << "  " << padToColumns(what, 19) << q(gib(bytes)).rightJustified(12) << '\n';
    };
    row(training ? CtlText::tr("parameters") : CtlText::tr("weights"), m.params_bytes());
    row(CtlText::tr("gradients"), m.grads_bytes());
    row(CtlText::tr("optimizer states"), m.optimizer_bytes());
    row(CtlText::tr("activations"), m.activation_bytes());
    row(CtlText::tr("KV cache"), m.kv_cache_bytes());
    row(CtlText::tr("reserve"), m.reserve_bytes());
    ctx.out << "  " << padToColumns(CtlText::tr("total"), 19) << q(gib(m.total_bytes())).rightJustified(12) << ' '
            << CtlText::tr("of %1").arg(q(gib(m.capacity_bytes()))) << "  "
            << (r.fits() ? CtlText::tr("FITS") : CtlText::tr("DOES NOT FIT")) << '\n';
    if (!r.fits())
        ctx.out << "  " << engineReasonText(r.reason()) << '\n';
    ctx.out << "  "
            << (training ? CtlText::tr("largest micro-batch that fits: %1")
                         : CtlText::tr("largest batch that fits: %1"))
                   .arg(r.max_micro_batch())
            << "\n\n";
    const pb::PlanTime &t = r.time();
    if (training) {
        ctx.out << CtlText::tr("Step time") << '\n';
        ctx.out << "  "
                << CtlText::tr("compute %1 ms, bubble %2 ms, TP %3 ms, PP %4 ms, DP %5 ms (%6)")
                       .arg(fixed(t.compute_ms(), 1), fixed(t.bubble_ms(), 1), fixed(t.tp_comm_ms(), 1),
                            fixed(t.pp_comm_ms(), 1), fixed(t.dp_comm_ms(), 1), q(t.dp_collectives()))
                << '\n';
        ctx.out << "  "
                << CtlText::tr("step %1 ms with overlap (communication %2%), %3 ms without (%4%)")
                       .arg(fixed(t.step_ms(), 1), fixed(100 * t.comm_share(), 0), fixed(t.step_ms_no_overlap(), 1),
                            fixed(100 * t.comm_share_no_overlap(), 0))
                << '\n';
        if (t.compression() != "none")
            ctx.out << "  "
                    << CtlText::tr("with %1 gradients: DP %2 ms, step %3 ms (communication %4%)")
                           .arg(q(t.compression()), fixed(t.dp_comm_compressed_ms(), 1),
                                fixed(t.step_ms_compressed(), 1), fixed(100 * t.comm_share_compressed(), 0))
                    << '\n';
        ctx.out << "  " << CtlText::tr("%1 tokens/s").arg(fixed(t.tokens_per_second(), 0));
        if (t.job_seconds() > 0)
            ctx.out << CtlText::tr(", job %1 steps = %2").arg(fixed(t.steps(), 0), durationText(t.job_seconds()));
        ctx.out << "\n";
    } else {
        ctx.out << CtlText::tr("Time") << "\n  "
                << CtlText::tr("prefill %1 ms, %2 ms per generated token, %3 tokens/s")
                       .arg(fixed(t.compute_ms(), 1), fixed(t.decode_ms_per_token(), 2),
                            fixed(t.tokens_per_second(), 0));
        if (t.job_seconds() > 0)
            ctx.out << CtlText::tr(", one request %1").arg(durationText(t.job_seconds()));
        ctx.out << "\n";
    }
    for (const std::string &w : r.warnings())
        ctx.out << CtlText::tr("warning: %1").arg(engineReasonText(w)) << '\n';
    if (r.candidates_size() > 0) {
        ctx.out << '\n' << CtlText::tr("Configurations that fit, fastest first") << '\n';
        for (const pb::PlanCandidate &c : r.candidates())
            ctx.out << "  " << padToColumns(planConfigText(c.config().description()), 71)
                    << q(gib(c.memory_bytes())).rightJustified(10) << ' '
                    << CtlText::tr("%1 tok/s").arg(fixed(c.tokens_per_second(), 0).rightJustified(10)) << "  "
                    << (c.change().empty() ? CtlText::tr("(as asked)") : planConfigText(c.change())) << '\n';
    }
}

} // namespace

int planCommand(Context &ctx)
{
    pb::PlanJobRequest request;
    bool explain = false;
    if (int rc = parseRequest(ctx, request, &explain); rc != kOk)
        return rc;
    int exitCode = kOk;
    auto engine = openEngine(ctx, &exitCode);
    if (!engine)
        return exitCode;
    auto plan = waitFor(engine->planJob(request));
    if (!plan)
        return fail(ctx, plan.error());
    if (ctx.json)
        printJson(ctx, *plan);
    else if (explain)
        for (const std::string &line : plan->explain())
            ctx.out << planExplainText(line) << '\n';
    else
        printTable(ctx, *plan);
    return kOk;
}

} // namespace sn::ctl
