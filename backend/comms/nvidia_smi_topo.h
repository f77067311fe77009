#pragma once
// `nvidia-smi topo -m` (the connection matrix) and `nvidia-smi topo -p2p r|w|n|a|p` (the P2P
// support matrix) read into values, and the matrix turned into a TopologyGraph.
//
// Real captures differ in ways a parser has to take in stride: tab- or space-separated columns,
// ANSI underline escapes around the header (newer drivers), an empty extra field before
// "GPU NUMA ID", NIC rows whose affinity columns are empty, NIC columns named NIC0.. with a
// "NIC Legend" below, and the old name SOC for SYS. Anything else that does not fit (a cell
// that is not in the legend, a row missing cells, fewer rows than columns, an asymmetric pair,
// an error message instead of a matrix) is an error naming the line and column; a graph is never
// built from a matrix that was only partly understood.

#include "backend/comms/topology_graph.h"
#include "backend/model/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sn::comms {

// How nvidia-smi says two devices are connected (its legend, best first).
enum class TopoPath { Self, NvLink, Pix, Pxb, Phb, Node, Sys };
const char *topoPathName(TopoPath path); // "X", "NV", "PIX", "PXB", "PHB", "NODE", "SYS"

struct TopoCell {
    TopoPath path = TopoPath::Sys;
    int nvlinks = 0; // for NvLink: the bonded link count (NV12 -> 12)
    bool operator==(const TopoCell &) const = default;
    std::string text() const; // as nvidia-smi prints it: "NV12", "PIX", "X"
};

struct TopoMatrixDevice {
    std::string label; // the column name: "GPU0", "NIC0", "mlx5_0"
    std::string name;  // the NIC legend resolved: "mlx5_0" for NIC0; the label otherwise
    bool isGpu = false;
    int index = -1;               // GPU number, or NIC ordinal in the matrix
    std::string cpuAffinity;      // empty: not given
    std::optional<int> numaNode;  // "NUMA Affinity"
    std::optional<int> gpuNumaId; // "GPU NUMA ID" (N/A unless the GPU memory is a NUMA node)
};

struct TopoMatrix {
    std::vector<TopoMatrixDevice> devices; // in column order
    std::vector<TopoCell> cells;           // row-major, devices.size() squared
    const TopoCell &at(std::size_t row, std::size_t column) const { return cells[row * devices.size() + column]; }
    int gpuCount() const;
    int nicCount() const;
};

Result<TopoMatrix> parseNvidiaSmiTopoMatrix(std::string_view text, const std::string &source = "nvidia-smi topo -m");

// `nvidia-smi topo -p2p X`: whether peer-to-peer works between each GPU pair.
enum class P2pStatus { Self, Ok, ChipsetNotSupported, GpuNotSupported, TopologyNotSupported, NotSupported, Unknown };
const char *p2pStatusName(P2pStatus status); // "X", "OK", "CNS", "GNS", "TNS", "NS", "U"
struct P2pMatrix {
    int gpus = 0;
    std::vector<P2pStatus> cells; // row-major
    P2pStatus at(int row, int column) const { return cells[static_cast<std::size_t>(row * gpus + column)]; }
    bool allPairsOk() const;
};
Result<P2pMatrix> parseNvidiaSmiTopoP2p(std::string_view text, const std::string &source = "nvidia-smi topo -p2p");

// The graph one host's matrix implies: a CPU per NUMA domain (joined by the CPU interconnect
// when there are several), a PCIe switch for each group of devices nvidia-smi puts behind
// common bridges (PIX/PXB), devices on their CPU otherwise, and NVLink either GPU-to-GPU or,
// when a GPU's bonded links add up to more than one GPU can have (the NV12/NV18 all-to-all of
// HGX boards), through one NVSwitch fabric device. NICs without NUMA affinity inherit it from a
// GPU nvidia-smi says is on the same NUMA node (PIX/PXB/PHB/NODE).
// With gpuModel given ("NVIDIA H100 80GB HBM3"), NVLink and GPU PCIe links carry generation and
// bandwidth; otherwise those stay unknown, since the matrix does not say.
TopologyGraph graphFromTopoMatrix(const TopoMatrix &matrix, const std::string &host, const std::string &gpuModel = {});

} // namespace sn::comms
