#pragma once
// The RDMA NIC tools' output read into ports: `ibstat` (infiniband-diags), `ibv_devinfo [-v]`
// (rdma-core; -v adds the GID table, where the RoCE v2 IPv4 GID NCCL_IB_GID_INDEX needs is),
// and `rdma -j link` (iproute2: each RDMA port's Linux netdev). Errors name source:line:column.

#include "backend/comms/topology_graph.h"
#include "backend/model/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sn::comms {

struct RdmaPort {
    std::string device; // "mlx5_0"
    int port = 1;
    std::string state;                 // ibstat "Active"/"Down"/"Init"/"Armed"; ibv_devinfo "PORT_ACTIVE"
    bool active = false;               // the port passes traffic
    double rateGbps = kUnknown;        // the port's data rate (ibstat "Rate", or width x lane speed)
    std::optional<LinkKind> linkLayer; // InfiniBand, or Roce for "Ethernet"
    std::string portGuid;              // "0x0c42a10300d4e8b0"; empty unknown
    std::string caType;                // ibstat "MT4129"
    int roceV2Ipv4GidIndex = -1;       // ibv_devinfo -v: the GID "::ffff:a.b.c.d, RoCE v2"; -1 none
};

Result<std::vector<RdmaPort>> parseIbstat(std::string_view text, const std::string &source = "ibstat");
Result<std::vector<RdmaPort>> parseIbvDevinfo(std::string_view text, const std::string &source = "ibv_devinfo");

struct RdmaNetdev {
    std::string device; // "mlx5_0"
    int port = 1;
    std::string netdev; // "ens1np0"; empty for InfiniBand ports without IPoIB
};
Result<std::vector<RdmaNetdev>> parseRdmaLinkJson(std::string_view json, const std::string &source = "rdma -j link");

} // namespace sn::comms
