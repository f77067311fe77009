// A PushSamples message as it arrives from a node agent over gRPC (a serialized
// PushSamplesRequest), through the decoder the daemon's PushSamplesReactor runs before anything
// reaches the engine (backend/remote/daemon/push_decoder.cpp): columns, series refs, time deltas
// and log lines. What it accepts must be what the engine thread may trust, so the invariants are
// checked here: every sample's ref registered, times without overflow, every log line with a
// time and a node. Two messages share a stream, as refs registered by the first are used by the
// second.
#include "backend/api/supernode.pb.h"
#include "backend/remote/daemon/push_decoder.h"
#include "fuzz/fuzz_input.h"

#include <google/protobuf/stubs/logging.h>

namespace {
void checkAccepted(const supernode::v1::PushSamplesRequest &request, const sn::PushedBatch &batch,
                   std::uint32_t registered)
{
    if (batch.samples.size() != static_cast<std::size_t>(request.refs_size()) ||
        batch.logLines.size() != static_cast<std::size_t>(request.log_lines_size()))
        __builtin_trap();
    for (const sn::tsdb::RefSample &s : batch.samples)
        if (s.ref >= registered)
            __builtin_trap();
    for (const sn::LogRecord &l : batch.logLines)
        if (l.timeMs <= 0 || l.node.empty() || l.gpu < -1)
            __builtin_trap();
}
} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    sn::fuzz::quietQtMessages();
    google::protobuf::SetLogHandler(nullptr); // strings that are not UTF-8: a refused message
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    // The first byte is the first message's length; the rest is the second.
    if (size < 1)
        return 0;
    const std::size_t split = std::min<std::size_t>(data[0], size - 1);
    std::uint32_t registered = 0;
    for (const auto &[from, length] : {std::pair{std::size_t{1}, split}, std::pair{1 + split, size - 1 - split}}) {
        supernode::v1::PushSamplesRequest request;
        if (!request.ParseFromArray(data + from, static_cast<int>(length)))
            return 0;
        const std::uint32_t before = registered;
        auto batch = sn::rpc::decodePush(request, &registered);
        if (!batch) {
            if (registered != before) // a refused message registers nothing
                __builtin_trap();
            return 0;
        }
        if (registered != before + static_cast<std::uint32_t>(batch->newSeries.size()))
            __builtin_trap();
        checkAccepted(request, *batch, registered);
    }
    return 0;
}
