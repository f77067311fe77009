#include "backend/scheduler/backends/slurm_job_json.h"

#include "backend/scheduler/backends/slurm_hostlist.h"
#include "backend/scheduler/backends/slurm_json_document.h"

#include <regex>

namespace sn {

using slurm_json::Element;

namespace {

std::string whereOf(const std::string &source, qsizetype index, const QJsonObject &job)
{
    std::string where = source + ": jobs[" + std::to_string(index) + "]";
    const QJsonValue id = job.value("job_id");
    if (id.isDouble())
        where += " (job " + std::to_string(static_cast<long long>(id.toDouble())) + ")";
    return where;
}

Status readNodes(const Element &e, const std::string &hostlist, SlurmJobInfo &job)
{
    if (hostlist == "None assigned") // sacct's words for a job that never ran
        return success();
    auto nodes = expandSlurmHostlist(hostlist);
    if (!nodes)
        return e.error("'nodes': " + nodes.error().message);
    job.nodes = std::move(*nodes);
    return success();
}

// squeue's gres_detail: one entry per allocated node, in host list order:
// "gpu:h200:2(IDX:0-1)", "gpu:2(IDX:0,3)", or "gpu:h200:2(IDX:0-1),gpu:a100:1(IDX:2)".
Status readGresDetail(const Element &e, SlurmJobInfo &job)
{
    static const std::regex gpuEntry("gpu(:[^:(,]+)?:([0-9]+)\\(IDX:([0-9,\\-]*)\\)");
    const QJsonArray detail = e.optionalArray("gres_detail");
    for (qsizetype i = 0; i < detail.size(); ++i) {
        if (static_cast<std::size_t>(i) >= job.nodes.size())
            return e.error("'gres_detail' has " + std::to_string(detail.size()) + " entries for " +
                           std::to_string(job.nodes.size()) + " nodes");
        const std::string text = detail[i].toString().toStdString();
        for (auto it = std::sregex_iterator(text.begin(), text.end(), gpuEntry); it != std::sregex_iterator(); ++it) {
            auto indices = expandSlurmIndexList((*it)[3].str());
            if (!indices)
                return e.error("'gres_detail[" + std::to_string(i) + "]': " + indices.error().message);
            for (int index : *indices)
                job.gpus.push_back({job.nodes[static_cast<std::size_t>(i)], index});
        }
    }
    return success();
}

std::string tresText(const QJsonArray &tres)
{
    // sacct's list of {type, name, count} as the "type[/name]=count" text squeue prints.
    std::string text;
    for (const QJsonValue &v : tres) {
        const QJsonObject t = v.toObject();
        if (!t.value("count").isDouble())
            continue;
        std::string key = t.value("type").toString().toStdString();
        if (t.value("name").isString() && !t.value("name").toString().isEmpty())
            key += "/" + t.value("name").toString().toStdString();
        text +=
            (text.empty() ? "" : ",") + key + "=" + std::to_string(static_cast<long long>(t.value("count").toDouble()));
    }
    return text;
}

Result<SlurmJobInfo> readSqueueJob(const Element &e)
{
    SlurmJobInfo job;
    auto id = e.integer("job_id");
    if (!id)
        return id.error();
    job.jobId = std::to_string(*id);
    auto state = e.string("job_state");
    if (!state)
        return state.error();
    job.state = *state;
    job.name = e.optionalString("name");
    job.reason = e.optionalString("state_reason");
    job.partition = e.optionalString("partition");
    job.account = e.optionalString("account");
    job.qos = e.optionalString("qos");
    job.user = e.optionalString("user_name");
    if (auto ok = readNodes(e, e.optionalString("nodes"), job); !ok)
        return ok.error();
    if (auto ok = readGresDetail(e, job); !ok)
        return ok.error();
    job.allocTres = e.optionalString("tres_alloc_str");
    // squeue's exit_code is the wait status: return code in the high byte, signal in the low bits.
    const std::int64_t status = e.optionalInteger("exit_code");
    job.exitCode = static_cast<int>((status >> 8) & 0xff);
    job.exitSignal = static_cast<int>(status & 0x7f);
    job.submitTimeS = e.optionalInteger("submit_time");
    job.startTimeS = e.optionalInteger("start_time");
    job.endTimeS = e.optionalInteger("end_time");
    return job;
}

Result<SlurmJobInfo> readSacctJob(const Element &e)
{
    SlurmJobInfo job;
    auto id = e.integer("job_id");
    if (!id)
        return id.error();
    job.jobId = std::to_string(*id);
    auto stateObject = e.object("state");
    if (!stateObject)
        return stateObject.error();
    const Element state(*stateObject, e.where() + ".state");
    auto current = state.string("current");
    if (!current)
        return current.error();
    job.state = *current;
    job.reason = state.optionalString("reason");
    job.name = e.optionalString("name");
    job.partition = e.optionalString("partition");
    job.account = e.optionalString("account");
    job.qos = e.optionalString("qos");
    job.user = e.optionalString("user");
    if (auto ok = readNodes(e, e.optionalString("nodes"), job); !ok)
        return ok.error();
    job.allocTres = tresText(e.json().value("tres").toObject().value("allocated").toArray());
    const QJsonObject exit = e.json().value("exit_code").toObject();
    job.exitCode = exit.value("return_code").toInt();
    job.exitSignal = exit.value("signal").toObject().value("signal_id").toInt();
    const QJsonObject time = e.json().value("time").toObject();
    job.submitTimeS = static_cast<std::int64_t>(time.value("submission").toDouble());
    job.startTimeS = static_cast<std::int64_t>(time.value("start").toDouble());
    job.endTimeS = static_cast<std::int64_t>(time.value("end").toDouble());
    return job;
}

template <typename Reader>
Result<std::vector<SlurmJobInfo>> parseJobs(std::string_view json, const std::string &source, Reader read)
{
    auto document = slurm_json::parseDocument(json, source);
    if (!document)
        return document.error();
    auto jobs = slurm_json::requireArray(*document, "jobs", source);
    if (!jobs)
        return jobs.error();
    std::vector<SlurmJobInfo> out;
    for (qsizetype i = 0; i < jobs->size(); ++i) {
        const QJsonValue v = jobs->at(i);
        if (!v.isObject())
            return invalidArgument(source + ": jobs[" + std::to_string(i) + "] is not an object");
        auto job = read(Element(v.toObject(), whereOf(source, i, v.toObject())));
        if (!job)
            return job.error();
        // sacct lists a requeued job once per run; the last one is the current.
        std::erase_if(out, [&](const SlurmJobInfo &j) { return j.jobId == job->jobId; });
        out.push_back(std::move(*job));
    }
    return out;
}

} // namespace

Result<std::vector<SlurmJobInfo>> parseSqueueJson(std::string_view json, const std::string &source)
{
    return parseJobs(json, source, readSqueueJob);
}

Result<std::vector<SlurmJobInfo>> parseSacctJson(std::string_view json, const std::string &source)
{
    return parseJobs(json, source, readSacctJob);
}

} // namespace sn
