#include "backend/comms/cost_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sn::comms {

namespace {

constexpr double kBytesPerUsPerGBps = 1e3; // 1 GB/s = 1e9 B/s = 1e3 B/us
constexpr double kTreeBelowBytes = 1 << 20;

struct Paths {
    double intraBidi = 0; // per rank, bytes/us, both directions loaded
    double intraUni = 0;  // per rank, bytes/us, one direction
    double intraAlphaUs = 0;
    double nvls = 0; // bytes/us of NVLS per rank; 0 when not available
    double nvlsAlphaUs = 0;
    double net = 0; // per node, bytes/us, over the NICs the set uses
    double netAlphaUs = 0;
};

const LinkClassParams &intraClass(const CommShape &s, const CostParams &p)
{
    switch (s.intra) {
    case IntraFabric::NvSwitch:
    case IntraFabric::NvLinkDirect:
        return p.nvlink;
    case IntraFabric::PcieP2p:
        return p.pcieP2p;
    case IntraFabric::PcieHostStaged:
        return p.pcieHostStaged;
    }
    return p.nvlink;
}

Paths paths(const CommShape &s, const CostParams &p)
{
    Paths out;
    const LinkClassParams &intra = intraClass(s, p);
    out.intraUni = s.intraGBps * intra.efficiency * kBytesPerUsPerGBps;
    out.intraBidi = out.intraUni * intra.duplexShare;
    out.intraAlphaUs = intra.alphaUs;
    if (s.nvls && s.intra == IntraFabric::NvSwitch && s.gpusPerNode > 1) {
        out.nvls = s.intraGBps * p.nvls.efficiency * kBytesPerUsPerGBps;
        out.nvlsAlphaUs = p.nvls.alphaUs;
    }
    const int nics = std::min(s.nicsPerNode, s.gpusPerNode);
    const double spine = s.railAligned ? 1.0 : std::max(1.0, s.spineOversubscription);
    out.net = nics * s.nicGBps * p.net.efficiency * p.net.duplexShare * kBytesPerUsPerGBps / spine;
    const bool tcp = s.net == LinkKind::Ethernet;
    out.netAlphaUs = (tcp ? p.tcpAlphaUs : p.net.alphaUs) + (s.railAligned ? 0 : p.spineHopUs);
    return out;
}

// Bytes each rank sends in a ring, and the steps, for nccl-tests' size convention.
double ringBytesPerRank(Collective c, double bytes, int n)
{
    switch (c) {
    case Collective::AllReduce:
        return 2.0 * (n - 1) / n * bytes;
    case Collective::AllGather:
    case Collective::ReduceScatter:
    case Collective::AllToAll:
        return double(n - 1) / n * bytes;
    case Collective::Broadcast:
    case Collective::Reduce:
        return bytes;
    }
    return bytes;
}

int ringSteps(Collective c, int n)
{
    return c == Collective::AllReduce ? 2 * (n - 1) : n - 1;
}

double ringTimeUs(Collective c, double bytes, const CommShape &s, const Paths &p)
{
    const int n = s.ranks();
    const int g = s.gpusPerNode;
    const int m = s.nodes;
    // Broadcast and reduce between two GPUs use each path in one direction only.
    const bool oneWay = (c == Collective::Broadcast || c == Collective::Reduce) && n == 2;
    const double intra = oneWay ? p.intraUni : p.intraBidi;
    const int interSteps = m > 1 ? (c == Collective::AllReduce ? 2 * (m - 1) : m - 1) : 0;
    const double latency = (ringSteps(c, n) - interSteps) * p.intraAlphaUs + interSteps * p.netAlphaUs;
    if (c == Collective::AllToAll) {
        // Every rank sends 1/n of its buffer to each peer: (g-1)/n stays in the node, (n-g)/n
        // crosses the node's NICs.
        double t = 0;
        if (g > 1)
            t = std::max(t, double(g - 1) / n * bytes / intra);
        if (m > 1)
            t = std::max(t, g * double(n - g) / n * bytes / p.net);
        return latency + t;
    }
    double bottleneck = std::numeric_limits<double>::infinity();
    if (g > 1)
        bottleneck = intra;
    if (m > 1)
        bottleneck = std::min(bottleneck, p.net); // one ring channel per NIC crosses the node boundary
    return latency + ringBytesPerRank(c, bytes, n) / bottleneck;
}

// Hierarchical all-reduce: reduce-scatter inside each node (NVLink, or NVLS), all-reduce of each
// GPU's 1/g share across the nodes over its rail NIC, all-gather inside the node; the phases
// pipeline over chunks, so the slower one sets the pace.
double treeTimeUs(double bytes, const CommShape &s, const Paths &p, bool nvls)
{
    const int g = s.gpusPerNode;
    const int m = s.nodes;
    double intraUs = 0, latency = 0;
    if (g > 1) {
        if (nvls) {
            intraUs = bytes / p.nvls; // each GPU sends and receives its whole buffer once
            latency += 2 * p.nvlsAlphaUs;
        } else {
            intraUs = 2.0 * (g - 1) / g * bytes / p.intraBidi;
            latency += 2 * (g - 1) * p.intraAlphaUs;
        }
    }
    double interUs = 0;
    if (m > 1) {
        interUs = 2.0 * (m - 1) / m * bytes / p.net;
        latency += 2 * std::ceil(std::log2(double(m))) * p.netAlphaUs;
    }
    return latency + std::max(intraUs, interUs);
}

} // namespace

const char *collectiveName(Collective c)
{
    switch (c) {
    case Collective::AllReduce:
        return "all_reduce";
    case Collective::AllGather:
        return "all_gather";
    case Collective::ReduceScatter:
        return "reduce_scatter";
    case Collective::Broadcast:
        return "broadcast";
    case Collective::Reduce:
        return "reduce";
    case Collective::AllToAll:
        return "alltoall";
    }
    return "?";
}

std::optional<Collective> collectiveFromName(const std::string &name)
{
    for (Collective c : {Collective::AllReduce, Collective::AllGather, Collective::ReduceScatter, Collective::Broadcast,
                         Collective::Reduce, Collective::AllToAll})
        if (name == collectiveName(c))
            return c;
    return std::nullopt;
}

double busBandwidthFactor(Collective c, int n)
{
    switch (c) {
    case Collective::AllReduce:
        return 2.0 * (n - 1) / n;
    case Collective::AllGather:
    case Collective::ReduceScatter:
    case Collective::AllToAll:
        return double(n - 1) / n;
    case Collective::Broadcast:
    case Collective::Reduce:
        return 1;
    }
    return 1;
}

const char *intraFabricName(IntraFabric f)
{
    switch (f) {
    case IntraFabric::NvSwitch:
        return "nvswitch";
    case IntraFabric::NvLinkDirect:
        return "nvlink";
    case IntraFabric::PcieP2p:
        return "pcie_p2p";
    case IntraFabric::PcieHostStaged:
        return "pcie_host_staged";
    }
    return "?";
}

const char *algorithmName(Algorithm a)
{
    switch (a) {
    case Algorithm::Auto:
        return "auto";
    case Algorithm::Ring:
        return "ring";
    case Algorithm::Tree:
        return "tree";
    case Algorithm::Nvls:
        return "nvls";
    }
    return "?";
}

CostParams defaultCostParams()
{
    // Efficiencies and duplex shares are what calibrateCostParams() fits to the calibration
    // cases (tst_calibration checks they still are); latencies are not calibrated by
    // large-message figures and follow NCCL's own per-hop estimates (docs/comms.md).
    CostParams p;
    p.nvlink = {1.0, 0.717, 1.0};
    p.nvls = {2.0, 0.591, 1.0};
    p.pcieP2p = {2.0, 0.80, 1.0}; // no P2P PCIe measurement in the data: not calibrated
    p.pcieHostStaged = {6.0, 0.706, 0.374};
    p.net = {8.0, 0.821, 1.0};
    p.tcpAlphaUs = 60;
    p.spineHopUs = 1.0;
    return p;
}

Prediction predict(Collective c, double bytes, const CommShape &s, const CostParams &params, Algorithm algorithm)
{
    Prediction out;
    const int n = s.ranks();
    if (n <= 1 || bytes <= 0) {
        out.algorithm = Algorithm::Ring;
        return out; // nothing crosses a link
    }
    const Paths p = paths(s, params);
    const bool nvlsAvailable = c == Collective::AllReduce && p.nvls > 0;
    if (algorithm == Algorithm::Auto) {
        if (nvlsAvailable)
            algorithm = Algorithm::Nvls;
        else if (c == Collective::AllReduce && s.nodes > 1 && bytes < kTreeBelowBytes &&
                 treeTimeUs(bytes, s, p, false) < ringTimeUs(c, bytes, s, p))
            algorithm = Algorithm::Tree;
        else
            algorithm = Algorithm::Ring;
    }
    if (algorithm == Algorithm::Nvls && !nvlsAvailable)
        algorithm = Algorithm::Ring;
    if (algorithm == Algorithm::Tree && (c != Collective::AllReduce || s.nodes == 1))
        algorithm = Algorithm::Ring;
    switch (algorithm) {
    case Algorithm::Nvls:
        out.timeUs = treeTimeUs(bytes, s, p, true);
        break;
    case Algorithm::Tree:
        out.timeUs = treeTimeUs(bytes, s, p, false);
        break;
    default:
        out.timeUs = ringTimeUs(c, bytes, s, p);
        break;
    }
    out.algorithm = algorithm;
    out.algbwGBps = bytes / out.timeUs / kBytesPerUsPerGBps;
    out.busbwGBps = out.algbwGBps * busBandwidthFactor(c, n);
    return out;
}

} // namespace sn::comms
