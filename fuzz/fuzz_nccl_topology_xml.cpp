// An NCCL topology file (NCCL_TOPO_FILE, `NCCL_TOPO_DUMP_FILE` output) as the comms engine reads
// it (backend/comms/nccl_topo_xml.h): XML from a node or a user's upload.
#include "backend/comms/nccl_topo_xml.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    (void)sn::comms::parseNcclTopologyXml(sn::fuzz::text(data, size), "node01", "fuzz");
    return 0;
}
