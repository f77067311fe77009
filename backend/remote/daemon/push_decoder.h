#pragma once
// PushSamplesRequest (columnar, refs registered once per stream) to a PushedBatch for the
// engine. Everything is checked here, on the gRPC thread, so that the engine thread can trust
// refs: a malformed message is refused whole with the batch, sample and column that are wrong.

#include "backend/api/supernode.pb.h"
#include "backend/model/result.h"
#include "backend/telemetry/ingest/pushed_samples.h"

namespace sn::rpc {

// Limits of one message; the request size limit bounds it too.
inline constexpr std::size_t kMaxPushSeriesPerStream = 1 << 20;
inline constexpr int kMaxPushLogLines = 10000; // the agent sends at most 2,000

// registered: how many series the stream has registered before this message; advanced by the
// ones this message adds when it is accepted.
Result<PushedBatch> decodePush(const supernode::v1::PushSamplesRequest &request, std::uint32_t *registered);

} // namespace sn::rpc
