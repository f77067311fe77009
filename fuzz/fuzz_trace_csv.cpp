// Cluster traces the replay simulator reads (`supernodectl sim trace`): Alibaba's OpenB node and
// pod lists and the generic job CSV; parseTrace picks by header.
#include "backend/scheduler/trace_csv.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(sn::fuzz::text(data, size));
    (void)sn::sched::parseOpenbNodes(text, "fuzz");
    (void)sn::sched::parseTrace(text, "fuzz");
    return 0;
}
