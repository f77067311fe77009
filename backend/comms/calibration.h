#pragma once
// The measurements the cost model is calibrated and checked against: nccl-tests logs in
// ../shared/data/nccl/nccl-tests and published figures, each with the GPU set's shape derived
// from real captures (the topo -m / -p2p matrices in ../shared/data/nvidia-smi/topo and the log's
// own ranks, hosts and GPU model) plus the machine facts a capture does not record (NIC count and
// speed), cited in calibration.cpp. docs/benchmarks.md (Comms) lists each comparison.

#include "backend/comms/cost_model.h"
#include "backend/model/result.h"

#include <string>
#include <vector>

namespace sn::comms {

struct CalibrationCase {
    std::string name;   // "gcp-a3mega 2x8 H100 all_reduce"
    std::string source; // the log's path under shared data, or the publication quoted
    bool published = false;
    Collective collective = Collective::AllReduce;
    CommShape shape;
    double bytes = 0;             // the largest message measured
    double measuredBusbwGBps = 0; // out-of-place busbw at that size (published: the range's midpoint)
};

// Reads the logs and matrices under sharedDataDir; an error names the file that is missing or bad.
Result<std::vector<CalibrationCase>> calibrationCases(const std::string &sharedDataDir);

struct CaseResult {
    CalibrationCase c;
    Prediction predicted;
    double relativeError = 0; // |predicted - measured| / measured busbw
};
std::vector<CaseResult> evaluate(const std::vector<CalibrationCase> &cases, const CostParams &params);
double maxRelativeError(const std::vector<CaseResult> &results);

// Fits each efficiency and duplex share to the cases it influences, minimising their largest
// relative error (coordinate descent over a 0.001 grid); latencies are left as given.
CostParams calibrateCostParams(const std::vector<CalibrationCase> &cases, CostParams start);

} // namespace sn::comms
