#pragma once
// NCCL's topology file (NCCL_TOPO_FILE): written from a host's graph, and read back into one.
//
// The schema is the one NCCL's own dump (NCCL_TOPO_DUMP_FILE) and Azure's published files use:
//   <system version="1">
//     <cpu numaid affinity arch vendor familyid modelid>
//       <pci busid class link_speed link_width>            PCIe switch (class 0x060400)
//         <pci busid class link_speed link_width>          GPU (0x0302..) or NIC (0x0207.., 0x0200..)
//           <gpu dev sm rank gdr> <nvlink target count tclass/> </gpu>
//           <nic> <net name dev speed port guid/> </nic>
//       <nic> <net .../> </nic>                             a NIC without a PCI address
// NCCL reads the file first and then fills each attribute the file leaves out from the machine it
// runs on (xmlInitAttr* only sets absent attributes), so a value the file states wins over what
// NCCL would have found. The writer therefore writes only what the graph knows and leaves the
// rest out: a GPU without a known compute capability gets a bare <pci> (as Azure's ND files
// have), a NIC without a known speed no speed. A GPU without a PCI bus id cannot be written at
// all (NCCL matches devices by bus id), which is an error rather than a guess.

#include "backend/comms/topology_graph.h"
#include "backend/model/result.h"

#include <string>
#include <string_view>

namespace sn::comms {

// What NCCL's <cpu> carries besides NUMA id and affinity; empty/-1 unknown (left out).
struct CpuIdentity {
    std::string arch;   // "x86_64", "aarch64", "ppc64"
    std::string vendor; // "GenuineIntel", "AuthenticAMD"
    int familyId = -1;  // x86 CPUID family and model (lscpu "CPU family", "Model")
    int modelId = -1;
};

struct NcclTopoXmlOptions {
    CpuIdentity cpu;
    // 32-bit words of the affinity masks; 0: enough for the highest CPU in the host's affinities
    // (sysfs prints as many as the kernel's CPU count needs).
    int cpuMaskWords = 0;
};

// The topology file of one host of `graph`. PCIe switches without a bus id get Azure's virtual
// bridge addresses (ffff:ff:01.0, ffff:ff:02.0, ...) and NVSwitches NVLink targets at
// fffe:ff:NN.0 (NCCL only reads the target class of a switch link, 0x068000); devices without a
// PCIe path to a CPU sit under the CPU of their NUMA node.
Result<std::string> ncclTopologyXml(const TopologyGraph &graph, const std::string &host,
                                    const NcclTopoXmlOptions &options = {});

struct NcclTopoFile {
    TopologyGraph graph;
    CpuIdentity cpu; // from the first <cpu>
};

// A topology file (Azure's, NCCL's dump, or ours) as the graph of `host`. Errors name
// source:line:column: malformed XML, an element NCCL does not write, a missing or bad attribute,
// an NVLink to a bus id the file does not have.
Result<NcclTopoFile> parseNcclTopologyXml(std::string_view xml, const std::string &host,
                                          const std::string &source = "topology.xml");

} // namespace sn::comms
