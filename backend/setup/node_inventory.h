#pragma once
// What the setup wizard knows about one server after discovery: its GPUs (nvidia-smi -q -x, or
// --query-gpu where -q -x is not available), driver and CUDA versions, NVLink state, CPUs,
// memory, disks, network ports (with MTU, speed, and RoCE PFC/ECN where visible), kernel
// modules, NCCL, clock sync, free space for the state directory, and the interconnect graph of
// comms::discoverNode. Every command is a DiscoveryStep, so a page can say what ran and what not.

#include "backend/comms/node_discovery.h"
#include "backend/comms/nvidia_smi_nvlink.h"
#include "backend/model/command_runner.h"
#include "backend/model/result.h"
#include "backend/setup/host_facts.h"
#include "backend/telemetry/collectors/nvidia_smi_snapshot.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sn::setup {

struct NetPort {
    std::string name;   // RDMA device and port ("mlx5_0") or interface ("eno1")
    std::string netdev; // the Linux interface; empty for InfiniBand without IPoIB
    std::string fabric; // "infiniband", "roce", "ethernet"
    bool up = false;
    int mtu = 0;             // 0: unknown
    double speedGbps = 0;    // 0: unknown
    std::optional<bool> ecn; // RoCE: ECN for RoCE (sysfs ecn/roce_np, priority 3); unset: not visible
    std::optional<bool> pfc; // RoCE: PFC on some priority (`dcb pfc show`); unset: not visible
};

struct NodeInventory {
    std::string name;  // the node's name in cluster.yaml
    std::string where; // "ssh://admin@10.0.0.5:22"
    NvidiaSmiSnapshot gpus;
    std::string gpuSource; // "nvidia-smi -q -x" or "nvidia-smi --query-gpu"
    std::string driverVersion;
    std::string cudaVersion; // the newest CUDA the driver runs
    std::vector<comms::NvlinkGpuStatus> nvlinks;
    bool nvlinkRead = false; // nvlink -s ran (an empty list: the GPUs have no NVLink)
    std::optional<CpuInfo> cpu;
    std::int64_t memoryBytes = 0;
    std::vector<BlockDevice> disks;
    std::vector<NetPort> ports;
    std::optional<std::set<std::string>> modules;   // unset: lsmod did not run
    std::optional<std::optional<std::string>> nccl; // unset: not looked up; inner unset: not installed
    std::optional<bool> clockSynchronized;
    std::optional<double> clockOffsetS; // node clock minus this machine's, seconds
    double clockOffsetUncertaintyS = 0; // half the round trip of the `date` it was measured by
    std::string stateDir;
    std::optional<std::int64_t> stateDirFreeBytes;
    comms::TopologyGraph topology;
    std::vector<comms::DiscoveryStep> steps;
    std::vector<std::string> notes;

    int gpuCount() const { return static_cast<int>(gpus.gpus.size()); }
    std::string gpuModel() const; // the first GPU's, "" without GPUs
    double gpuMemoryGiB() const;  // the first GPU's
};

struct InventoryOptions {
    std::chrono::milliseconds commandTimeout{15000};
    std::string stateDir = "/var/lib/supernode"; // df runs on its nearest existing parent
};

// Runs the tools through runner. A tool that is missing is a step that did not run; output that
// is misread is an error naming the node, command and line. Unavailable when the node cannot be
// reached at all (the first command fails to run).
Result<NodeInventory> discoverInventory(CommandRunner &runner, const std::string &name,
                                        const InventoryOptions &options = {});

} // namespace sn::setup
