#pragma once
// What the planner answers: memory per GPU by component against the GPU's memory, whether it
// fits and why not, the largest micro-batch that fits, step and job time with communication
// (with and without overlap, with and without gradient compression), the configurations of the
// same GPUs that fit, ranked, and the one nearest to what was asked.

#include "backend/planner/gpu_catalogue.h"
#include "backend/planner/model_shape.h"
#include "backend/planner/plan_input.h"

#include <optional>
#include <string>
#include <vector>

namespace sn::planner {

// The knobs a candidate may change.
struct ParallelConfig {
    int tp = 1;
    int pp = 1;
    int dp = 1;
    int zeroStage = 0;
    Checkpointing checkpointing = Checkpointing::None;
    int microBatch = 1;                        // training micro-batch; inference batch
    WeightFormat weights = WeightFormat::Bf16; // inference only
    bool operator==(const ParallelConfig &) const = default;
};
std::string describeConfig(const ParallelConfig &c, Workload workload); // "TP 2 · PP 1 · DP 8 · ZeRO 2 · ..."

struct MemoryBreakdown {
    double paramsBytes = 0; // weights, for inference
    double gradsBytes = 0;
    double optimizerBytes = 0;
    double activationBytes = 0;
    double kvCacheBytes = 0;
    double reserveBytes = 0;
    double capacityBytes = 0; // the GPU's memory
    double totalBytes() const
    {
        return paramsBytes + gradsBytes + optimizerBytes + activationBytes + kvCacheBytes + reserveBytes;
    }
    bool fits() const { return totalBytes() <= capacityBytes; }
};

struct TimeBreakdown {
    double tokensPerStep = 0;  // training: global batch x sequence; inference: batch x context
    double flopsPerStep = 0;   // 6·P·tokens (8·P·tokens with full recomputation); inference: prefill 2·P·tokens
    double peakTflops = 0;     // per GPU, at the step's precision
    double computeMs = 0;      // training step; inference prefill
    double bubbleMs = 0;       // pipeline fill and drain, 1F1B: compute x (p - 1) / micro-batches
    double tpCommMs = 0;       // tensor-parallel all-reduces inside the NVLink domain (not overlapped)
    double ppCommMs = 0;       // activations between pipeline stages
    double dpCommMs = 0;       // gradient all-reduce, or ZeRO's reduce-scatter and all-gathers
    std::string dpCollectives; // "all_reduce", "all_reduce+all_gather" (ZeRO-3)
    double stepMsNoOverlap = 0;
    double stepMs = 0; // the DP exchange overlapping the backward pass
    double commShareNoOverlap = 0;
    double commShare = 0; // exposed communication / step
    // The same with the requested gradient compression (equal to the above when there is none).
    std::string compression = "none";
    double dpCommCompressedMs = 0;
    double stepMsCompressed = 0;
    double commShareCompressed = 0;
    double tokensPerSecond = 0;  // training throughput, or generated tokens per second
    double decodeMsPerToken = 0; // inference: one generated token for the whole batch
    double steps = 0;            // training steps for the tokens asked; 0 when none were
    double jobSeconds = 0;       // the whole run (with overlap and compression); 0 when unknown
};

struct Candidate {
    ParallelConfig config;
    double memoryBytes = 0;
    double stepMs = 0;
    double tokensPerSecond = 0;
    int distance = 0;   // how many knobs differ from the request (tensor/pipeline degrees weigh 2)
    std::string change; // "ZeRO 2 -> 3, micro-batch 4 -> 2"; empty for the request itself
};

struct PlanEstimate {
    PlanInput input; // as given, the shape resolved
    ResolvedShape shape;
    GpuModelInfo gpu;
    int nodes = 1;
    int gpusPerNode = 1;
    ParallelConfig config; // the request
    MemoryBreakdown memory;
    bool fits = false;
    std::string reason;    // why it does not fit; empty when it does
    int maxMicroBatch = 0; // the largest micro-batch (inference: batch) that fits; 0 if none
    TimeBreakdown time;
    std::vector<Candidate> candidates; // configurations that fit, fastest first (at most 10)
    std::optional<Candidate> nearest;  // the fitting configuration closest to the request
    int minimumGpus = 0;               // when nothing fits: the fewest GPUs of this model that would
    std::vector<std::string> warnings;
    std::vector<std::string> explain; // how each number was computed, one line each
};

} // namespace sn::planner
