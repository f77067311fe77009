#pragma once
// Memory and time of one parallel configuration of a job on a GPU set: the planner calls it for
// the request and for every candidate it ranks. Communication comes from the comms engine's
// cost model (backend/comms/cost_model.h, training_step.h) over the shapes the configuration's
// groups take: tensor-parallel groups inside a node's NVLink domain, data-parallel groups
// across nodes on their rails.

#include "backend/comms/cost_model.h"
#include "backend/planner/plan_estimate.h"

#include <string>
#include <vector>

namespace sn::planner {

class ConfigEvaluator {
public:
    // input validated; shape resolved; nodeShape: one whole node's GPUs and NICs.
    ConfigEvaluator(const PlanInput &input, const ModelShape &shape, const GpuModelInfo &gpu, int nodes,
                    const comms::CommShape &nodeShape);

    // `explain`, when given, receives one line per number, saying how it was computed.
    MemoryBreakdown memory(const ParallelConfig &c, std::vector<std::string> *explain = nullptr) const;
    TimeBreakdown time(const ParallelConfig &c, std::vector<std::string> *explain = nullptr) const;
    // The largest micro-batch (inference: batch) that fits with the rest of `c`; 0 if none.
    int maxMicroBatch(ParallelConfig c) const;

    // The shapes of the communicating groups, for tests and the explanation.
    comms::CommShape tpShape(const ParallelConfig &c) const;
    comms::CommShape dpShape(const ParallelConfig &c) const;

private:
    TimeBreakdown trainingTime(const ParallelConfig &c, std::vector<std::string> *explain) const;
    TimeBreakdown inferenceTime(const ParallelConfig &c, std::vector<std::string> *explain) const;
    double activationBytesPerValue() const;
    MathPrecision math() const;

    PlanInput m_input;
    ModelShape m_shape;
    GpuModelInfo m_gpu;
    int m_nodes = 1;
    int m_gpusPerNode = 1;
    comms::CommShape m_node;
    comms::CostParams m_params = comms::defaultCostParams();
};

// One whole node of `gpu` as the comms cost model sees it, for when no cluster topology is
// known: HGX NVSwitch boards for SXM parts, PCIe (peer-to-peer where the card allows it)
// otherwise, one NIC per GPU unless told.
comms::CommShape defaultNodeShape(const GpuModelInfo &gpu, int gpusPerNode, int nicsPerNode, double nicGbps,
                                  comms::LinkKind net);

} // namespace sn::planner
