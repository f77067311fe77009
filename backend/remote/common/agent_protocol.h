#pragma once
// What supernode-agent (backend/remote/agent) and supernoded (backend/remote/daemon) agree on
// beyond the messages of supernode.proto. Header only: the one file both sides include, so that
// neither links nor includes the other's code.

namespace sn::rpc {

// Trailing metadata of a PushSamples stream the daemon refused as malformed
// (daemon/push_samples_reactor.h), read by the agent (agent/sample_pusher.cpp): every batch
// before the refused one is committed, so the agent acknowledges those and drops the refused
// batch instead of resending it forever.
inline constexpr const char *kCommittedSequenceKey = "sn-committed-sequence";
inline constexpr const char *kRefusedSequenceKey = "sn-refused-sequence";

// The actions an administrator can allow an agent to take, as its `--allow` names them; the
// daemon asks only an agent that registered the action as allowed.
inline constexpr const char *kPowerCapAction = "power-cap";

} // namespace sn::rpc
