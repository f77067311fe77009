// The engine's request handlers as the daemon's service calls them (EngineService ->
// LocalEngine -> Engine), on one virtual-time engine of the simulated super node per input. The
// input is up to eight requests in a row, each a byte that picks the rpc, two for its length
// (little-endian) and that many bytes of its serialized request message, so a job can be submitted,
// cancelled, requeued and looked up in one input. A refused request is the handler doing its
// job; a crash, a sanitizer report, or one input holding the engine past the 10 s timeout
// (what would hold every client of a daemon) is a bug. PushSamples has its own target
// (fuzz_push_decoder), RenderJob's backend rendering too (fuzz_render_job_request).
#include "backend/engine/engine.h"
#include "backend/api/supernode.pb.h"
#include "backend/sim/super_node_topology.h"
#include "fuzz/fuzz_input.h"

#include <QCoreApplication>
#include <google/protobuf/stubs/logging.h>

namespace pb = supernode::v1;

namespace {

// Parses the request message and, if it is one, hands it to the handler.
template <typename Message, typename Handler>
void with(const std::uint8_t *data, std::size_t size, Handler handler)
{
    Message m;
    if (m.ParseFromArray(data, static_cast<int>(size)))
        (void)handler(m);
}

// Simulating takes time in proportion to the span, up to the 30 days one call may ask for (more
// is refused, and that refusal is fuzzed as given); a span the engine accepts is cut to a minute
// so that the target fuzzes the handlers, not the simulator's speed.
std::int64_t boundedAdvance(std::int64_t ms)
{
    constexpr std::int64_t kMinuteMs = 60 * 1000;
    constexpr std::int64_t kMaxMs = std::int64_t{30} * 24 * 60 * kMinuteMs;
    return ms > kMinuteMs && ms <= kMaxMs ? ms % kMinuteMs : ms;
}

void handle(sn::Engine &e, std::uint8_t rpc, const std::uint8_t *d, std::size_t n)
{
    switch (rpc % 16) {
    case 0: return with<pb::SubmitJobRequest>(d, n, [&](auto &r) { return e.submitJob(r.spec()); });
    case 1: return with<pb::QueryRangeRequest>(d, n, [&](auto &r) { return e.queryRange(r); });
    case 2: return with<pb::ListJobsRequest>(d, n, [&](auto &r) { return e.listJobs(r); });
    case 3: return with<pb::GetJobRequest>(d, n, [&](auto &r) { return e.getJob(r.id()); });
    case 4: return with<pb::CancelJobRequest>(d, n, [&](auto &r) { return e.cancelJob(r.id()); });
    case 5: return with<pb::RequeueJobRequest>(d, n, [&](auto &r) { return e.requeueJob(r.id()); });
    case 6: return with<pb::ListEventsRequest>(d, n, [&](auto &r) { return e.listEvents(r); });
    case 7: return with<pb::AckEventRequest>(d, n, [&](auto &r) { return e.ackEvent(r.id(), r.by()); });
    case 8: return with<pb::ResolveEventRequest>(d, n, [&](auto &r) { return e.resolveEvent(r.id(), r.by()); });
    case 9: return with<pb::LogQueryRequest>(d, n, [&](auto &r) { return e.queryLogs(r); });
    case 10: return with<pb::ListLogTemplatesRequest>(d, n, [&](auto &r) { return e.listLogTemplates(r); });
    case 11: return with<pb::ApplyConfigRequest>(d, n, [&](auto &r) { return e.applyConfig(r); });
    case 12: return with<pb::InjectFaultRequest>(d, n, [&](auto &r) { return e.injectFault(r); });
    case 13:
        return with<pb::AdvanceTimeRequest>(d, n, [&](auto &r) { return e.advanceTime(boundedAdvance(r.milliseconds())); });
    case 14: return with<pb::PlanJobRequest>(d, n, [&](auto &r) { return e.planJob(r); });
    default: return with<pb::RegisterNodeRequest>(d, n, [&](auto &r) { return e.registerNode(r); });
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    sn::fuzz::quietQtMessages();
    google::protobuf::SetLogHandler(nullptr); // non-UTF-8 strings are refused requests
    static QCoreApplication app(*argc, *argv); // the engine's QObjects want an application
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    sn::Engine::Options options;
    options.spec = sn::sim::defaultSimulatedSpec(1);
    options.virtualTime = true;
    sn::Engine engine(std::move(options));
    for (int request = 0; request < 8 && size >= 3; ++request) {
        const std::uint8_t rpc = data[0];
        const std::size_t length = std::min<std::size_t>(data[1] | (std::size_t{data[2]} << 8), size - 3);
        handle(engine, rpc, data + 3, length);
        data += 3 + length;
        size -= 3 + length;
    }
    return 0;
}
