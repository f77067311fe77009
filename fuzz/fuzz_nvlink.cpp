// `nvidia-smi nvlink -s` (link state and speed) and `nvidia-smi nvlink -c` (capabilities).
#include "backend/comms/nvidia_smi_nvlink.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text = sn::fuzz::text(data, size);
    if (const auto status = sn::comms::parseNvidiaSmiNvlinkStatus(text, "fuzz"))
        for (const auto &gpu : *status)
            (void)gpu.activeGBps();
    if (const auto caps = sn::comms::parseNvidiaSmiNvlinkCapabilities(text, "fuzz"))
        for (const auto &gpu : *caps)
            (void)gpu.p2pOnEveryLink();
    return 0;
}
