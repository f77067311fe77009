// The host collector's /proc and /sys readers (backend/telemetry/collectors/host_proc_parsers.h):
// the first byte picks the file, the rest is its text, so one corpus covers them all.
#include "backend/telemetry/collectors/host_proc_parsers.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string_view text = sn::fuzz::text(data + 1, size - 1);
    sn::HostParseContext ctx;
    ctx.path = "fuzz";
    ctx.baseLabels = {{"Hostname", "node01"}};
    ctx.timeMs = 1'700'000'000'000;
    switch (data[0] % 7) {
    case 0:
        (void)sn::parseProcStat(text, ctx);
        break;
    case 1:
        (void)sn::parseProcLoadavg(text, ctx);
        break;
    case 2:
        (void)sn::parseProcMeminfo(text, ctx);
        break;
    case 3:
        (void)sn::parseProcNetDev(text, ctx);
        break;
    case 4:
        (void)sn::parseProcDiskstats(text, ctx);
        break;
    case 5:
        (void)sn::parseSysfsCounter(text, "fuzz");
        break;
    default:
        (void)sn::parseSysfsInteger(text, "fuzz");
        break;
    }
    return 0;
}
