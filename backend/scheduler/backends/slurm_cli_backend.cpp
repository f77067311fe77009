#include "backend/scheduler/backends/slurm_cli_backend.h"

#include "backend/scheduler/backends/slurm_job_json.h"
#include "backend/scheduler/backends/slurm_job_state.h"
#include "backend/scheduler/backends/slurm_scontrol.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace sn {

namespace {

std::string firstLine(const std::string &text)
{
    std::string line = text.substr(0, text.find('\n'));
    return line.empty() ? std::string("(no output)") : line;
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
    m_book.remember(*id, spec);
    // The state Slurm gives it at once; a scheduler that has not looked at it yet says pending.
    if (auto known = job(*id))
        return *known;
    return m_book.pending(*id);
}

namespace {
Status checkSlurmJobId(const std::string &id)
{
    if (id.empty() ||
        !std::all_of(id.begin(), id.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '_'; }))
        return invalidArgument("'" + id + "' is not a Slurm job id");
    return success();
}
} // namespace

Result<pb::Job> SlurmCliBackend::requeue(const std::string &backendJobId)
{
    if (Status ok = checkSlurmJobId(backendJobId); !ok)
        return ok.error();
    auto output = runTool({m_options.scontrol, "requeue", backendJobId});
    if (!output)
        return output.error();
    if (output->exitCode != 0) // "Requested operation is presently disabled", "Job is pending execution"
        return failedPrecondition("scontrol requeue " + backendJobId + ": " + firstLine(output->err));
    return job(backendJobId);
}

Result<pb::Job> SlurmCliBackend::cancel(const std::string &backendJobId)
{
    if (Status ok = checkSlurmJobId(backendJobId); !ok)
        return ok.error();
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
        return Error{ErrorCode::Unavailable, argvText(squeue) + ": " + firstLine(output->err)};
    auto infos = parseSqueueJson(output->out);
    if (!infos)
        return infos.error();

    std::vector<pb::Job> jobs;
    std::set<std::string> listed;
    for (const SlurmJobInfo &info : *infos) {
        jobs.push_back(m_book.withSubmittedSpec(jobFromSlurm(info)));
        listed.insert(info.jobId);
    }
    // Jobs this console submitted that slurmctld has forgotten (MinJobAge): from accounting.
    std::string missing;
    for (const std::string &id : m_book.unfinishedMissing(listed))
        missing += (missing.empty() ? "" : ",") + id;
    if (!missing.empty() && m_options.useSacct) {
        const std::vector<std::string> sacct{m_options.sacct, "--json", "--jobs=" + missing};
        auto accounted = runTool(sacct);
        if (accounted && accounted->exitCode == 0) {
            auto more = parseSacctJson(accounted->out);
            if (!more)
                return more.error();
            for (const SlurmJobInfo &info : *more)
                if (listed.insert(info.jobId).second)
                    jobs.push_back(m_book.withSubmittedSpec(jobFromSlurm(info)));
        }
    }
    // What neither lists any more keeps the last state seen, so a finished job does not vanish.
    m_book.settle(jobs, listed);
    return jobs;
}

Result<std::vector<BackendNode>> SlurmCliBackend::nodes()
{
    const std::vector<std::string> argv{m_options.scontrol, "-o", "show", "node"};
    auto output = runTool(argv);
    if (!output)
        return output.error();
    if (output->exitCode != 0)
        return Error{ErrorCode::Unavailable, argvText(argv) + ": " + firstLine(output->err)};
    return parseScontrolNodes(output->out);
}

Result<std::vector<BackendQueue>> SlurmCliBackend::queues()
{
    const std::vector<std::string> argv{m_options.scontrol, "-o", "show", "partition"};
    auto output = runTool(argv);
    if (!output)
        return output.error();
    if (output->exitCode != 0)
        return Error{ErrorCode::Unavailable, argvText(argv) + ": " + firstLine(output->err)};
    return parseScontrolPartitions(output->out);
}

} // namespace sn
