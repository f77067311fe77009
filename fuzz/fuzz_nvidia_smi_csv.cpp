// `nvidia-smi --query-gpu=... --format=csv`: with a header (the collector's snapshot), without
// one (the collector's own field list), and the short index/bus id/name list comms discovery reads.
#include "backend/comms/nvidia_smi_nvlink.h"
#include "backend/telemetry/collectors/nvidia_smi_csv.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view csv = sn::fuzz::text(data, size);
    (void)sn::parseNvidiaSmiCsv(csv, "fuzz");
    (void)sn::parseNvidiaSmiCsv(csv, sn::nvidiaSmiQueryFields(), "fuzz");
    (void)sn::comms::parseNvidiaSmiGpuList(csv, "fuzz");
    return 0;
}
