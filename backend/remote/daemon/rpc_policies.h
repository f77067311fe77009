#pragma once
// The policy table: one row per rpc of supernode.v1.Engine, the least role it needs and whether
// it changes the engine (audited). Every call passes the one gate (CallGate::admit) with its
// row before anything else (engine_service.cpp);
// the daemon refuses to start if the service has an rpc without a row (rpcsWithoutPolicy), and
// tst_rpc_gate calls every rpc of the service descriptor as each role.

#include "backend/remote/daemon/call_gate.h"

#include <string>
#include <vector>

namespace sn::rpc {

// Viewers read; operators run jobs, acknowledge events, inject faults and move virtual time;
// only admins replace the configuration.
inline constexpr RpcPolicy kGetCluster{"GetCluster", Role::Viewer, false};
inline constexpr RpcPolicy kGetSummary{"GetSummary", Role::Viewer, false};
inline constexpr RpcPolicy kSubscribeTelemetry{"SubscribeTelemetry", Role::Viewer, false};
inline constexpr RpcPolicy kQueryRange{"QueryRange", Role::Viewer, false};
inline constexpr RpcPolicy kSubmitJob{"SubmitJob", Role::Operator, true};
inline constexpr RpcPolicy kListJobs{"ListJobs", Role::Viewer, false};
inline constexpr RpcPolicy kGetJob{"GetJob", Role::Viewer, false};
inline constexpr RpcPolicy kCancelJob{"CancelJob", Role::Operator, true};
inline constexpr RpcPolicy kRequeueJob{"RequeueJob", Role::Operator, true};
inline constexpr RpcPolicy kListEvents{"ListEvents", Role::Viewer, false};
inline constexpr RpcPolicy kStreamEvents{"StreamEvents", Role::Viewer, false};
inline constexpr RpcPolicy kAckEvent{"AckEvent", Role::Operator, true};
inline constexpr RpcPolicy kQueryLogs{"QueryLogs", Role::Viewer, false};
inline constexpr RpcPolicy kStreamLogs{"StreamLogs", Role::Viewer, false};
inline constexpr RpcPolicy kGetConfig{"GetConfig", Role::Viewer, false};
inline constexpr RpcPolicy kApplyConfig{"ApplyConfig", Role::Admin, true};
inline constexpr RpcPolicy kGetSimulation{"GetSimulation", Role::Viewer, false};
inline constexpr RpcPolicy kInjectFault{"InjectFault", Role::Operator, true};
inline constexpr RpcPolicy kAdvanceTime{"AdvanceTime", Role::Operator, true};
inline constexpr RpcPolicy kPlanJob{"PlanJob", Role::Viewer, false};
inline constexpr RpcPolicy kRenderJob{"RenderJob", Role::Viewer, false};
// Agents push with an operator token: a viewer must not write telemetry. Not audited per
// stream (an agent opens one every second); the store is the record.
inline constexpr RpcPolicy kPushSamples{"PushSamples", Role::Operator, false};
inline constexpr RpcPolicy kResolveEvent{"ResolveEvent", Role::Operator, true};
inline constexpr RpcPolicy kListLogTemplates{"ListLogTemplates", Role::Viewer, false};
// An agent's token, as for PushSamples; audited: it changes what the cluster is said to have.
inline constexpr RpcPolicy kRegisterNode{"RegisterNode", Role::Operator, true};
inline constexpr RpcPolicy kWhoAmI{"WhoAmI", Role::Viewer, false};

// The rpcs of supernode.v1.Engine that have no row above (empty when the table is complete).
std::vector<std::string> rpcsWithoutPolicy();

} // namespace sn::rpc
