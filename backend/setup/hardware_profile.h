#pragma once
// What was found, against the reference configurations the wizard knows (8x A100 80GB with 2x
// Xeon Platinum 8380; 8x H100 80GB SXM; 8x H200), and between the nodes: a cluster whose nodes
// differ in GPU count, model, driver or memory schedules and performs unevenly, so each
// difference is named. Storage throughput and switch PFC cannot be seen from a node's tools;
// the profile says so instead of guessing.

#include "backend/setup/node_inventory.h"

#include <string>
#include <vector>

namespace sn::setup {

struct ReferenceConfiguration {
    std::string name;             // "8x H100 80GB SXM"
    std::string gpuModelContains; // "H100"
    double gpuMemoryGiB = 0;      // per GPU, at least (80 GB boards report 79.6 GiB)
    int gpusPerNode = 8;
    std::string cpuModelContains; // "" any
    int cpuSockets = 0;           // 0 any
    std::string note;             // what the reference also expects (storage, switches)
};
const std::vector<ReferenceConfiguration> &referenceConfigurations();

struct NodeProfile {
    std::string node;
    std::string summary;                  // "1x NVIDIA H100 80GB HBM3, 2x Xeon ..., 2015 GiB RAM"
    std::string reference;                // the closest reference's name; "" none matches the GPU model
    std::vector<std::string> differences; // from that reference
};

struct ClusterProfile {
    std::vector<NodeProfile> nodes;
    std::vector<std::string> mismatches; // between nodes: "GPU count: node01 8, node02 4"
    std::vector<std::string> notes;      // storage, switches: what the wizard cannot measure
};

ClusterProfile compareHardware(const std::vector<NodeInventory> &nodes);

} // namespace sn::setup
