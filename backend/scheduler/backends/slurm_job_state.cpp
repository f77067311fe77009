#include "backend/scheduler/backends/slurm_job_state.h"

#include <map>

namespace sn {

pb::JobState jobStateFromSlurm(const std::string &slurmState)
{
    const std::string state = slurmState.substr(0, slurmState.find_first_of("+ "));
    static const std::map<std::string, pb::JobState> states{
        {"PENDING", pb::JOB_STATE_PENDING},      {"REQUEUED", pb::JOB_STATE_PENDING},
        {"REQUEUE_HOLD", pb::JOB_STATE_PENDING}, {"REQUEUE_FED", pb::JOB_STATE_PENDING},
        {"CONFIGURING", pb::JOB_STATE_PENDING},  {"RESV_DEL_HOLD", pb::JOB_STATE_PENDING},
        {"RUNNING", pb::JOB_STATE_RUNNING},      {"COMPLETING", pb::JOB_STATE_RUNNING},
        {"RESIZING", pb::JOB_STATE_RUNNING},     {"SIGNALING", pb::JOB_STATE_RUNNING},
        {"STAGE_OUT", pb::JOB_STATE_RUNNING},    {"COMPLETED", pb::JOB_STATE_COMPLETED},
        {"FAILED", pb::JOB_STATE_FAILED},        {"TIMEOUT", pb::JOB_STATE_FAILED},
        {"OUT_OF_MEMORY", pb::JOB_STATE_FAILED}, {"NODE_FAIL", pb::JOB_STATE_FAILED},
        {"BOOT_FAIL", pb::JOB_STATE_FAILED},     {"DEADLINE", pb::JOB_STATE_FAILED},
        {"SPECIAL_EXIT", pb::JOB_STATE_FAILED},  {"CANCELLED", pb::JOB_STATE_CANCELLED},
        {"REVOKED", pb::JOB_STATE_CANCELLED},    {"PREEMPTED", pb::JOB_STATE_PREEMPTED},
        {"SUSPENDED", pb::JOB_STATE_PREEMPTED},  {"STOPPED", pb::JOB_STATE_PREEMPTED},
    };
    const auto it = states.find(state);
    return it == states.end() ? pb::JOB_STATE_UNSPECIFIED : it->second;
}

namespace {

// The TRES a limit code names, in words: "QOSMaxGRESPerUser" -> GPUs (GRES).
std::string limitWords(const std::string &code)
{
    static const std::map<std::string, std::string> subjects{{"GRES", "GPUs (GRES)"},
                                                             {"Cpu", "CPUs"},
                                                             {"CPU", "CPUs"},
                                                             {"Mem", "memory"},
                                                             {"Node", "nodes"},
                                                             {"Jobs", "jobs"},
                                                             {"Wall", "run time"},
                                                             {"Billing", "billing units"},
                                                             {"SubmitJob", "submitted jobs"},
                                                             {"Energy", "energy"},
                                                             {"License", "licenses"}};
    std::string scope;
    std::string rest;
    if (code.rfind("QOS", 0) == 0)
        scope = "the QOS's", rest = code.substr(3);
    else if (code.rfind("Assoc", 0) == 0)
        scope = "the account's", rest = code.substr(5);
    else
        return {};
    std::string kind = "limit";
    if (rest.rfind("Grp", 0) == 0)
        kind = "group limit", rest = rest.substr(3);
    else if (rest.rfind("Max", 0) == 0)
        rest = rest.substr(3);
    else if (rest.rfind("Min", 0) == 0)
        kind = "minimum", rest = rest.substr(3);
    std::string per;
    for (const auto &[suffix, words] : std::map<std::string, std::string>{{"PerUser", " per user"},
                                                                          {"PerAccount", " per account"},
                                                                          {"PerNode", " per node"},
                                                                          {"PerJob", " per job"}})
        if (rest.size() > suffix.size() && rest.compare(rest.size() - suffix.size(), suffix.size(), suffix) == 0)
            per = words, rest = rest.substr(0, rest.size() - suffix.size());
    for (const auto &[key, subject] : subjects)
        if (rest.rfind(key, 0) == 0)
            return scope + " " + kind + " on " + subject + per + " is reached";
    return scope + " " + kind + per + " is reached";
}

} // namespace

std::string slurmReasonInWords(const std::string &reason)
{
    if (reason.empty() || reason == "None")
        return {};
    static const std::map<std::string, std::string> phrases{
        {"Priority", "waiting behind jobs of higher priority"},
        {"Resources", "waiting for resources (GPUs, CPUs or memory) to become free"},
        {"Dependency", "waiting for the jobs it depends on"},
        {"DependencyNeverSatisfied", "the jobs it depends on ended in a way that will never satisfy it"},
        {"BeginTime", "its start time has not come yet"},
        {"JobHeldUser", "held by its user"},
        {"JobHeldAdmin", "held by an administrator"},
        {"PartitionDown", "its partition is down"},
        {"PartitionInactive", "its partition is inactive"},
        {"PartitionTimeLimit", "its time limit exceeds the partition's"},
        {"PartitionNodeLimit", "it asks for more nodes than the partition allows"},
        {"ReqNodeNotAvail", "a node it needs is unavailable (down, drained or reserved)"},
        {"NodeDown", "a node it needs is down"},
        {"BadConstraints", "no node can satisfy its constraints"},
        {"InvalidQOS", "its QOS is not valid for its account"},
        {"InvalidAccount", "its account is not valid"},
        {"QOSNotAllowed", "its QOS is not allowed in the partition"},
        {"Reservation", "waiting for its reservation"},
        {"launch failed requeued held", "its launch failed; requeued and held"},
        {"Prolog", "its node prolog is running"},
        {"Licenses", "waiting for licenses"},
        {"Cleaning", "its previous run is being cleaned up before a requeue"},
    };
    if (const auto it = phrases.find(reason); it != phrases.end())
        return it->second + " (Slurm: " + reason + ")";
    if (const std::string words = limitWords(reason); !words.empty())
        return words + " (Slurm: " + reason + ")";
    return "Slurm: " + reason;
}

std::string engineIdOfSlurmJob(const std::string &slurmJobId)
{
    return "slurm-" + slurmJobId;
}

std::string slurmJobIdOf(const std::string &engineId)
{
    return engineId.rfind("slurm-", 0) == 0 ? engineId.substr(6) : std::string();
}

pb::Job jobFromSlurm(const SlurmJobInfo &info)
{
    pb::Job job;
    job.set_id(engineIdOfSlurmJob(info.jobId));
    job.set_backend("slurm");
    job.set_backend_job_id(info.jobId);
    job.set_backend_state(info.state);
    job.set_backend_allocation(info.allocTres);
    const pb::JobState state = jobStateFromSlurm(info.state);
    job.set_state(state);
    pb::JobSpec &spec = *job.mutable_spec();
    spec.set_backend("slurm");
    spec.set_name(info.name);
    spec.set_user(info.user);
    spec.set_queue(info.account);
    spec.set_partition(info.partition);
    if (state == pb::JOB_STATE_PENDING)
        job.set_pending_reason(slurmReasonInWords(info.reason));
    for (const std::string &node : info.nodes)
        job.add_backend_nodes(node);
    for (const SlurmGpuSlot &slot : info.gpus) {
        pb::GpuRef &ref = *job.add_gpus();
        ref.set_node(slot.node);
        ref.set_gpu(slot.index);
    }
    job.set_submit_time_ms(info.submitTimeS * 1000);
    // squeue gives an expected start for pending jobs and an expected end for running ones.
    const bool started = state != pb::JOB_STATE_PENDING && state != pb::JOB_STATE_UNSPECIFIED;
    const bool ended = started && state != pb::JOB_STATE_RUNNING;
    if (started)
        job.set_start_time_ms(info.startTimeS * 1000);
    if (ended)
        job.set_end_time_ms(info.endTimeS * 1000);
    job.set_exit_code(info.exitSignal ? 128 + info.exitSignal : info.exitCode);
    return job;
}

} // namespace sn
