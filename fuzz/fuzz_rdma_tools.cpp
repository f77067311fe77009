// The RDMA NIC tools: `ibstat`, `ibv_devinfo [-v]` and `rdma -j link`.
#include "backend/comms/rdma_tools.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text = sn::fuzz::text(data, size);
    (void)sn::comms::parseIbstat(text, "fuzz");
    (void)sn::comms::parseIbvDevinfo(text, "fuzz");
    (void)sn::comms::parseRdmaLinkJson(text, "fuzz");
    return 0;
}
