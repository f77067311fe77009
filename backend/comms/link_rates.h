#pragma once
// Per-direction rates of the link generations, and the generation a GPU model has, so a graph
// read from a matrix that only says "NV12" or "PIX" can carry bandwidths once the GPU is known.

#include <string>

namespace sn::comms {

// NVLink generation of a GPU model as nvidia-smi names it; 0 when it has none or is unknown.
int nvlinkGenerationOf(const std::string &gpuModel);
// Per link, per direction: NVLink 1 20 GB/s, NVLink 2-4 25 GB/s, NVLink 5 50 GB/s.
double nvlinkGBpsPerLink(int generation);

// PCIe generation of a GPU model's host interface; 0 unknown.
int pcieGenerationOf(const std::string &gpuModel);
// Per lane, per direction, after line encoding (8b/10b up to Gen2, 128b/130b after).
double pcieGBpsPerLane(int generation);

// CUDA compute capability x 10 of a GPU model (80 A100, 90 H100), which NCCL's topology file
// carries as `sm`; 0 unknown.
int computeCapabilityOf(const std::string &gpuModel);

} // namespace sn::comms
