#pragma once
// Trailing metadata of a PushSamples stream the daemon refused as malformed
// (push_samples_reactor.h), read by the agent (backend/remote/agent/sample_pusher.cpp): every
// batch before the refused one is committed, so the agent acknowledges those and drops the
// refused batch instead of resending it forever. Header only: the agent does not link the
// daemon's code.

namespace sn::rpc {

inline constexpr const char *kCommittedSequenceKey = "sn-committed-sequence";
inline constexpr const char *kRefusedSequenceKey = "sn-refused-sequence";

} // namespace sn::rpc
