// `ip -j [-d] link` (iproute2 JSON), as node discovery reads it.
#include "backend/comms/ip_link.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (const auto links = sn::comms::parseIpLinkJson(sn::fuzz::text(data, size), "fuzz"))
        for (const auto &link : *links)
            (void)link.isPhysical();
    return 0;
}
