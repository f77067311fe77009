// `nvidia-smi topo -m` and `topo -p2p`; a matrix that parses is also turned into the host's graph,
// since graphFromTopoMatrix trusts what the parser accepted.
#include "backend/comms/nvidia_smi_topo.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text = sn::fuzz::text(data, size);
    const auto matrix = sn::comms::parseNvidiaSmiTopoMatrix(text, "fuzz");
    if (matrix) {
        (void)sn::comms::graphFromTopoMatrix(*matrix, "fuzz-host");
        (void)sn::comms::graphFromTopoMatrix(*matrix, "fuzz-host", "NVIDIA H100 80GB HBM3");
    }
    const auto p2p = sn::comms::parseNvidiaSmiTopoP2p(text, "fuzz");
    if (p2p)
        (void)p2p->allPairsOk();
    return 0;
}
