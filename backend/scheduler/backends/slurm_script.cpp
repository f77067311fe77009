#include "backend/scheduler/backends/slurm_script.h"

#include "backend/model/ascii_text.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iterator>
#include <string_view>

namespace sn {

namespace {

// POSIX single quoting for the `export NAME='value'` lines of the script: the one place user
// text meets a shell, and only as a quoted word.
std::string singleQuoted(const std::string &text)
{
    std::string quoted = "'";
    for (char c : text)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

// [A-Za-z_][A-Za-z0-9_]*, checked in one pass (ascii_text.h says why not by std::regex).
bool isShellIdentifier(std::string_view name)
{
    const auto word = [](char c) { return isAsciiLetter(c) || isAsciiDigit(c) || c == '_'; };
    return !name.empty() && !isAsciiDigit(name.front()) && std::all_of(name.begin(), name.end(), word);
}

// sbatch's own grammar, one condition per entry (entries are joined with ',': all must hold):
// "singleton" or a type followed by one or more ":<job id>[_<task>][+<minutes>]".
bool isDependency(std::string_view dependency)
{
    if (dependency == "singleton")
        return true;
    static constexpr std::string_view kTypes[] = {"after",      "afterany",  "afterok",
                                                  "afternotok", "aftercorr", "afterburstbuffer"};
    const std::size_t colon = dependency.find(':');
    if (colon == std::string_view::npos ||
        std::find(std::begin(kTypes), std::end(kTypes), dependency.substr(0, colon)) == std::end(kTypes))
        return false;
    std::size_t i = colon;
    const auto number = [&] {
        const std::size_t start = i;
        while (i < dependency.size() && isAsciiDigit(dependency[i]))
            ++i;
        return i > start;
    };
    while (i < dependency.size()) {
        if (dependency[i++] != ':' || !number())
            return false;
        if (i < dependency.size() && dependency[i] == '_' && (++i, !number()))
            return false;
        if (i < dependency.size() && dependency[i] == '+' && (++i, !number()))
            return false;
    }
    return true;
}

std::string mebibytes(std::int64_t bytes)
{
    // Rounded up without overflow: JobSpec.memory_bytes may be anything up to INT64_MAX.
    const std::int64_t mib = (bytes >> 20) + ((bytes & ((1 << 20) - 1)) != 0);
    return std::to_string(mib) + "M";
}

} // namespace

std::string slurmGresType(const std::string &gpuModel)
{
    std::string lower;
    for (char c : gpuModel)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char *prefix : {"nvidia ", "nvidia-", "amd ", "tesla "})
        if (lower.rfind(prefix, 0) == 0)
            lower = lower.substr(std::string(prefix).size());
    const auto end = lower.find_first_of(" -_");
    return lower.substr(0, end);
}

std::string slurmDuration(std::int64_t seconds)
{
    const std::int64_t minutes = seconds / 60 + (seconds % 60 != 0); // rounded up, without overflow
    char text[64];
    std::snprintf(text, sizeof text, "%lld-%02lld:%02lld:00", static_cast<long long>(minutes / 1440),
                  static_cast<long long>(minutes / 60 % 24), static_cast<long long>(minutes % 60));
    return text;
}

Result<RenderedJob> renderSbatch(const pb::JobSpec &spec, const SlurmSubmitOptions &options)
{
    if (spec.command().empty())
        return invalidArgument("command: a Slurm job needs a command (the batch script's body)");
    if (spec.gpus_min() != spec.gpus_max())
        return invalidArgument("gpus_min/gpus_max: Slurm jobs take a fixed GPU count, got " +
                               std::to_string(spec.gpus_min()) + ".." + std::to_string(spec.gpus_max()));
    if (spec.gpu_milli() != 0 && spec.gpu_milli() != 1000)
        return invalidArgument("gpu_milli: Slurm's gres/gpu counts whole GPUs, got " +
                               std::to_string(spec.gpu_milli()) + " thousandths");
    if (spec.gpus_max() < 0 || spec.node_count() < 0 || spec.tasks_per_node() < 0 || spec.cpus() < 0 ||
        spec.memory_bytes() < 0 || spec.time_limit_s() < 0)
        return invalidArgument("gpus, node_count, tasks_per_node, cpus, memory_bytes and time_limit_s "
                               "must not be negative");
    const int nodes = std::max(1, spec.node_count());
    if (spec.gpus_max() % nodes != 0)
        return invalidArgument("gpus_max: " + std::to_string(spec.gpus_max()) + " GPUs do not divide evenly over " +
                               std::to_string(nodes) + " nodes (Slurm's --gres is per node)");
    if (spec.gpu_models_size() > 1)
        return invalidArgument("gpu_models: Slurm's --gres names one GPU type; pick one of the " +
                               std::to_string(spec.gpu_models_size()) + " models");

    RenderedJob job;
    job.mediaType = "text/x-shellscript";
    std::vector<std::string> &argv = job.command;
    argv = {options.sbatch, "--parsable"};
    if (!spec.name().empty())
        argv.push_back("--job-name=" + spec.name());
    const std::string partition = spec.partition().empty() ? options.partition : spec.partition();
    if (!partition.empty())
        argv.push_back("--partition=" + partition);
    if (!spec.queue().empty())
        argv.push_back("--account=" + spec.queue());
    if (!spec.priority_class().empty()) {
        // A class with no QOS configured goes by its own name; Slurm refuses an unknown QOS at
        // submit ("Invalid qos specification"), which the submitter then shows.
        const auto it = options.qosByPriorityClass.find(spec.priority_class());
        argv.push_back("--qos=" + (it != options.qosByPriorityClass.end() ? it->second : spec.priority_class()));
    }
    argv.push_back("--nodes=" + std::to_string(nodes));
    if (spec.tasks_per_node() > 0)
        argv.push_back("--ntasks-per-node=" + std::to_string(spec.tasks_per_node()));
    if (spec.cpus() > 0) {
        // JobSpec.cpus is the job's total; Slurm counts per task. In 64 bits: nodes and tasks per
        // node are int32 each, their product is not.
        const std::int64_t tasks = std::int64_t{nodes} * std::max(1, spec.tasks_per_node());
        const std::int64_t perTask = spec.cpus() / tasks + (spec.cpus() % tasks != 0);
        argv.push_back("--cpus-per-task=" + std::to_string(std::max<std::int64_t>(1, perTask)));
    }
    if (spec.memory_bytes() > 0)
        argv.push_back("--mem=" + mebibytes(spec.memory_bytes())); // per node, as JobSpec.memory_bytes
    if (spec.gpus_max() > 0) {
        const std::string type = spec.gpu_models_size() == 1 ? slurmGresType(spec.gpu_models(0)) : std::string();
        argv.push_back("--gres=gpu:" + (type.empty() ? std::string() : type + ":") +
                       std::to_string(spec.gpus_max() / nodes));
    }
    if (spec.time_limit_s() > 0)
        argv.push_back("--time=" + slurmDuration(spec.time_limit_s()));
    if (spec.dependencies_size() > 0) {
        std::string joined;
        for (const std::string &d : spec.dependencies()) {
            if (!isDependency(d))
                return invalidArgument("dependencies: '" + d +
                                       "' is not a Slurm dependency (expected afterok:<job id>, afterany:<job id>, "
                                       "afternotok:<job id>, after:<job id> or singleton)");
            joined += (joined.empty() ? "" : ",") + d;
        }
        argv.push_back("--dependency=" + joined);
    }
    if (spec.requeue())
        argv.push_back("--requeue");
    if (spec.checkpoint_interval_s() > 0) {
        // Ask Slurm to warn the job before its end (time limit or preemption) so that it can
        // write a checkpoint; as long before as one checkpoint interval, at most 10 minutes.
        const std::int64_t warn = std::clamp<std::int64_t>(spec.checkpoint_interval_s(), 30, 600);
        argv.push_back("--signal=USR1@" + std::to_string(warn));
    }
    if (!spec.working_directory().empty())
        argv.push_back("--chdir=" + spec.working_directory());

    std::string script = "#!/bin/bash\n"
                         "# Submitted by SuperNode Console. The sbatch options are on sbatch's command line;\n"
                         "# what follows is the job's environment and its command, exactly as written.\n";
    for (const auto &[name, value] :
         std::map<std::string, std::string>(spec.environment().begin(), spec.environment().end())) {
        if (!isShellIdentifier(name))
            return invalidArgument("environment: '" + name + "' is not a variable name (letters, digits, _)");
        script += "export " + name + "=" + singleQuoted(value) + "\n";
    }
    script += spec.command();
    if (script.back() != '\n')
        script += '\n';
    job.text = std::move(script);
    return job;
}

} // namespace sn
