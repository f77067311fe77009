#include "backend/planner/job_planner.h"

#include "backend/planner/config_evaluator.h"
#include "backend/planner/plan_format.h"

#include <algorithm>
#include <cmath>

namespace sn::planner {

namespace {

constexpr int kMaxGpus = 1 << 20;
constexpr int kMaxSequence = 1 << 24;
constexpr int kMaxBatch = 1 << 16;
constexpr int kMaxLayers = 100000;
constexpr int kMaxHidden = 1 << 20;

std::string num(double v)
{
    return strf("%g", v);
}

std::vector<std::string> fp8Gpus()
{
    std::vector<std::string> names;
    for (const GpuModelInfo &g : gpuCatalogue())
        if (g.supports(MathPrecision::Fp8))
            names.push_back(g.name);
    return names;
}

std::string joined(const std::vector<std::string> &names)
{
    std::string s;
    for (const std::string &n : names)
        s += (s.empty() ? "" : ", ") + n;
    return s;
}

// Everything that does not depend on the model's shape.
Status validateScalars(const PlanInput &in, const GpuModelInfo &gpu)
{
    if (in.gpus < 1)
        return invalidArgument("GPU count must be at least 1, not " + num(in.gpus));
    if (in.nodes < 0)
        return invalidArgument("node count must not be negative");
    if (in.nodes > 0 && in.gpus % in.nodes != 0)
        return invalidArgument(strf("%d GPUs cannot be split evenly over %d nodes", in.gpus, in.nodes));
    // Bounds well past any real job keep the searches short and the integer products exact.
    if (in.gpus > kMaxGpus)
        return invalidArgument(strf("%d GPUs is more than the planner handles (%d)", in.gpus, kMaxGpus));
    if (in.tp < 1 || in.pp < 1)
        return invalidArgument("tensor and pipeline parallel degrees must be at least 1");
    if (in.tp > in.gpus || in.pp > in.gpus || std::int64_t(in.tp) * in.pp > in.gpus)
        return invalidArgument(strf("TP x PP = %d x %d needs more than the %d GPUs asked for", in.tp, in.pp, in.gpus));
    if (in.gpus % (in.tp * in.pp) != 0)
        return invalidArgument(
            strf("%d GPUs are not divisible by TP x PP = %d x %d = %d", in.gpus, in.tp, in.pp, in.tp * in.pp));
    if (in.seq < 1 || in.seq > kMaxSequence)
        return invalidArgument(strf("sequence length must be 1 to %d tokens, not %d", kMaxSequence, in.seq));
    if (!(in.mfu > 0 && in.mfu <= 1))
        return invalidArgument("MFU must be in (0, 1], not " + num(in.mfu));
    if (!(in.reserveGiB >= 0))
        return invalidArgument("framework reserve must not be negative");
    if (in.nicGbps < 0 || in.nicsPerNode < 0)
        return invalidArgument("NIC count and speed must not be negative");
    if (in.workload == Workload::Inference) {
        if (in.inference.batch < 1 || in.inference.batch > kMaxBatch)
            return invalidArgument(strf("batch must be 1 to %d, not %d", kMaxBatch, in.inference.batch));
        if (in.inference.outputTokens < 0)
            return invalidArgument("output tokens must not be negative");
        if ((in.inference.weights == WeightFormat::Fp8 || in.inference.kvCache == WeightFormat::Fp8) &&
            !gpu.supports(MathPrecision::Fp8))
            return invalidArgument(gpu.name + " has no FP8 math; FP8 needs one of " + joined(fp8Gpus()));
        return success();
    }
    const TrainingOptions &t = in.training;
    if (t.zeroStage < 0 || t.zeroStage > 3)
        return invalidArgument("ZeRO stage must be 0, 1, 2 or 3 (FSDP full shard is 3), not " + num(t.zeroStage));
    if (t.microBatch < 1 || t.microBatch > kMaxBatch)
        return invalidArgument(strf("micro-batch must be 1 to %d, not %d", kMaxBatch, t.microBatch));
    if (t.gradientAccumulation < 1 || t.gradientAccumulation > kMaxBatch)
        return invalidArgument(strf("gradient accumulation steps must be 1 to %d", kMaxBatch));
    if (!(t.tokens >= 0))
        return invalidArgument("training tokens must not be negative");
    if (!(t.overlap >= 0 && t.overlap <= 1))
        return invalidArgument("overlap must be in [0, 1], not " + num(t.overlap));
    if (!(t.compression.ratio > 0 && t.compression.ratio <= 1) || !(t.compression.topK >= 0 && t.compression.topK < 1))
        return invalidArgument("gradient compression ratio must be in (0, 1] and top-k in [0, 1)");
    if (t.precision == TrainPrecision::Bf16Mixed && !gpu.supports(MathPrecision::Bf16))
        return invalidArgument(gpu.name + " has no BF16 math (it predates Ampere); use --precision fp16");
    if (t.precision == TrainPrecision::Fp8Mixed && !gpu.supports(MathPrecision::Fp8))
        return invalidArgument(gpu.name + " has no FP8 math; FP8 training needs one of " + joined(fp8Gpus()));
    return success();
}

Status validateShape(const PlanInput &in, const ModelShape &m)
{
    if (m.layers > kMaxLayers || m.hidden > kMaxHidden || m.heads > kMaxHidden || m.headDim > kMaxHidden)
        return invalidArgument(
            strf("layers must be at most %d and hidden size, heads and head size at most %d", kMaxLayers, kMaxHidden));
    if (m.heads % in.tp != 0)
        return invalidArgument(strf("TP %d does not divide the %d attention heads", in.tp, m.heads));
    if (in.pp > m.layers)
        return invalidArgument(strf("PP %d exceeds the model's %d layers", in.pp, m.layers));
    return success();
}

ParallelConfig requestedConfig(const PlanInput &in)
{
    ParallelConfig c;
    c.tp = in.tp;
    c.pp = in.pp;
    c.dp = in.gpus / (in.tp * in.pp);
    if (in.workload == Workload::Training) {
        c.zeroStage = in.training.zeroStage;
        c.checkpointing = in.training.checkpointing;
        c.microBatch = in.training.microBatch;
    } else {
        c.microBatch = in.inference.batch;
        c.weights = in.inference.weights;
    }
    return c;
}

std::string changeFrom(const ParallelConfig &from, const ParallelConfig &to, int *distance)
{
    std::string s;
    int d = 0;
    auto add = [&](bool differs, int weight, const std::string &what) {
        if (!differs)
            return;
        d += weight;
        s += (s.empty() ? "" : ", ") + what;
    };
    add(from.tp != to.tp, 2, strf("TP %d -> %d", from.tp, to.tp));
    add(from.pp != to.pp, 2, strf("PP %d -> %d", from.pp, to.pp));
    add(from.zeroStage != to.zeroStage, 1, strf("ZeRO %d -> %d", from.zeroStage, to.zeroStage));
    add(from.checkpointing != to.checkpointing, 1,
        strf("checkpointing %s -> %s", checkpointingName(from.checkpointing), checkpointingName(to.checkpointing)));
    add(from.weights != to.weights, 1,
        strf("weights %s -> %s", weightFormatName(from.weights), weightFormatName(to.weights)));
    add(from.microBatch != to.microBatch, 1, strf("batch %d -> %d", from.microBatch, to.microBatch));
    *distance = d;
    return s;
}

// Every configuration of the same GPUs worth trying: TP inside a node dividing the heads, PP
// dividing what is left, then ZeRO and checkpointing (training) or weight format (inference);
// the batch is the requested one, or the largest that fits when that is smaller.
std::vector<Candidate> searchCandidates(const ConfigEvaluator &eval, const PlanInput &in, const ModelShape &m,
                                        const GpuModelInfo &gpu, int gpusPerNode, const ParallelConfig &request)
{
    std::vector<Candidate> out;
    std::vector<WeightFormat> formats{WeightFormat::Bf16};
    if (in.workload == Workload::Inference) {
        formats = {request.weights};
        for (WeightFormat w : {WeightFormat::Fp8, WeightFormat::Int8, WeightFormat::Int4})
            if (w != request.weights && (w != WeightFormat::Fp8 || gpu.supports(MathPrecision::Fp8)))
                formats.push_back(w);
    }
    const std::vector<int> zeroStages =
        in.workload == Workload::Training ? std::vector<int>{0, 1, 2, 3} : std::vector<int>{0};
    const std::vector<Checkpointing> ckpts =
        in.workload == Workload::Training
            ? std::vector<Checkpointing>{Checkpointing::None, Checkpointing::Selective, Checkpointing::Full}
            : std::vector<Checkpointing>{Checkpointing::None};
    for (int tp = 1; tp <= std::min(gpusPerNode, in.gpus); tp *= 2) {
        if (m.heads % tp != 0 || in.gpus % tp != 0)
            continue;
        for (int pp = 1; pp <= std::min(m.layers, in.gpus / tp); ++pp) {
            if ((in.gpus / tp) % pp != 0)
                continue;
            for (int zero : zeroStages)
                for (Checkpointing ck : ckpts)
                    for (WeightFormat w : formats) {
                        ParallelConfig c = request;
                        c.tp = tp;
                        c.pp = pp;
                        c.dp = in.gpus / (tp * pp);
                        c.zeroStage = zero;
                        c.checkpointing = ck;
                        c.weights = in.workload == Workload::Inference ? w : request.weights;
                        if (zero > 0 && c.dp == 1 && request.zeroStage != zero)
                            continue; // ZeRO without data parallelism changes nothing
                        const int maxBatch = eval.maxMicroBatch(c);
                        if (maxBatch < 1)
                            continue;
                        c.microBatch = std::min(request.microBatch, maxBatch);
                        Candidate cand;
                        cand.config = c;
                        cand.memoryBytes = eval.memory(c).totalBytes();
                        const TimeBreakdown t = eval.time(c);
                        cand.stepMs = t.stepMsCompressed;
                        cand.tokensPerSecond = t.tokensPerSecond;
                        cand.change = changeFrom(request, c, &cand.distance);
                        out.push_back(std::move(cand));
                    }
        }
    }
    return out;
}

} // namespace

Status validatePlanInput(const PlanInput &input)
{
    auto gpu = findGpuModel(input.gpuModel);
    if (!gpu)
        return gpu.error();
    if (Status s = validateScalars(input, *gpu); !s)
        return s;
    auto shape = resolveShape(input.model);
    if (!shape)
        return shape.error();
    return validateShape(input, shape->shape);
}

Result<PlanEstimate> planJob(const PlanInput &input)
{
    if (Status s = validatePlanInput(input); !s)
        return s.error();
    PlanEstimate e;
    e.input = input;
    e.gpu = *findGpuModel(input.gpuModel);
    e.shape = *resolveShape(input.model);
    e.input.model = e.shape.shape;
    const ModelShape &m = e.shape.shape;
    e.nodes = input.nodes > 0 ? input.nodes : (input.gpus + 7) / 8;
    if (input.gpus % e.nodes != 0)
        e.nodes = 1; // fewer than 8 per node unevenly: treat as one node (a workstation)
    e.gpusPerNode = input.gpus / e.nodes;
    const comms::CommShape node =
        input.nodeShape ? *input.nodeShape
                        : defaultNodeShape(e.gpu, e.gpusPerNode, input.nicsPerNode, input.nicGbps, input.net);
    const ConfigEvaluator eval(e.input, m, e.gpu, e.nodes, node);
    e.config = requestedConfig(input);

    if (!e.shape.assumedFrom.empty())
        e.explain.push_back(strf("model shape: %d layers, hidden %d, %d heads (%d KV), head size %d, from %s for %.4g "
                                 "parameters (give --layers/--hidden/--heads to override)",
                                 m.layers, m.hidden, m.heads, m.kvHeads, m.headDim, e.shape.assumedFrom.c_str(),
                                 m.parameters));
    e.explain.push_back(strf("GPUs: %d x %s (%s), %d node(s) x %d; %s", input.gpus, e.gpu.name.c_str(),
                             gib(e.gpu.memoryBytes()).c_str(), e.nodes, e.gpusPerNode, e.gpu.source.c_str()));
    if (!input.nodeShape)
        e.explain.push_back(strf("topology: assumed for %s: %s at %.0f GB/s per GPU, %d NIC(s) of %.1f GB/s per node",
                                 e.gpu.name.c_str(), comms::intraFabricName(node.intra), node.intraGBps,
                                 node.nicsPerNode, node.nicGBps));
    e.explain.push_back("configuration: " + describeConfig(e.config, input.workload));
    if (input.tp > e.gpusPerNode)
        e.warnings.push_back(strf("TP %d spans nodes (%d GPUs per node): tensor-parallel traffic crosses the network",
                                  input.tp, e.gpusPerNode));

    e.memory = eval.memory(e.config, &e.explain);
    e.fits = e.memory.fits();
    e.maxMicroBatch = eval.maxMicroBatch(e.config);
    e.explain.push_back(strf("largest %s that fits: %d", input.workload == Workload::Training ? "micro-batch" : "batch",
                             e.maxMicroBatch));
    e.time = eval.time(e.config, &e.explain);

    std::vector<Candidate> all = searchCandidates(eval, e.input, m, e.gpu, e.gpusPerNode, e.config);
    if (!all.empty()) {
        e.nearest = *std::min_element(all.begin(), all.end(), [](const Candidate &a, const Candidate &b) {
            return a.distance != b.distance ? a.distance < b.distance : a.tokensPerSecond > b.tokensPerSecond;
        });
    }
    std::sort(all.begin(), all.end(), [](const Candidate &a, const Candidate &b) {
        return a.tokensPerSecond != b.tokensPerSecond ? a.tokensPerSecond > b.tokensPerSecond
                                                      : a.memoryBytes < b.memoryBytes;
    });
    if (all.size() > 10)
        all.resize(10);
    e.candidates = std::move(all);

    if (!e.fits) {
        // Name the largest component: that is what to attack first.
        const std::pair<const char *, double> parts[] = {
            {"parameters", e.memory.paramsBytes},          {"gradients", e.memory.gradsBytes},
            {"optimizer states", e.memory.optimizerBytes}, {"activations", e.memory.activationBytes},
            {"KV cache", e.memory.kvCacheBytes},
        };
        const auto *largest = std::max_element(std::begin(parts), std::end(parts),
                                               [](const auto &a, const auto &b) { return a.second < b.second; });
        e.reason =
            strf("needs %s per GPU but %s has %s; the largest part is %s (%s)", gib(e.memory.totalBytes()).c_str(),
                 e.gpu.name.c_str(), gib(e.memory.capacityBytes).c_str(), largest->first, gib(largest->second).c_str());
        if (e.nearest)
            e.reason += "; nearest configuration that fits: " + e.nearest->change;
    }
    if (!e.nearest && !e.fits) {
        // The fewest GPUs of this model that hold it with everything sharded and recomputed.
        for (int gpus = input.gpus * 2; gpus <= 65536 && e.minimumGpus == 0; gpus *= 2) {
            PlanInput bigger = e.input;
            bigger.gpus = gpus;
            bigger.nodes = 0;
            bigger.tp = std::min(8, m.heads);
            while (m.heads % bigger.tp != 0)
                bigger.tp /= 2;
            bigger.pp = 1;
            bigger.training.zeroStage = 3;
            bigger.training.checkpointing = Checkpointing::Full;
            bigger.training.microBatch = 1;
            bigger.inference.batch = 1;
            const int nodes = (gpus + 7) / 8;
            const ConfigEvaluator big(
                bigger, m, e.gpu, nodes,
                defaultNodeShape(e.gpu, gpus / nodes, input.nicsPerNode, input.nicGbps, input.net));
            ParallelConfig c = requestedConfig(bigger);
            for (int pp = 1; pp <= std::min(m.layers, gpus / bigger.tp) && e.minimumGpus == 0; pp *= 2) {
                c.pp = pp;
                c.dp = gpus / (bigger.tp * pp);
                if (c.dp >= 1 && big.memory(c).fits())
                    e.minimumGpus = gpus;
            }
        }
        e.reason += e.minimumGpus > 0 ? strf("; no configuration of %d GPUs fits: it needs at least %d %s", input.gpus,
                                             e.minimumGpus, e.gpu.name.c_str())
                                      : strf("; no configuration of %d GPUs fits", input.gpus);
    }
    return e;
}

std::string describeConfig(const ParallelConfig &c, Workload workload)
{
    if (workload == Workload::Inference)
        return strf("TP %d · PP %d · %d replica(s) · weights %s · batch %d", c.tp, c.pp, c.dp,
                    weightFormatName(c.weights), c.microBatch);
    return strf("TP %d · PP %d · DP %d · ZeRO %d · checkpointing %s · micro-batch %d", c.tp, c.pp, c.dp, c.zeroStage,
                checkpointingName(c.checkpointing), c.microBatch);
}

} // namespace sn::planner
