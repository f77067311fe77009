#pragma once
// EngineApi: the one contract (../shared/DESIGN.md). Everything the console and supernodectl
// show or do goes through it; its messages are the generated supernode.v1 types.
//
// Calls never block the caller: each returns a QFuture that the engine fulfils from its own
// threads, through reply.h's ReplyPromise. Continuations are attached with reply.h's
// whenReady(), never QFuture::then() (Qt 6.4 may run it twice: reply.h says why); a GUI uses
// ui/reply_guard.h's onReply(), which runs it on the GUI thread; a command-line tool may
// simply waitFor() the reply. Streams are objects that emit a
// queued signal per batch on the thread that subscribed, until they are destroyed.

#include "backend/api/supernode.pb.h"
#include "backend/model/result.h"

#include <QFuture>
#include <QObject>

#include <memory>

namespace sn {

namespace pb = supernode::v1;

template <typename T> using Reply = QFuture<Result<T>>;

class TelemetryStream : public QObject {
    Q_OBJECT
signals:
    void batch(const supernode::v1::SampleBatch &batch);
};

class EventStream : public QObject {
    Q_OBJECT
signals:
    void event(const supernode::v1::Event &event);
};

class LogStream : public QObject {
    Q_OBJECT
signals:
    void lines(const supernode::v1::LogBatch &batch);
};

class EngineApi : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~EngineApi() override = default;

    // Where this engine runs, for the status bar: "embedded (simulated)", "grpc://head:7443".
    virtual QString description() const = 0;

    virtual Reply<pb::Cluster> getCluster() = 0;
    virtual Reply<pb::ClusterSummary> getSummary() = 0;

    virtual std::unique_ptr<TelemetryStream> subscribeTelemetry(const pb::SubscribeTelemetryRequest &request) = 0;
    virtual Reply<pb::QueryRangeResponse> queryRange(const pb::QueryRangeRequest &request) = 0;

    virtual Reply<pb::Job> submitJob(const pb::JobSpec &spec) = 0;
    virtual Reply<pb::ListJobsResponse> listJobs(const pb::ListJobsRequest &request) = 0;
    virtual Reply<pb::Job> getJob(const std::string &id) = 0;
    virtual Reply<pb::Job> cancelJob(const std::string &id) = 0;
    // A running job back to the queue under the same id (RequeueJob in docs/api.md).
    virtual Reply<pb::Job> requeueJob(const std::string &id) = 0;

    virtual Reply<pb::ListEventsResponse> listEvents(const pb::ListEventsRequest &request) = 0;
    virtual std::unique_ptr<EventStream> streamEvents() = 0;
    virtual Reply<pb::Event> ackEvent(std::uint64_t id, const std::string &by) = 0;
    // Closes an event (and acknowledges it if not yet); operators and admins over remote.
    virtual Reply<pb::Event> resolveEvent(std::uint64_t id, const std::string &by) = 0;

    virtual Reply<pb::LogQueryResponse> queryLogs(const pb::LogQueryRequest &request) = 0;
    virtual std::unique_ptr<LogStream> streamLogs(const pb::StreamLogsRequest &request) = 0;
    // The templates of the kept lines: counts, first/last seen, worst severity, rate per bucket.
    virtual Reply<pb::ListLogTemplatesResponse> listLogTemplates(const pb::ListLogTemplatesRequest &request) = 0;

    virtual Reply<pb::ConfigDocument> getConfig() = 0;
    virtual Reply<pb::ApplyConfigResponse> applyConfig(const pb::ApplyConfigRequest &request) = 0;

    virtual Reply<pb::SimulationStatus> getSimulation() = 0;
    virtual Reply<pb::Event> injectFault(const pb::InjectFaultRequest &request) = 0;
    virtual Reply<pb::SimulationStatus> advanceTime(std::int64_t milliseconds) = 0;

    // The job planner on this cluster's GPUs and topology (docs/planner.md).
    virtual Reply<pb::PlanJobResponse> planJob(const pb::PlanJobRequest &request) = 0;

    // The exact script or manifests the spec's job backend would be sent (sbatch script,
    // Kubernetes YAML, the embedded engine's JSON), without submitting: the submitter's preview.
    virtual Reply<pb::RenderJobResponse> renderJob(const pb::JobSpec &spec) = 0;

    // Who this console is to the engine: principal and role (an embedded engine: the local
    // admin), so actions the role may not take are turned off before the engine refuses them.
    virtual Reply<pb::WhoAmIResponse> whoAmI() = 0;
signals:
    // A remote engine lost (false) or regained (true) its daemon, in words for the status bar.
    // An embedded engine never emits it.
    void connectionChanged(bool connected, const QString &detail);
};

// Blocks until the engine answers. For command-line tools and tests only: the GUI thread never
// waits (it uses ui/reply_guard.h's onReply).
template <typename T> Result<T> waitFor(Reply<T> reply)
{
    reply.waitForFinished();
    if (reply.isCanceled() || reply.resultCount() == 0)
        return Error{ErrorCode::Unavailable, "the engine stopped before it answered"};
    return reply.result();
}

} // namespace sn
