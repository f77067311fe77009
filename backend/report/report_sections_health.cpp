#include "backend/report/report_builder.h"
#include "backend/report/report_sections.h"
#include "backend/report/report_stats.h"
#include "backend/report/report_text.h"
#include "translations/event_text.h"
#include "translations/signature_text.h"

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
    switch (s) {
    case pb::SEVERITY_INFO:
        return ReportText::tr8("info");
    case pb::SEVERITY_WARNING:
        return ReportText::tr8("warning");
    case pb::SEVERITY_ERROR:
        return ReportText::tr8("error");
    case pb::SEVERITY_CRITICAL:
        return ReportText::tr8("critical");
    default:
        return ReportText::tr8("unspecified");
    }
}

std::string resolution(const pb::Event &e)
{
    if (e.acknowledged()) {
        std::string out = ReportText::tr8("acknowledged");
        if (!e.acknowledged_by().empty())
            out += ReportText::tr(" by %1").arg(qs(e.acknowledged_by())).toStdString();
        if (e.acknowledged_ms() > 0)
            out += ReportText::tr(" at %1").arg(qs(formatUtc(e.acknowledged_ms()))).toStdString();
        return out;
    }
    if (e.ongoing())
        return ReportText::tr8("ongoing");
    if (e.end_ms() > 0)
        return ReportText::tr("ended %1").arg(qs(formatUtc(e.end_ms()))).toStdString();
    return ReportText::tr8("open");
}

std::vector<Cell> eventRow(const pb::Event &e, bool withResolution)
{
    std::vector<Cell> row{textCell(formatUtc(e.time_ms())),
                          textCell(e.node()),
                          e.gpu() >= 0 ? numberCell(e.gpu(), 0) : textCell(""),
                          textCell(e.kind()),
                          textCell(severityName(e.severity())),
                          textCell(eventMessageText(e.message()).toStdString())};
    if (withResolution)
        row.push_back(textCell(resolution(e)));
    return row;
}

} // namespace

Section thermalSection(const GpuIndex &index)
{
    Section s{"thermal", ReportText::tr8("Thermal and power events, power-cap actions"), {}, {}, {}};
    Table t{"thermal_power_events",
            ReportText::tr8("Thermal and power events"),
            {ReportText::tr8("Time"), ReportText::tr8("Node"), ReportText::tr8("GPU"), ReportText::tr8("Kind"),
             ReportText::tr8("Severity"), ReportText::tr8("Message")},
            {}};
    int caps = 0, thermal = 0;
    for (const pb::Event *e : index.events())
        if (isThermalOrPower(*e)) {
            t.rows.push_back(eventRow(*e, false));
            (e->kind().starts_with("action.") ? caps : thermal)++;
        }
    s.paragraphs.push_back(
        ReportText::tr("%1 thermal events and %2 power-cap actions (the power-cap audit) in the range.")
            .arg(thermal)
            .arg(caps)
            .toStdString());
    s.tables.push_back(std::move(t));
    return s;
}

Section anomalySection(const GpuIndex &index)
{
    Section s{"anomalies", ReportText::tr8("Anomalies and their resolution"), {}, {}, {}};
    Table t{"anomalies",
            ReportText::tr8("Warnings and worse"),
            {ReportText::tr8("Time"), ReportText::tr8("Node"), ReportText::tr8("GPU"), ReportText::tr8("Kind"),
             ReportText::tr8("Severity"), ReportText::tr8("Message"), ReportText::tr8("Resolution")},
            {}};
    int open = 0;
    for (const pb::Event *e : index.events())
        if (e->severity() >= pb::SEVERITY_WARNING) {
            t.rows.push_back(eventRow(*e, true));
            open += e->acknowledged() ? 0 : 1;
        }
    s.paragraphs.push_back(
        ReportText::tr("%1 warnings or worse, %2 not acknowledged.").arg(t.rows.size()).arg(open).toStdString());
    s.tables.push_back(std::move(t));
    return s;
}

Section logSection(const GpuIndex &index)
{
    const auto &snap = index.snapshot();
    Section s{"logs", ReportText::tr8("Log templates and failure signatures"), {}, {}, {}};
    s.paragraphs.push_back(
        (snap.log_lines_truncated()
             ? ReportText::tr("%1 log lines (the newest the engine kept; older lines were dropped) in %2 templates.")
             : ReportText::tr("%1 log lines in %2 templates."))
            .arg(snap.log_lines())
            .arg(snap.templates_size())
            .toStdString());
    Table top{"log_templates",
              ReportText::tr8("Top log templates"),
              {ReportText::tr8("Template"), ReportText::tr8("Lines"), ReportText::tr8("Nodes"),
               ReportText::tr8("Signature"), ReportText::tr8("Example")},
              {}};
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
    Table sig{"failure_signatures",
              ReportText::tr8("Failure signatures"),
              {ReportText::tr8("Signature"), ReportText::tr8("Failure"), ReportText::tr8("Lines"),
               ReportText::tr8("Templates"), ReportText::tr8("Nodes")},
              {}};
    for (const auto &[name, v] : signatures) {
        const auto &[lines, templates, nodes] = v;
        std::string list;
        for (const std::string &n : nodes)
            list += (list.empty() ? "" : " ") + n;
        const logs::Signature *known = logs::SignatureLibrary::builtIn().find(name);
        sig.rows.push_back({textCell(name), textCell(known ? signatureTitleText(*known).toStdString() : ""),
                            numberCell(double(lines), 0), numberCell(templates, 0), textCell(list)});
    }
    s.tables.push_back(std::move(top));
    s.tables.push_back(std::move(sig));
    return s;
}

Section topologySection(const GpuIndex &index)
{
    const pb::Cluster &c = index.snapshot().cluster();
    Section s{"topology", ReportText::tr8("Topology snapshot and link health"), {}, {}, {}};
    std::map<std::string, std::pair<int, int>> byType; // healthy, unhealthy
    Table down{"unhealthy_links", ReportText::tr8("Links down or degraded"), {"A", "B", ReportText::tr8("Type")}, {}};
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
    s.paragraphs.push_back(
        ReportText::tr("%1 nodes, %2 switches, %3 links, %4 NICs (%5 down) when the report was made.")
            .arg(c.nodes_size())
            .arg(c.switches_size())
            .arg(c.links_size())
            .arg(nics)
            .arg(nicsDown)
            .toStdString());
    Table types{"links",
                ReportText::tr8("Links by type"),
                {ReportText::tr8("Type"), ReportText::tr8("Healthy"), ReportText::tr8("Down or degraded")},
                {}};
    for (const auto &[type, v] : byType)
        types.rows.push_back({textCell(type), numberCell(v.first, 0), numberCell(v.second, 0)});
    s.tables.push_back(std::move(types));
    s.tables.push_back(std::move(down));
    return s;
}

Section recommendationSection(const GpuIndex &index)
{
    Section s{"recommendations", ReportText::tr8("Recommendations"), {}, {}, {}};
    s.paragraphs.push_back(ReportText::tr8("Computed from the data above; each names the numbers it rests on."));
    Table t{
        "recommendations",
        ReportText::tr8("Recommendations"),
        {ReportText::tr8("Kind"), ReportText::tr8("Subject"), ReportText::tr8("Finding"), ReportText::tr8("Evidence")},
        {}};
    const auto add = [&](std::string kind, std::string subject, std::string finding, std::string evidence) {
        t.rows.push_back({textCell(kind), textCell(std::move(subject)), textCell(std::move(finding)),
                          textCell(std::move(evidence))});
    };
    const auto pct = [](double v) { return localNumber(v, 1) + "%"; };

    for (const auto &[key, g] : index.gpus()) {
        const double util = index.meanOf(g.util), maxTemp = GpuIndex::maxOf(g.temp);
        std::vector<double> windowMeans;
        for (const Window &w : g.util)
            windowMeans.push_back(w.mean());
        const std::string name = key.node + "/gpu" + std::to_string(key.gpu);
        if (!g.util.empty() && util < kUnderUsedUtilPercent)
            add(ReportText::tr8("under-used GPU"), name,
                ReportText::tr8("idle most of the range: give it to a queue with waiting jobs or power it down"),
                ReportText::tr("mean utilization %1, p95 %2 over %3 windows of %4")
                    .arg(qs(pct(util)), qs(pct(quantile(0.95, windowMeans))))
                    .arg(g.util.size())
                    .arg(qs(formatDuration(double(index.snapshot().step_ms()) / 1000)))
                    .toStdString());
        if (maxTemp >= kHotSpotTempC)
            add(ReportText::tr8("thermal hot spot"), name,
                ReportText::tr8("check airflow and fans; the power cap may be holding it back"),
                ReportText::tr("max temperature %1 °C (threshold %2 °C)")
                    .arg(qs(localNumber(maxTemp, 1)), qs(localNumber(kHotSpotTempC, 0)))
                    .toStdString());
    }
    for (const pb::Job *job : index.jobs()) {
        std::set<std::string> nodes;
        for (const pb::GpuRef &g : job->gpus())
            nodes.insert(g.node());
        const auto [start, end] = index.heldInRange(*job);
        const double util = index.utilWhileHeld(*job);
        // At least a step of running, so that one stray window does not make the finding.
        if (nodes.size() > 1 && end - start >= index.snapshot().step_ms() && util < kCommBoundUtilPercent)
            add(ReportText::tr8("communication-bound job"), job->id() + " (" + job->spec().name() + ")",
                ReportText::tr8(
                    "GPUs on several nodes wait on each other: place it on fewer nodes or check the fabric"),
                ReportText::tr("%1 nodes, %2 GPUs, mean utilization while running %3")
                    .arg(nodes.size())
                    .arg(job->gpus_size())
                    .arg(qs(pct(util)))
                    .toStdString());
    }
    std::map<std::string, int> quotaWaits;
    for (const pb::Job *job : index.jobs())
        if (job->state() == pb::JOB_STATE_PENDING && job->pending_reason().find("quota") != std::string::npos)
            ++quotaWaits[job->spec().queue()];
    for (const auto &[queue, n] : quotaWaits)
        add(ReportText::tr8("queue at quota"), queue,
            ReportText::tr8("jobs wait on the queue's quota: raise its max or its guaranteed minimum"),
            ReportText::tr("%1 jobs pending for quota at the end of the range").arg(n).toStdString());
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
            add(ReportText::tr8("repeated hardware errors"), subject,
                ReportText::tr8("drain it and have the hardware checked"),
                ReportText::tr("%1 error events (%2)").arg(v.first).arg(qs(kinds)).toStdString());
        }
    if (t.rows.empty())
        s.paragraphs.push_back(ReportText::tr8("Nothing to recommend: no under-used GPU, hot spot, "
                                               "communication-bound job, queue at quota or repeated hardware error "
                                               "in the range."));
    s.tables.push_back(std::move(t));
    return s;
}

} // namespace sn::report
