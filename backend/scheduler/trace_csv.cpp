#include "backend/scheduler/trace_csv.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

namespace sn::sched {

namespace {

// Thrown inside the parser only; turned into an Error at the edge of each public function.
struct RowError {
    std::string message;
};

std::string trim(const std::string &s)
{
    std::size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
        --e;
    std::string out = s.substr(b, e - b);
    if (out.size() >= 2 && out.front() == '"' && out.back() == '"')
        out = out.substr(1, out.size() - 2);
    return out;
}

std::vector<std::string> splitCsv(const std::string &line)
{
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;
    for (char c : line) {
        if (c == '"')
            quoted = !quoted;
        if (c == ',' && !quoted) {
            out.push_back(trim(cur));
            cur.clear();
        } else
            cur += c;
    }
    out.push_back(trim(cur));
    return out;
}

// A CSV file with a header row; fields are looked up by column name.
class Table {
public:
    Table(const std::string &text, const std::string &source) : m_source(source), m_in(text) {}

    void readHeader(const std::vector<std::string> &required)
    {
        std::string line;
        while (std::getline(m_in, line)) {
            ++m_line;
            if (!trim(line).empty())
                break;
        }
        if (trim(line).empty())
            throw RowError{m_source + ": the file is empty; expected a header row with " + join(required)};
        m_header = splitCsv(line);
        for (std::size_t i = 0; i < m_header.size(); ++i)
            m_column[m_header[i]] = i;
        for (const std::string &name : required)
            if (!m_column.count(name))
                throw RowError{m_source + ":" + std::to_string(m_line) + ": the header has no column '" + name +
                               "' (expected " + join(required) + ")"};
    }

    bool next()
    {
        std::string line;
        while (std::getline(m_in, line)) {
            ++m_line;
            if (trim(line).empty())
                continue;
            m_row = splitCsv(line);
            if (m_row.size() != m_header.size())
                throw RowError{where() + ": expected " + std::to_string(m_header.size()) +
                               " columns like the header, got " + std::to_string(m_row.size()) +
                               " (a truncated or shifted row?)"};
            return true;
        }
        return false;
    }

    bool has(const std::string &column) const { return m_column.count(column) > 0; }
    std::string text(const std::string &column) const { return m_row[m_column.at(column)]; }
    bool empty(const std::string &column) const { return !has(column) || isMissing(text(column)); }

    std::int64_t integer(const std::string &column, std::int64_t min, std::int64_t max) const
    {
        const std::string t = text(column);
        if (isMissing(t))
            throw RowError{where() + ": column '" + column + "' is missing a value; expected an integer"};
        errno = 0;
        char *end = nullptr;
        const long long v = std::strtoll(t.c_str(), &end, 10);
        if (end == t.c_str() || *end != '\0' || errno == ERANGE)
            throw RowError{where() + ": column '" + column + "' expects an integer, got '" + t + "'"};
        if (v < min || v > max)
            throw RowError{where() + ": column '" + column + "' must be in " + std::to_string(min) + ".." +
                           std::to_string(max) + ", got " + t};
        return v;
    }

    double number(const std::string &column, double min, double max) const
    {
        const std::string t = text(column);
        if (isMissing(t))
            throw RowError{where() + ": column '" + column + "' is missing a value; expected a number"};
        char *end = nullptr;
        const double v = std::strtod(t.c_str(), &end);
        if (end == t.c_str() || *end != '\0' || !std::isfinite(v))
            throw RowError{where() + ": column '" + column + "' expects a number, got '" + t + "'"};
        if (v < min || v > max)
            throw RowError{where() + ": column '" + column + "' must be in " + std::to_string(min) + ".." +
                           std::to_string(max) + ", got " + t};
        return v;
    }

    std::string where() const { return m_source + ":" + std::to_string(m_line); }

private:
    static bool isMissing(const std::string &t)
    {
        return t.empty() || t == "nan" || t == "NaN" || t == "[N/A]" || t == "N/A" || t == "[Not Supported]";
    }
    static std::string join(const std::vector<std::string> &names)
    {
        std::string s;
        for (const auto &n : names)
            s += (s.empty() ? "" : ",") + n;
        return s;
    }

    std::string m_source;
    std::istringstream m_in;
    int m_line = 0;
    std::vector<std::string> m_header;
    std::map<std::string, std::size_t> m_column;
    std::vector<std::string> m_row;
};

constexpr std::int64_t kMiB = 1LL << 20;
constexpr std::int64_t kMaxMilli = 1LL << 40;
constexpr double kMaxSeconds = 1e10;

std::vector<std::string> splitModels(const std::string &spec)
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : spec + "|") {
        if (c == '|') {
            if (!cur.empty())
                out.push_back(cur);
            cur.clear();
        } else
            cur += c;
    }
    return out;
}

int priorityOfQos(const std::string &qos)
{
    // Kubernetes QoS with Alibaba's LS (latency sensitive) and BE (best effort) classes.
    if (qos == "Guaranteed")
        return 3;
    if (qos == "LS")
        return 2;
    if (qos == "Burstable")
        return 1;
    return 0;
}

void checkGpuShape(const Table &t, TraceJob &j, const char *milliColumn)
{
    if (j.gpus == 0)
        j.gpuMilli = 0;
    else if (j.gpuMilli <= 0)
        throw RowError{t.where() + ": column '" + milliColumn + "' must be above 0 for a job with GPUs, got " +
                       std::to_string(j.gpuMilli)};
    else if (j.gpus > 1 && j.gpuMilli != 1000)
        throw RowError{t.where() + ": column '" + milliColumn +
                       "' below 1000 is a share of one GPU, but the row asks for " + std::to_string(j.gpus) + " GPUs"};
}

template <typename T, typename F> Result<std::vector<T>> guarded(F &&f)
{
    try {
        return f();
    } catch (const RowError &e) {
        return invalidArgument(e.message);
    }
}

Result<std::string> readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return notFound(path + ": cannot open the file");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

Result<std::vector<TraceNode>> parseOpenbNodes(const std::string &text, const std::string &source)
{
    return guarded<TraceNode>([&] {
        Table t(text, source);
        t.readHeader({"sn", "cpu_milli", "memory_mib", "gpu", "model"});
        std::vector<TraceNode> nodes;
        while (t.next()) {
            TraceNode n;
            n.name = t.text("sn");
            if (n.name.empty())
                throw RowError{t.where() + ": column 'sn' (the node name) is empty"};
            n.cpuMilli = t.integer("cpu_milli", 0, kMaxMilli);
            n.memoryBytes = t.integer("memory_mib", 0, kMaxMilli) * kMiB;
            n.gpus = static_cast<int>(t.integer("gpu", 0, 16));
            if (!t.empty("model"))
                n.gpuModel = t.text("model");
            else if (n.gpus > 0)
                throw RowError{t.where() + ": column 'model' is empty for a node with " + std::to_string(n.gpus) +
                               " GPUs"};
            nodes.push_back(std::move(n));
        }
        return nodes;
    });
}

Result<std::vector<TraceJob>> parseOpenbPods(const std::string &text, const std::string &source)
{
    return guarded<TraceJob>([&] {
        Table t(text, source);
        t.readHeader({"name", "cpu_milli", "memory_mib", "num_gpu", "gpu_milli", "creation_time", "deletion_time"});
        std::vector<TraceJob> jobs;
        while (t.next()) {
            TraceJob j;
            j.name = t.text("name");
            j.cpuMilli = t.integer("cpu_milli", 0, kMaxMilli);
            j.memoryBytes = t.integer("memory_mib", 0, kMaxMilli) * kMiB;
            j.gpus = static_cast<int>(t.integer("num_gpu", 0, 1024));
            j.gpuMilli = static_cast<int>(t.integer("gpu_milli", 0, 1000));
            checkGpuShape(t, j, "gpu_milli");
            if (!t.empty("gpu_spec"))
                j.gpuModels = splitModels(t.text("gpu_spec"));
            if (t.has("qos") && !t.empty("qos")) {
                j.priorityClass = t.text("qos");
                j.priority = priorityOfQos(j.priorityClass);
            }
            j.submitS = t.number("creation_time", 0, kMaxSeconds);
            const double deleted = t.number("deletion_time", 0, kMaxSeconds);
            if (!t.empty("scheduled_time"))
                j.scheduledS = t.number("scheduled_time", 0, kMaxSeconds);
            const double start = j.scheduledS.value_or(j.submitS);
            if (deleted < start)
                throw RowError{t.where() + ": column 'deletion_time' (" + t.text("deletion_time") +
                               ") is before the pod started (" + std::to_string(static_cast<long long>(start)) + ")"};
            j.durationS = deleted - start;
            jobs.push_back(std::move(j));
        }
        return jobs;
    });
}

Result<std::vector<TraceJob>> parseGenericTrace(const std::string &text, const std::string &source)
{
    return guarded<TraceJob>([&] {
        Table t(text, source);
        t.readHeader({"submit_s", "duration_s", "gpus", "queue", "priority"});
        std::vector<TraceJob> jobs;
        while (t.next()) {
            TraceJob j;
            j.name = t.has("name") && !t.empty("name") ? t.text("name") : "job-" + std::to_string(jobs.size() + 1);
            j.submitS = t.number("submit_s", 0, kMaxSeconds);
            j.durationS = t.number("duration_s", 0, kMaxSeconds);
            j.gpus = static_cast<int>(t.integer("gpus", 0, 1 << 20));
            j.queue = t.text("queue");
            if (j.queue.empty())
                throw RowError{t.where() + ": column 'queue' is empty"};
            j.priority = static_cast<int>(t.integer("priority", -1000000, 1000000));
            j.gpuMilli =
                t.has("gpu_milli") && !t.empty("gpu_milli") ? static_cast<int>(t.integer("gpu_milli", 0, 1000)) : 1000;
            checkGpuShape(t, j, "gpu_milli");
            j.cpuMilli =
                t.has("cpus") && !t.empty("cpus") ? static_cast<std::int64_t>(t.number("cpus", 0, 1e6) * 1000) : 0;
            j.memoryBytes =
                t.has("memory_mib") && !t.empty("memory_mib") ? t.integer("memory_mib", 0, kMaxMilli) * kMiB : 0;
            if (t.has("gang") && !t.empty("gang"))
                j.gang = t.integer("gang", 0, 1) == 1;
            if (t.has("estimated_s") && !t.empty("estimated_s"))
                j.estimatedRuntimeS = t.number("estimated_s", 0, kMaxSeconds);
            if (t.has("checkpoint_s") && !t.empty("checkpoint_s"))
                j.checkpointIntervalS = t.number("checkpoint_s", 0, kMaxSeconds);
            j.priorityClass = t.has("priority_class") ? t.text("priority_class") : std::string();
            jobs.push_back(std::move(j));
        }
        return jobs;
    });
}

Result<std::vector<TraceJob>> parseTrace(const std::string &text, const std::string &source)
{
    const std::string firstLine = text.substr(0, text.find('\n'));
    if (firstLine.find("num_gpu") != std::string::npos)
        return parseOpenbPods(text, source);
    return parseGenericTrace(text, source);
}

Result<std::vector<TraceNode>> readOpenbNodes(const std::string &path)
{
    auto text = readFile(path);
    if (!text)
        return text.error();
    return parseOpenbNodes(*text, path);
}

Result<std::vector<TraceJob>> readOpenbPods(const std::string &path)
{
    auto text = readFile(path);
    if (!text)
        return text.error();
    return parseOpenbPods(*text, path);
}

Result<std::vector<TraceJob>> readGenericTrace(const std::string &path)
{
    auto text = readFile(path);
    if (!text)
        return text.error();
    return parseGenericTrace(*text, path);
}

Result<std::vector<TraceJob>> readTrace(const std::string &path)
{
    auto text = readFile(path);
    if (!text)
        return text.error();
    return parseTrace(*text, path);
}

} // namespace sn::sched
