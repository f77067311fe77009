#include "backend/setup/node_inventory.h"

#include "backend/comms/ip_link.h"
#include "backend/telemetry/collectors/nvidia_smi_csv.h"
#include "backend/telemetry/collectors/nvidia_smi_xml.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <map>

namespace sn::setup {

std::string NodeInventory::gpuModel() const
{
    return gpus.gpus.empty() ? std::string() : gpus.gpus.front().reading.model;
}

double NodeInventory::gpuMemoryGiB() const
{
    if (gpus.gpus.empty() || !gpus.gpus.front().reading.has(GpuField::FbTotal))
        return 0;
    return gpus.gpus.front().reading.get(GpuField::FbTotal) / 1024.0;
}

namespace {

// What --query-gpu is asked for where -q -x is not available: every fact the checks read.
const std::vector<std::string> kInventoryFields{
    "index",
    "uuid",
    "name",
    "pci.bus_id",
    "serial",
    "driver_version",
    "persistence_mode",
    "mig.mode.current",
    "mig.mode.pending",
    "ecc.mode.current",
    "ecc.mode.pending",
    "memory.total",
    "temperature.gpu",
    "power.draw",
    "power.limit",
    "enforced.power.limit",
    "power.default_limit",
    "power.max_limit",
    "retired_pages.sbe",
    "retired_pages.dbe",
    "retired_pages.pending",
    "remapped_rows.correctable",
    "remapped_rows.uncorrectable",
    "remapped_rows.pending",
    "remapped_rows.failure",
    "pcie.link.gen.current",
    "pcie.link.width.current",
};

std::string joinArgs(const std::vector<std::string> &argv)
{
    std::string s;
    for (const std::string &a : argv)
        s += (s.empty() ? "" : " ") + a;
    return s;
}

std::string trimmed(const std::string &s)
{
    const auto b = s.find_first_not_of(" \t\r\n");
    return b == std::string::npos ? std::string() : s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

class InventoryRun {
public:
    InventoryRun(CommandRunner &r, const std::string &name, const InventoryOptions &o) : m_r(r), m_o(o)
    {
        m_inv.name = name;
        m_inv.where = r.where();
        m_inv.stateDir = o.stateDir;
    }

    Error failed(const Error &e) const
    {
        const std::string prefix = m_inv.name + " (" + m_inv.where + "): ";
        return {e.code, e.message.rfind(prefix, 0) == 0 ? e.message : prefix + e.message}; // comms names it already
    }

    // Output of a command that exited 0; nullopt otherwise, recorded as a step. `unreachable` is
    // set when the runner could not run anything (no connection), which ends the discovery.
    std::optional<std::string> run(const std::vector<std::string> &argv)
    {
        comms::DiscoveryStep step;
        step.command = joinArgs(argv);
        auto out = m_r.run(argv, m_o.commandTimeout);
        if (!out) {
            step.detail = "did not run: " + out.error().message;
            if (m_inv.steps.empty() || m_unreachable)
                m_unreachable = out.error();
        } else if (out->exitCode != 0) {
            const std::string why = trimmed(out->err.empty() ? out->out : out->err);
            step.detail = "exit " + std::to_string(out->exitCode) + ": " + why.substr(0, why.find('\n'));
        } else {
            step.used = true;
        }
        m_inv.steps.push_back(step);
        return step.used ? std::optional<std::string>(out->out) : std::nullopt;
    }

    struct ClockSample {
        double offsetS = 0;
        double roundTripS = 0;
    };

    // `date +%s.%N` read at the middle of its round trip: the node's clock minus ours.
    static Result<ClockSample> clockSample(const std::string &out, std::chrono::system_clock::time_point sent,
                                           std::chrono::system_clock::time_point answered)
    {
        double remote = 0;
        const std::string t = trimmed(out);
        const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), remote);
        if (ec != std::errc() || p != t.data() + t.size())
            return invalidArgument("date +%s.%N: '" + t + "' is not a time");
        const double local = std::chrono::duration<double>((sent + (answered - sent) / 2).time_since_epoch()).count();
        return ClockSample{remote - local, std::chrono::duration<double>(answered - sent).count()};
    }

    // The first `date` also opened the connection (key exchange, authentication), so the middle
    // of its round trip is far from when the node read its clock: on a slow link or a busy
    // machine a node in sync looked a second off. As NTP does, up to two more samples over the
    // open connection, and the one with the shortest round trip wins.
    void narrowClockOffset(double roundTripS)
    {
        constexpr double kGoodEnoughS = 0.05;
        for (int i = 0; i < 2 && roundTripS > kGoodEnoughS; ++i) {
            const auto sent = std::chrono::system_clock::now();
            const auto out = m_r.run({"date", "+%s.%N"}, m_o.commandTimeout);
            const auto answered = std::chrono::system_clock::now();
            if (!out || out->exitCode != 0)
                return;
            const auto sample = clockSample(out->out, sent, answered);
            if (!sample || sample->roundTripS >= roundTripS)
                continue;
            roundTripS = sample->roundTripS;
            m_inv.clockOffsetS = sample->offsetS;
            m_inv.clockOffsetUncertaintyS = roundTripS / 2;
        }
    }

    Result<NodeInventory> go()
    {
        // The first command proves the connection: a node that cannot be reached is said so once.
        const auto sent = std::chrono::system_clock::now();
        const auto date = run({"date", "+%s.%N"});
        const auto answered = std::chrono::system_clock::now();
        if (m_unreachable)
            return failed(*m_unreachable);
        if (date) {
            auto sample = clockSample(*date, sent, answered);
            if (!sample)
                return failed(sample.error());
            m_inv.clockOffsetS = sample->offsetS;
            m_inv.clockOffsetUncertaintyS = sample->roundTripS / 2;
            narrowClockOffset(sample->roundTripS);
        }
        if (auto s = gpus(); !s.ok())
            return failed(s.error());
        if (auto s = host(); !s.ok())
            return failed(s.error());
        if (auto s = network(); !s.ok())
            return failed(s.error());
        return std::move(m_inv);
    }

private:
    Status gpus()
    {
        if (auto xml = run({"nvidia-smi", "-q", "-x"})) {
            auto snap = parseNvidiaSmiXml(*xml, "nvidia-smi -q -x");
            if (!snap)
                return snap.error();
            m_inv.gpus = std::move(*snap);
            m_inv.gpuSource = "nvidia-smi -q -x";
        } else {
            std::string fields;
            for (const std::string &f : kInventoryFields)
                fields += (fields.empty() ? "" : ",") + f;
            if (auto csv = run({"nvidia-smi", "--query-gpu=" + fields, "--format=csv"})) {
                auto snap = parseNvidiaSmiCsv(*csv, "nvidia-smi --query-gpu");
                if (!snap)
                    return snap.error();
                m_inv.gpus = std::move(*snap);
                m_inv.gpuSource = "nvidia-smi --query-gpu";
            }
        }
        m_inv.driverVersion = m_inv.gpus.driverVersion;
        m_inv.cudaVersion = m_inv.gpus.cudaVersion;
        if (m_inv.cudaVersion.empty() && !m_inv.gpuSource.empty()) {
            // --query-gpu has no CUDA version: `--version` has it since R535, the table always.
            if (auto v = run({"nvidia-smi", "--version"})) {
                auto parsed = parseNvidiaSmiVersion(*v);
                if (!parsed)
                    return parsed.error();
                m_inv.cudaVersion = parsed->cuda;
                if (m_inv.driverVersion.empty())
                    m_inv.driverVersion = parsed->driver;
            } else if (auto table = run({"nvidia-smi"})) {
                auto parsed = parseNvidiaSmiTableHeader(*table);
                if (!parsed)
                    return parsed.error();
                m_inv.cudaVersion = parsed->cuda;
            }
        }
        if (m_inv.gpuSource.empty())
            return success();
        if (auto s = run({"nvidia-smi", "nvlink", "-s"})) {
            // GPUs without NVLink say so instead of listing links.
            if (s->find("does not have or support Nvlink") == std::string::npos) {
                auto parsed = comms::parseNvidiaSmiNvlinkStatus(*s);
                if (!parsed)
                    return parsed.error();
                m_inv.nvlinks = std::move(*parsed);
            }
            m_inv.nvlinkRead = true;
        }
        return success();
    }

    Status host()
    {
        if (auto out = run({"lscpu", "-J"})) {
            auto cpu = parseLscpuJson(*out);
            if (!cpu)
                return cpu.error();
            m_inv.cpu = *cpu;
        }
        if (auto out = run({"free", "-b"})) {
            auto mem = parseFreeBytes(*out);
            if (!mem)
                return mem.error();
            m_inv.memoryBytes = *mem;
        }
        if (auto out = run({"lsblk", "-J", "-b", "-o", "NAME,SIZE,TYPE,ROTA,MOUNTPOINT"})) {
            auto disks = parseLsblkJson(*out);
            if (!disks)
                return disks.error();
            m_inv.disks = std::move(*disks);
        }
        if (auto out = run({"lsmod"})) {
            auto mods = parseLsmod(*out);
            if (!mods)
                return mods.error();
            m_inv.modules = std::move(*mods);
        }
        if (auto out = run({"ldconfig", "-p"})) {
            auto nccl = parseLdconfigNccl(*out);
            if (!nccl)
                return nccl.error();
            m_inv.nccl = *nccl;
        }
        if (auto out = run({"timedatectl", "show", "-p", "NTPSynchronized", "--value"})) {
            auto sync = parseTimedatectlSynchronized(*out);
            if (!sync)
                return sync.error();
            m_inv.clockSynchronized = *sync;
        }
        // The state directory does not exist before apply: df its nearest existing parent.
        std::string dir = m_o.stateDir;
        for (int i = 0; i < 8 && !dir.empty(); ++i) {
            auto test = m_r.run({"test", "-d", dir}, m_o.commandTimeout);
            if (test && test->exitCode == 0)
                break;
            const auto slash = dir.find_last_of('/');
            dir = slash == 0 || slash == std::string::npos ? "/" : dir.substr(0, slash);
        }
        if (auto out = run({"df", "-B1", "--output=avail", dir.empty() ? "/" : dir})) {
            auto free = parseDfAvailable(*out);
            if (!free)
                return free.error();
            m_inv.stateDirFreeBytes = *free;
        }
        return success();
    }

    Status network()
    {
        auto topo = comms::discoverNode(m_r, m_inv.name, m_o.commandTimeout);
        if (!topo)
            return topo.error();
        m_inv.topology = std::move(topo->graph);
        for (auto &s : topo->steps)
            m_inv.steps.push_back(s);
        for (auto &n : topo->notes)
            m_inv.notes.push_back(n);
        std::map<std::string, comms::NetInterface> links;
        if (auto out = run({"ip", "-j", "link"})) {
            auto parsed = comms::parseIpLinkJson(*out);
            if (!parsed)
                return parsed.error();
            for (const auto &l : *parsed)
                links[l.name] = l;
        }
        for (const comms::Device &d : m_inv.topology.devices()) {
            if (d.kind != comms::DeviceKind::Nic)
                continue;
            NetPort p;
            p.name = d.rdmaDevice.empty() ? d.netdev : d.rdmaDevice;
            p.netdev = d.netdev;
            p.fabric = !d.fabric                                  ? "ethernet"
                       : *d.fabric == comms::LinkKind::InfiniBand ? "infiniband"
                       : *d.fabric == comms::LinkKind::Roce       ? "roce"
                                                                  : "ethernet";
            p.up = d.health == comms::LinkHealth::Up;
            p.speedGbps = std::isnan(d.speedGbps) ? 0 : d.speedGbps;
            if (const auto l = links.find(d.netdev); l != links.end())
                p.mtu = l->second.mtu;
            if (!p.netdev.empty() && p.speedGbps == 0)
                if (auto s = run({"cat", "/sys/class/net/" + p.netdev + "/speed"})) {
                    int mbps = 0;
                    const std::string t = trimmed(*s);
                    const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), mbps);
                    if (ec == std::errc() && ptr == t.data() + t.size() && mbps > 0)
                        p.speedGbps = mbps / 1000.0;
                }
            if (p.fabric == "roce" && !p.netdev.empty()) {
                if (auto e = run({"cat", "/sys/class/net/" + p.netdev + "/ecn/roce_np/enable/3"}))
                    p.ecn = trimmed(*e) == "1";
                if (auto f = run({"dcb", "pfc", "show", "dev", p.netdev, "prio-pfc"}))
                    p.pfc = f->find(":on") != std::string::npos;
            }
            m_inv.ports.push_back(p);
        }
        return success();
    }

    CommandRunner &m_r;
    InventoryOptions m_o;
    NodeInventory m_inv;
    std::optional<Error> m_unreachable;
};

} // namespace

Result<NodeInventory> discoverInventory(CommandRunner &runner, const std::string &name, const InventoryOptions &options)
{
    return InventoryRun(runner, name, options).go();
}

} // namespace sn::setup
