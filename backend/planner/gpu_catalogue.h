#pragma once
// The GPU models the planner knows: memory, memory bandwidth, NVLink bandwidth and dense peak
// throughput by precision, each row from the vendor's datasheet (gpu_catalogue.cpp cites the
// document per row; docs/planner.md has the table). Dense figures only: datasheets print
// "with sparsity" numbers twice as high, which no training job reaches.

#include "backend/model/result.h"

#include <string>
#include <vector>

namespace sn::planner {

// The arithmetic a step runs in; TF32 is FP32 storage on tensor cores.
enum class MathPrecision { Fp32, Tf32, Fp16, Bf16, Fp8, Int8 };
const char *mathPrecisionName(MathPrecision p);

struct GpuModelInfo {
    std::string name;        // the planner's name: "A100-80GB", "H100-SXM"
    std::string description; // "NVIDIA A100 80GB SXM4"
    double memoryGiB = 0;    // as the datasheet states it, read as GiB (an A100 80GB has 81920 MiB)
    double memoryBandwidthGBps = 0;
    double nvlinkGBps = 0;  // total, both directions, per GPU as the datasheet states; 0: none
    int pcieGeneration = 4; // the host link, x16
    bool peerToPeer = true; // GeForce cards have PCIe P2P disabled by the driver
    // Dense peak, TFLOPS (TOPS for INT8); 0 where the GPU has no such math.
    double fp32 = 0, tf32 = 0, fp16 = 0, bf16 = 0, fp8 = 0, int8 = 0;
    std::string source; // the datasheet the row is from

    double memoryBytes() const { return memoryGiB * 1024.0 * 1024.0 * 1024.0; }
    double peakTflops(MathPrecision p) const;
    bool supports(MathPrecision p) const { return peakTflops(p) > 0; }
};

const std::vector<GpuModelInfo> &gpuCatalogue();
std::vector<std::string> knownGpuNames();

// By the planner's name ("H100-SXM", case and '-'/' ' insensitive) or by the name nvidia-smi
// reports ("NVIDIA H100 80GB HBM3", "Tesla V100-SXM2-32GB"). Unknown: InvalidArgument that
// lists the known names.
Result<GpuModelInfo> findGpuModel(const std::string &name);

} // namespace sn::planner
