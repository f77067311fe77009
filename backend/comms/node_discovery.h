#pragma once
// One node's interconnect, discovered by running its tools through a CommandRunner (locally, or
// over SSH for the setup wizard): nvidia-smi (--query-gpu for bus ids and model, topo -m,
// nvlink -s, nvlink -c), ibstat, ibv_devinfo -v, rdma -j link, ip -j -d link, and the sysfs
// numa_node of each NIC the matrix does not place.
//
// A tool that is not installed or fails (no GPU driver, no RDMA stack) is recorded as a step that
// did not run and discovery goes on with the rest. Output a parser does not understand is an
// error naming the command and line: a graph is never built from output that was misread.

#include "backend/comms/topology_graph.h"
#include "backend/model/command_runner.h"
#include "backend/model/result.h"

#include <chrono>
#include <string>
#include <vector>

namespace sn::comms {

struct DiscoveryStep {
    std::string command; // "nvidia-smi topo -m"
    bool used = false;   // ran, exited 0, and its output was read
    std::string detail;  // why not: "not installed (...)", "exit 9: ..."
};

struct NodeDiscovery {
    TopologyGraph graph;
    std::vector<DiscoveryStep> steps;
    std::vector<std::string> notes; // findings: inactive NVLinks, ports down, interfaces skipped
};

Result<NodeDiscovery> discoverNode(CommandRunner &runner, const std::string &host,
                                   std::chrono::milliseconds timeout = std::chrono::seconds(20));

} // namespace sn::comms
