#pragma once
// Sends the disk buffer's batches to supernoded over PushSamples, in order, on its own thread.
// A stream lives about ackIntervalMs: the agent then closes its side, the daemon's answer says
// which batch is committed, and the buffer is dropped up to there; the next stream starts after
// it. Batches are written as soon as they are buffered, so the ack cadence costs no latency.
// When the daemon is away the thread retries with exponential backoff and jitter, and resumes
// after the last acknowledged batch: what was sent but not acknowledged is sent again (the
// store drops the samples it already has). A batch the daemon refuses as malformed
// (INVALID_ARGUMENT) is dropped, counted and reported with the daemon's what/where, and the
// stream goes on after it: nothing else about it would change on a resend.
// The daemon's answer may carry actions for the node (a power cap): they are run on this thread
// by the runner given (agent_actions.h), and their results ride the next stream's first message,
// again on every stream until one carrying them is answered.

#include "backend/api/supernode.pb.h"
#include "backend/remote/agent/disk_buffer.h"

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace sn::agent {

struct PusherOptions {
    std::string target; // host:port
    bool tls = true;
    std::string caPem; // empty with TLS: the system roots
    std::string token; // bearer token (operator role)
    int ackIntervalMs = 1000;
    int backoffMinMs = 200;
    int backoffMaxMs = 5000;
    std::size_t batchesPerRead = 64;
    // A serialized RegisterNodeRequest (node_registration.h), sent by RegisterNode once the
    // daemon is reached and again after every reconnect (a restarted daemon learns the node
    // again); empty: the node is not registered.
    std::string registration;
    // What the daemon may ask of this agent ("power-cap"), said in each stream's first message.
    std::vector<std::string> allowedActions;
};

struct PusherStats {
    std::uint64_t acknowledged = 0;   // last batch the daemon committed
    std::uint64_t streams = 0;        // streams that ended in an answer
    std::uint64_t failures = 0;       // streams or connects that failed
    std::uint64_t refusedBatches = 0; // malformed batches the daemon refused (INVALID_ARGUMENT), dropped
    std::uint64_t samplesAccepted = 0, samplesRejected = 0;
    std::uint64_t logLinesAccepted = 0; // log lines the daemon kept (a resent batch's are not kept twice)
    std::uint64_t registrations = 0; // RegisterNode calls the daemon answered OK
    std::uint64_t actionsRun = 0;    // actions the daemon asked for, answered (run or refused)
};

class SamplePusher {
public:
    SamplePusher(PusherOptions options, DiskBuffer &buffer);
    ~SamplePusher(); // stops

    void start();
    void stop();
    void notify(); // a batch was buffered
    PusherStats stats() const;
    // Called on the pusher's thread with each failure, in words.
    void onProblem(std::function<void(const std::string &)> report) { m_report = std::move(report); }
    // Runs the daemon's actions, on the pusher's thread; set before start(). Without one, every
    // action is answered as not run.
    using ActionRunner = std::function<supernode::v1::AgentActionResult(const supernode::v1::AgentAction &)>;
    void onActions(ActionRunner run) { m_runAction = std::move(run); }

private:
    void run();
    // RegisterNode; true when answered (OK, or refused as malformed, which a resend would not change).
    template <typename Stub> bool registerNode(Stub &stub);
    void sleepFor(int ms);
    // The first message of a stream also says what the agent allows and carries the results not
    // yet answered; returns how many results it carries.
    int addStreamHeader(supernode::v1::PushSamplesRequest &message) const;
    // A stream was answered: the results it carried are delivered; its actions are run.
    void answered(int resultsCarried, const supernode::v1::PushSamplesResponse &response);

    PusherOptions m_options;
    DiskBuffer &m_buffer;
    std::function<void(const std::string &)> m_report;
    ActionRunner m_runAction;
    std::vector<supernode::v1::AgentActionResult> m_results; // pusher thread only
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::uint64_t m_notified = 0;
    PusherStats m_stats;
};

} // namespace sn::agent
