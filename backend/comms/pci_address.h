#pragma once
// The spellings NCCL's topology files use for PCI addresses, CPU sets and PCIe link speeds, and
// the ones nvidia-smi and sysfs print, converted both ways (nccl_topo_xml.h reads and writes them).

#include "backend/model/result.h"

#include <string>
#include <string_view>

namespace sn::comms {

// "00000000:18:00.0" (nvidia-smi), "0000:18:00.0" (lspci -D, sysfs) or "18:00.0" (lspci) to
// NCCL's "0000:18:00.0": lower case, a 4-digit domain. NCCL matches devices by this string.
Result<std::string> normalizePciBusId(std::string_view busId);

// nvidia-smi's CPU list "0-23,48-71" to the sysfs cpumap NCCL writes as affinity
// ("00000000,00ffffff": 32-bit words, most significant first, `words` of them), and back.
Result<std::string> cpuListToMask(std::string_view list, int words);
Result<std::string> cpuMaskToList(std::string_view mask);
// The highest CPU number in a list ("0-23,48-71" -> 71); -1 for an empty or bad list.
int highestCpu(std::string_view list);

// PCIe generation as sysfs max_link_speed spells it and NCCL's table reads it: 1 "2.5 GT/s",
// 2 "5 GT/s", 3 "8 GT/s", 4 "16 GT/s", 5 "32 GT/s", 6 "64.0 GT/s PCIe"; "" for 0 (unknown).
std::string pcieLinkSpeedText(int generation);
// Either spelling ("16 GT/s", "16.0 GT/s PCIe") to the generation; 0 for "" or unknown text.
int pcieGenerationFromLinkSpeed(std::string_view text);

} // namespace sn::comms
