#pragma once
// What a Slurm backend (CLI or REST) remembers between listings: the spec each job was
// submitted with, which squeue and sacct do not carry (command, environment, declared model),
// and the last state seen, so that a finished job slurmctld has forgotten does not vanish.
// Thread-safe: the engine submits on its thread while the router lists on its own.

#include "backend/api/supernode.pb.h"

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace sn {

namespace pb = supernode::v1;

class SlurmJobBook {
public:
    void remember(const std::string &slurmId, const pb::JobSpec &spec);
    // The job with the spec it was submitted with (Slurm's partition kept); others' unchanged.
    pb::Job withSubmittedSpec(pb::Job job) const;
    // The state a job has before Slurm has shown it: pending.
    pb::Job pending(const std::string &slurmId) const;
    // Jobs submitted here that `listed` lacks and that were not seen ending: worth asking sacct.
    std::vector<std::string> unfinishedMissing(const std::set<std::string> &listed) const;
    // Records the jobs Slurm listed and appends, at their last state, those it no longer lists.
    void settle(std::vector<pb::Job> &jobs, const std::set<std::string> &listed);

private:
    mutable std::mutex m_mutex;
    std::map<std::string, pb::JobSpec> m_submitted; // Slurm id -> spec
    std::map<std::string, pb::Job> m_lastSeen;      // Slurm id -> last known state
};

} // namespace sn
