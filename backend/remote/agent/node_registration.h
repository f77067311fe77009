#pragma once
// What the agent tells supernoded about its node (RegisterNode): the GPUs as the probe reads
// them (NVML, else nvidia-smi: index, UUID, model, memory, bus id), the interconnect as the comms
// discovery finds it (backend/comms/node_discovery.h: nvidia-smi topo -m or this agent's own NVML
// interconnect, NVLink state, ibstat, ibv_devinfo, rdma, ip link, NUMA from sysfs), and host facts
// (CPU cores, memory, kernel, OS, driver). The same discovery the setup wizard runs over SSH, run
// here on the node itself, so a registered node and a wizard-written one look alike.

#include "backend/api/supernode.pb.h"
#include "backend/comms/node_discovery.h"
#include "backend/model/command_runner.h"
#include "backend/model/gpu_reading.h"

#include <string>
#include <vector>

namespace sn::agent {

struct RegistrationOptions {
    std::string nodeName;
    std::string nvmlLibrary; // empty: libnvidia-ml.so.1
    std::string nvidiaSmi = "nvidia-smi";
    // This program, which discovery runs as `supernode-agent --interconnect --json` for NVML's
    // NVLink far ends (empty: not run).
    std::string selfProgram;
    std::string agentVersion;
};

// Runs the discovery through runner (LocalCommandRunner on the node).
supernode::v1::RegisterNodeRequest discoverRegistration(const RegistrationOptions &options, CommandRunner &runner);

// The pure part, for tests over captured outputs: GPUs from readings, the rest from the graph.
supernode::v1::RegisterNodeRequest buildRegistration(const std::string &node, const std::vector<GpuReading> &gpus,
                                                     const comms::NodeDiscovery &discovery);

// "node01: 8 GPUs (NVIDIA H100 80GB HBM3), 1 NVSwitch, 4 NICs, 24 links"
std::string describeRegistration(const supernode::v1::RegisterNodeRequest &request);

} // namespace sn::agent
