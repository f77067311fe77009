#include "backend/planner/config_evaluator.h"

#include "backend/comms/link_rates.h"
#include "backend/comms/training_step.h"
#include "backend/planner/memory_model.h"
#include "backend/planner/plan_format.h"

#include <algorithm>
#include <cmath>

namespace sn::planner {

comms::CommShape defaultNodeShape(const GpuModelInfo &gpu, int gpusPerNode, int nicsPerNode, double nicGbps,
                                  comms::LinkKind net)
{
    comms::CommShape s;
    s.nodes = 1;
    s.gpusPerNode = gpusPerNode;
    const bool pciePart = gpu.name.find("PCIe") != std::string::npos;
    if (gpu.nvlinkGBps > 0 && !pciePart) {
        // SXM parts sit on HGX boards; V100 SXM2 boards join GPUs by direct NVLink bonds (the
        // hybrid cube mesh), A100 and later through NVSwitches, with in-switch reduction (NVLS)
        // from NVSwitch gen3 (H100/H200).
        const bool volta = gpu.name.rfind("V100", 0) == 0;
        s.intra = volta ? comms::IntraFabric::NvLinkDirect : comms::IntraFabric::NvSwitch;
        s.intraGBps = gpu.nvlinkGBps / 2;
        s.nvls = gpu.nvlinkGBps >= 900;
    } else {
        // PCIe cards (the H100 PCIe's NVLink bridge joins pairs only, so a ring runs over PCIe).
        s.intra = gpu.peerToPeer ? comms::IntraFabric::PcieP2p : comms::IntraFabric::PcieHostStaged;
        s.intraGBps = comms::pcieGBpsPerLane(gpu.pcieGeneration) * 16;
    }
    s.nicsPerNode = nicsPerNode > 0 ? nicsPerNode : gpusPerNode;
    s.nicGBps = nicGbps / 8;
    s.net = net;
    return s;
}

ConfigEvaluator::ConfigEvaluator(const PlanInput &input, const ModelShape &shape, const GpuModelInfo &gpu, int nodes,
                                 const comms::CommShape &nodeShape)
    : m_input(input), m_shape(shape), m_gpu(gpu), m_nodes(std::max(1, nodes)),
      m_gpusPerNode(std::max(1, input.gpus / std::max(1, nodes))), m_node(nodeShape)
{
}

MathPrecision ConfigEvaluator::math() const
{
    if (m_input.workload == Workload::Inference) {
        switch (m_input.inference.weights) {
        case WeightFormat::Fp32:
            return m_gpu.supports(MathPrecision::Tf32) ? MathPrecision::Tf32 : MathPrecision::Fp32;
        case WeightFormat::Fp8:
            return MathPrecision::Fp8;
        case WeightFormat::Fp16:
            return MathPrecision::Fp16;
        default: // weight-only int8/int4 dequantize into BF16 (FP16 where there is none) matmuls
            return m_gpu.supports(MathPrecision::Bf16) ? MathPrecision::Bf16 : MathPrecision::Fp16;
        }
    }
    switch (m_input.training.precision) {
    case TrainPrecision::Fp32:
        // Frameworks run FP32 matmuls on TF32 tensor cores where the GPU has them
        // (torch.backends.cuda.matmul.allow_tf32, Megatron's default).
        return m_gpu.supports(MathPrecision::Tf32) ? MathPrecision::Tf32 : MathPrecision::Fp32;
    case TrainPrecision::Fp16Mixed:
        return MathPrecision::Fp16;
    case TrainPrecision::Bf16Mixed:
        return MathPrecision::Bf16;
    case TrainPrecision::Fp8Mixed:
        return MathPrecision::Fp8;
    }
    return MathPrecision::Bf16;
}

double ConfigEvaluator::activationBytesPerValue() const
{
    return m_input.workload == Workload::Training && m_input.training.precision == TrainPrecision::Fp32 ? 4 : 2;
}

MemoryBreakdown ConfigEvaluator::memory(const ParallelConfig &c, std::vector<std::string> *explain) const
{
    MemoryBreakdown m;
    m.capacityBytes = m_gpu.memoryBytes();
    m.reserveBytes = m_input.reserveGiB * 1024.0 * 1024.0 * 1024.0;
    const double perGpuParams = m_shape.parameters / (double(c.tp) * c.pp);
    auto say = [explain](std::string line) {
        if (explain)
            explain->push_back(std::move(line));
    };
    if (m_input.workload == Workload::Inference) {
        const double wb = weightFormatBytes(c.weights);
        m.paramsBytes = perGpuParams * wb;
        say(strf("weights: %.4g parameters / (TP %d x PP %d) x %.3g bytes (%s) = %s", m_shape.parameters, c.tp, c.pp,
                 wb, weightFormatName(c.weights), gib(m.paramsBytes).c_str()));
        KvCacheShape kv{c.microBatch,
                        m_input.seq,
                        m_shape.layers,
                        m_shape.kvHeads,
                        m_shape.headDim,
                        weightFormatBytes(m_input.inference.kvCache),
                        c.tp,
                        c.pp};
        m.kvCacheBytes = kvCacheBytesPerGpu(kv);
        say(strf("KV cache: 2 x batch %d x context %d x %d layers / PP %d x ceil(%d KV heads / TP %d) x head size %d x "
                 "%.3g bytes = %s (Llama-style GQA shares KV heads)",
                 c.microBatch, m_input.seq, m_shape.layers, c.pp, m_shape.kvHeads, c.tp, m_shape.headDim,
                 kv.bytesPerValue, gib(m.kvCacheBytes).c_str()));
    } else {
        const StateBytes sb = stateBytes(m_input.training.precision, m_input.training.optimizer);
        const ModelStateMemory ms = modelStateMemory(perGpuParams, c.dp, c.zeroStage, sb);
        m.paramsBytes = ms.paramsBytes;
        m.gradsBytes = ms.gradsBytes;
        m.optimizerBytes = ms.optimizerBytes;
        const char *p3 = c.zeroStage >= 3 ? " / DP" : "";
        const char *p2 = c.zeroStage >= 2 ? " / DP" : "";
        const char *p1 = c.zeroStage >= 1 ? " / DP" : "";
        say(strf("model states (ZeRO paper, Rajbhandari et al. SC'20): psi = %.4g parameters / (TP %d x PP %d) = %.4g "
                 "per GPU, DP = %d, ZeRO stage %d",
                 m_shape.parameters, c.tp, c.pp, perGpuParams, c.dp, c.zeroStage));
        say(strf("parameters: psi x %g bytes (%s)%s = %s", sb.params, trainPrecisionName(m_input.training.precision),
                 p3, gib(m.paramsBytes).c_str()));
        say(strf("gradients: psi x %g bytes%s = %s", sb.grads, p2, gib(m.gradsBytes).c_str()));
        say(strf("optimizer states: psi x K = %g bytes (%s%s)%s = %s", sb.optimizer,
                 optimizerName(m_input.training.optimizer),
                 m_input.training.precision == TrainPrecision::Fp32 ? "" : ", with FP32 master weights", p1,
                 gib(m.optimizerBytes).c_str()));
        ActivationShape a;
        a.seq = m_input.seq;
        a.microBatch = c.microBatch;
        a.hidden = m_shape.hidden;
        a.heads = m_shape.heads;
        a.layers = m_shape.layers;
        a.tp = c.tp;
        a.pp = c.pp;
        a.microBatchesPerStep = m_input.training.gradientAccumulation;
        a.sequenceParallel = m_input.training.sequenceParallel;
        a.checkpointing = c.checkpointing;
        a.bytesPerValue = activationBytesPerValue();
        m.activationBytes = activationBytesPerGpu(a);
        say(strf(
            "activations (Korthikanti et al. 2022, sec. 4): per layer s·b·h·(%s) x %g/2 bytes with s = %d, b = %d, "
            "h = %d, a = %d, t = %d, checkpointing %s; x ceil(%d layers / PP %d)%s = %s",
            c.checkpointing == Checkpointing::Full ? (a.sequenceParallel ? "2/t" : "2")
            : c.checkpointing == Checkpointing::Selective
                ? (a.sequenceParallel ? "34/t" : "10 + 24/t")
                : (a.sequenceParallel ? "34/t + 5·a·s/(h·t)" : "10 + 24/t + 5·a·s/(h·t)"),
            a.bytesPerValue, a.seq, a.microBatch, a.hidden, a.heads, a.tp, checkpointingName(c.checkpointing), a.layers,
            c.pp, c.pp > 1 ? " x micro-batches in flight (1F1B keeps up to PP)" : "", gib(m.activationBytes).c_str()));
    }
    say(strf("framework reserve: %s (CUDA context, NCCL buffers, allocator fragmentation)",
             gib(m.reserveBytes).c_str()));
    say(strf("total per GPU: %s of %s on %s -> %s", gib(m.totalBytes()).c_str(), gib(m.capacityBytes).c_str(),
             m_gpu.name.c_str(), m.fits() ? "fits" : "does not fit"));
    return m;
}

int ConfigEvaluator::maxMicroBatch(ParallelConfig c) const
{
    c.microBatch = 1;
    if (!memory(c).fits())
        return 0;
    int lo = 1, hi = 2;
    for (c.microBatch = hi; hi < (1 << 16) && memory(c).fits(); c.microBatch = hi)
        lo = hi, hi *= 2;
    while (hi - lo > 1) { // memory(lo) fits, memory(hi) does not (or hi is the cap)
        c.microBatch = lo + (hi - lo) / 2;
        (memory(c).fits() ? lo : hi) = c.microBatch;
    }
    return lo;
}

comms::CommShape ConfigEvaluator::tpShape(const ParallelConfig &c) const
{
    comms::CommShape s = m_node;
    s.gpusPerNode = std::min(c.tp, m_gpusPerNode);
    s.nodes = std::max(1, c.tp / m_gpusPerNode);
    return s;
}

comms::CommShape ConfigEvaluator::dpShape(const ParallelConfig &c) const
{
    // Megatron's rank order: TP fastest, then DP, then PP. Pipeline stages split the nodes
    // first when there are enough; each DP group then spans the nodes of its stage.
    comms::CommShape s = m_node;
    const int nodesPerStage = std::max(1, m_nodes / c.pp);
    s.nodes = std::max(1, std::min(nodesPerStage, c.dp));
    s.gpusPerNode = std::max(1, c.dp / s.nodes);
    // The node's TP x (stages on it) groups share its NICs: each group's GPUs use their own rails.
    const int groupsPerNode = std::max(1, m_gpusPerNode / s.gpusPerNode);
    s.nicsPerNode = std::max(1, m_node.nicsPerNode / groupsPerNode);
    if (m_node.nicsPerNode < groupsPerNode) // fewer NICs than groups: they share one
        s.nicGBps = m_node.nicGBps * m_node.nicsPerNode / groupsPerNode;
    return s;
}

TimeBreakdown ConfigEvaluator::time(const ParallelConfig &c, std::vector<std::string> *explain) const
{
    return m_input.workload == Workload::Inference ? inferenceTime(c, explain) : trainingTime(c, explain);
}

TimeBreakdown ConfigEvaluator::trainingTime(const ParallelConfig &c, std::vector<std::string> *explain) const
{
    auto say = [explain](std::string line) {
        if (explain)
            explain->push_back(std::move(line));
    };
    const TrainingOptions &o = m_input.training;
    const int m = std::max(1, o.gradientAccumulation);
    TimeBreakdown t;
    t.peakTflops = m_gpu.peakTflops(math());
    t.tokensPerStep = double(c.microBatch) * m * c.dp * m_input.seq;
    const double flopsPerToken = (c.checkpointing == Checkpointing::Full ? 8 : 6) * m_shape.parameters;
    t.flopsPerStep = flopsPerToken * t.tokensPerStep;
    t.computeMs = t.flopsPerStep / (m_input.gpus * t.peakTflops * 1e12 * m_input.mfu) * 1e3;
    say(strf("tokens per step: micro-batch %d x %d micro-batches x DP %d x sequence %d = %.4g", c.microBatch, m, c.dp,
             m_input.seq, t.tokensPerStep));
    say(strf("compute: %s x P x tokens = %.4g FLOPs / (%d GPUs x %.4g TFLOPS %s dense peak x MFU %.2f) = %.1f ms",
             c.checkpointing == Checkpointing::Full ? "8 (6, plus a recomputed forward)" : "6", t.flopsPerStep,
             m_input.gpus, t.peakTflops, mathPrecisionName(math()), m_input.mfu, t.computeMs));
    t.bubbleMs = c.pp > 1 ? t.computeMs * (c.pp - 1) / m : 0;
    if (c.pp > 1)
        say(strf("pipeline bubble (1F1B): compute x (PP %d - 1) / %d micro-batches = %.1f ms", c.pp, m, t.bubbleMs));

    const double actBytes = activationBytesPerValue();
    const double layersPerStage = std::ceil(double(m_shape.layers) / c.pp);
    if (c.tp > 1) {
        // Megatron: two all-reduces of the layer's s·b·h output forward, two backward (a
        // reduce-scatter + all-gather pair each with sequence parallelism, the same bytes);
        // full recomputation repeats the forward two.
        const double bytes = double(m_input.seq) * c.microBatch * m_shape.hidden * actBytes;
        const int perLayer = c.checkpointing == Checkpointing::Full ? 6 : 4;
        const comms::Prediction p = comms::predict(comms::Collective::AllReduce, bytes, tpShape(c), m_params);
        t.tpCommMs = perLayer * layersPerStage * m * p.timeUs / 1000;
        say(strf("tensor parallel: %d all-reduces x %.0f layers x %d micro-batches of %.4g bytes over TP %d (%s, "
                 "%.1f us each) = %.1f ms, not overlapped",
                 perLayer, layersPerStage, m, bytes, c.tp, comms::intraFabricName(tpShape(c).intra), p.timeUs,
                 t.tpCommMs));
    }
    if (c.pp > 1) {
        // Each micro-batch crosses every stage boundary forward and back; a stage sends its
        // TP-sharded activations (Megatron's scatter-gather optimisation) over the NIC when the
        // stages sit on different nodes, NVLink otherwise.
        const double bytes = double(m_input.seq) * c.microBatch * m_shape.hidden * actBytes / c.tp;
        const bool acrossNodes = m_nodes >= c.pp;
        const double gbps =
            acrossNodes ? m_node.nicGBps * m_params.net.efficiency : m_node.intraGBps * m_params.nvlink.efficiency;
        const double alphaUs = acrossNodes ? m_params.net.alphaUs : m_params.nvlink.alphaUs;
        t.ppCommMs = 2.0 * m * (alphaUs + bytes / (gbps * 1e3)) / 1000;
        say(strf("pipeline sends: 2 x %d micro-batches x %.4g bytes over %s at %.1f GB/s = %.1f ms", m, bytes,
                 acrossNodes ? "the NIC" : "NVLink", gbps, t.ppCommMs));
    }

    const double perGpuParams = m_shape.parameters / (double(c.tp) * c.pp);
    const double gradBytes = perGpuParams * stateBytes(o.precision, o.optimizer).grads;
    const comms::CommShape dp = dpShape(c);
    auto exchange = [&](const comms::GradientCompression &compression) {
        if (c.dp <= 1)
            return 0.0;
        double ms = comms::gradientExchange(gradBytes, dp, compression, m_params).ms();
        if (c.zeroStage >= 3) {
            // ZeRO-3 (paper sec. 7.2.2): the parameters are all-gathered for the forward and again
            // for the backward pass of every micro-batch, and the gradients reduce-scattered: 1.5x
            // the all-reduce volume per micro-batch. The all-reduce stands for the reduce-scatter
            // plus one all-gather.
            const double paramBytes = perGpuParams * stateBytes(o.precision, o.optimizer).params;
            const double gather = comms::predict(comms::Collective::AllGather, paramBytes, dp, m_params).timeUs / 1000;
            ms = m * (ms + gather);
        }
        return ms;
    };
    t.dpCommMs = exchange(comms::GradientCompression::none());
    t.dpCollectives = c.dp <= 1 ? "none" : c.zeroStage >= 3 ? "reduce_scatter+2x all_gather" : "all_reduce";
    if (c.dp > 1)
        say(strf("data parallel: %s of %.4g gradient bytes per GPU over DP %d (%d node(s) x %d GPUs, %d NIC(s) of %.1f "
                 "GB/s each per node) = %.1f ms per step (comms cost model)",
                 t.dpCollectives.c_str(), gradBytes, c.dp, dp.nodes, dp.gpusPerNode, dp.nicsPerNode, dp.nicGBps,
                 t.dpCommMs));
    // The exchange hides behind the backward pass (2/3 of compute) of the last micro-batch;
    // ZeRO-3's per-micro-batch gathers behind the whole of each micro-batch's compute.
    const double window = o.overlap * (c.zeroStage >= 3 ? t.computeMs : t.computeMs * 2.0 / 3.0 / m);
    auto assemble = [&](double dpMs, double *stepNoOverlap, double *shareNoOverlap, double *stepOverlap,
                        double *shareOverlap) {
        const double fixed = t.computeMs + t.bubbleMs + t.tpCommMs + t.ppCommMs;
        const double exposed = std::max(0.0, dpMs - window);
        if (stepNoOverlap) {
            *stepNoOverlap = fixed + dpMs;
            *shareNoOverlap = (t.tpCommMs + t.ppCommMs + dpMs) / *stepNoOverlap;
        }
        *stepOverlap = fixed + exposed;
        *shareOverlap = (t.tpCommMs + t.ppCommMs + exposed) / *stepOverlap;
    };
    assemble(t.dpCommMs, &t.stepMsNoOverlap, &t.commShareNoOverlap, &t.stepMs, &t.commShare);
    say(strf("step without overlap: compute + bubble + TP + PP + DP = %.1f ms, communication %.0f%%", t.stepMsNoOverlap,
             100 * t.commShareNoOverlap));
    say(strf("step with overlap: DP exchange hidden behind up to %.0f%% of the backward pass (%.1f ms) = %.1f ms, "
             "communication %.0f%%",
             100 * o.overlap, window, t.stepMs, 100 * t.commShare));
    t.compression = o.compression.name;
    t.dpCommCompressedMs = exchange(o.compression);
    assemble(t.dpCommCompressedMs, nullptr, nullptr, &t.stepMsCompressed, &t.commShareCompressed);
    if (o.compression.name != "none")
        say(strf("with gradient compression %s: DP %.1f ms -> step %.1f ms, communication %.0f%%",
                 o.compression.name.c_str(), t.dpCommCompressedMs, t.stepMsCompressed, 100 * t.commShareCompressed));
    t.tokensPerSecond = t.tokensPerStep / (t.stepMsCompressed / 1000);
    if (o.tokens > 0) {
        t.steps = std::ceil(o.tokens / t.tokensPerStep);
        t.jobSeconds = t.steps * t.stepMsCompressed / 1000;
        say(strf("job: %.4g tokens / %.4g per step = %.0f steps x %.1f ms = %s", o.tokens, t.tokensPerStep, t.steps,
                 t.stepMsCompressed, duration(t.jobSeconds).c_str()));
    }
    return t;
}

TimeBreakdown ConfigEvaluator::inferenceTime(const ParallelConfig &c, std::vector<std::string> *explain) const
{
    auto say = [explain](std::string line) {
        if (explain)
            explain->push_back(std::move(line));
    };
    TimeBreakdown t;
    t.peakTflops = m_gpu.peakTflops(math());
    // Prefill is compute-bound: 2·P FLOPs per prompt token. A replica is TP x PP GPUs; the
    // planner sizes one replica, and DP replicas serve more requests at the same latency.
    const int replicaGpus = c.tp * c.pp;
    t.tokensPerStep = double(c.microBatch) * m_input.seq;
    t.flopsPerStep = 2 * m_shape.parameters * t.tokensPerStep;
    t.computeMs = t.flopsPerStep / (replicaGpus * t.peakTflops * 1e12 * m_input.mfu) * 1e3;
    say(strf("prefill: 2 x P x batch %d x context %d = %.4g FLOPs / (%d GPUs x %.4g TFLOPS x MFU %.2f) = %.1f ms",
             c.microBatch, m_input.seq, t.flopsPerStep, replicaGpus, t.peakTflops, m_input.mfu, t.computeMs));
    // Decode is bound by memory bandwidth: every token reads the weights and the KV cache once,
    // unless the batch is large enough to be compute-bound.
    const MemoryBreakdown mem = memory(c);
    const double readMs = (mem.paramsBytes + mem.kvCacheBytes) / (m_gpu.memoryBandwidthGBps * 1e9) * 1e3;
    const double mathMs =
        2 * m_shape.parameters * c.microBatch / (replicaGpus * t.peakTflops * 1e12 * m_input.mfu) * 1e3;
    double tpMs = 0;
    if (c.tp > 1) {
        const double bytes = double(c.microBatch) * m_shape.hidden * 2;
        tpMs = 2 * std::ceil(double(m_shape.layers) / c.pp) *
               comms::predict(comms::Collective::AllReduce, bytes, tpShape(c), m_params).timeUs / 1000;
    }
    t.tpCommMs = tpMs;
    t.decodeMsPerToken = std::max(readMs, mathMs) * c.pp + tpMs;
    say(strf("decode: max(read %s of weights + KV at %.0f GB/s = %.2f ms, math %.2f ms) x PP %d + TP all-reduces %.2f "
             "ms = %.2f ms per token for the batch",
             gib(mem.paramsBytes + mem.kvCacheBytes).c_str(), m_gpu.memoryBandwidthGBps, readMs, mathMs, c.pp, tpMs,
             t.decodeMsPerToken));
    t.stepMs = t.stepMsNoOverlap = t.stepMsCompressed = t.decodeMsPerToken;
    t.commShare = t.commShareNoOverlap = t.commShareCompressed = t.decodeMsPerToken > 0 ? tpMs / t.decodeMsPerToken : 0;
    t.tokensPerSecond = c.microBatch / (t.decodeMsPerToken / 1000) * std::max(1, m_input.gpus / replicaGpus);
    say(strf("generation: batch %d / %.2f ms x %d replica(s) = %.0f tokens/s", c.microBatch, t.decodeMsPerToken,
             std::max(1, m_input.gpus / replicaGpus), t.tokensPerSecond));
    if (m_input.inference.outputTokens > 0) {
        t.jobSeconds = (t.computeMs + m_input.inference.outputTokens * t.decodeMsPerToken) / 1000;
        say(strf("one request: prefill %.1f ms + %.0f tokens x %.2f ms = %s", t.computeMs,
                 m_input.inference.outputTokens, t.decodeMsPerToken, duration(t.jobSeconds).c_str()));
    }
    return t;
}

} // namespace sn::planner
