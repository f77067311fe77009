#pragma once
// The engine's non-embedded job backends (Slurm, Kubernetes) by kind, and what they last said:
// jobs and nodes, refreshed on a thread of its own so that neither the GUI thread nor the
// engine thread waits on sbatch/squeue or an HTTP call for a listing. Submit and cancel call the
// backend directly (the engine thread, never the GUI thread) and update the cache at once.

#include "backend/api/supernode.pb.h"
#include "backend/model/result.h"
#include "backend/scheduler/backends/job_backend.h"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace sn {

using JobBackends = std::map<std::string, std::shared_ptr<JobBackend>>; // kind -> backend

class JobBackendRouter {
public:
    JobBackendRouter(JobBackends backends, std::chrono::milliseconds refreshInterval);
    ~JobBackendRouter(); // stops the refresh thread

    bool has(const std::string &kind) const { return m_backends.count(kind) > 0; }
    std::vector<std::string> kinds() const;

    Result<RenderedJob> render(const std::string &kind, const pb::JobSpec &spec) const;
    Result<pb::Job> submit(const std::string &kind, const pb::JobSpec &spec);
    // By the engine's id ("slurm-17"); NotFound when no backend ran a job of that id.
    Result<pb::Job> cancel(const std::string &id);
    Result<pb::Job> requeue(const std::string &id);
    std::optional<pb::Job> find(const std::string &id) const;
    std::vector<pb::Job> jobs() const;
    std::map<std::string, std::vector<BackendNode>> nodes() const; // kind -> its last node list
    // The last refresh error per backend ("" when the last refresh worked).
    std::map<std::string, std::string> errors() const;

    // Jobs a previous run of the daemon left in its state (backend/remote/daemon/state_store): they
    // are listed at their last state until the backend says more.
    void adopt(const std::vector<pb::Job> &jobs);

    // One refresh of every backend now, on the caller's thread (tests, and the thread's loop).
    void refresh();

private:
    void loop();
    // Keeps the job (m_mutex held) without its secret environment values; returns what it kept.
    pb::Job remember(pb::Job job);
    // Cancel or requeue: find the job's backend and id, ask, keep the answer.
    Result<pb::Job> change(const std::string &id,
                           const std::function<Result<pb::Job>(JobBackend &, const std::string &)> &how);

    JobBackends m_backends;
    std::chrono::milliseconds m_interval;
    mutable std::mutex m_mutex;
    std::map<std::string, pb::Job> m_jobs; // engine id -> the job as last seen
    std::set<std::string> m_ours;          // submitted here or adopted: the ones cancel and requeue may change
    std::map<std::string, std::vector<BackendNode>> m_nodes;
    std::map<std::string, std::string> m_errors;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::thread m_thread;
};

} // namespace sn
