// supernodectl plan: the job planner through the engine's PlanJob, on the cluster's GPUs and
// topology (the demo super node, or --config) unless --gpu-model names another GPU. --json: the
// PlanJobResponse as one object; --explain: how each number was computed; otherwise a table.
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"
#include "backend/planner/plan_format.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace sn::ctl {

namespace {

using planner::gib;
using planner::strf;

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

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

void printTable(Context &ctx, const pb::PlanJobResponse &r)
{
    const bool training = r.model().workload() != pb::PLAN_WORKLOAD_INFERENCE;
    const pb::PlanMemory &m = r.memory();
    ctx.out << q(strf("%s on %d x %s (%d node(s) x %d), topology %s\n", training ? "Training" : "Inference", r.gpus(),
                      r.gpu_model().c_str(), r.nodes(), r.gpus_per_node(), r.topology().c_str()));
    ctx.out << q(strf("Model: %.4g parameters, %d layers, hidden %d, %d heads (%d KV)%s\n", r.model().parameters(),
                      r.model().layers(), r.model().hidden(), r.model().heads(), r.model().kv_heads(),
                      r.shape_assumed_from().empty() ? "" : (", shape from " + r.shape_assumed_from()).c_str()));
    ctx.out << "Configuration: " << q(r.config().description()) << "\n\n";
    ctx.out << "Memory per GPU\n";
    auto row = [&](const char *what, double bytes) {
        if (bytes > 0)
            ctx.out << q(strf("  %-18s %12s\n", what, gib(bytes).c_str()));
    };
    row(training ? "parameters" : "weights", m.params_bytes());
    row("gradients", m.grads_bytes());
    row("optimizer states", m.optimizer_bytes());
    row("activations", m.activation_bytes());
    row("KV cache", m.kv_cache_bytes());
    row("reserve", m.reserve_bytes());
    ctx.out << q(strf("  %-18s %12s of %s  %s\n", "total", gib(m.total_bytes()).c_str(),
                      gib(m.capacity_bytes()).c_str(), r.fits() ? "FITS" : "DOES NOT FIT"));
    if (!r.fits())
        ctx.out << "  " << q(r.reason()) << '\n';
    ctx.out << q(strf("  largest %s that fits: %d\n\n", training ? "micro-batch" : "batch", r.max_micro_batch()));
    const pb::PlanTime &t = r.time();
    if (training) {
        ctx.out << "Step time\n";
        ctx.out << q(strf("  compute %.1f ms, bubble %.1f ms, TP %.1f ms, PP %.1f ms, DP %.1f ms (%s)\n",
                          t.compute_ms(), t.bubble_ms(), t.tp_comm_ms(), t.pp_comm_ms(), t.dp_comm_ms(),
                          t.dp_collectives().c_str()));
        ctx.out << q(strf("  step %.1f ms with overlap (communication %.0f%%), %.1f ms without (%.0f%%)\n", t.step_ms(),
                          100 * t.comm_share(), t.step_ms_no_overlap(), 100 * t.comm_share_no_overlap()));
        if (t.compression() != "none")
            ctx.out << q(strf("  with %s gradients: DP %.1f ms, step %.1f ms (communication %.0f%%)\n",
                              t.compression().c_str(), t.dp_comm_compressed_ms(), t.step_ms_compressed(),
                              100 * t.comm_share_compressed()));
        ctx.out << q(strf("  %.0f tokens/s", t.tokens_per_second()));
        if (t.job_seconds() > 0)
            ctx.out << q(strf(", job %.0f steps = %s", t.steps(), planner::duration(t.job_seconds()).c_str()));
        ctx.out << "\n";
    } else {
        ctx.out << q(strf("Time\n  prefill %.1f ms, %.2f ms per generated token, %.0f tokens/s", t.compute_ms(),
                          t.decode_ms_per_token(), t.tokens_per_second()));
        if (t.job_seconds() > 0)
            ctx.out << q(", one request " + planner::duration(t.job_seconds()));
        ctx.out << "\n";
    }
    for (const std::string &w : r.warnings())
        ctx.out << "warning: " << q(w) << '\n';
    if (r.candidates_size() > 0) {
        ctx.out << "\nConfigurations that fit, fastest first\n";
        for (const pb::PlanCandidate &c : r.candidates())
            ctx.out << q(strf("  %-70s %10s %10.0f tok/s  %s\n", c.config().description().c_str(),
                              gib(c.memory_bytes()).c_str(), c.tokens_per_second(),
                              c.change().empty() ? "(as asked)" : c.change().c_str()));
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
            ctx.out << q(line) << '\n';
    else
        printTable(ctx, *plan);
    return kOk;
}

} // namespace sn::ctl
