// kubectl's JSON as the Kubernetes job backend reads it: `get jobs,pods`, `get events`,
// `get nodes` (with the GPU product label) and `get namespaces`, each `-o json`, and the
// resource quantities inside them.
#include "backend/scheduler/backends/kubernetes_json.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view json = sn::fuzz::text(data, size);
    (void)sn::parseKubectlJobsAndPods(json);
    (void)sn::parseKubectlEvents(json);
    (void)sn::parseKubectlNodes(json, "nvidia.com/gpu.product");
    (void)sn::parseKubectlNamespaces(json, "default");
    if (size < 64)
        (void)sn::parseKubernetesQuantity(std::string(json));
    return 0;
}
