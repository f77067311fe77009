#include "backend/comms/training_step.h"

#include <algorithm>

namespace sn::comms {

CommCost gradientExchange(double gradientBytes, const CommShape &shape, const GradientCompression &c,
                          const CostParams &params)
{
    CommCost out;
    if (c.topK > 0) {
        // FP16 values shrink to k of them, each with its index; every rank gathers all ranks' pairs.
        const double valueBytes = 2;
        const double perRank = gradientBytes / valueBytes * c.topK * (valueBytes + c.indexBytes);
        out.collective = Collective::AllGather;
        out.bytes = perRank * shape.ranks();
    } else {
        out.collective = Collective::AllReduce;
        out.bytes = gradientBytes * std::clamp(c.ratio, 0.0, 1.0);
    }
    out.prediction = predict(out.collective, out.bytes, shape, params);
    return out;
}

StepBreakdown trainingStep(const TrainingStep &s, const CommShape &shape, const GradientCompression &c,
                           const CostParams &params)
{
    StepBreakdown b;
    b.computeMs =
        s.computeMs > 0 ? s.computeMs : 6 * s.parameters * s.tokensPerGpu / (s.gpuTflops * 1e12 * s.mfu) * 1000;
    b.comm = gradientExchange(s.parameters * s.bytesPerGradient, shape, c, params);
    b.commMs = b.comm.ms();
    b.exposedMs = b.commMs * (1 - std::clamp(s.overlap, 0.0, 1.0));
    b.stepMs = b.computeMs + b.exposedMs;
    b.commShare = b.stepMs > 0 ? b.exposedMs / b.stepMs : 0;
    return b;
}

} // namespace sn::comms
