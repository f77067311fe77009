#pragma once
// How an HGX board wires its GPUs, shared by the simulated super node (backend/sim) and the
// topology engine (backend/comms) so that both derive the same links from a NodeSpec.

#include <array>

namespace sn::hgx {

// NVLink links from each GPU to the four NVSwitches of an HGX H100 board (18 links in all).
inline constexpr std::array<int, 4> kLinksPerNvSwitch{5, 4, 4, 5};
inline constexpr int kNvLinksPerH100 = 18;
// One NVLink link, per direction, for NVLink 2, 3 and 4 (V100, A100, H100): 25 GB/s.
inline constexpr double kNvLinkGBpsPerLink = 25;
// PCIe Gen5 x16, per direction, as the sim rounds it (GPU to its NIC's PCIe switch).
inline constexpr double kPcieGen5x16GBps = 64;

} // namespace sn::hgx
