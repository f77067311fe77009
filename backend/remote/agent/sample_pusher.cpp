#include "backend/remote/agent/sample_pusher.h"

#include "backend/api/supernode.grpc.pb.h"
#include "backend/remote/agent/node_registration.h"
#include "backend/remote/agent/push_batch.h"
#include "backend/remote/common/agent_protocol.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <charconv>
#include <random>

namespace sn::agent {

namespace pb = supernode::v1;

namespace {

// A batch number from the daemon's trailing metadata; 0 when absent or not a number.
std::uint64_t trailingSequence(const grpc::ClientContext &context, const char *key)
{
    const auto &trailers = context.GetServerTrailingMetadata();
    const auto it = trailers.find(key);
    if (it == trailers.end())
        return 0;
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(it->second.data(), it->second.data() + it->second.size(), value);
    return error == std::errc() && end == it->second.data() + it->second.size() ? value : 0;
}

} // namespace

SamplePusher::SamplePusher(PusherOptions options, DiskBuffer &buffer) : m_options(std::move(options)), m_buffer(buffer)
{
}

SamplePusher::~SamplePusher()
{
    stop();
}

void SamplePusher::start()
{
    m_thread = std::thread([this] { run(); });
}

void SamplePusher::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void SamplePusher::notify()
{
    {
        std::lock_guard lock(m_mutex);
        ++m_notified;
    }
    m_wake.notify_all();
}

PusherStats SamplePusher::stats() const
{
    std::lock_guard lock(m_mutex);
    return m_stats;
}

void SamplePusher::sleepFor(int ms)
{
    std::unique_lock lock(m_mutex);
    m_wake.wait_for(lock, std::chrono::milliseconds(ms), [this] { return m_stopping; });
}

template <typename Stub> bool SamplePusher::registerNode(Stub &stub)
{
    pb::RegisterNodeRequest request;
    if (!request.ParseFromString(m_options.registration))
        return true; // cannot happen: the agent serialized it
    grpc::ClientContext context;
    if (!m_options.token.empty())
        context.AddMetadata("authorization", "Bearer " + m_options.token);
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    pb::RegisterNodeResponse response;
    const grpc::Status status = stub.RegisterNode(&context, request, &response);
    if (status.ok()) {
        {
            std::lock_guard lock(m_mutex);
            ++m_stats.registrations;
        }
        if (m_report) {
            std::string text = "registered " + describeRegistration(request) + " with " + m_options.target;
            if (!response.configured())
                text += " (cluster.yaml does not name this node)";
            for (const std::string &c : response.changes())
                text += "; changed: " + c;
            m_report(text);
        }
        return true;
    }
    if (m_report)
        m_report("node registration with " + m_options.target + " failed: " + status.error_message() +
                 (status.error_code() == grpc::StatusCode::INVALID_ARGUMENT ? " (not retried)" : " (retried)"));
    return status.error_code() == grpc::StatusCode::INVALID_ARGUMENT;
}

int SamplePusher::addStreamHeader(pb::PushSamplesRequest &message) const
{
    for (const std::string &a : m_options.allowedActions)
        message.add_allowed_actions(a);
    for (const pb::AgentActionResult &r : m_results)
        *message.add_action_results() = r;
    return static_cast<int>(m_results.size());
}

void SamplePusher::answered(int resultsCarried, const pb::PushSamplesResponse &response)
{
    m_results.erase(m_results.begin(), m_results.begin() + resultsCarried);
    for (const pb::AgentAction &action : response.actions()) {
        pb::AgentActionResult result;
        if (m_runAction) {
            result = m_runAction(action);
        } else {
            result.set_id(action.id());
            result.set_error("this agent runs no actions");
        }
        if (!result.ok() && m_report)
            m_report("action " + std::to_string(action.id()) + " from " + m_options.target +
                     " not done: " + result.error());
        m_results.push_back(std::move(result));
        std::lock_guard lock(m_mutex);
        ++m_stats.actionsRun;
    }
}

void SamplePusher::run()
{
    std::shared_ptr<grpc::ChannelCredentials> credentials = grpc::InsecureChannelCredentials();
    if (m_options.tls) {
        grpc::SslCredentialsOptions ssl;
        ssl.pem_root_certs = m_options.caPem;
        credentials = grpc::SslCredentials(ssl);
    }
    grpc::ChannelArguments args;
    // gRPC's own reconnect backoff grows to two minutes; an agent wants its daemon back sooner.
    args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, m_options.backoffMinMs);
    args.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, m_options.backoffMinMs);
    args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, m_options.backoffMaxMs);
    args.SetInt(GRPC_ARG_KEEPALIVE_TIME_MS, 20000);
    args.SetInt(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 10000);
    auto channel = grpc::CreateCustomChannel(m_options.target, credentials, args);
    auto stub = pb::Engine::NewStub(channel);
    std::mt19937 random(std::random_device{}());
    int backoffMs = m_options.backoffMinMs;
    bool reachable = true;
    bool registered = m_options.registration.empty();
    for (;;) {
        {
            std::lock_guard lock(m_mutex);
            if (m_stopping)
                return;
        }
        // Wait for the connection here, in slices so that stop() is heard. A sync client polls
        // its channel only while a call or a wait is in progress: a failed-fast call followed
        // by a sleep left the TLS handshake to gRPC's 5 s backup poller, so a connection to a
        // restarted daemon timed out before its handshake ever finished.
        if (!channel->WaitForConnected(std::chrono::system_clock::now() + std::chrono::seconds(1))) {
            if (reachable && m_report)
                m_report("cannot reach " + m_options.target + "; buffering on disk and retrying");
            if (reachable) {
                std::lock_guard lock(m_mutex);
                ++m_stats.failures;
            }
            reachable = false;
            registered = m_options.registration.empty(); // the daemon may have restarted: tell it again
            continue;
        }
        if (!reachable && m_report)
            m_report("reached " + m_options.target + " again; sending what was buffered");
        reachable = true;
        if (!registered)
            registered = registerNode(*stub);
        grpc::ClientContext context;
        if (!m_options.token.empty())
            context.AddMetadata("authorization", "Bearer " + m_options.token);
        context.set_wait_for_ready(true); // a connection that flaps now is waited for, not failed
        context.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(m_options.ackIntervalMs) +
                             std::chrono::seconds(30));
        pb::PushSamplesResponse response;
        auto writer = stub->PushSamples(&context, &response);
        PushStreamEncoder encoder;
        int resultsCarried = 0;
        bool headerSent = false;
        std::uint64_t sent = stats().acknowledged;
        std::uint64_t firstSent = 0; // the stream's first batch: refused when the daemon names none
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(m_options.ackIntervalMs);
        bool broken = false, stopping = false;
        while (!broken && !stopping) {
            std::uint64_t seen = 0;
            {
                std::lock_guard lock(m_mutex);
                seen = m_notified;
            }
            auto batches = m_buffer.readAfter(sent, m_options.batchesPerRead);
            if (!batches) {
                if (m_report)
                    m_report(batches.error().message);
                broken = true;
                break;
            }
            for (const BufferedBatch &b : *batches) {
                pb::PushSamplesRequest batch;
                if (!batch.ParseFromString(b.payload)) {
                    if (m_report)
                        m_report("buffered batch " + std::to_string(b.sequence) + " does not parse; skipped");
                    sent = b.sequence;
                    continue;
                }
                if (firstSent == 0)
                    firstSent = b.sequence;
                pb::PushSamplesRequest message = encoder.forStream(batch);
                if (!headerSent) {
                    resultsCarried = addStreamHeader(message);
                    headerSent = true;
                }
                if (!writer->Write(message)) {
                    broken = true;
                    break;
                }
                sent = b.sequence;
            }
            if (broken || std::chrono::steady_clock::now() >= until)
                break;
            std::unique_lock lock(m_mutex);
            if (batches->size() < m_options.batchesPerRead)
                m_wake.wait_until(lock, until, [&] { return m_stopping || m_notified != seen; });
            stopping = m_stopping;
        }
        if (!broken)
            writer->WritesDone();
        const grpc::Status status = writer->Finish();
        if (status.ok()) {
            std::lock_guard lock(m_mutex);
            m_stats.acknowledged = std::max(m_stats.acknowledged, response.committed_sequence());
            ++m_stats.streams;
            m_stats.samplesAccepted += response.accepted();
            m_stats.samplesRejected += response.rejected();
            m_stats.logLinesAccepted += response.log_lines_accepted();
        }
        if (status.ok()) {
            answered(resultsCarried, response);
            if (Status dropped = m_buffer.dropThrough(stats().acknowledged); !dropped && m_report)
                m_report(dropped.error().message);
            backoffMs = m_options.backoffMinMs;
            continue;
        }
        if (status.error_code() == grpc::StatusCode::INVALID_ARGUMENT) {
            // The daemon refused a malformed batch; resending it would fail forever. The
            // batches before it in this stream are committed; the refused one is dropped.
            std::uint64_t refused = trailingSequence(context, rpc::kRefusedSequenceKey);
            if (refused == 0)
                refused = firstSent;
            {
                std::lock_guard lock(m_mutex);
                m_stats.acknowledged =
                    std::max({m_stats.acknowledged, trailingSequence(context, rpc::kCommittedSequenceKey), refused});
                ++m_stats.refusedBatches;
            }
            if (m_report)
                m_report("batch " + std::to_string(refused) + " refused by " + m_options.target +
                         " and dropped: " + status.error_message());
            if (Status dropped = m_buffer.dropThrough(stats().acknowledged); !dropped && m_report)
                m_report(dropped.error().message);
            continue;
        }
        {
            std::lock_guard lock(m_mutex);
            ++m_stats.failures;
        }
        if (status.error_code() == grpc::StatusCode::UNAVAILABLE)
            registered = m_options.registration.empty();
        if (m_report)
            m_report("push to " + m_options.target + " failed: " + status.error_message() + " (retrying in " +
                     std::to_string(backoffMs) + " ms)");
        sleepFor(backoffMs + static_cast<int>(random() % static_cast<unsigned>(backoffMs / 4 + 1)));
        backoffMs = std::min(backoffMs * 2, m_options.backoffMaxMs);
    }
}

} // namespace sn::agent
