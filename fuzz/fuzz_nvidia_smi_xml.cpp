// `nvidia-smi -q -x`, as the nvidia-smi collector reads it on every poll.
#include "backend/telemetry/collectors/nvidia_smi_xml.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    (void)sn::parseNvidiaSmiXml(sn::fuzz::text(data, size), "fuzz");
    return 0;
}
