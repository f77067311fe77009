#include "backend/scheduler/backends/slurm_cli_backend.h"

#include "backend/scheduler/backends/slurm_job_json.h"
#include "backend/scheduler/backends/slurm_job_state.h"
#include "backend/scheduler/backends/slurm_scontrol.h"

#include <algorithm>

namespace sn {

namespace {

std::string firstLine(const std::string &text)
{
    std::string line = text.substr(0, text.find('\n'));
    return line.empty() ? std::string("(no output)") : line;
}

std::string joined(const std::vector<std::string> &argv)
{
    std::string text;
    for (const std::string &a : argv)
        text += (text.empty() ? "" : " ") + a;
    return text;
}

} // namespace

SlurmCliBackend::SlurmCliBackend(std::shared_ptr<CommandRunner> runner, SlurmCliOptions options)
    : m_runner(std::move(runner)), m_options(std::move(options))
{
}

Result<CommandOutput> SlurmCliBackend::runTool(const std::vector<std::string> &argv, const std::string &input) const
{
    auto output = m_runner->run(argv, m_options.timeout, input);
    if (!output)
        return Error{ErrorCode::Unavailable, "Slurm (" + m_runner->where() + "): " + output.error().message};
    return output;
}

Result<RenderedJob> SlurmCliBackend::render(const pb::JobSpec &spec) const
{
    return renderSbatch(spec, m_options.submit);
}

pb::Job SlurmCliBackend::withSubmittedSpec(pb::Job job) const
{
    // squeue and sacct do not carry the whole spec (command, environment, declared model); the
    // one this console submitted is kept and shown, with Slurm's view of where it runs.
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

Result<pb::Job> SlurmCliBackend::submit(const pb::JobSpec &spec)
{
    auto rendered = render(spec);
    if (!rendered)
        return rendered.error();
    auto output = runTool(rendered->command, rendered->text);
    if (!output)
        return output.error();
    if (output->exitCode != 0)
        return invalidArgument("Slurm refused the job: " + firstLine(output->err.empty() ? output->out : output->err));
    auto id = parseSbatchParsable(output->out);
    if (!id)
        return Error{ErrorCode::Internal, id.error().message};
    {
        std::lock_guard lock(m_mutex);
        m_submitted[*id] = spec;
    }
    // The state Slurm gives it at once; a scheduler that has not looked at it yet says pending.
    if (auto known = job(*id))
        return *known;
    pb::Job pending;
    pending.set_id(engineIdOfSlurmJob(*id));
    pending.set_backend("slurm");
    pending.set_backend_job_id(*id);
    pending.set_state(pb::JOB_STATE_PENDING);
    pending.set_backend_state("PENDING");
    return withSubmittedSpec(pending);
}

Result<pb::Job> SlurmCliBackend::cancel(const std::string &backendJobId)
{
    if (backendJobId.empty() || !std::all_of(backendJobId.begin(), backendJobId.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c)) || c == '_';
        }))
        return invalidArgument("'" + backendJobId + "' is not a Slurm job id");
    auto output = runTool({m_options.scancel, backendJobId});
    if (!output)
        return output.error();
    if (output->exitCode != 0)
        return failedPrecondition("scancel " + backendJobId + ": " + firstLine(output->err));
    return job(backendJobId);
}

Result<pb::Job> SlurmCliBackend::job(const std::string &backendJobId)
{
    auto jobs = listJobs();
    if (!jobs)
        return jobs.error();
    for (pb::Job &j : *jobs)
        if (j.backend_job_id() == backendJobId)
            return std::move(j);
    return notFound("Slurm knows no job " + backendJobId + " (squeue" + (m_options.useSacct ? ", sacct" : "") + ")");
}

Result<std::vector<pb::Job>> SlurmCliBackend::listJobs()
{
    const std::vector<std::string> squeue{m_options.squeue, "--json"};
    auto output = runTool(squeue);
    if (!output)
        return output.error();
    if (output->exitCode != 0)
        return Error{ErrorCode::Unavailable, joined(squeue) + ": " + firstLine(output->err)};
    auto infos = parseSqueueJson(output->out);
    if (!infos)
        return infos.error();

    std::vector<pb::Job> jobs;
    std::set<std::string> listed;
    for (const SlurmJobInfo &info : *infos) {
        jobs.push_back(withSubmittedSpec(jobFromSlurm(info)));
        listed.insert(info.jobId);
    }
    // Jobs this console submitted that slurmctld has forgotten (MinJobAge): from accounting.
    std::string missing;
    {
        std::lock_guard lock(m_mutex);
        for (const auto &[id, spec] : m_submitted)
            if (!listed.count(id)) {
                const auto seen = m_lastSeen.find(id);
                const bool final = seen != m_lastSeen.end() && seen->second.end_time_ms() > 0;
                if (!final)
                    missing += (missing.empty() ? "" : ",") + id;
            }
    }
    if (!missing.empty() && m_options.useSacct) {
        const std::vector<std::string> sacct{m_options.sacct, "--json", "--jobs=" + missing};
        auto accounted = runTool(sacct);
        if (accounted && accounted->exitCode == 0) {
            auto more = parseSacctJson(accounted->out);
            if (!more)
                return more.error();
            for (const SlurmJobInfo &info : *more)
                if (listed.insert(info.jobId).second)
                    jobs.push_back(withSubmittedSpec(jobFromSlurm(info)));
        }
    }
    std::lock_guard lock(m_mutex);
    for (const pb::Job &j : jobs)
        m_lastSeen[j.backend_job_id()] = j;
    // What neither lists any more keeps the last state seen, so a finished job does not vanish.
    for (const auto &[id, spec] : m_submitted)
        if (!listed.count(id))
            if (const auto seen = m_lastSeen.find(id); seen != m_lastSeen.end())
                jobs.push_back(seen->second);
    return jobs;
}

Result<std::vector<BackendNode>> SlurmCliBackend::nodes()
{
    const std::vector<std::string> argv{m_options.scontrol, "-o", "show", "node"};
    auto output = runTool(argv);
    if (!output)
        return output.error();
    if (output->exitCode != 0)
        return Error{ErrorCode::Unavailable, joined(argv) + ": " + firstLine(output->err)};
    return parseScontrolNodes(output->out);
}

Result<std::vector<BackendQueue>> SlurmCliBackend::queues()
{
    const std::vector<std::string> argv{m_options.scontrol, "-o", "show", "partition"};
    auto output = runTool(argv);
    if (!output)
        return output.error();
    if (output->exitCode != 0)
        return Error{ErrorCode::Unavailable, joined(argv) + ": " + firstLine(output->err)};
    return parseScontrolPartitions(output->out);
}

} // namespace sn
