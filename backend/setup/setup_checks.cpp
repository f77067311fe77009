#include "backend/setup/setup_checks.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace sn::setup {

const char *checkStatusName(CheckStatus status)
{
    switch (status) {
    case CheckStatus::Pass:
        return "pass";
    case CheckStatus::Warn:
        return "warn";
    case CheckStatus::Fail:
        return "fail";
    }
    return "?";
}

std::string minimumDriverForCuda(const std::string &cudaVersion)
{
    static const std::map<std::string, std::string> table{
        {"11.0", "450.36.06"}, {"11.1", "455.23"},    {"11.2", "460.27.03"}, {"11.3", "465.19.01"},
        {"11.4", "470.42.01"}, {"11.5", "495.29.05"}, {"11.6", "510.39.01"}, {"11.7", "515.43.04"},
        {"11.8", "520.61.05"}, {"12.0", "525.60.13"}, {"12.1", "530.30.02"}, {"12.2", "535.54.03"},
        {"12.3", "545.23.06"}, {"12.4", "550.54.14"}, {"12.5", "555.42.02"}, {"12.6", "560.28.03"},
        {"12.8", "570.26"},    {"12.9", "575.51.03"}, {"13.0", "580.65.06"}, {"13.1", "590.44.01"},
    };
    const auto it = table.find(cudaVersion.substr(0, cudaVersion.find('.', cudaVersion.find('.') + 1)));
    return it == table.end() ? std::string() : it->second;
}

namespace {

// Collects findings per status and turns them into one line: the worst status wins, and the
// reason lists what made it so ("node02: driver 470.57.02 is older than 525.85.12; node03: ...").
class Finding {
public:
    Finding(std::string id, std::string title)
    {
        m_r.id = std::move(id);
        m_r.title = std::move(title);
    }
    void fail(const std::string &what, const std::string &fix) { add(CheckStatus::Fail, what, fix); }
    void warn(const std::string &what, const std::string &fix) { add(CheckStatus::Warn, what, fix); }
    CheckResult done(const std::string &passReason)
    {
        if (m_r.status == CheckStatus::Pass) {
            m_r.reason = passReason;
            return m_r;
        }
        for (const auto &[what, f] : m_items[m_r.status]) {
            m_r.reason += (m_r.reason.empty() ? "" : "; ") + what;
            m_r.findings.push_back(what);
            if (std::find(m_r.fixes.begin(), m_r.fixes.end(), f) == m_r.fixes.end()) {
                m_r.fix += (m_r.fix.empty() ? "" : " ") + f;
                m_r.fixes.push_back(f);
            }
        }
        return m_r;
    }

private:
    void add(CheckStatus s, const std::string &what, const std::string &fix)
    {
        m_r.status = std::max(m_r.status, s);
        m_items[s].push_back({what, fix});
    }
    CheckResult m_r;
    std::map<CheckStatus, std::vector<std::pair<std::string, std::string>>> m_items;
};

std::string num(double v, int decimals = 0)
{
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(decimals);
    o << v;
    return o.str();
}

std::string gpuName(const NodeInventory &n, const NvidiaSmiDevice &g)
{
    return n.name + " GPU" + std::to_string(g.reading.gpu);
}

bool noGpus(const NodeInventory &n, Finding &f)
{
    if (n.gpuSource.empty()) {
        f.fail(n.name + ": nvidia-smi did not run",
               "Install the NVIDIA driver (it provides nvidia-smi) and run discovery again.");
        return true;
    }
    return false;
}

CheckResult driverVersion(const std::vector<NodeInventory> &nodes, const CheckThresholds &t)
{
    Finding f("driver-version", "NVIDIA driver");
    std::set<std::string> versions;
    for (const NodeInventory &n : nodes) {
        if (noGpus(n, f))
            continue;
        versions.insert(n.driverVersion);
        const auto cmp = compareVersions(n.driverVersion, t.minDriver);
        if (!cmp)
            f.warn(n.name + ": driver version '" + n.driverVersion + "' not readable",
                   "Check `nvidia-smi --version` on that node.");
        else if (*cmp < 0)
            f.fail(n.name + ": driver " + n.driverVersion + " is older than " + t.minDriver,
                   "Install NVIDIA driver " + t.minDriver + " or newer (the same on every node), then reboot.");
    }
    if (versions.size() > 1) {
        std::string list;
        for (const NodeInventory &n : nodes)
            list += (list.empty() ? "" : ", ") + n.name + " " + n.driverVersion;
        f.fail("drivers differ: " + list,
               "Install the same driver version on every node: NCCL and CUDA behave differently between versions.");
    }
    return f.done("driver " + (versions.empty() ? std::string("?") : *versions.begin()) + " on every node (at least " +
                  t.minDriver + ")");
}

CheckResult cudaDriver(const std::vector<NodeInventory> &nodes)
{
    Finding f("cuda-driver", "CUDA and driver compatibility");
    std::set<std::string> cudas;
    for (const NodeInventory &n : nodes) {
        if (noGpus(n, f))
            continue;
        if (n.cudaVersion.empty()) {
            f.warn(n.name + ": the driver did not say which CUDA version it runs",
                   "Run `nvidia-smi` on that node; a driver that prints no CUDA version is incomplete: reinstall it.");
            continue;
        }
        cudas.insert(n.cudaVersion);
        const std::string min = minimumDriverForCuda(n.cudaVersion);
        if (min.empty())
            f.warn(n.name + ": CUDA " + n.cudaVersion + " is not in this console's compatibility table",
                   "Check NVIDIA's CUDA release notes (Table 3) for the driver it needs.");
        else if (const auto c = compareVersions(n.driverVersion, min); c && *c < 0)
            f.fail(n.name + ": CUDA " + n.cudaVersion + " needs driver " + min + ", found " + n.driverVersion,
                   "Install the driver that matches the CUDA version (or a newer one).");
    }
    if (cudas.size() > 1)
        f.warn("nodes run different CUDA versions (" + std::to_string(cudas.size()) + ")",
               "Use the same driver on every node so a job built for the newest CUDA runs everywhere.");
    return f.done("CUDA " + (cudas.empty() ? std::string("?") : *cudas.begin()) + " matches the driver on every node");
}

CheckResult nvlink(const std::vector<NodeInventory> &nodes)
{
    Finding f("nvlink", "NVLink");
    int links = 0;
    for (const NodeInventory &n : nodes) {
        if (noGpus(n, f))
            continue;
        if (!n.nvlinkRead) {
            f.warn(n.name + ": `nvidia-smi nvlink -s` did not run", "Check that nvidia-smi works on that node.");
            continue;
        }
        for (const auto &g : n.nvlinks) {
            links += static_cast<int>(g.links.size());
            const int down = static_cast<int>(g.links.size()) - g.activeLinks();
            if (down > 0)
                f.fail(n.name + " GPU" + std::to_string(g.gpu) + ": " + std::to_string(down) + " of " +
                           std::to_string(g.links.size()) + " NVLinks down",
                       "Reseat or replace the GPU baseboard link (check `nvidia-smi nvlink -e` error counters and "
                       "the fabric manager: `systemctl status nvidia-fabricmanager`), then reboot.");
        }
    }
    return f.done(links == 0 ? "no NVLink on these GPUs (PCIe only): nothing to check"
                             : "all " + std::to_string(links) + " NVLinks up");
}

CheckResult ecc(const std::vector<NodeInventory> &nodes)
{
    Finding f("ecc", "ECC memory");
    for (const NodeInventory &n : nodes) {
        if (noGpus(n, f))
            continue;
        for (const auto &g : n.gpus.gpus) {
            if (g.eccModeCurrent.empty())
                f.warn(gpuName(n, g) + ": ECC mode not reported", "Check `nvidia-smi -q -d ECC` on that node.");
            else if (g.eccModeCurrent != "Enabled")
                f.fail(gpuName(n, g) + ": ECC " + g.eccModeCurrent +
                           (g.eccModePending == "Enabled" ? " (enabled after a reset)" : ""),
                       "Enable ECC: `nvidia-smi -e 1`, then reset the GPU or reboot.");
        }
    }
    return f.done("ECC enabled on every GPU");
}

CheckResult persistence(const std::vector<NodeInventory> &nodes)
{
    Finding f("persistence", "Persistence mode");
    for (const NodeInventory &n : nodes) {
        if (noGpus(n, f))
            continue;
        for (const auto &g : n.gpus.gpus)
            if (g.persistenceMode != "Enabled")
                f.fail(gpuName(n, g) + ": persistence mode " +
                           (g.persistenceMode.empty() ? "not reported" : g.persistenceMode),
                       "Enable the persistence daemon: `systemctl enable --now nvidia-persistenced` (jobs otherwise "
                       "wait for the driver to load on every start).");
    }
    return f.done("persistence mode on for every GPU");
}

CheckResult rowRemap(const std::vector<NodeInventory> &nodes, const CheckThresholds &t)
{
    Finding f("row-remap", "Memory row remaps and retired pages");
    for (const NodeInventory &n : nodes) {
        if (noGpus(n, f))
            continue;
        for (const auto &g : n.gpus.gpus) {
            const GpuReading &r = g.reading;
            if (g.remappedRowsPending.value_or(false) ||
                (r.has(GpuField::RetiredPending) && r.get(GpuField::RetiredPending) != 0))
                f.fail(gpuName(n, g) + ": a row remap or page retirement is pending",
                       "Reset the GPU (`nvidia-smi -r`) or reboot the node before it takes jobs.");
            if (r.has(GpuField::RowRemapFailure) && r.get(GpuField::RowRemapFailure) != 0)
                f.fail(gpuName(n, g) + ": row remapping has failed",
                       "The GPU's memory is worn out: ask the vendor for an RMA.");
            const double retired = (r.has(GpuField::RetiredSbe) ? r.get(GpuField::RetiredSbe) : 0) +
                                   (r.has(GpuField::RetiredDbe) ? r.get(GpuField::RetiredDbe) : 0);
            if (retired >= t.retiredPagesLimit)
                f.fail(gpuName(n, g) + ": " + num(retired) + " pages retired (limit " +
                           std::to_string(t.retiredPagesLimit) + ")",
                       "The GPU cannot retire more pages: ask the vendor for an RMA.");
            else if (retired >= t.retiredPagesLimit / 2)
                f.warn(gpuName(n, g) + ": " + num(retired) + " pages retired", "Watch this GPU; plan a replacement.");
        }
    }
    return f.done("no pending row remaps and no retired-page limits reached");
}

CheckResult idleThermalPower(const std::vector<NodeInventory> &nodes, const CheckThresholds &t)
{
    Finding f("idle-thermal-power", "Idle temperature and power limits");
    double hottest = 0;
    for (const NodeInventory &n : nodes) {
        if (noGpus(n, f))
            continue;
        for (const auto &g : n.gpus.gpus) {
            const GpuReading &r = g.reading;
            if (!r.has(GpuField::Temperature)) {
                f.warn(gpuName(n, g) + ": temperature not reported",
                       "Check `nvidia-smi -q -d TEMPERATURE` on that node.");
            } else {
                const double c = r.get(GpuField::Temperature);
                hottest = std::max(hottest, c);
                const double fail = g.slowdownTemperatureC
                                        ? std::min(t.idleTemperatureFailC, *g.slowdownTemperatureC - 10)
                                        : t.idleTemperatureFailC;
                if (c >= fail)
                    f.fail(gpuName(n, g) + ": " + num(c) + " C at idle",
                           "Check the server's fans and airflow (blanking panels, inlet temperature) before running "
                           "jobs.");
                else if (c >= t.idleTemperatureWarnC)
                    f.warn(gpuName(n, g) + ": " + num(c) + " C at idle (expected below " + num(t.idleTemperatureWarnC) +
                               " C)",
                           "Check the server's fans and airflow; a job may already be running on it.");
            }
            const auto limit =
                g.enforcedPowerLimitW
                    ? g.enforcedPowerLimitW
                    : (r.has(GpuField::PowerLimit) ? std::optional<double>(r.get(GpuField::PowerLimit)) : std::nullopt);
            if (!limit)
                f.warn(gpuName(n, g) + ": power limit not reported", "Check `nvidia-smi -q -d POWER` on that node.");
            else if (g.defaultPowerLimitW && *limit < 0.9 * *g.defaultPowerLimitW)
                f.warn(gpuName(n, g) + ": power limited to " + num(*limit) + " W of " + num(*g.defaultPowerLimitW) +
                           " W",
                       "Restore the default limit (`nvidia-smi -pl " + num(*g.defaultPowerLimitW) +
                           "`) unless the cap is on purpose.");
        }
    }
    return f.done("GPUs at most " + num(hottest) + " C at idle, power limits at their defaults");
}

CheckResult nicConsistency(const std::vector<NodeInventory> &nodes)
{
    Finding f("nic-consistency", "Network link speed and MTU");
    std::map<std::string, std::set<std::string>> speedsByFabric, mtusByFabric;
    int ports = 0;
    for (const NodeInventory &n : nodes) {
        for (const NetPort &p : n.ports) {
            if (!p.up) {
                f.warn(n.name + " " + p.name + ": link down",
                       "Check the cable and the switch port, or leave the port unused.");
                continue;
            }
            ++ports;
            speedsByFabric[p.fabric].insert(p.speedGbps > 0 ? num(p.speedGbps) + "G" : "(speed not reported)");
            if (p.mtu > 0)
                mtusByFabric[p.fabric].insert(std::to_string(p.mtu));
        }
    }
    auto join = [](const std::set<std::string> &s) {
        std::string o;
        for (const auto &x : s)
            o += (o.empty() ? "" : "/") + x;
        return o;
    };
    for (const auto &[fabric, speeds] : speedsByFabric)
        if (speeds.size() > 1)
            f.fail(fabric + " ports run at different speeds (" + join(speeds) + ")",
                   "Set every port of a fabric to the same speed (switch and NIC), or collectives run at the slowest.");
    for (const auto &[fabric, mtus] : mtusByFabric)
        if (mtus.size() > 1)
            f.fail(fabric + " ports have different MTUs (" + join(mtus) + ")",
                   "Use one MTU on every node and switch port (9000 for RoCE/Ethernet data, 4096 IB).");
    if (ports == 0)
        f.warn("no network port is up", "Check that the nodes' data NICs are cabled and configured.");
    std::string summary;
    for (const auto &[fabric, speeds] : speedsByFabric)
        summary += (summary.empty() ? "" : ", ") + fabric + " " + join(speeds) +
                   (mtusByFabric.count(fabric) ? " MTU " + join(mtusByFabric[fabric]) : "");
    return f.done("every port alike: " + summary);
}

CheckResult rocePfcEcn(const std::vector<NodeInventory> &nodes)
{
    Finding f("roce-pfc-ecn", "RoCE lossless settings (PFC/ECN)");
    int roce = 0;
    for (const NodeInventory &n : nodes)
        for (const NetPort &p : n.ports) {
            if (p.fabric != "roce")
                continue;
            ++roce;
            if (!p.pfc && !p.ecn)
                f.warn(n.name + " " + p.name + ": PFC/ECN not visible from the host",
                       "Check with `mlnx_qos -i " + p.netdev +
                           "` and on the switch that PFC is on priority 3 and ECN marks.");
            if (p.pfc && !*p.pfc)
                f.fail(n.name + " " + p.name + ": PFC off on every priority",
                       "Turn PFC on for the RoCE priority (`mlnx_qos -i " + p.netdev +
                           " --pfc 0,0,0,1,0,0,0,0`) and on the switch.");
            if (p.ecn && !*p.ecn)
                f.fail(n.name + " " + p.name + ": ECN for RoCE off",
                       "echo 1 > /sys/class/net/" + p.netdev +
                           "/ecn/roce_np/enable/3 (and roce_rp), and enable ECN marking on the switch.");
        }
    return f.done(roce == 0 ? "no RoCE ports: nothing to check"
                            : "PFC and ECN on for all " + std::to_string(roce) + " RoCE ports");
}

CheckResult gpuDirectRdma(const std::vector<NodeInventory> &nodes)
{
    Finding f("gpudirect-rdma", "GPUDirect RDMA");
    int rdmaNodes = 0;
    for (const NodeInventory &n : nodes) {
        const bool rdma =
            std::any_of(n.ports.begin(), n.ports.end(), [](const NetPort &p) { return p.fabric != "ethernet"; });
        if (!rdma)
            continue;
        ++rdmaNodes;
        if (!n.modules)
            f.warn(n.name + ": lsmod did not run", "Check `lsmod | grep peermem` on that node.");
        else if (!n.modules->count("nvidia_peermem") && !n.modules->count("nv_peer_mem"))
            f.fail(n.name + ": RDMA NICs but no nvidia_peermem module",
                   "Load it (`modprobe nvidia_peermem`; add it to /etc/modules-load.d/) so NCCL moves GPU memory over "
                   "RDMA directly.");
    }
    return f.done(rdmaNodes == 0 ? "no RDMA NICs: GPUDirect RDMA not needed"
                                 : "nvidia_peermem loaded on every RDMA node");
}

CheckResult clockSync(const std::vector<NodeInventory> &nodes, const CheckThresholds &t)
{
    Finding f("clock-sync", "Clock synchronisation");
    for (const NodeInventory &n : nodes) {
        if (!n.clockSynchronized)
            f.warn(n.name + ": synchronisation state not visible (no timedatectl)",
                   "Check chrony or ntpd on that node.");
        else if (!*n.clockSynchronized)
            f.fail(n.name + ": clock not synchronised",
                   "Enable time sync: `apt install chrony && systemctl enable --now chrony`.");
        // Off by more than allowed even where the measurement's own error is in the node's favour.
        if (n.clockOffsetS && std::abs(*n.clockOffsetS) - n.clockOffsetUncertaintyS > t.maxClockOffsetS)
            f.fail(n.name + ": clock " + num(*n.clockOffsetS, 1) + " s off this machine's",
                   "Point every node at the same NTP server; logs and telemetry from different nodes will not line up "
                   "otherwise.");
    }
    return f.done("clocks synchronised on every node");
}

CheckResult stateDisk(const std::vector<NodeInventory> &nodes, const CheckThresholds &t)
{
    Finding f("state-disk", "Disk for the state directory");
    for (const NodeInventory &n : nodes) {
        if (!n.stateDirFreeBytes)
            f.warn(n.name + ": free space of " + n.stateDir + " not visible",
                   "Check `df -h " + n.stateDir + "` on that node.");
        else if (*n.stateDirFreeBytes < t.minStateDirFreeBytes)
            f.fail(n.name + ": " + num(*n.stateDirFreeBytes / double(1LL << 30), 1) + " GiB free for " + n.stateDir,
                   "Free space or put the state directory on a larger disk (at least " +
                       num(t.minStateDirFreeBytes / double(1LL << 30)) + " GiB).");
        else if (*n.stateDirFreeBytes < t.warnStateDirFreeBytes)
            f.warn(n.name + ": " + num(*n.stateDirFreeBytes / double(1LL << 30), 1) + " GiB free for " + n.stateDir,
                   "Plan for more space: telemetry of a busy cluster grows by a few GiB a week.");
    }
    return f.done("enough free disk for the state directory on every node");
}

} // namespace

std::vector<CheckResult> runChecks(const std::vector<NodeInventory> &nodes, const CheckThresholds &t)
{
    return {driverVersion(nodes, t),
            cudaDriver(nodes),
            nvlink(nodes),
            ecc(nodes),
            persistence(nodes),
            rowRemap(nodes, t),
            idleThermalPower(nodes, t),
            nicConsistency(nodes),
            rocePfcEcn(nodes),
            gpuDirectRdma(nodes),
            clockSync(nodes, t),
            stateDisk(nodes, t)};
}

} // namespace sn::setup
