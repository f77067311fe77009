#include "backend/planner/memory_model.h"

#include <algorithm>
#include <cmath>

namespace sn::planner {

StateBytes stateBytes(TrainPrecision precision, Optimizer optimizer)
{
    const bool mixed = precision != TrainPrecision::Fp32;
    // The optimizer's own state per parameter: Adam(W) momentum + variance in FP32 (8 bytes),
    // SGD momentum (4), 8-bit Adam (bitsandbytes, Dettmers et al. 2022: two 1-byte moments; the
    // block-wise quantization constants add ~0.03% and are left out).
    double moments = 8;
    switch (optimizer) {
    case Optimizer::Adam:
    case Optimizer::AdamW:
        moments = 8;
        break;
    case Optimizer::SgdMomentum:
        moments = 4;
        break;
    case Optimizer::Adam8bit:
        moments = 2;
        break;
    }
    if (!mixed)
        return {4, 4, moments};
    // Mixed precision adds the FP32 master weights to the optimizer's state: K = 12 for Adam,
    // the ZeRO paper's figure.
    return {2, 2, 4 + moments};
}

ModelStateMemory modelStateMemory(double parametersPerGpu, int dp, int zeroStage, const StateBytes &bytes)
{
    const double shard = 1.0 / std::max(1, dp);
    ModelStateMemory m;
    m.paramsBytes = parametersPerGpu * bytes.params * (zeroStage >= 3 ? shard : 1);
    m.gradsBytes = parametersPerGpu * bytes.grads * (zeroStage >= 2 ? shard : 1);
    m.optimizerBytes = parametersPerGpu * bytes.optimizer * (zeroStage >= 1 ? shard : 1);
    return m;
}

double activationBytesPerLayer(const ActivationShape &a)
{
    const double s = a.seq, b = a.microBatch, h = a.hidden, heads = a.heads, t = std::max(1, a.tp);
    const double sbh = s * b * h;
    const double attention = 5 * heads * s / h; // the softmax, its dropout mask and QK^T scores
    double perLayer = 0;
    switch (a.checkpointing) {
    case Checkpointing::Full:
        perLayer = 2 * sbh / (a.sequenceParallel ? t : 1);
        break;
    case Checkpointing::Selective:
        perLayer = a.sequenceParallel ? sbh * 34 / t : sbh * (10 + 24 / t);
        break;
    case Checkpointing::None:
        perLayer = a.sequenceParallel ? sbh * (34 + attention) / t : sbh * (10 + 24 / t + attention / t);
        break;
    }
    return perLayer * a.bytesPerValue / 2;
}

double activationBytesPerGpu(const ActivationShape &a)
{
    const int pp = std::max(1, a.pp);
    const double layersPerStage = std::ceil(double(a.layers) / pp);
    const double inFlight = pp > 1 ? std::min(pp, std::max(1, a.microBatchesPerStep)) : 1;
    return activationBytesPerLayer(a) * layersPerStage * inFlight;
}

double kvCacheBytesPerGpu(const KvCacheShape &kv)
{
    const double headsPerGpu = std::ceil(double(kv.kvHeads) / std::max(1, kv.tp));
    const double layersPerGpu = std::ceil(double(kv.layers) / std::max(1, kv.pp));
    return 2.0 * kv.batch * kv.seq * layersPerGpu * headsPerGpu * kv.headDim * kv.bytesPerValue;
}

} // namespace sn::planner
