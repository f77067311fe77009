#pragma once
// What-ifs a user asks before buying or changing anything: what gradient compression does to the
// communication time, and what share of a data-parallel training step communication takes for a
// model size, batch, GPU set and compute time ("communication 35% -> 12% with FP8 gradients and
// rail-aligned placement"). Both use the calibrated cost model (cost_model.h).

#include "backend/comms/cost_model.h"

#include <string>

namespace sn::comms {

// How gradients travel. Dense codecs (FP16 -> FP8, a fixed ratio) shrink the all-reduce buffer;
// top-k is sparse: each rank sends its k largest values with their indices, which cannot be
// summed in flight, so it travels as an all-gather of every rank's (value, index) pairs.
struct GradientCompression {
    std::string name = "none";
    double ratio = 1;   // dense: bytes on the wire / uncompressed bytes
    double topK = 0;    // sparse: fraction of the gradient kept (0.01 = top 1%); 0 dense
    int indexBytes = 4; // sparse: per kept value
    static GradientCompression none() { return {}; }
    static GradientCompression fp8FromFp16() { return {"fp16->fp8", 0.5}; }
    static GradientCompression fixedRatio(double r) { return {"ratio", r}; }
    static GradientCompression topKFraction(double k) { return {"top-k", 1, k}; }
};

struct CommCost {
    Collective collective = Collective::AllReduce;
    double bytes = 0; // as nccl-tests counts it for that collective
    Prediction prediction;
    double ms() const { return prediction.timeUs / 1000; }
};

// One gradient exchange of `gradientBytes` (per rank, uncompressed) over `shape`.
CommCost gradientExchange(double gradientBytes, const CommShape &shape, const GradientCompression &compression,
                          const CostParams &params = defaultCostParams());

struct TrainingStep {
    double parameters = 7e9;
    int bytesPerGradient = 2;   // FP16/BF16 gradients
    double tokensPerGpu = 4096; // the per-GPU batch of one step, in tokens (batch x sequence)
    double gpuTflops = 989;     // dense BF16 peak (H100 SXM)
    double mfu = 0.4;           // achieved fraction of peak
    double computeMs = 0;       // > 0: measured compute time per step, used instead of the estimate
    double overlap = 0;         // 0..1: share of the exchange hidden behind the backward pass
};

struct StepBreakdown {
    double computeMs = 0;
    double commMs = 0;    // the whole exchange
    double exposedMs = 0; // what the step waits for: commMs x (1 - overlap)
    double stepMs = 0;
    double commShare = 0; // exposedMs / stepMs
    CommCost comm;
};

// Compute: the measured time, else 6 x parameters x tokens / (peak x MFU) (forward + backward).
StepBreakdown trainingStep(const TrainingStep &step, const CommShape &shape,
                           const GradientCompression &compression = GradientCompression::none(),
                           const CostParams &params = defaultCostParams());

} // namespace sn::comms
