// The engine's request handlers as the daemon's service calls them (EngineService ->
// LocalEngine -> Engine), on one virtual-time engine of the simulated super node per input. The
// input is up to eight requests in a row, each a byte that picks the rpc, two for its length
// (little-endian) and that many bytes of its serialized request message, so a job can be submitted,
// cancelled, requeued and looked up in one input. A refused request is the handler doing its
// job; a crash, a sanitizer report, or one input holding the engine past the 10 s timeout
// (what would hold every client of a daemon) is a bug. PushSamples has its own target
// (fuzz_push_decoder), RenderJob's backend rendering too (fuzz_render_job_request).
#include "backend/api/engine.h"
#include "backend/api/supernode.pb.h"
#include "backend/sim/super_node_topology.h"
#include "fuzz/fuzz_input.h"

#include <QCoreApplication>
#include <google/protobuf/stubs/logging.h>

namespace pb = supernode::v1;

namespace {

template <typename Message> bool parse(Message &m, const std::uint8_t *data, std::size_t size)
{
    return m.ParseFromArray(data, static_cast<int>(size));
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

void handle(sn::Engine &engine, std::uint8_t rpc, const std::uint8_t *data, std::size_t size)
{
    switch (rpc % 16) {
    case 0: {
        pb::SubmitJobRequest r;
        if (parse(r, data, size))
            (void)engine.submitJob(r.spec());
        break;
    }
    case 1: {
        pb::QueryRangeRequest r;
        if (parse(r, data, size))
            (void)engine.queryRange(r);
        break;
    }
    case 2: {
        pb::ListJobsRequest r;
        if (parse(r, data, size))
            (void)engine.listJobs(r);
        break;
    }
    case 3: {
        pb::GetJobRequest r;
        if (parse(r, data, size))
            (void)engine.getJob(r.id());
        break;
    }
    case 4: {
        pb::CancelJobRequest r;
        if (parse(r, data, size))
            (void)engine.cancelJob(r.id());
        break;
    }
    case 5: {
        pb::RequeueJobRequest r;
        if (parse(r, data, size))
            (void)engine.requeueJob(r.id());
        break;
    }
    case 6: {
        pb::ListEventsRequest r;
        if (parse(r, data, size))
            (void)engine.listEvents(r);
        break;
    }
    case 7: {
        pb::AckEventRequest r;
        if (parse(r, data, size))
            (void)engine.ackEvent(r.id(), r.by());
        break;
    }
    case 8: {
        pb::ResolveEventRequest r;
        if (parse(r, data, size))
            (void)engine.resolveEvent(r.id(), r.by());
        break;
    }
    case 9: {
        pb::LogQueryRequest r;
        if (parse(r, data, size))
            (void)engine.queryLogs(r);
        break;
    }
    case 10: {
        pb::ListLogTemplatesRequest r;
        if (parse(r, data, size))
            (void)engine.listLogTemplates(r);
        break;
    }
    case 11: {
        pb::ApplyConfigRequest r;
        if (parse(r, data, size))
            (void)engine.applyConfig(r);
        break;
    }
    case 12: {
        pb::InjectFaultRequest r;
        if (parse(r, data, size))
            (void)engine.injectFault(r);
        break;
    }
    case 13: {
        pb::AdvanceTimeRequest r;
        if (parse(r, data, size))
            (void)engine.advanceTime(boundedAdvance(r.milliseconds()));
        break;
    }
    case 14: {
        pb::PlanJobRequest r;
        if (parse(r, data, size))
            (void)engine.planJob(r);
        break;
    }
    case 15: {
        pb::RegisterNodeRequest r;
        if (parse(r, data, size))
            (void)engine.registerNode(r);
        break;
    }
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
