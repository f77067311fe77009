// The comms engine's other text and JSON inputs (the first byte picks one): an nccl-tests log
// (all_reduce_perf's table), `rdma -j link`, and the JSON array reader they share.
#include "backend/comms/json_input.h"
#include "backend/comms/nccl_tests_log.h"
#include "backend/comms/rdma_tools.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string_view text = sn::fuzz::text(data + 1, size - 1);
    switch (data[0] % 3) {
    case 0:
        (void)sn::comms::parseNcclTestsLog(text, "fuzz");
        break;
    case 1:
        (void)sn::comms::parseRdmaLinkJson(text, "fuzz");
        break;
    default:
        (void)sn::comms::parseJsonArray(text, "fuzz");
        break;
    }
    return 0;
}
