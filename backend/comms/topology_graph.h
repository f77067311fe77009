#pragma once
// The interconnect as a graph: CPUs (one per NUMA domain), PCIe switches, GPUs,
// NVSwitches, NICs and network switches, joined by links that carry their type (NVLink with its
// link count, PCIe generation and lanes, RoCE/InfiniBand speed, Ethernet), bandwidth per
// direction, latency, health and live counters. Discovery parsers build it, the optimizer and
// cost model read it, the exporters write it out. Plain values: copy it freely.

#include "backend/model/cluster_spec.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace sn::comms {

// The server a device sits in is Device::host, not a graph vertex: nothing is wired to a chassis.
enum class DeviceKind { Cpu, PcieSwitch, Gpu, NvSwitch, Nic, NetSwitch };
const char *deviceKindName(DeviceKind kind); // "cpu", "pcie_switch", "gpu", "nvswitch", ...

// sn::LinkType plus the CPU-to-CPU interconnect (QPI/UPI/xGMI), which only the topology needs.
enum class LinkKind { NvLink, Pcie, CpuInterconnect, Roce, InfiniBand, Ethernet };
const char *linkKindName(LinkKind kind); // "nvlink", "pcie", "cpu_interconnect", "roce", ...
LinkKind linkKindFromType(LinkType type);

enum class LinkHealth { Unknown, Up, Degraded, Down };
const char *linkHealthName(LinkHealth health);

inline constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();
inline bool known(double v)
{
    return !std::isnan(v);
}

struct Device {
    std::string id; // unique: "node01/gpu3", "node01/mlx5_0", "node01/cpu0", "leaf01"
    DeviceKind kind = DeviceKind::Gpu;
    std::string host{};        // the server it sits in; empty for network switches
    int index = -1;            // GPU minor number, NUMA node of a CPU, switch number; -1 unknown
    int numaNode = -1;         // the NUMA domain it is attached to; -1 unknown
    std::string cpuAffinity{}; // "0-51,104-155" as nvidia-smi prints it; empty unknown
    std::string model{};       // "NVIDIA H100 80GB HBM3", "ConnectX-7"; empty unknown
    int tier = 0;              // network switches: 1 leaf, 2 spine, ...
    std::string rail{};        // NICs and leaf switches: the rail they belong to ("rail0"); empty none
    // Where NCCL and the exporters need them (nccl_topo_xml.h); empty or unknown until discovered.
    std::string pciBusId{};                  // "0000:18:00.0" as NCCL writes it (pci_address.h)
    int sm = 0;                              // GPUs: compute capability x 10 (80 A100, 90 H100); 0 unknown
    std::string rdmaDevice{};                // NICs: the RDMA device ("mlx5_0"); empty when none
    std::string netdev{};                    // NICs: the Linux interface ("ens1f0np0", "eth0")
    std::optional<LinkKind> fabric{};        // NICs: InfiniBand, RoCE or plain Ethernet (no RDMA)
    double speedGbps = kUnknown;             // NICs: port speed, one direction
    int port = -1;                           // NICs: RDMA port number (1-based)
    std::string portGuid{};                  // NICs: "0x248a0703005c9a2e"
    int roceV2GidIndex = -1;                 // RoCE NICs: the GID index of the RoCE v2 IPv4 address
    LinkHealth health = LinkHealth::Unknown; // NICs: port state (Active / Down)
};

struct Link {
    int a = -1; // device indices into TopologyGraph::devices()
    int b = -1;
    LinkKind kind = LinkKind::Pcie;
    int lanes = 0;                   // NVLink links bonded, or PCIe lanes; 0 unknown
    int generation = 0;              // NVLink or PCIe generation; 0 unknown
    double bandwidthGBps = kUnknown; // per direction, gigabytes per second
    double latencyUs = kUnknown;
    LinkHealth health = LinkHealth::Unknown;
    // Live state from telemetry counters (NaN until a reading arrives).
    double utilization = kUnknown; // 0..1 of bandwidthGBps, the busier direction
    std::int64_t errors = -1;      // link error/replay/symbol error count; -1 unknown
};

class TopologyGraph {
public:
    // Adds a device; an id that exists already returns the existing index unchanged.
    int addDevice(Device device);
    int addLink(Link link);

    const std::vector<Device> &devices() const { return m_devices; }
    const std::vector<Link> &links() const { return m_links; }
    std::vector<Link> &links() { return m_links; }
    Device &device(int i) { return m_devices[static_cast<std::size_t>(i)]; }
    const Device &device(int i) const { return m_devices[static_cast<std::size_t>(i)]; }

    int find(const std::string &id) const; // -1 when absent
    std::vector<int> devicesOfKind(DeviceKind kind) const;
    // Link indices touching device i, built lazily and dropped when links change.
    const std::vector<int> &linksOf(int i) const;
    int count(DeviceKind kind) const;

private:
    std::vector<Device> m_devices;
    std::vector<Link> m_links;
    std::vector<std::pair<std::string, int>> m_sortedIds; // for find(); kept sorted
    mutable std::vector<std::vector<int>> m_adjacency;
    mutable bool m_adjacencyValid = false;
};

} // namespace sn::comms
