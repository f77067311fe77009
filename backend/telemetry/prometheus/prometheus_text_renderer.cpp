#include "backend/telemetry/prometheus/prometheus_text_renderer.h"

#include "backend/api/metric_catalogue.h"
#include "backend/model/gpu_reading.h"
#include "backend/telemetry/readings_to_samples.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace sn {

namespace {

std::string sanitizeName(const std::string &name, bool metric)
{
    if (metric ? isValidMetricName(name) : isValidLabelName(name))
        return name;
    std::string out = name.empty() ? std::string("_") : name;
    for (char &c : out) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                        (metric && c == ':');
        if (!ok)
            c = '_';
    }
    if (out[0] >= '0' && out[0] <= '9')
        out.insert(out.begin(), '_');
    return out;
}

// HELP text escapes backslash and newline; label values a double quote as well.
std::string escape(const std::string &text, bool quote)
{
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else if (quote && c == '"')
            out += "\\\"";
        else
            out += c;
    }
    return out;
}

struct Family {
    int rank = 0; // catalogue position; unknown metrics after every catalogue metric
    const char *type = "untyped";
    std::string help;
};

// HELP and TYPE of a metric: the catalogue, then per-link NVLink, NIC, the caller's extras.
Family familyFor(const std::string &metric, const PrometheusRenderOptions &options)
{
    if (const metric::Info *info = metric::byName(metric))
        return {static_cast<int>(info->field), metric::typeText(info->kind), info->help};
    if (const auto link = metric::parseNvlinkLinkMetric(metric))
        return {static_cast<int>(kGpuFieldCount), "gauge",
                std::string("The rate of data ") + (link->tx ? "transmitted" : "received") + " over NVLink link " +
                    std::to_string(link->link) + ", not including protocol headers, in bytes per second."};
    if (metric == metric::kNicTx)
        return {static_cast<int>(kGpuFieldCount) + 1, "gauge", "Bytes per second transmitted by the NIC port."};
    if (metric == metric::kNicRx)
        return {static_cast<int>(kGpuFieldCount) + 1, "gauge", "Bytes per second received by the NIC port."};
    if (metric == metric::kNicUp)
        return {static_cast<int>(kGpuFieldCount) + 1, "gauge", "1 while the NIC port's link is up."};
    Family family{static_cast<int>(kGpuFieldCount) + 2, "untyped", {}};
    if (options.extraFamilies) {
        const auto it = options.extraFamilies->find(metric);
        if (it != options.extraFamilies->end()) {
            family.type = metricTypeName(it->second.type);
            family.help = it->second.help;
        }
    }
    return family;
}

} // namespace

std::string escapeLabelValue(const std::string &value)
{
    return escape(value, true);
}

std::string formatPrometheusValue(double value)
{
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value > 0 ? "+Inf" : "-Inf";
    char buffer[32];
    const auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, ec == std::errc() ? ptr : buffer);
}

std::string renderPrometheusText(const std::vector<MetricSample> &latest, const PrometheusRenderOptions &options)
{
    // Sort pointers, not samples (the store hands over thousands of label maps), with each
    // metric's family looked up once.
    std::map<std::string, Family> families;
    struct Entry {
        int rank;
        const MetricSample *sample;
    };
    std::vector<Entry> order;
    order.reserve(latest.size());
    for (const MetricSample &s : latest) {
        auto it = families.find(s.metric);
        if (it == families.end())
            it = families.emplace(s.metric, familyFor(s.metric, options)).first;
        order.push_back({it->second.rank, &s});
    }
    std::sort(order.begin(), order.end(), [](const Entry &x, const Entry &y) {
        const MetricSample *a = x.sample, *b = y.sample;
        if (x.rank != y.rank)
            return x.rank < y.rank;
        if (const int c = a->metric.compare(b->metric); c != 0)
            return c < 0;
        if (a->labels != b->labels)
            return a->labels < b->labels;
        return a->timeMs < b->timeMs;
    });

    std::string out;
    out.reserve(latest.size() * 160);
    const std::string *current = nullptr;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const MetricSample &s = *order[i].sample;
        // Same series again: only the newest (last after sorting by time) is written.
        if (i + 1 < order.size() && order[i + 1].sample->metric == s.metric && order[i + 1].sample->labels == s.labels)
            continue;
        const std::string name = sanitizeName(s.metric, true);
        if (!current || *current != s.metric) {
            current = &s.metric;
            const Family &family = families.at(s.metric);
            if (!family.help.empty())
                out += "# HELP " + name + ' ' + escape(family.help, false) + '\n';
            out += "# TYPE " + name + ' ' + family.type + '\n';
        }
        out += name;
        if (!s.labels.empty()) {
            out += '{';
            bool first = true;
            for (const auto &[label, value] : s.labels) {
                if (!first)
                    out += ',';
                first = false;
                out += sanitizeName(label, false);
                out += "=\"";
                if (value.find_first_of("\\\"\n") == std::string::npos)
                    out += value; // the common case: nothing to escape, no temporary
                else
                    out += escapeLabelValue(value);
                out += '"';
            }
            out += '}';
        }
        out += ' ';
        out += formatPrometheusValue(s.value);
        if (options.timestamps) {
            out += ' ';
            out += std::to_string(s.timeMs);
        }
        out += '\n';
    }
    return out;
}

} // namespace sn
