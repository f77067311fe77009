#include "backend/scheduler/backends/slurm_scontrol.h"

#include "backend/model/ascii_text.h"
#include "backend/scheduler/backends/slurm_hostlist.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <regex>

namespace sn {

namespace {

bool isKey(std::string_view word)
{
    // Keys are words like NodeName, CPUs/Task, AllocNode:Sid, NtasksPerN:B:S:C.
    if (word.empty() || !std::isupper(static_cast<unsigned char>(word.front())))
        return false;
    return std::all_of(word.begin(), word.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == ':'; });
}

std::vector<std::string_view> lines(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (start < text.size()) {
        const auto end = text.find('\n', start);
        out.push_back(text.substr(start, end == std::string_view::npos ? text.size() - start : end - start));
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    return out;
}

bool blank(std::string_view line)
{
    return std::all_of(line.begin(), line.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
}

int toInt(const std::string &text)
{
    int value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value);
    return value;
}

// "gpu:h200:8", "gpu:h200:8(S:0-1)", "gpu:8", "gpu:a100:4,gpu:v100:2" -> count and the first type.
void readGres(const std::string &gres, int *count, std::string *type)
{
    static const std::regex entry("gpu(:([^:(,]+))?:([0-9]+)");
    for (auto it = std::sregex_iterator(gres.begin(), gres.end(), entry); it != std::sregex_iterator(); ++it) {
        *count += toInt((*it)[3].str());
        if (type->empty())
            *type = (*it)[2].str();
    }
}

// MaxTime: UNLIMITED, INFINITE, minutes, [D-]HH:MM:SS. A time beyond what int64 seconds hold
// (billions of years) is no limit either: 0, as UNLIMITED.
std::int64_t readMaxTime(const std::string &text)
{
    if (text.empty() || text == "UNLIMITED" || text == "INFINITE")
        return 0;
    static const std::regex clock("(?:([0-9]+)-)?([0-9]+):([0-9]+):([0-9]+)");
    std::smatch m;
    if (!std::regex_match(text, m, clock))
        return std::int64_t{toInt(text)} * 60;
    std::int64_t total = 0;
    const std::pair<int, std::int64_t> parts[] = {{1, 24 * 3600}, {2, 3600}, {3, 60}, {4, 1}};
    for (const auto &[group, seconds] : parts) {
        if (!m[group].matched)
            continue;
        const std::string digits = m[group].str();
        std::int64_t value = 0;
        if (std::from_chars(digits.data(), digits.data() + digits.size(), value).ec != std::errc() ||
            __builtin_mul_overflow(value, seconds, &value) || __builtin_add_overflow(total, value, &total))
            return 0;
    }
    return total;
}

} // namespace

Result<std::map<std::string, std::string>> parseScontrolRecord(std::string_view line)
{
    std::map<std::string, std::string> fields;
    std::string current;
    std::size_t start = 0;
    while (start < line.size()) {
        while (start < line.size() && line[start] == ' ')
            ++start;
        if (start >= line.size())
            break;
        auto end = line.find(' ', start);
        if (end == std::string_view::npos)
            end = line.size();
        const std::string_view word = line.substr(start, end - start);
        const auto eq = word.find('=');
        if (eq != std::string_view::npos && isKey(word.substr(0, eq))) {
            current = std::string(word.substr(0, eq));
            fields[current] = std::string(word.substr(eq + 1));
        } else if (!current.empty()) {
            fields[current] += " " + std::string(word); // a value with spaces (OS=Linux 6.1 #1 SMP)
        } else {
            return invalidArgument("'" + std::string(word) + "' where Key=Value was expected");
        }
        start = end;
    }
    return fields;
}

int gpusInTres(std::string_view tres)
{
    static const std::regex gpu("(^|,)gres/gpu=([0-9]+)");
    const std::string text(tres);
    std::smatch m;
    return std::regex_search(text, m, gpu) ? toInt(m[2].str()) : 0;
}

Result<std::vector<BackendNode>> parseScontrolNodes(std::string_view text, const std::string &source)
{
    std::vector<BackendNode> nodes;
    const auto all = lines(text);
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (blank(all[i]))
            continue;
        const std::string where = source + ": line " + std::to_string(i + 1);
        if (all[i].rfind("No nodes in the system", 0) == 0)
            continue;
        auto fields = parseScontrolRecord(all[i]);
        if (!fields)
            return invalidArgument(where + ": " + fields.error().message);
        auto &f = *fields;
        if (f["NodeName"].empty())
            return invalidArgument(where + ": no NodeName= (is this `scontrol -o show node` output?)");
        BackendNode node;
        node.name = f["NodeName"];
        // "IDLE+DRAIN", "MIXED", "DOWN*": the backend's own word, in lower case like sinfo.
        node.state = asciiLower(f["State"]);
        const std::string reason = f["Reason"];
        node.reason = reason == "(null)" ? std::string() : reason;
        node.cpus = toInt(f.count("CPUTot") ? f["CPUTot"] : f["CPUEfctv"]);
        node.memoryBytes = std::int64_t{toInt(f["RealMemory"])} << 20; // MiB
        readGres(f["Gres"], &node.gpus, &node.gpuModel);
        node.gpusAllocated = gpusInTres(f["AllocTRES"]);
        if (node.gpus == 0)
            node.gpus = gpusInTres(f["CfgTRES"]);
        const std::string partitions = f["Partitions"];
        std::size_t s = 0;
        while (!partitions.empty() && s <= partitions.size()) {
            const auto comma = partitions.find(',', s);
            node.queues.push_back(partitions.substr(s, comma == std::string::npos ? comma : comma - s));
            if (comma == std::string::npos)
                break;
            s = comma + 1;
        }
        nodes.push_back(std::move(node));
    }
    return nodes;
}

Result<std::vector<BackendQueue>> parseScontrolPartitions(std::string_view text, const std::string &source)
{
    std::vector<BackendQueue> queues;
    const auto all = lines(text);
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (blank(all[i]) || all[i].rfind("No partitions in the system", 0) == 0)
            continue;
        const std::string where = source + ": line " + std::to_string(i + 1);
        auto fields = parseScontrolRecord(all[i]);
        if (!fields)
            return invalidArgument(where + ": " + fields.error().message);
        auto &f = *fields;
        if (f["PartitionName"].empty())
            return invalidArgument(where + ": no PartitionName= (is this `scontrol -o show partition` output?)");
        BackendQueue queue;
        queue.name = f["PartitionName"];
        queue.state = asciiLower(f["State"]);
        auto nodes = expandSlurmHostlist(f["Nodes"]);
        if (!nodes)
            return invalidArgument(where + ": Nodes: " + nodes.error().message);
        queue.nodes = std::move(*nodes);
        queue.maxTimeS = readMaxTime(f["MaxTime"]);
        queue.isDefault = f["Default"] == "YES";
        queues.push_back(std::move(queue));
    }
    return queues;
}

Result<std::string> parseSbatchParsable(std::string_view text, const std::string &source)
{
    // sbatch may print warnings to stdout before the id on some versions; the id is the last line.
    std::string_view last;
    for (std::string_view line : lines(text))
        if (!blank(line))
            last = line;
    const std::string_view id = last.substr(0, last.find(';'));
    static const std::regex jobId("[0-9]+(_[0-9]+)?");
    const std::string idText(id);
    if (!std::regex_match(idText, jobId))
        return invalidArgument(source + ": expected a job id (\"123\" or \"123;cluster\") on its last line, got '" +
                               std::string(last.substr(0, 200)) + "'");
    return idText;
}

} // namespace sn
