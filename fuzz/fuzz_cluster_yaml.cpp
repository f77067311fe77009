// cluster.yaml as the console, supernoded and supernodectl read it: every section (nodes, GPUs,
// links, telemetry, logs, anomaly rules, job backends) goes through parseClusterYaml.
#include "backend/model/cluster_yaml.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto spec = sn::parseClusterYaml(std::string(sn::fuzz::text(data, size)), "fuzz.yaml");
    if (!spec)
        (void)spec.error().message.size();
    return 0;
}
