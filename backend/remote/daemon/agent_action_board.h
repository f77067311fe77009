#pragma once
// Where supernoded's engine asks node agents to act (docs/remote.md, "Actions through the
// agent"): thermal protection's power caps on nodes whose telemetry arrives by PushSamples. An
// agent says what it allows in the first message of each stream (supernode-agent --allow); an
// action waits here until that agent's stream ends, goes out in the answer
// (PushSamplesResponse.actions, again in every answer until answered), and its result comes
// back in the agent's next stream (action_results). The caller blocks (the engine's power-limit
// worker thread, never the engine's), bounded by a timeout; an agent that does not stream, has
// not streamed for a while or does not allow the action is refused at once, in words.
// Thread-safe: streams call from gRPC's threads, askers from theirs.

#include "backend/api/supernode.pb.h"
#include "backend/model/result.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace sn::rpc {

class AgentActionBoard {
public:
    using Clock = std::chrono::steady_clock;
    // An agent that has not begun a stream for this long is away (it begins one every second).
    static constexpr std::chrono::seconds kAwayAfter{10};

    AgentActionBoard();

    // The stream side, per message read and at the stream's end.
    void streamBegan(const std::string &agent, std::vector<std::string> allowed);
    void resultsArrived(const std::string &agent,
                        const google::protobuf::RepeatedPtrField<supernode::v1::AgentActionResult> &results);
    std::vector<supernode::v1::AgentAction> actionsFor(const std::string &agent) const;

    // Success when the agent streams now and allows `allow` ("power-cap"); otherwise why not.
    Status canAsk(const std::string &agent, const std::string &allow) const;
    // Asks and waits for the result (its ok/error is the agent's answer); an error when it could
    // not be asked (canAsk), was not answered within `timeout`, or the board closed.
    Result<supernode::v1::AgentActionResult> ask(const std::string &agent, const std::string &allow,
                                                 supernode::v1::AgentAction action, std::chrono::milliseconds timeout);
    // Wakes every asker with an error and refuses new ones (the daemon stops).
    void close();

private:
    struct Agent {
        std::vector<std::string> allowed;
        Clock::time_point lastBegan;
    };
    struct Pending {
        std::string agent;
        supernode::v1::AgentAction action;
        bool answered = false;
        supernode::v1::AgentActionResult result;
    };
    Status canAskLocked(const std::string &agent, const std::string &allow) const;

    mutable std::mutex m_mutex;
    std::condition_variable m_answered;
    std::map<std::string, Agent> m_agents;
    std::map<std::uint64_t, Pending> m_pending;
    std::uint64_t m_nextId; // drawn at start: an agent's memory of a previous run's ids never answers these
    bool m_closed = false;
};

} // namespace sn::rpc
