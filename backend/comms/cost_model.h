#pragma once
// The alpha-beta cost model of NCCL-style collectives: time = steps x alpha + bytes moved per rank
// / effective bandwidth, per link class, for a GPU set described by its shape (nodes, GPUs per
// node, the intra-node fabric, the NICs). From the time follow algbw = bytes / time and
// busbw = algbw x the collective's bus factor (2(n-1)/n for all-reduce), the figures nccl-tests
// prints, so predictions compare directly with measurements (calibration.h).
//
// Effective bandwidth = nominal per-direction bandwidth x the class's efficiency, and, where a
// collective loads both directions of a path at once, x the class's duplex share (1 for NVLink,
// InfiniBand, RoCE; well below 1 for GPUs without peer-to-peer, whose traffic is staged through
// host memory). The defaults and where each comes from are in docs/comms.md.

#include "backend/comms/topology_graph.h"

#include <optional>
#include <string>

namespace sn::comms {

enum class Collective { AllReduce, AllGather, ReduceScatter, Broadcast, Reduce, AllToAll };
const char *collectiveName(Collective c); // "all_reduce", ... as nccl-tests names its programs
std::optional<Collective> collectiveFromName(const std::string &name);
// busbw / algbw for n ranks, as nccl-tests computes it (docs/PERFORMANCE.md of nccl-tests).
double busBandwidthFactor(Collective c, int ranks);

// How GPUs in one node reach each other.
enum class IntraFabric {
    NvSwitch,       // NVLink through NVSwitches: every GPU at its full NVLink bandwidth
    NvLinkDirect,   // bonded NVLink between pairs (bridges); ring over NVLink
    PcieP2p,        // PCIe peer-to-peer
    PcieHostStaged, // no peer-to-peer (topo -p2p NS/CNS...): copies staged through host memory
};
const char *intraFabricName(IntraFabric f);

struct CommShape {
    int nodes = 1;
    int gpusPerNode = 1; // ranks per node; unbalanced sets use their largest node (placement_score.h)
    IntraFabric intra = IntraFabric::NvSwitch;
    double intraGBps = 0; // per GPU, per direction, nominal (NVLink: links x rate; PCIe: lanes x rate)
    bool nvls = false;    // NVSwitch with in-switch reduction (NVLink SHARP, NVSwitch gen3 / H100 class)
    int nicsPerNode = 0;  // NICs (rails) the set uses per node
    double nicGBps = 0;   // per NIC, per direction, nominal (100G -> 12.5)
    LinkKind net = LinkKind::Roce;
    bool railAligned = true;          // every GPU's rail NIC reaches the same leaf on every node
    double spineOversubscription = 1; // >= 1: traffic that must cross the spine shares it this much
    int ranks() const { return nodes * gpusPerNode; }
};

struct LinkClassParams {
    double alphaUs = 0;     // per step: launch, synchronisation and hop latency
    double efficiency = 1;  // achievable fraction of nominal bandwidth for bulk transfers
    double duplexShare = 1; // fraction left per direction when both directions are loaded
};

struct CostParams {
    LinkClassParams nvlink;         // ring/tree steps over NVLink (NVSwitch or direct)
    LinkClassParams nvls;           // NVLS: in-switch reduction and multicast
    LinkClassParams pcieP2p;        // PCIe peer-to-peer
    LinkClassParams pcieHostStaged; // PCIe through host memory
    // NICs with GPUDirect (RoCE, InfiniBand, GPUDirect-TCPX(O) Ethernet): one bulk efficiency,
    // since all move GPU memory to the wire without a host copy; the per-step latency differs.
    LinkClassParams net;     // alphaUs: RoCE and InfiniBand verbs
    double tcpAlphaUs = 60;  // per inter-node step on an Ethernet (TCP-based) transport
    double spineHopUs = 1.0; // extra latency per inter-node step when traffic crosses the spine
};
// Set from the calibration cases (calibration.h, docs/comms.md).
CostParams defaultCostParams();

enum class Algorithm { Auto, Ring, Tree, Nvls };
const char *algorithmName(Algorithm a); // "auto", "ring", "tree", "nvls"

struct Prediction {
    double timeUs = 0;
    double algbwGBps = 0;
    double busbwGBps = 0;
    Algorithm algorithm = Algorithm::Ring; // the one used (Auto resolved)
};

// `bytes` as nccl-tests counts it: the buffer of each rank for all-reduce, broadcast, reduce;
// the total gathered (or scattered) buffer for all-gather and reduce-scatter.
// Auto follows NCCL's large-message choice: NVLS (NVLS-tree across nodes) when the switch
// reduces in-network, otherwise ring; tree (hierarchical) is chosen for all-reduce only when it
// is faster below 1 MiB, where NCCL uses it for latency.
Prediction predict(Collective c, double bytes, const CommShape &shape, const CostParams &params,
                   Algorithm algorithm = Algorithm::Auto);

} // namespace sn::comms
