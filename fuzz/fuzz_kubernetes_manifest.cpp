// A RenderJob/SubmitJob spec down the Kubernetes backend's path (backend/scheduler/backends/
// kubernetes_manifest.h): protobuf parsing, then renderKubernetesJob, which must refuse what a
// Job cannot express and quote every user string it puts into the YAML.
#include "backend/api/supernode.pb.h"
#include "backend/scheduler/backends/kubernetes_manifest.h"
#include "fuzz/fuzz_input.h"

#include <google/protobuf/stubs/logging.h>

SN_FUZZ_QUIET_QT_AND_PROTOBUF

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    supernode::v1::RenderJobRequest request;
    if (!request.ParseFromArray(data, static_cast<int>(size)))
        return 0;
    sn::KubernetesSubmitOptions options;
    options.image = "nvcr.io/nvidia/pytorch:24.01-py3";
    options.policy.priorityClasses = {{"urgent", 1000}, {"batch", 10}};
    options.policy.queues = {{"mlteam", {8, 16, std::int64_t(512) << 30}, 1}};
    const auto rendered = sn::renderKubernetesJob(request.spec(), options);
    if (rendered && (rendered->yaml.empty() || rendered->pods < 1))
        __builtin_trap();
    return 0;
}
