#pragma once
// The NCCL environment a host's graph calls for, each variable with the reason, so a user can
// see why before exporting it (NCCL's own documentation: docs.nvidia.com/deeplearning/nccl,
// "Environment Variables"). Only what the graph knows is recommended; what it cannot tell (a
// RoCE GID index nobody read, a PCIe path that is not known) becomes a note instead of a guess.

#include "backend/comms/topology_graph.h"

#include <string>
#include <vector>

namespace sn::comms {

struct NcclEnvSetting {
    std::string name;  // "NCCL_IB_HCA"
    std::string value; // "=mlx5_0:1,mlx5_1:1"
    std::string reason;
};

struct NcclEnvAdvice {
    std::vector<NcclEnvSetting> settings;
    std::vector<std::string> notes; // what could not be decided, and what to run to decide it
    // "export NAME=VALUE" lines with the reason as a comment above each.
    std::string shell() const;
};

// For one host of `graph`:
// - NCCL_IB_HCA: the RDMA NICs that are not down, by exact name ("=" prefix: mlx5_1 must not
//   also select mlx5_10..), each with its port;
// - NCCL_IB_GID_INDEX: on RoCE, the RoCE v2 IPv4 GID index the NICs report (ibv_devinfo -v);
// - NCCL_SOCKET_IFNAME: the Ethernet interface for bootstrap and the socket transport, never a
//   loopback, container or virtual bridge;
// - NCCL_NET_GDR_LEVEL: from each GPU's PCIe distance to its nearest RDMA NIC;
// - NCCL_NVLS_ENABLE: on NVSwitch boards that reduce in the switch (NVLink 4+), with the cost
//   model's all-reduce busbw for NVLS and ring;
// - NCCL_CROSS_NIC=0 where NICs are rail-wired (one leaf per rail);
// - NCCL_IB_DISABLE=1 where there is no RDMA NIC but an Ethernet one.
NcclEnvAdvice recommendNcclEnv(const TopologyGraph &graph, const std::string &host);

} // namespace sn::comms
