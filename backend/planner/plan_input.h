#pragma once
// What a user tells the planner about a job: the model, the GPUs, precision, optimizer,
// parallelism and batch. Plain values; validatePlanInput() says what is wrong and how to fix it.

#include "backend/comms/cost_model.h"
#include "backend/comms/training_step.h"
#include "backend/model/result.h"

#include <optional>
#include <string>

namespace sn::planner {

enum class Workload { Training, Inference };

// Training precision, as frameworks name their modes. Mixed modes keep 16-bit weights and
// gradients and an FP32 master copy in the optimizer (Micikevicius et al. 2018); FP8 computes
// matmuls in FP8 (Transformer Engine) with the BF16 mode's memory.
enum class TrainPrecision { Fp32, Fp16Mixed, Bf16Mixed, Fp8Mixed };
const char *trainPrecisionName(TrainPrecision p); // "fp32", "fp16", "bf16", "fp8"
std::optional<TrainPrecision> trainPrecisionFromName(const std::string &name);

enum class Optimizer { Adam, AdamW, SgdMomentum, Adam8bit };
const char *optimizerName(Optimizer o); // "adam", "adamw", "sgd", "adam8bit"
std::optional<Optimizer> optimizerFromName(const std::string &name);

// Activation checkpointing as Megatron-LM names it (Korthikanti et al. 2022): none; selective
// (recompute only the attention core); full (keep each layer's input, recompute the layer).
enum class Checkpointing { None, Selective, Full };
const char *checkpointingName(Checkpointing c); // "none", "selective", "full"
std::optional<Checkpointing> checkpointingFromName(const std::string &name);

// Inference weight storage; int8/int4 are weight-only quantization (GPTQ/AWQ-style).
enum class WeightFormat { Fp32, Fp16, Bf16, Fp8, Int8, Int4 };
const char *weightFormatName(WeightFormat w); // "fp32", "fp16", "bf16", "fp8", "int8", "int4"
std::optional<WeightFormat> weightFormatFromName(const std::string &name);
double weightFormatBytes(WeightFormat w);

// A decoder-only transformer. Zero fields are derived from `parameters` (plan_model_shape.h).
struct ModelShape {
    double parameters = 0;
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int kvHeads = 0; // grouped-query attention; 0: as many as heads
    int headDim = 0; // 0: hidden / heads
};

struct TrainingOptions {
    TrainPrecision precision = TrainPrecision::Bf16Mixed;
    Optimizer optimizer = Optimizer::AdamW;
    int zeroStage = 0; // DeepSpeed ZeRO 0-3; FSDP FULL_SHARD is 3, SHARD_GRAD_OP is 2
    // Selective is what FlashAttention-style kernels give for free (the attention scores are
    // never stored), so it is the default; None is the paper's baseline that stores them.
    Checkpointing checkpointing = Checkpointing::Selective;
    bool sequenceParallel = false; // Megatron SP: the non-tensor-parallel activations split over TP
    int microBatch = 1;
    int gradientAccumulation = 1;
    double tokens = 0;  // the whole run; 0: no job time
    double overlap = 1; // share of the backward pass the DP exchange may hide behind (0..1)
    comms::GradientCompression compression;
};

struct InferenceOptions {
    WeightFormat weights = WeightFormat::Bf16;
    WeightFormat kvCache = WeightFormat::Bf16;
    int batch = 1;
    double outputTokens = 0; // per request; 0: no generation time
};

struct PlanInput {
    Workload workload = Workload::Training;
    ModelShape model;
    std::string gpuModel;
    int gpus = 1;
    int nodes = 0;         // 0: ceil(gpus / 8), the HGX node
    int tp = 1;            // tensor parallel, inside one NVLink domain
    int pp = 1;            // pipeline parallel
    int seq = 2048;        // sequence (training) or context (inference) length, tokens
    double mfu = 0.4;      // model FLOPs utilization of the dense peak at the step's precision
    double reserveGiB = 2; // per GPU: CUDA context, NCCL buffers, allocator fragmentation
    TrainingOptions training;
    InferenceOptions inference;
    // The network between nodes; the engine fills it from the cluster, the CLI from flags.
    int nicsPerNode = 0; // 0: one per GPU (rail-optimised HGX)
    double nicGbps = 400;
    comms::LinkKind net = comms::LinkKind::InfiniBand;
    // Set by the engine from the cluster's discovered topology; otherwise built from the GPU model.
    std::optional<comms::CommShape> nodeShape;
};

} // namespace sn::planner
