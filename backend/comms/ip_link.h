#pragma once
// `ip -j link` / `ip -j -d link` (iproute2 JSON) read into interfaces. With -d the kernel also
// says what kind of virtual device an interface is (linkinfo.info_kind: bridge, veth, ifb, ...)
// and which bus device a physical one sits on (parentbus "pci", parentdev "0000:3b:00.0"),
// which is how discovery tells a NIC port from a container bridge and finds its PCI address.

#include "backend/model/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace sn::comms {

struct NetInterface {
    std::string name;      // "eno1"
    std::string linkType;  // "ether", "loopback", "infiniband"
    std::string operState; // "UP", "DOWN", "UNKNOWN"
    bool adminUp = false;  // flags has UP
    bool carrier = false;  // flags has LOWER_UP
    int mtu = 0;
    std::string address;   // MAC
    std::string kind;      // -d: linkinfo.info_kind ("bridge", "veth", "ifb"); empty for hardware
    std::string parentBus; // -d: "pci", "virtio"; empty unknown
    std::string parentDev; // -d: "0000:3b:00.0" on PCI
    bool detailed = false; // the output had -d fields (parentbus/linkinfo on some interface)
    // A hardware port: not loopback, not a virtual kind, and (with -d) on a bus.
    bool isPhysical() const;
};

Result<std::vector<NetInterface>> parseIpLinkJson(std::string_view json, const std::string &source = "ip -j link");

} // namespace sn::comms
