#include "backend/setup/hardware_profile.h"

#include <cmath>
#include <map>
#include <sstream>

namespace sn::setup {

const std::vector<ReferenceConfiguration> &referenceConfigurations()
{
    static const std::vector<ReferenceConfiguration> refs{
        {"8x A100 80GB + 2x Xeon Platinum 8380", "A100", 79, 8, "Platinum 8380", 2,
         "NVSwitch (NV12 between every pair), 4-8x 200G HDR InfiniBand or 100G RoCE"},
        {"8x H100 80GB SXM", "H100", 79, 8, "", 0, "NVSwitch (NV18), 8x 400G NDR InfiniBand or RoCE, one NIC per GPU"},
        {"8x H200", "H200", 139, 8, "", 0, "NVSwitch (NV18), 8x 400G InfiniBand or RoCE, one NIC per GPU"},
    };
    return refs;
}

namespace {

std::string fixed(double v, int decimals)
{
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(decimals);
    o << v;
    return o.str();
}

template <typename F> void differ(ClusterProfile &p, const std::vector<NodeInventory> &nodes, const char *what, F value)
{
    std::map<std::string, std::vector<std::string>> by;
    for (const NodeInventory &n : nodes)
        by[value(n)].push_back(n.name);
    if (by.size() < 2)
        return;
    std::string line = std::string(what) + ":";
    for (const auto &[v, names] : by) {
        line += " " + (v.empty() ? std::string("none") : v) + " on";
        for (const auto &name : names)
            line += " " + name;
        line += ";";
    }
    line.pop_back();
    p.mismatches.push_back(line);
}

} // namespace

ClusterProfile compareHardware(const std::vector<NodeInventory> &nodes)
{
    ClusterProfile p;
    for (const NodeInventory &n : nodes) {
        NodeProfile np;
        np.node = n.name;
        np.summary = std::to_string(n.gpuCount()) + "x " + (n.gpuModel().empty() ? "no GPU" : n.gpuModel());
        if (n.cpu)
            np.summary += ", " + std::to_string(n.cpu->sockets) + "x " + n.cpu->model;
        if (n.memoryBytes > 0)
            np.summary += ", " + fixed(n.memoryBytes / double(1LL << 30), 0) + " GiB RAM";
        for (const ReferenceConfiguration &r : referenceConfigurations()) {
            if (n.gpuModel().find(r.gpuModelContains) == std::string::npos)
                continue;
            np.reference = r.name;
            if (n.gpuCount() != r.gpusPerNode)
                np.differences.push_back(std::to_string(n.gpuCount()) + (n.gpuCount() == 1 ? " GPU" : " GPUs") +
                                         ", the reference has " + std::to_string(r.gpusPerNode));
            if (n.gpuMemoryGiB() + 0.5 < r.gpuMemoryGiB)
                np.differences.push_back(fixed(n.gpuMemoryGiB(), 1) + " GiB per GPU, the reference has " +
                                         fixed(r.gpuMemoryGiB, 0) + "+");
            if (!r.cpuModelContains.empty() && (!n.cpu || n.cpu->model.find(r.cpuModelContains) == std::string::npos))
                np.differences.push_back("CPU " + (n.cpu ? n.cpu->model : std::string("unknown")) +
                                         ", the reference has " + std::to_string(r.cpuSockets) + "x Xeon " +
                                         r.cpuModelContains);
            else if (r.cpuSockets > 0 && n.cpu && n.cpu->sockets != r.cpuSockets)
                np.differences.push_back(std::to_string(n.cpu->sockets) + " CPU sockets, the reference has " +
                                         std::to_string(r.cpuSockets));
            break;
        }
        if (np.reference.empty() && n.gpuCount() > 0)
            np.differences.push_back("no reference configuration for " + n.gpuModel() +
                                     ": checks still apply, the profile cannot compare it");
        p.nodes.push_back(np);
    }
    differ(p, nodes, "GPU count", [](const NodeInventory &n) { return std::to_string(n.gpuCount()); });
    differ(p, nodes, "GPU model", [](const NodeInventory &n) { return n.gpuModel(); });
    differ(p, nodes, "driver", [](const NodeInventory &n) { return n.driverVersion; });
    differ(p, nodes, "GPU memory", [](const NodeInventory &n) { return fixed(n.gpuMemoryGiB(), 1) + " GiB"; });
    differ(p, nodes, "host memory",
           [](const NodeInventory &n) { return fixed(n.memoryBytes / double(1LL << 30), 0) + " GiB"; });
    p.notes.push_back(
        "Storage: the references expect about 20 GB/s aggregate read for checkpoints and datasets; "
        "discovery cannot measure it: run `fio --rw=read --bs=1M --numjobs=16` on the shared filesystem.");
    p.notes.push_back("Switches: the references expect 25G/100G (or faster) switches with PFC for RoCE; a switch's "
                      "own settings are not visible from the nodes: the RoCE check reads what the NICs show.");
    return p;
}

} // namespace sn::setup
