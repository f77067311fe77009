#include "backend/remote/daemon/rpc_policies.h"

#include "backend/api/supernode.grpc.pb.h"

#include <google/protobuf/descriptor.h>

#include <algorithm>
#include <iterator>

namespace sn::rpc {

std::vector<std::string> rpcsWithoutPolicy()
{
    static constexpr const RpcPolicy *kRows[] = {
        &kGetCluster,  &kGetSummary,   &kSubscribeTelemetry, &kQueryRange,   &kSubmitJob,   &kListJobs,  &kGetJob,
        &kCancelJob,   &kRequeueJob,   &kListEvents,         &kStreamEvents, &kAckEvent,    &kQueryLogs, &kStreamLogs,
        &kGetConfig,   &kApplyConfig,  &kGetSimulation,      &kInjectFault,  &kAdvanceTime, &kPlanJob,   &kRenderJob,
        &kPushSamples, &kResolveEvent, &kListLogTemplates,   &kRegisterNode, &kWhoAmI};
    const auto *service = google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(
        supernode::v1::Engine::service_full_name());
    std::vector<std::string> missing;
    for (int m = 0; service && m < service->method_count(); ++m) {
        const std::string &name = service->method(m)->name();
        if (std::none_of(std::begin(kRows), std::end(kRows), [&](const RpcPolicy *row) { return name == row->name; }))
            missing.push_back(name);
    }
    return missing;
}

} // namespace sn::rpc
