#include "backend/scheduler/backends/slurm_job_book.h"

#include "backend/scheduler/backends/slurm_job_state.h"

namespace sn {

void SlurmJobBook::remember(const std::string &slurmId, const pb::JobSpec &spec)
{
    std::lock_guard lock(m_mutex);
    m_submitted[slurmId] = spec;
}

pb::Job SlurmJobBook::withSubmittedSpec(pb::Job job) const
{
    std::lock_guard lock(m_mutex);
    if (const auto it = m_submitted.find(job.backend_job_id()); it != m_submitted.end()) {
        const std::string partition = job.spec().partition();
        *job.mutable_spec() = it->second;
        job.mutable_spec()->set_backend("slurm");
        if (!partition.empty())
            job.mutable_spec()->set_partition(partition);
    }
    return job;
}

pb::Job SlurmJobBook::pending(const std::string &slurmId) const
{
    pb::Job job;
    job.set_id(engineIdOfSlurmJob(slurmId));
    job.set_backend("slurm");
    job.set_backend_job_id(slurmId);
    job.set_state(pb::JOB_STATE_PENDING);
    job.set_backend_state("PENDING");
    return withSubmittedSpec(job);
}

std::vector<std::string> SlurmJobBook::unfinishedMissing(const std::set<std::string> &listed) const
{
    std::lock_guard lock(m_mutex);
    std::vector<std::string> ids;
    for (const auto &[id, spec] : m_submitted) {
        if (listed.count(id))
            continue;
        const auto seen = m_lastSeen.find(id);
        if (seen == m_lastSeen.end() || seen->second.end_time_ms() == 0)
            ids.push_back(id);
    }
    return ids;
}

void SlurmJobBook::settle(std::vector<pb::Job> &jobs, const std::set<std::string> &listed)
{
    std::lock_guard lock(m_mutex);
    for (const pb::Job &j : jobs)
        m_lastSeen[j.backend_job_id()] = j;
    for (const auto &[id, spec] : m_submitted)
        if (!listed.count(id))
            if (const auto seen = m_lastSeen.find(id); seen != m_lastSeen.end())
                jobs.push_back(seen->second);
}

} // namespace sn
