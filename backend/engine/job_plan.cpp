#include "backend/engine/job_plan.h"

#include "backend/comms/fabric_builder.h"
#include "backend/comms/placement_score.h"
#include "backend/planner/job_planner.h"
#include "backend/planner/plan_format.h"

#include <map>

namespace sn {

namespace {

using namespace planner;

template <typename T>
Result<T> parseName(const std::string &field, const std::string &value, std::optional<T> (*from)(const std::string &),
                    T fallback, const char *accepted)
{
    if (value.empty())
        return fallback;
    if (auto v = from(value))
        return *v;
    return invalidArgument(field + " '" + value + "' is not one of " + accepted);
}

Result<comms::GradientCompression> parseCompression(const std::string &text)
{
    if (text.empty() || text == "none")
        return comms::GradientCompression::none();
    if (text == "fp8")
        return comms::GradientCompression::fp8FromFp16();
    const auto colon = text.find(':');
    const std::string kind = text.substr(0, colon);
    bool ok = colon != std::string::npos;
    double v = 0;
    if (ok) {
        try {
            std::size_t used = 0;
            v = std::stod(text.substr(colon + 1), &used);
            ok = used == text.size() - colon - 1;
        } catch (...) {
            ok = false;
        }
    }
    if (ok && kind == "ratio")
        return comms::GradientCompression::fixedRatio(v);
    if (ok && kind == "topk")
        return comms::GradientCompression::topKFraction(v);
    return invalidArgument("compression '" + text + "' is not one of none, fp8, ratio:R, topk:F");
}

void configToProto(const ParallelConfig &c, Workload w, pb::PlanConfig &out)
{
    out.set_tensor_parallel(c.tp);
    out.set_pipeline_parallel(c.pp);
    out.set_data_parallel(c.dp);
    out.set_zero_stage(c.zeroStage);
    out.set_checkpointing(checkpointingName(c.checkpointing));
    out.set_micro_batch(c.microBatch);
    if (w == Workload::Inference)
        out.set_weights(weightFormatName(c.weights));
    out.set_description(describeConfig(c, w));
}

void candidateToProto(const Candidate &c, Workload w, pb::PlanCandidate &out)
{
    configToProto(c.config, w, *out.mutable_config());
    out.set_memory_bytes(c.memoryBytes);
    out.set_step_ms(c.stepMs);
    out.set_tokens_per_second(c.tokensPerSecond);
    out.set_distance(c.distance);
    out.set_change(c.change);
}

// The GPU model and count per node most of the cluster's nodes have.
std::pair<std::string, int> clusterGpus(const ClusterSpec &cluster)
{
    std::map<std::string, int> models;
    int perNode = 0;
    for (const NodeSpec &n : cluster.nodes) {
        perNode = std::max<int>(perNode, int(n.gpus.size()));
        for (const GpuSpec &g : n.gpus)
            ++models[g.model];
    }
    std::string best;
    int count = 0;
    for (const auto &[m, c] : models)
        if (c > count)
            best = m, count = c;
    return {best, perNode};
}

} // namespace

Result<PlanInput> planInputFromProto(const pb::PlanJobRequest &r)
{
    const pb::DeclaredModel &m = r.model();
    PlanInput in;
    in.workload = m.workload() == pb::PLAN_WORKLOAD_INFERENCE ? Workload::Inference : Workload::Training;
    in.model = {m.parameters(), m.layers(), m.hidden(), m.heads(), m.kv_heads(), m.head_dim()};
    in.gpuModel = r.gpu_model();
    in.gpus = r.gpus() == 0 ? 1 : r.gpus();
    in.nodes = r.nodes();
    in.tp = m.tensor_parallel() == 0 ? 1 : m.tensor_parallel();
    in.pp = m.pipeline_parallel() == 0 ? 1 : m.pipeline_parallel();
    in.seq = m.seq() == 0 ? 2048 : m.seq();
    if (m.has_mfu())
        in.mfu = m.mfu();
    if (m.has_reserve_gib())
        in.reserveGiB = m.reserve_gib();
    in.nicsPerNode = r.nics_per_node();
    if (r.nic_gbps() != 0)
        in.nicGbps = r.nic_gbps();

    auto precision = parseName<TrainPrecision>("precision", m.precision(), trainPrecisionFromName,
                                               TrainPrecision::Bf16Mixed, "fp32, fp16, bf16, fp8");
    auto optimizer = parseName<Optimizer>("optimizer", m.optimizer(), optimizerFromName, Optimizer::AdamW,
                                          "adam, adamw, sgd, adam8bit");
    auto ckpt = parseName<Checkpointing>("checkpointing", m.checkpointing(), checkpointingFromName,
                                         Checkpointing::Selective, "none, selective, full");
    const char *formats = "fp32, fp16, bf16, fp8, int8, int4";
    auto weights = parseName<WeightFormat>("weights", m.weights(), weightFormatFromName, WeightFormat::Bf16, formats);
    auto kv = parseName<WeightFormat>("kv cache", m.kv_cache(), weightFormatFromName, WeightFormat::Bf16, formats);
    auto compression = parseCompression(m.compression());
    if (!precision)
        return precision.error();
    if (!optimizer)
        return optimizer.error();
    if (!ckpt)
        return ckpt.error();
    if (!weights)
        return weights.error();
    if (!kv)
        return kv.error();
    if (!compression)
        return compression.error();
    if (kv.value() == WeightFormat::Int4)
        return invalidArgument("kv cache 'int4' is not supported; use bf16, fp16, fp8 or int8");
    in.training.precision = *precision;
    in.training.optimizer = *optimizer;
    in.training.zeroStage = m.zero_stage();
    in.training.checkpointing = *ckpt;
    in.training.sequenceParallel = m.sequence_parallel();
    in.training.microBatch = m.micro_batch() == 0 ? 1 : m.micro_batch();
    in.training.gradientAccumulation = m.gradient_accumulation() == 0 ? 1 : m.gradient_accumulation();
    in.training.tokens = m.tokens();
    if (m.has_overlap())
        in.training.overlap = m.overlap();
    in.training.compression = *compression;
    in.inference.weights = *weights;
    in.inference.kvCache = *kv;
    in.inference.batch = m.batch() == 0 ? 1 : m.batch();
    in.inference.outputTokens = m.output_tokens();
    return in;
}

pb::PlanJobResponse planToProto(const PlanEstimate &e, const std::string &topology)
{
    pb::PlanJobResponse r;
    const Workload w = e.input.workload;
    r.set_gpu_model(e.gpu.name);
    r.set_gpu_source(e.gpu.source);
    r.set_gpus(e.input.gpus);
    r.set_nodes(e.nodes);
    r.set_gpus_per_node(e.gpusPerNode);
    pb::DeclaredModel &m = *r.mutable_model();
    const ModelShape &s = e.shape.shape;
    m.set_parameters(s.parameters);
    m.set_layers(s.layers);
    m.set_hidden(s.hidden);
    m.set_heads(s.heads);
    m.set_kv_heads(s.kvHeads);
    m.set_head_dim(s.headDim);
    m.set_workload(w == Workload::Inference ? pb::PLAN_WORKLOAD_INFERENCE : pb::PLAN_WORKLOAD_TRAINING);
    m.set_seq(e.input.seq);
    m.set_mfu(e.input.mfu);
    m.set_reserve_gib(e.input.reserveGiB);
    m.set_tensor_parallel(e.input.tp);
    m.set_pipeline_parallel(e.input.pp);
    if (w == Workload::Training) {
        const TrainingOptions &t = e.input.training;
        m.set_precision(trainPrecisionName(t.precision));
        m.set_optimizer(optimizerName(t.optimizer));
        m.set_zero_stage(t.zeroStage);
        m.set_checkpointing(checkpointingName(t.checkpointing));
        m.set_sequence_parallel(t.sequenceParallel);
        m.set_micro_batch(t.microBatch);
        m.set_gradient_accumulation(t.gradientAccumulation);
        m.set_tokens(t.tokens);
        m.set_overlap(t.overlap);
        m.set_compression(t.compression.name);
    } else {
        m.set_weights(weightFormatName(e.input.inference.weights));
        m.set_kv_cache(weightFormatName(e.input.inference.kvCache));
        m.set_batch(e.input.inference.batch);
        m.set_output_tokens(e.input.inference.outputTokens);
    }
    r.set_shape_assumed_from(e.shape.assumedFrom);
    r.set_topology(topology);
    configToProto(e.config, w, *r.mutable_config());
    pb::PlanMemory &mem = *r.mutable_memory();
    mem.set_params_bytes(e.memory.paramsBytes);
    mem.set_grads_bytes(e.memory.gradsBytes);
    mem.set_optimizer_bytes(e.memory.optimizerBytes);
    mem.set_activation_bytes(e.memory.activationBytes);
    mem.set_kv_cache_bytes(e.memory.kvCacheBytes);
    mem.set_reserve_bytes(e.memory.reserveBytes);
    mem.set_total_bytes(e.memory.totalBytes());
    mem.set_capacity_bytes(e.memory.capacityBytes);
    r.set_fits(e.fits);
    r.set_reason(e.reason);
    r.set_max_micro_batch(e.maxMicroBatch);
    const TimeBreakdown &t = e.time;
    pb::PlanTime &pt = *r.mutable_time();
    pt.set_tokens_per_step(t.tokensPerStep);
    pt.set_flops_per_step(t.flopsPerStep);
    pt.set_peak_tflops(t.peakTflops);
    pt.set_compute_ms(t.computeMs);
    pt.set_bubble_ms(t.bubbleMs);
    pt.set_tp_comm_ms(t.tpCommMs);
    pt.set_pp_comm_ms(t.ppCommMs);
    pt.set_dp_comm_ms(t.dpCommMs);
    pt.set_dp_collectives(t.dpCollectives);
    pt.set_step_ms_no_overlap(t.stepMsNoOverlap);
    pt.set_step_ms(t.stepMs);
    pt.set_comm_share_no_overlap(t.commShareNoOverlap);
    pt.set_comm_share(t.commShare);
    pt.set_compression(t.compression);
    pt.set_dp_comm_compressed_ms(t.dpCommCompressedMs);
    pt.set_step_ms_compressed(t.stepMsCompressed);
    pt.set_comm_share_compressed(t.commShareCompressed);
    pt.set_tokens_per_second(t.tokensPerSecond);
    pt.set_decode_ms_per_token(t.decodeMsPerToken);
    pt.set_steps(t.steps);
    pt.set_job_seconds(t.jobSeconds);
    for (const Candidate &c : e.candidates)
        candidateToProto(c, w, *r.add_candidates());
    if (e.nearest)
        candidateToProto(*e.nearest, w, *r.mutable_nearest());
    r.set_minimum_gpus(e.minimumGpus);
    for (const std::string &s : e.warnings)
        r.add_warnings(s);
    for (const std::string &s : e.explain)
        r.add_explain(s);
    return r;
}

Result<pb::PlanJobResponse> planJobOnCluster(const pb::PlanJobRequest &request, const ClusterSpec &cluster)
{
    auto input = planInputFromProto(request);
    if (!input)
        return input.error();
    const auto [clusterModel, perNode] = clusterGpus(cluster);
    std::string topology = "assumed from the GPU model";
    std::string topologyLine;
    if (input->gpuModel.empty()) {
        if (clusterModel.empty())
            return invalidArgument("the cluster has no GPUs; name a GPU model");
        input->gpuModel = clusterModel;
    }
    auto requested = planner::findGpuModel(input->gpuModel);
    auto ours = planner::findGpuModel(clusterModel);
    if (requested && ours && requested->name == ours->name && perNode > 0) {
        // The cluster's own GPUs: its GPUs per node and its discovered NVLink and NIC shape.
        // An uneven split (9 GPUs over two 8-GPU nodes) is left to the planner, which plans it
        // as one node's worth rather than refuse a job the scheduler would place.
        const int nodes = input->nodes > 0 ? input->nodes : std::max(1, (input->gpus + perNode - 1) / perNode);
        if (input->gpus % nodes == 0) {
            input->nodes = nodes;
            const comms::TopologyGraph graph = comms::graphFromClusterSpec(cluster);
            const comms::PlacementScorer scorer(graph);
            comms::CommShape shape = scorer.nodeShape();
            shape.gpusPerNode = input->gpus / input->nodes;
            if (shape.intraGBps > 0) {
                input->nodeShape = shape;
                topology = "cluster";
                topologyLine = "topology: the cluster's links: " + std::string(comms::intraFabricName(shape.intra)) +
                               " at " + planner::strf("%.0f", shape.intraGBps) + " GB/s per GPU, " +
                               std::to_string(shape.nicsPerNode) + " NIC(s) of " +
                               planner::strf("%.1f", shape.nicGBps) + " GB/s per node";
            }
        }
    }
    auto estimate = planner::planJob(*input);
    if (!estimate)
        return estimate.error();
    pb::PlanJobResponse response = planToProto(*estimate, topology);
    if (!topologyLine.empty())
        response.mutable_explain()->Add()->assign(topologyLine);
    return response;
}

Result<DeclaredModelCheck> checkDeclaredModel(const pb::JobSpec &spec, const ClusterSpec &cluster)
{
    if (!spec.has_declared_model())
        return DeclaredModelCheck{};
    pb::PlanJobRequest request;
    *request.mutable_model() = spec.declared_model();
    request.set_gpus(std::max(1, spec.gpus_max() > 0 ? spec.gpus_max() : spec.gpus_min()));
    if (spec.gpu_models_size() > 0)
        request.set_gpu_model(spec.gpu_models(0));
    auto plan = planJobOnCluster(request, cluster);
    if (!plan)
        return invalidArgument("declared model: " + plan.error().message);
    if (plan->fits())
        return DeclaredModelCheck{};
    std::string why = "the declared model does not fit on " + std::to_string(plan->gpus()) + " x " + plan->gpu_model() +
                      ": " + plan->reason();
    if (spec.declared_model().refuse_if_no_fit())
        return invalidArgument(why);
    return DeclaredModelCheck{why};
}

} // namespace sn
