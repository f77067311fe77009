#include "backend/comms/nccl_env.h"

#include "backend/comms/cost_model.h"
#include "backend/comms/link_rates.h"
#include "backend/comms/pcie_tree.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace sn::comms {

namespace {

bool isRdma(const Device &d)
{
    // A NIC with an RDMA device name is RDMA-capable even where its link layer is not known yet.
    return d.kind == DeviceKind::Nic && !d.rdmaDevice.empty() && d.fabric != LinkKind::Ethernet;
}

bool isVirtualInterface(const std::string &name)
{
    for (const char *p : {"lo", "docker", "virbr", "veth", "br-", "cni", "flannel", "cali", "tun", "tap", "vxlan",
                          "kube", "weave", "lxc", "ib"})
        if (name.rfind(p, 0) == 0)
            return true; // "ib*" is IPoIB: a socket over it competes with the NCCL IB traffic
    return false;
}

std::string join(const std::vector<std::string> &parts, const char *sep)
{
    std::string out;
    for (const std::string &p : parts)
        out += (out.empty() ? "" : sep) + p;
    return out;
}

std::string fmt(double v)
{
    char s[32];
    std::snprintf(s, sizeof s, "%.0f", v);
    return s;
}

} // namespace

std::string NcclEnvAdvice::shell() const
{
    std::string out;
    for (const NcclEnvSetting &s : settings)
        out += "# " + s.reason + "\nexport " + s.name + "=" + s.value + "\n";
    for (const std::string &n : notes)
        out += "# note: " + n + "\n";
    return out;
}

NcclEnvAdvice recommendNcclEnv(const TopologyGraph &g, const std::string &host)
{
    NcclEnvAdvice a;
    std::vector<int> gpus, rdma, ethernet;
    int nvswitches = 0;
    for (std::size_t i = 0; i < g.devices().size(); ++i) {
        const Device &d = g.devices()[i];
        if (d.host != host)
            continue;
        if (d.kind == DeviceKind::Gpu)
            gpus.push_back(static_cast<int>(i));
        else if (d.kind == DeviceKind::NvSwitch)
            ++nvswitches;
        else if (isRdma(d))
            rdma.push_back(static_cast<int>(i));
        else if (d.kind == DeviceKind::Nic && d.fabric == LinkKind::Ethernet && !d.netdev.empty())
            ethernet.push_back(static_cast<int>(i));
    }
    const auto byIndex = [&](int x, int y) {
        return g.device(x).index != g.device(y).index ? g.device(x).index < g.device(y).index
                                                      : g.device(x).id < g.device(y).id;
    };
    std::sort(rdma.begin(), rdma.end(), byIndex);
    std::sort(ethernet.begin(), ethernet.end(), byIndex);

    // NCCL_IB_HCA
    std::vector<std::string> hcas, down;
    std::vector<int> usable;
    for (int n : rdma) {
        const Device &d = g.device(n);
        if (d.health == LinkHealth::Down) {
            down.push_back(d.rdmaDevice);
            continue;
        }
        usable.push_back(n);
        hcas.push_back(d.rdmaDevice + (d.port > 0 ? ":" + std::to_string(d.port) : ""));
    }
    if (!hcas.empty()) {
        std::string reason = "the " + std::to_string(hcas.size()) +
                             " RDMA NIC(s) of this node by exact name ('=': mlx5_1 must not also match mlx5_10)";
        if (!down.empty())
            reason += "; left out because their port is down: " + join(down, ", ");
        a.settings.push_back({"NCCL_IB_HCA", "=" + join(hcas, ","), reason});
    }

    // NCCL_IB_GID_INDEX on RoCE
    std::set<int> gids;
    std::vector<std::string> unknownGid;
    for (int n : usable)
        if (g.device(n).fabric == LinkKind::Roce) {
            if (g.device(n).roceV2GidIndex >= 0)
                gids.insert(g.device(n).roceV2GidIndex);
            else
                unknownGid.push_back(g.device(n).rdmaDevice);
        }
    if (gids.size() == 1 && unknownGid.empty())
        a.settings.push_back({"NCCL_IB_GID_INDEX", std::to_string(*gids.begin()),
                              "RoCE: the GID of the RoCE v2 IPv4 address on every NIC (routable, and what PFC/ECN "
                              "QoS is set up for); older NCCL otherwise uses GID 0, RoCE v1 link-local"});
    else if (gids.size() > 1)
        a.notes.push_back("RoCE NICs put their RoCE v2 IPv4 GID at different indices; NCCL_IB_GID_INDEX takes one. "
                          "Set NCCL_IB_ROCE_VERSION_NUM=2 and NCCL_IB_ADDR_FAMILY=AF_INET (NCCL 2.21+) instead");
    else if (!unknownGid.empty())
        a.notes.push_back("RoCE GID index unknown for " + join(unknownGid, ", ") +
                          ": run `ibv_devinfo -v` on the node (discovery reads it) to choose NCCL_IB_GID_INDEX");

    // NCCL_SOCKET_IFNAME
    std::vector<std::string> sockets;
    for (int n : ethernet)
        if (g.device(n).health != LinkHealth::Down && !isVirtualInterface(g.device(n).netdev))
            sockets.push_back(g.device(n).netdev);
    if (sockets.empty())
        for (int n : usable) // a RoCE port's netdev carries IP too
            if (g.device(n).fabric == LinkKind::Roce && !g.device(n).netdev.empty())
                sockets.push_back(g.device(n).netdev);
    if (!sockets.empty())
        a.settings.push_back({"NCCL_SOCKET_IFNAME", "=" + sockets.front(),
                              "bootstrap (and the socket transport) on " + sockets.front() +
                                  "; unset, NCCL may take docker0, a bridge or a link-local port and hang connecting"});
    else if (!gpus.empty())
        a.notes.push_back("no Ethernet interface known for NCCL_SOCKET_IFNAME: run `ip -j link` (discovery reads it)");

    // NCCL_IB_DISABLE when only Ethernet is there
    if (rdma.empty() && !ethernet.empty())
        a.settings.push_back({"NCCL_IB_DISABLE", "1",
                              "no RDMA NIC on this node: across nodes NCCL runs over sockets; disabling IB skips "
                              "the verbs probe and makes the choice explicit in the logs"});

    // NCCL_NET_GDR_LEVEL from each GPU's nearest NIC
    if (!usable.empty() && !gpus.empty()) {
        const PcieTree tree = pcieTreeOf(g);
        std::map<TopoPath, std::vector<std::string>> nearest;
        bool unknownPath = false;
        for (int gpu : gpus) {
            std::optional<TopoPath> best;
            for (int n : usable)
                if (auto p = pcieDistance(tree, gpu, n); p && (!best || *p < *best))
                    best = p;
            if (!best)
                unknownPath = true;
            else
                nearest[*best].push_back("GPU" + std::to_string(g.device(gpu).index));
        }
        if (unknownPath)
            a.notes.push_back("the PCIe path from some GPUs to the NICs is unknown (no `nvidia-smi topo -m`), so "
                              "NCCL_NET_GDR_LEVEL is not recommended");
        else {
            const TopoPath worst = nearest.rbegin()->first;
            if (worst <= TopoPath::Pxb)
                a.settings.push_back({"NCCL_NET_GDR_LEVEL", "PXB",
                                      "every GPU has an RDMA NIC behind a shared PCIe switch: GPUDirect RDMA goes "
                                      "NIC-GPU without the CPU (NCCL's default level, stated so a driver update "
                                      "that misreads the topology cannot quietly turn it off)"});
            else
                a.settings.push_back(
                    {"NCCL_NET_GDR_LEVEL", "PXB",
                     join(nearest.rbegin()->second, ", ") + " reach their nearest NIC only through the CPU (" +
                         topoPathName(worst) +
                         "): GPUDirect RDMA through the root complex is usually slower than staging in host memory, "
                         "so keep it to GPUs that share a switch with a NIC (do not raise it to PHB/SYS)"});
        }
    }

    // NCCL_NVLS_ENABLE on NVLink 4+ NVSwitch boards
    if (nvswitches > 0 && gpus.size() > 1) {
        const Device &gpu = g.device(gpus.front());
        const int gen = nvlinkGenerationOf(gpu.model) > 0 ? nvlinkGenerationOf(gpu.model)
                                                          : (gpu.sm >= 100  ? 5
                                                             : gpu.sm >= 90 ? 4
                                                                            : 0);
        double perGpu = 0;
        for (int li : g.linksOf(gpus.front()))
            if (g.links()[static_cast<std::size_t>(li)].kind == LinkKind::NvLink &&
                known(g.links()[static_cast<std::size_t>(li)].bandwidthGBps))
                perGpu += g.links()[static_cast<std::size_t>(li)].bandwidthGBps;
        if (gen >= 4 && perGpu > 0) {
            CommShape s;
            s.gpusPerNode = static_cast<int>(gpus.size());
            s.intra = IntraFabric::NvSwitch;
            s.intraGBps = perGpu;
            s.nvls = true;
            const double bytes = 1ull << 30;
            const Prediction nvls = predict(Collective::AllReduce, bytes, s, defaultCostParams(), Algorithm::Nvls);
            const Prediction ring = predict(Collective::AllReduce, bytes, s, defaultCostParams(), Algorithm::Ring);
            a.settings.push_back({"NCCL_NVLS_ENABLE", "1",
                                  "NVSwitch with in-switch reduction (NVLink " + std::to_string(gen) +
                                      "): 1 GiB all-reduce busbw " + fmt(nvls.busbwGBps) + " GB/s with NVLS vs " +
                                      fmt(ring.busbwGBps) +
                                      " GB/s by ring (cost model); needs the fabric manager and NCCL 2.17+"});
        }
    }

    // NCCL_CROSS_NIC=0 on rail-wired fabrics
    std::set<std::string> rails;
    bool railWired = !usable.empty();
    for (int n : usable) {
        bool onRailLeaf = false;
        for (int li : g.linksOf(n)) {
            const Link &l = g.links()[static_cast<std::size_t>(li)];
            const Device &other = g.device(l.a == n ? l.b : l.a);
            onRailLeaf = onRailLeaf ||
                         (other.kind == DeviceKind::NetSwitch && !other.rail.empty() && other.rail == g.device(n).rail);
        }
        railWired = railWired && onRailLeaf;
        rails.insert(g.device(n).rail);
    }
    if (railWired && rails.size() > 1)
        a.settings.push_back({"NCCL_CROSS_NIC", "0",
                              "rail-optimised wiring: NIC k of every node is on the leaf of rail k, so rings that "
                              "keep each channel on the same rail on both nodes never cross the spine"});
    return a;
}

} // namespace sn::comms
