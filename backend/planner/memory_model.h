#pragma once
// GPU memory per GPU, by component, from published formulas:
// - Model states (parameters, gradients, optimizer states) with ZeRO stages 0-3: Rajbhandari et
//   al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models", SC'20, section 5
//   and figure 1: (2 + 2 + K) x psi bytes for mixed-precision Adam (K = 12: FP32 master
//   weights, momentum, variance), each stage dividing one more term by the DP degree.
// - Activations of a transformer layer: Korthikanti et al., "Reducing Activation Recomputation
//   in Large Transformer Models", MLSys 2023 (arXiv 2205.05198), section 4: s·b·h·(34 + 5·a·s/h)
//   bytes with no parallelism, (10 + 24/t + 5·a·s/(h·t)) with tensor parallelism t,
//   (34/t + 5·a·s/(h·t)) adding sequence parallelism, 34/t with selective recomputation,
//   2·s·b·h/t (the layer input only) with full recomputation. 1F1B pipelining keeps p
//   micro-batches on the first stage, so its L/p layers hold L layers' worth (section 4.2.3)
//   (fewer when a step has fewer than p micro-batches).
// - KV cache: 2 (K and V) x batch x sequence x layers x KV heads x head size x bytes.

#include "backend/planner/plan_input.h"

namespace sn::planner {

// Bytes per parameter of each model-state term, by precision and optimizer.
struct StateBytes {
    double params = 2;
    double grads = 2;
    double optimizer = 12; // K: FP32 master copy (mixed precision) plus the optimizer's moments
};
StateBytes stateBytes(TrainPrecision precision, Optimizer optimizer);

struct ModelStateMemory {
    double paramsBytes = 0;
    double gradsBytes = 0;
    double optimizerBytes = 0;
    double total() const { return paramsBytes + gradsBytes + optimizerBytes; }
};

// Per GPU. parametersPerGpu: the model's parameters over TP x PP; dp: the data-parallel degree.
ModelStateMemory modelStateMemory(double parametersPerGpu, int dp, int zeroStage, const StateBytes &bytes);

struct ActivationShape {
    int seq = 2048;
    int microBatch = 1;
    int hidden = 0;
    int heads = 0;
    int layers = 0;
    int tp = 1;
    int pp = 1;
    int microBatchesPerStep = 1; // gradient accumulation: bounds what a pipeline keeps in flight
    bool sequenceParallel = false;
    Checkpointing checkpointing = Checkpointing::None;
    double bytesPerValue = 2; // the formulas count 16-bit activations; FP32 training doubles them
};

// One layer's activations for one micro-batch, per GPU.
double activationBytesPerLayer(const ActivationShape &a);
// What the most loaded (first) pipeline stage holds at its peak.
double activationBytesPerGpu(const ActivationShape &a);

struct KvCacheShape {
    int batch = 1;
    int seq = 2048;
    int layers = 0;
    int kvHeads = 0;
    int headDim = 0;
    double bytesPerValue = 2;
    int tp = 1; // KV heads split over TP (replicated when fewer heads than TP ranks)
    int pp = 1; // layers split over PP
};

double kvCacheBytesPerGpu(const KvCacheShape &kv);

} // namespace sn::planner
