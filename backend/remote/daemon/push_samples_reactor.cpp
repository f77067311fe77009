#include "backend/remote/daemon/push_samples_reactor.h"

#include "backend/api/reply.h"
#include "backend/remote/common/grpc_status.h"
#include "backend/remote/daemon/push_decoder.h"
#include "backend/remote/common/agent_protocol.h"

namespace sn::rpc {

PushSamplesReactor::PushSamplesReactor(grpc::CallbackServerContext *context, LocalEngine &engine,
                                       supernode::v1::PushSamplesResponse *response, AgentActionBoard *actions)
    : m_context(context), m_engine(engine), m_response(response), m_actions(actions)
{
    StartRead(&m_request);
}

void PushSamplesReactor::OnReadDone(bool ok)
{
    if (!ok) { // the agent closed its side (or the call broke): everything read is stored
        if (m_actions && !m_agent.empty())
            for (supernode::v1::AgentAction &a : m_actions->actionsFor(m_agent))
                *m_response->add_actions() = std::move(a);
        Finish(grpc::Status::OK);
        return;
    }
    if (m_actions && m_agent.empty() && !m_request.agent().empty()) {
        m_agent = m_request.agent();
        m_actions->streamBegan(m_agent, {m_request.allowed_actions().begin(), m_request.allowed_actions().end()});
    }
    if (m_actions && !m_agent.empty())
        m_actions->resultsArrived(m_agent, m_request.action_results());
    auto batch = decodePush(m_request, &m_registered);
    if (!batch) {
        m_context->AddTrailingMetadata(kCommittedSequenceKey, std::to_string(m_response->committed_sequence()));
        m_context->AddTrailingMetadata(kRefusedSequenceKey, std::to_string(m_request.sequence()));
        Finish(toGrpcStatus(batch.error()));
        return;
    }
    const std::uint64_t sequence = m_request.sequence();
    // The continuation runs on the engine thread; reactor calls are thread-safe, and the
    // reactor lives until OnDone, which cannot come before Finish.
    whenReady(m_engine.pushSamples(m_table, std::move(*batch)),
              [this, sequence](const Result<PushedResult> &result) { stored(result, sequence); });
}

void PushSamplesReactor::stored(const Result<PushedResult> &result, std::uint64_t sequence)
{
    if (!result) { // not in the WAL, so not acknowledged: the agent resends from its buffer
        Finish(grpc::Status(grpc::StatusCode::UNAVAILABLE,
                            "the daemon could not store the samples: " + result.error().message));
        return;
    }
    m_response->set_committed_sequence(sequence);
    m_response->set_accepted(m_response->accepted() + result->samples.accepted);
    m_response->set_rejected(m_response->rejected() + result->samples.rejected);
    m_response->set_log_lines_accepted(m_response->log_lines_accepted() + result->logLinesKept);
    StartRead(&m_request);
}

void PushSamplesReactor::OnDone()
{
    delete this;
}

} // namespace sn::rpc
