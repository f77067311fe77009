#include "backend/scheduler/backends/slurm_rest_json.h"

#include "backend/model/ascii_text.h"
#include "backend/scheduler/backends/slurm_hostlist.h"
#include "backend/scheduler/backends/slurm_json_document.h"
#include "backend/scheduler/backends/slurm_scontrol.h"

#include <QJsonDocument>

#include <regex>

namespace sn {

using slurm_json::Element;

namespace {

int leadingInt(const std::string &text)
{
    try {
        return std::stoi(text);
    } catch (...) {
        return 0;
    }
}

// "D-HH:MM:SS" (slurmDuration) -> minutes.
int minutesOf(const std::string &duration)
{
    static const std::regex clock("([0-9]+)-([0-9]+):([0-9]+):([0-9]+)");
    std::smatch m;
    if (!std::regex_match(duration, m, clock))
        return 0;
    return leadingInt(m[1]) * 1440 + leadingInt(m[2]) * 60 + leadingInt(m[3]) + (leadingInt(m[4]) > 0 ? 1 : 0);
}

} // namespace

Result<std::string> slurmRestSubmitBody(const RenderedJob &sbatch)
{
    QJsonObject job;
    for (std::size_t i = 1; i < sbatch.command.size(); ++i) {
        const std::string &word = sbatch.command[i];
        const auto eq = word.find('=');
        const std::string key = word.substr(0, eq);
        const std::string value = eq == std::string::npos ? std::string() : word.substr(eq + 1);
        const QString v = QString::fromStdString(value);
        if (key == "--parsable")
            continue;
        else if (key == "--job-name")
            job["name"] = v;
        else if (key == "--partition")
            job["partition"] = v;
        else if (key == "--account")
            job["account"] = v;
        else if (key == "--qos")
            job["qos"] = v;
        else if (key == "--nodes")
            job["nodes"] = v; // slurmrestd 22.05 takes "N" or "MIN-MAX", not the array its schema shows
        else if (key == "--ntasks-per-node")
            job["tasks_per_node"] = leadingInt(value);
        else if (key == "--cpus-per-task")
            job["cpus_per_task"] = leadingInt(value);
        else if (key == "--mem")
            job["memory_per_node"] = leadingInt(value.substr(0, value.size() - 1)); // "1536M"
        else if (key == "--gres")
            job["gres"] = v;
        else if (key == "--time")
            job["time_limit"] = minutesOf(value);
        else if (key == "--dependency")
            job["dependency"] = v;
        else if (key == "--requeue")
            job["requeue"] = true;
        else if (key == "--signal")
            job["signal"] = v;
        else if (key == "--chdir")
            job["current_working_directory"] = v;
        else
            return Error{ErrorCode::Internal, "sbatch option '" + key + "' has no slurmrestd v0.0.38 field"};
    }
    job["environment"] = QJsonObject{{"PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}};
    const QJsonObject body{{"script", QString::fromStdString(sbatch.text)}, {"job", job}};
    return QJsonDocument(body).toJson(QJsonDocument::Indented).toStdString();
}

Result<std::string> parseSlurmRestSubmit(std::string_view json, const std::string &source)
{
    auto document = slurm_json::parseDocument(json, source);
    if (!document) // Slurm's refusal arrives as an entry of "errors"
        return Error{ErrorCode::InvalidArgument, "Slurm refused the job: " + document.error().message};
    const QJsonValue id = document->value("job_id");
    if (!id.isDouble())
        return invalidArgument(source + ": no 'job_id' in the answer");
    return std::to_string(static_cast<long long>(id.toDouble()));
}

Result<std::vector<BackendNode>> parseSlurmNodesJson(std::string_view json, const std::string &source)
{
    auto document = slurm_json::parseDocument(json, source);
    if (!document)
        return document.error();
    auto array = slurm_json::requireArray(*document, "nodes", source);
    if (!array)
        return array.error();
    std::vector<BackendNode> nodes;
    static const std::regex gres("gpu(:([^:(,]+))?:([0-9]+)");
    for (qsizetype i = 0; i < array->size(); ++i) {
        const Element e(array->at(i).toObject(), source + ": nodes[" + std::to_string(i) + "]");
        auto name = e.string("name");
        if (!name)
            return name.error();
        BackendNode node;
        node.name = *name;
        node.state = asciiLower(e.optionalString("state"));
        node.reason = e.optionalString("reason");
        node.cpus = static_cast<int>(e.optionalInteger("cpus"));
        // MiB; a negative count or one past 8 EiB (the shift would overflow) reads as unknown.
        const std::int64_t memoryMiB = e.optionalInteger("real_memory");
        node.memoryBytes = memoryMiB > 0 && memoryMiB < (std::int64_t{1} << 43) ? memoryMiB << 20 : 0;
        const std::string g = e.optionalString("gres");
        for (auto it = std::sregex_iterator(g.begin(), g.end(), gres); it != std::sregex_iterator(); ++it) {
            node.gpus += leadingInt((*it)[3].str());
            if (node.gpuModel.empty())
                node.gpuModel = (*it)[2].str();
        }
        node.gpusAllocated = gpusInTres(e.optionalString("tres_used"));
        for (const QJsonValue &p : e.optionalArray("partitions"))
            node.queues.push_back(p.toString().toStdString());
        nodes.push_back(std::move(node));
    }
    return nodes;
}

Result<std::vector<BackendQueue>> parseSlurmPartitionsJson(std::string_view json, const std::string &source)
{
    auto document = slurm_json::parseDocument(json, source);
    if (!document)
        return document.error();
    auto array = slurm_json::requireArray(*document, "partitions", source);
    if (!array)
        return array.error();
    std::vector<BackendQueue> queues;
    for (qsizetype i = 0; i < array->size(); ++i) {
        const Element e(array->at(i).toObject(), source + ": partitions[" + std::to_string(i) + "]");
        auto name = e.string("name");
        if (!name)
            return name.error();
        BackendQueue queue;
        queue.name = *name;
        queue.state = asciiLower(e.optionalString("state"));
        auto hosts = expandSlurmHostlist(e.optionalString("nodes"));
        if (!hosts)
            return e.error("'nodes': " + hosts.error().message);
        queue.nodes = std::move(*hosts);
        const std::int64_t minutes = e.optionalInteger("max_time_limit", -1);
        queue.maxTimeS = minutes > 0 ? minutes * 60 : 0;
        for (const QJsonValue &f : e.optionalArray("flags"))
            queue.isDefault = queue.isDefault || f.toString() == "default";
        queues.push_back(std::move(queue));
    }
    return queues;
}

} // namespace sn
