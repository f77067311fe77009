// What `supernode-agent --interconnect --json` prints and the daemon reads back
// (backend/model/gpu_interconnect.h): a node's NVLink and PCIe facts from NVML.
#include "backend/model/gpu_interconnect.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    (void)sn::parseGpuInterconnectJson(sn::fuzz::text(data, size), "fuzz");
    return 0;
}
