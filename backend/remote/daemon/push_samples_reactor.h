#pragma once
// The server side of one PushSamples stream: read a message, decode it (push_decoder.h), hand
// it to the engine thread, and read the next only once the store has it. One message in
// flight per stream is the flow control: a fast agent is slowed to the store's pace by HTTP/2
// windows instead of queueing in the daemon. The answer, sent when the agent closes its side,
// carries the last committed batch so that the agent can drop its disk buffer up to there.
// A malformed message ends the stream with INVALID_ARGUMENT (what and where) and trailing
// metadata naming the last committed batch (sn-committed-sequence) and the refused one
// (sn-refused-sequence): the agent drops that batch instead of resending it forever.
// With an action board (agent_action_board.h), the stream's first message says what its agent
// allows, results of earlier actions are handed over as they are read, and the answer carries
// the actions waiting for that agent.

#include "backend/engine/local_engine.h"
#include "backend/api/supernode.grpc.pb.h"
#include "backend/remote/daemon/agent_action_board.h"

#include <grpcpp/server_context.h>
#include <grpcpp/support/server_callback.h>

#include <atomic>
#include <memory>

namespace sn::rpc {

class PushSamplesReactor final : public grpc::ServerReadReactor<supernode::v1::PushSamplesRequest> {
public:
    // Starts reading; deletes itself when the call is done.
    PushSamplesReactor(grpc::CallbackServerContext *context, LocalEngine &engine,
                       supernode::v1::PushSamplesResponse *response, AgentActionBoard *actions = nullptr);

    void OnReadDone(bool ok) override;
    void OnDone() override;
    void OnCancel() override {}

private:
    void stored(const Result<PushedResult> &result, std::uint64_t sequence);

    grpc::CallbackServerContext *m_context;
    LocalEngine &m_engine;
    supernode::v1::PushSamplesResponse *m_response;
    AgentActionBoard *m_actions;
    std::string m_agent; // from the first message
    supernode::v1::PushSamplesRequest m_request;
    std::shared_ptr<PushStreamTable> m_table = std::make_shared<PushStreamTable>();
    std::uint32_t m_registered = 0; // series the stream has named (decoder's count; gRPC side)
};

} // namespace sn::rpc
