#include "backend/report/report_builder.h"
#include "backend/report/report_sections.h"
#include "backend/report/report_stats.h"

#include <algorithm>
#include <map>
#include <set>

#include <QString>

namespace sn::report {

namespace {

bool isThermalOrPower(const pb::Event &e)
{
    return e.kind().starts_with("gpu.thermal") || e.kind().starts_with("action.power_cap");
}

bool isHardwareError(const pb::Event &e)
{
    static const char *kinds[] = {"gpu.xid", "gpu.ecc", "gpu.row_remap", "gpu.fallen_off_bus",
                                  "nvlink.", "nic.",    "node.down"};
    return std::any_of(std::begin(kinds), std::end(kinds), [&](const char *k) { return e.kind().starts_with(k); });
}

std::string severityName(pb::Severity s)
{
    std::string name = pb::Severity_Name(s).substr(9); // drop "SEVERITY_"
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return name;
}

std::string resolution(const pb::Event &e)
{
    if (e.acknowledged())
        return "acknowledged" + (e.acknowledged_by().empty() ? std::string() : " by " + e.acknowledged_by()) +
               (e.acknowledged_ms() > 0 ? " at " + formatUtc(e.acknowledged_ms()) : std::string());
    if (e.ongoing())
        return "ongoing";
    if (e.end_ms() > 0)
        return "ended " + formatUtc(e.end_ms());
    return "open";
}

std::vector<Cell> eventRow(const pb::Event &e, bool withResolution)
{
    std::vector<Cell> row{textCell(formatUtc(e.time_ms())),
                          textCell(e.node()),
                          e.gpu() >= 0 ? numberCell(e.gpu(), 0) : textCell(""),
                          textCell(e.kind()),
                          textCell(severityName(e.severity())),
                          textCell(e.message())};
    if (withResolution)
        row.push_back(textCell(resolution(e)));
    return row;
}

} // namespace

Section thermalSection(const GpuIndex &index)
{
    Section s{"thermal", "Thermal and power events, power-cap actions", {}, {}, {}};
    Table t{
        "thermal_power_events", "Thermal and power events", {"Time", "Node", "GPU", "Kind", "Severity", "Message"}, {}};
    int caps = 0, thermal = 0;
    for (const pb::Event *e : index.events())
        if (isThermalOrPower(*e)) {
            t.rows.push_back(eventRow(*e, false));
            (e->kind().starts_with("action.") ? caps : thermal)++;
        }
    s.paragraphs.push_back(std::to_string(thermal) + " thermal events and " + std::to_string(caps) +
                           " power-cap actions (the power-cap audit) in the range.");
    s.tables.push_back(std::move(t));
    return s;
}

Section anomalySection(const GpuIndex &index)
{
    Section s{"anomalies", "Anomalies and their resolution", {}, {}, {}};
    Table t{
        "anomalies", "Warnings and worse", {"Time", "Node", "GPU", "Kind", "Severity", "Message", "Resolution"}, {}};
    int open = 0;
    for (const pb::Event *e : index.events())
        if (e->severity() >= pb::SEVERITY_WARNING) {
            t.rows.push_back(eventRow(*e, true));
            open += e->acknowledged() ? 0 : 1;
        }
    s.paragraphs.push_back(std::to_string(t.rows.size()) + " warnings or worse, " + std::to_string(open) +
                           " not acknowledged.");
    s.tables.push_back(std::move(t));
    return s;
}

Section logSection(const GpuIndex &index)
{
    const auto &snap = index.snapshot();
    Section s{"logs", "Log templates and failure signatures", {}, {}, {}};
    s.paragraphs.push_back(
        std::to_string(snap.log_lines()) + " log lines" +
        (snap.log_lines_truncated() ? " (the newest the engine kept; older lines were dropped)" : "") + " in " +
        std::to_string(snap.templates_size()) + " templates.");
    Table top{"log_templates", "Top log templates", {"Template", "Lines", "Nodes", "Signature", "Example"}, {}};
    std::map<std::string, std::tuple<std::int64_t, int, std::set<std::string>>> signatures;
    for (const rpb::TemplateCount &t : snap.templates()) {
        if (top.rows.size() < 25)
            top.rows.push_back({textCell(t.template_id()), numberCell(double(t.lines()), 0),
                                numberCell(t.nodes_size(), 0), textCell(t.signature()), textCell(t.example())});
        if (t.signature().empty())
            continue;
        auto &[lines, templates, nodes] = signatures[t.signature()];
        lines += t.lines();
        ++templates;
        nodes.insert(t.nodes().begin(), t.nodes().end());
    }
    Table sig{"failure_signatures", "Failure signatures", {"Signature", "Lines", "Templates", "Nodes"}, {}};
    for (const auto &[name, v] : signatures) {
        const auto &[lines, templates, nodes] = v;
        std::string list;
        for (const std::string &n : nodes)
            list += (list.empty() ? "" : " ") + n;
        sig.rows.push_back({textCell(name), numberCell(double(lines), 0), numberCell(templates, 0), textCell(list)});
    }
    s.tables.push_back(std::move(top));
    s.tables.push_back(std::move(sig));
    return s;
}

Section topologySection(const GpuIndex &index)
{
    const pb::Cluster &c = index.snapshot().cluster();
    Section s{"topology", "Topology snapshot and link health", {}, {}, {}};
    std::map<std::string, std::pair<int, int>> byType; // healthy, unhealthy
    Table down{"unhealthy_links", "Links down or degraded", {"A", "B", "Type"}, {}};
    for (const pb::Link &l : c.links()) {
        const std::string type = pb::LinkType_Name(l.type());
        auto &[ok, bad] = byType[type];
        (l.healthy() ? ok : bad)++;
        if (!l.healthy())
            down.rows.push_back({textCell(l.a()), textCell(l.b()), textCell(type)});
    }
    int nics = 0, nicsDown = 0;
    for (const pb::Node &n : c.nodes())
        for (const pb::Nic &nic : n.nics()) {
            ++nics;
            nicsDown += nic.link_up() ? 0 : 1;
        }
    s.paragraphs.push_back(std::to_string(c.nodes_size()) + " nodes, " + std::to_string(c.switches_size()) +
                           " switches, " + std::to_string(c.links_size()) + " links, " + std::to_string(nics) +
                           " NICs (" + std::to_string(nicsDown) + " down) when the report was made.");
    Table types{"links", "Links by type", {"Type", "Healthy", "Down or degraded"}, {}};
    for (const auto &[type, v] : byType)
        types.rows.push_back({textCell(type), numberCell(v.first, 0), numberCell(v.second, 0)});
    s.tables.push_back(std::move(types));
    s.tables.push_back(std::move(down));
    return s;
}

Section recommendationSection(const GpuIndex &index)
{
    Section s{"recommendations", "Recommendations", {}, {}, {}};
    s.paragraphs.push_back("Computed from the data above; each names the numbers it rests on.");
    Table t{"recommendations", "Recommendations", {"Kind", "Subject", "Finding", "Evidence"}, {}};
    const auto add = [&](const char *kind, std::string subject, std::string finding, std::string evidence) {
        t.rows.push_back({textCell(kind), textCell(std::move(subject)), textCell(std::move(finding)),
                          textCell(std::move(evidence))});
    };
    const auto pct = [](double v) { return QString::number(v, 'f', 1).toStdString() + "%"; };

    for (const auto &[key, g] : index.gpus()) {
        const double util = index.meanOf(g.util), maxTemp = GpuIndex::maxOf(g.temp);
        std::vector<double> windowMeans;
        for (const Window &w : g.util)
            windowMeans.push_back(w.mean());
        const std::string name = key.node + "/gpu" + std::to_string(key.gpu);
        if (!g.util.empty() && util < kUnderUsedUtilPercent)
            add("under-used GPU", name, "idle most of the range: give it to a queue with waiting jobs or power it down",
                "mean utilization " + pct(util) + ", p95 " + pct(quantile(0.95, windowMeans)) + " over " +
                    std::to_string(g.util.size()) + " windows of " +
                    formatDuration(double(index.snapshot().step_ms()) / 1000));
        if (maxTemp >= kHotSpotTempC)
            add("thermal hot spot", name, "check airflow and fans; the power cap may be holding it back",
                "max temperature " + QString::number(maxTemp, 'f', 1).toStdString() + " °C (threshold " +
                    QString::number(kHotSpotTempC, 'f', 0).toStdString() + " °C)");
    }
    for (const pb::Job *job : index.jobs()) {
        std::set<std::string> nodes;
        for (const pb::GpuRef &g : job->gpus())
            nodes.insert(g.node());
        const auto [start, end] = index.heldInRange(*job);
        const double util = index.utilWhileHeld(*job);
        // At least a step of running, so that one stray window does not make the finding.
        if (nodes.size() > 1 && end - start >= index.snapshot().step_ms() && util < kCommBoundUtilPercent)
            add("communication-bound job", job->id() + " (" + job->spec().name() + ")",
                "GPUs on several nodes wait on each other: place it on fewer nodes or check the fabric",
                std::to_string(nodes.size()) + " nodes, " + std::to_string(job->gpus_size()) +
                    " GPUs, mean utilization while running " + pct(util));
    }
    std::map<std::string, int> quotaWaits;
    for (const pb::Job *job : index.jobs())
        if (job->state() == pb::JOB_STATE_PENDING && job->pending_reason().find("quota") != std::string::npos)
            ++quotaWaits[job->spec().queue()];
    for (const auto &[queue, n] : quotaWaits)
        add("queue at quota", queue, "jobs wait on the queue's quota: raise its max or its guaranteed minimum",
            std::to_string(n) + " jobs pending for quota at the end of the range");
    std::map<std::string, std::pair<int, std::set<std::string>>> errors;
    for (const pb::Event *e : index.events())
        if (isHardwareError(*e)) {
            auto &[n, kinds] = errors[e->node() + (e->gpu() >= 0 ? "/gpu" + std::to_string(e->gpu()) : "")];
            ++n;
            kinds.insert(e->kind());
        }
    for (const auto &[subject, v] : errors)
        if (v.first >= kRepeatedErrors) {
            std::string kinds;
            for (const std::string &k : v.second)
                kinds += (kinds.empty() ? "" : ", ") + k;
            add("repeated hardware errors", subject, "drain it and have the hardware checked",
                std::to_string(v.first) + " error events (" + kinds + ")");
        }
    if (t.rows.empty())
        s.paragraphs.push_back("Nothing to recommend: no under-used GPU, hot spot, communication-bound job, queue at "
                               "quota or repeated hardware error in the range.");
    s.tables.push_back(std::move(t));
    return s;
}

} // namespace sn::report
