#include "backend/engine/job_backend_router.h"

#include "backend/api/job_secrets.h"
#include "backend/engine/ended_job_retention.h"

#include <QLoggingCategory>

#include <algorithm>

Q_LOGGING_CATEGORY(lcJobBackends, "sn.engine.backends")

namespace sn {

namespace {

bool ended(const pb::Job &job)
{
    return job.state() == pb::JOB_STATE_COMPLETED || job.state() == pb::JOB_STATE_FAILED ||
           job.state() == pb::JOB_STATE_CANCELLED;
}

// Every job a backend ever listed stayed in memory: Slurm forgets an ended job after MinJobAge
// (300 s), the router never did. The ended ones beyond kEndedJobsKept go, those that ended first
// first (supernoded's state.db keeps as many by default: --ended-jobs).
void forgetOldEndedJobs(std::map<std::string, pb::Job> &jobs, std::set<std::string> &ours)
{
    std::vector<std::pair<std::int64_t, std::string>> endedJobs;
    for (const auto &[id, job] : jobs)
        if (ended(job))
            endedJobs.emplace_back(job.end_time_ms(), id);
    if (endedJobs.size() <= kEndedJobsKept)
        return;
    const auto cut = endedJobs.begin() + static_cast<std::ptrdiff_t>(endedJobs.size() - kEndedJobsKept);
    std::nth_element(endedJobs.begin(), cut, endedJobs.end());
    for (auto it = endedJobs.begin(); it != cut; ++it) {
        jobs.erase(it->second);
        ours.erase(it->second);
    }
}

} // namespace

JobBackendRouter::JobBackendRouter(JobBackends backends, std::chrono::milliseconds refreshInterval)
    : m_backends(std::move(backends)), m_interval(refreshInterval)
{
    if (!m_backends.empty())
        m_thread = std::thread([this] { loop(); });
}

JobBackendRouter::~JobBackendRouter()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

std::vector<std::string> JobBackendRouter::kinds() const
{
    std::vector<std::string> kinds;
    for (const auto &[kind, backend] : m_backends)
        kinds.push_back(kind);
    return kinds;
}

Result<RenderedJob> JobBackendRouter::render(const std::string &kind, const pb::JobSpec &spec) const
{
    const auto it = m_backends.find(kind);
    if (it == m_backends.end())
        return notFound("job backend '" + kind + "' is not configured for this cluster (cluster.yaml jobBackends)");
    return it->second->render(spec);
}

Result<pb::Job> JobBackendRouter::submit(const std::string &kind, const pb::JobSpec &spec)
{
    const auto it = m_backends.find(kind);
    if (it == m_backends.end())
        return notFound("job backend '" + kind + "' is not configured for this cluster (cluster.yaml jobBackends)");
    auto job = it->second->submit(spec);
    if (!job)
        return job.error();
    std::lock_guard lock(m_mutex);
    m_ours.insert(job->id());
    return remember(std::move(*job));
}

Result<pb::Job> JobBackendRouter::cancel(const std::string &id)
{
    return change(id, [](JobBackend &b, const std::string &backendId) { return b.cancel(backendId); });
}

Result<pb::Job> JobBackendRouter::requeue(const std::string &id)
{
    return change(id, [](JobBackend &b, const std::string &backendId) { return b.requeue(backendId); });
}

Result<pb::Job> JobBackendRouter::change(const std::string &id,
                                         const std::function<Result<pb::Job>(JobBackend &, const std::string &)> &how)
{
    std::string kind, backendId;
    {
        std::lock_guard lock(m_mutex);
        const auto it = m_jobs.find(id);
        if (it == m_jobs.end())
            return notFound("no job with id '" + id + "'");
        // The backend lists every job the daemon's account may see; this console changes only
        // the ones it submitted (or took back from its saved state), not other users' work.
        if (!m_ours.contains(id))
            return Error{ErrorCode::PermissionDenied,
                         "job '" + id + "' was not submitted through this console (" + it->second.backend() +
                             " lists it); its owner changes it with the backend's own tools"};
        kind = it->second.backend();
        backendId = it->second.backend_job_id();
    }
    const auto backend = m_backends.find(kind);
    if (backend == m_backends.end())
        return Error{ErrorCode::Internal, "job '" + id + "' names backend '" + kind + "', which is not configured"};
    auto job = how(*backend->second, backendId);
    if (!job)
        return job.error();
    std::lock_guard lock(m_mutex);
    return remember(std::move(*job));
}

std::optional<pb::Job> JobBackendRouter::find(const std::string &id) const
{
    std::lock_guard lock(m_mutex);
    const auto it = m_jobs.find(id);
    return it == m_jobs.end() ? std::nullopt : std::optional<pb::Job>(it->second);
}

std::vector<pb::Job> JobBackendRouter::jobs() const
{
    std::lock_guard lock(m_mutex);
    std::vector<pb::Job> jobs;
    for (const auto &[id, job] : m_jobs)
        jobs.push_back(job);
    return jobs;
}

std::map<std::string, std::vector<BackendNode>> JobBackendRouter::nodes() const
{
    std::lock_guard lock(m_mutex);
    return m_nodes;
}

std::map<std::string, std::string> JobBackendRouter::errors() const
{
    std::lock_guard lock(m_mutex);
    return m_errors;
}

void JobBackendRouter::adopt(const std::vector<pb::Job> &jobs)
{
    std::lock_guard lock(m_mutex);
    for (const pb::Job &job : jobs) {
        m_ours.insert(job.id());
        remember(job);
    }
    forgetOldEndedJobs(m_jobs, m_ours);
}

pb::Job JobBackendRouter::remember(pb::Job job)
{
    // The backend had the secret values when it was given the job; nothing after needs them
    // (backend/api/job_secrets.h), so the copy every reply and the saved state come from has none.
    pb::Job kept = withoutSecrets(std::move(job));
    m_jobs[kept.id()] = kept;
    return kept;
}

void JobBackendRouter::refresh()
{
    for (const auto &[kind, backend] : m_backends) {
        auto jobs = backend->listJobs();
        auto nodes = backend->nodes();
        std::lock_guard lock(m_mutex);
        std::string error;
        if (jobs) {
            for (pb::Job &job : *jobs) {
                // A backend that no longer knows the submitted spec (a restarted engine) keeps
                // the one this engine had.
                if (const auto known = m_jobs.find(job.id());
                    known != m_jobs.end() && job.spec().command().empty() && !known->second.spec().command().empty()) {
                    const std::string partition = job.spec().partition();
                    *job.mutable_spec() = known->second.spec();
                    if (!partition.empty())
                        job.mutable_spec()->set_partition(partition);
                }
                remember(std::move(job));
            }
        } else {
            error = jobs.error().message;
        }
        if (nodes)
            m_nodes[kind] = std::move(*nodes);
        else if (error.empty())
            error = nodes.error().message;
        if (!error.empty() && m_errors[kind] != error)
            qCWarning(lcJobBackends).noquote() << QString::fromStdString(kind + ": " + error);
        m_errors[kind] = error;
        forgetOldEndedJobs(m_jobs, m_ours);
    }
}

void JobBackendRouter::loop()
{
    // The first look waits one interval: an engine opened for a moment (supernodectl submit
    // --dry-run) never runs squeue at all.
    std::unique_lock lock(m_mutex);
    while (!m_wake.wait_for(lock, m_interval, [this] { return m_stopping; })) {
        lock.unlock();
        refresh();
        lock.lock();
    }
}

} // namespace sn
