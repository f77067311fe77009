// The log template store (backend/logs/template_store.h) as it is read back at start: a file
// on the node's disk, perhaps truncated by a crash or written by an older version.
#include "backend/logs/template_miner.h"
#include "backend/logs/template_store.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    sn::logs::TemplateMiner miner;
    if (sn::logs::templatesFromText(std::string(sn::fuzz::text(data, size)), miner).ok()) {
        // What was read back writes out and reads back again.
        sn::logs::TemplateMiner again;
        if (!sn::logs::templatesFromText(sn::logs::templatesToText(miner), again).ok())
            __builtin_trap();
    }
    return 0;
}
