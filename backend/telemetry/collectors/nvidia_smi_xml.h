#pragma once
// `nvidia-smi -q -x` (DTD nvsmi_device_v10 to v13 and the unversioned output of newer drivers)
// to a snapshot. Element names moved between DTDs (power_readings -> gpu_power_readings,
// clocks_throttle_reasons -> clocks_event_reasons, ECC single_bit/double_bit -> sram/dram),
// so each value is looked up under every name it has had.

#include "backend/model/result.h"
#include "backend/telemetry/collectors/nvidia_smi_snapshot.h"

#include <string_view>

namespace sn {

// An error names sourceName:line:column, the element path and what was wrong: XML that is not
// well formed or truncated, a root other than <nvidia_smi_log>, a number that is not one
// ("12x MiB"). Values nvidia-smi marks as unavailable only leave their field invalid.
Result<NvidiaSmiSnapshot> parseNvidiaSmiXml(std::string_view xml, std::string_view sourceName);

} // namespace sn
