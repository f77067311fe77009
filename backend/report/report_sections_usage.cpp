#include "backend/report/report_builder.h"
#include "backend/report/report_sections.h"
#include "backend/report/report_stats.h"
#include "backend/report/report_text.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace sn::report {

std::string formatDuration(double seconds)
{
    const auto s = static_cast<long long>(std::llround(seconds));
    if (s < 60)
        return ReportText::tr("%1 s").arg(s).toStdString();
    if (s < 3600)
        return ReportText::tr("%1 min").arg(s / 60).toStdString();
    return ReportText::tr("%1 h %2 min").arg(s / 3600).arg(s % 3600 / 60).toStdString();
}

std::string jobStateText(int state)
{
    switch (state) {
    case pb::JOB_STATE_PENDING:
        return ReportText::tr8("PENDING");
    case pb::JOB_STATE_RUNNING:
        return ReportText::tr8("RUNNING");
    case pb::JOB_STATE_COMPLETED:
        return ReportText::tr8("COMPLETED");
    case pb::JOB_STATE_FAILED:
        return ReportText::tr8("FAILED");
    case pb::JOB_STATE_CANCELLED:
        return ReportText::tr8("CANCELLED");
    case pb::JOB_STATE_PREEMPTED:
        return ReportText::tr8("PREEMPTED");
    default:
        return ReportText::tr8("UNSPECIFIED");
    }
}

Kpis computeKpis(const GpuIndex &index)
{
    Kpis k;
    const auto &snap = index.snapshot();
    k.gpus = int(index.gpus().size());
    std::map<std::string, int> nodes;
    for (const auto &[key, g] : index.gpus())
        ++nodes[key.node];
    k.nodes = int(nodes.size());
    k.gpuHoursAvailable = double(k.gpus) * index.rangeHours();
    const auto [used, covered] = index.scopeUsedAndCoveredHours();
    k.gpuHoursUsed = used;
    k.utilMeanPercent = covered > 0 ? 100 * used / covered : 0;
    k.utilP95Percent = quantile(0.95, index.scopeUtilWindowMeans());
    for (const auto &[key, g] : index.gpus())
        k.energyKwh += index.energyKwh(g.power);

    std::vector<double> waits, completions;
    for (const pb::Job *job : index.jobs()) {
        k.gpuHoursAllocated += index.allocatedGpuHours(*job);
        if (job->submit_time_ms() >= snap.start_ms() && job->submit_time_ms() < snap.end_ms())
            ++k.jobsSubmitted;
        if (job->start_time_ms() >= snap.start_ms() && job->start_time_ms() < snap.end_ms())
            waits.push_back(double(job->start_time_ms() - job->submit_time_ms()) / 1000.0);
        const bool endedInRange =
            job->end_time_ms() >= snap.start_ms() && job->end_time_ms() < snap.end_ms() && job->end_time_ms() > 0;
        if (!endedInRange)
            continue;
        if (job->state() == pb::JOB_STATE_COMPLETED) {
            ++k.jobsCompleted;
            completions.push_back(double(job->end_time_ms() - job->submit_time_ms()) / 1000.0);
        } else if (job->state() == pb::JOB_STATE_FAILED) {
            ++k.jobsFailed;
        } else if (job->state() == pb::JOB_STATE_CANCELLED) {
            ++k.jobsCancelled;
        }
    }
    k.allocationRate = k.gpuHoursAvailable > 0 ? k.gpuHoursAllocated / k.gpuHoursAvailable : 0;
    k.waitMeanS = mean(waits);
    k.waitP95S = quantile(0.95, waits);
    k.completionMeanS = mean(completions);
    k.completionP95S = quantile(0.95, completions);
    return k;
}

Section kpiSection(const Kpis &k, const GpuIndex &index)
{
    Section s{"kpis", ReportText::tr8("Summary"), {}, {}, {}};
    s.paragraphs.push_back(ReportText::tr("%1 nodes, %2 GPUs over %3; utilization sampled every %4.")
                               .arg(k.nodes)
                               .arg(k.gpus)
                               .arg(qs(formatDuration(index.rangeHours() * 3600)),
                                    qs(formatDuration(double(index.snapshot().step_ms()) / 1000)))
                               .toStdString());
    Table t{"kpis",
            ReportText::tr8("Key figures"),
            {ReportText::tr8("KPI"), ReportText::tr8("Value"), ReportText::tr8("Unit")},
            {}};
    // The names are marked for lupdate here and translated when the row is made.
    const auto row = [&](const char *name, double value, int decimals, const char *unit) {
        t.rows.push_back(
            {textCell(ReportText::tr8(name)), numberCell(value, decimals), textCell(ReportText::tr8(unit))});
    };
    row(QT_TRANSLATE_NOOP("ReportText", "GPU-hours available"), k.gpuHoursAvailable, 1,
        QT_TRANSLATE_NOOP("ReportText", "GPU-h"));
    row(QT_TRANSLATE_NOOP("ReportText", "GPU-hours allocated"), k.gpuHoursAllocated, 1,
        QT_TRANSLATE_NOOP("ReportText", "GPU-h"));
    row(QT_TRANSLATE_NOOP("ReportText", "GPU-hours used"), k.gpuHoursUsed, 1, QT_TRANSLATE_NOOP("ReportText", "GPU-h"));
    row(QT_TRANSLATE_NOOP("ReportText", "Allocation rate"), k.allocationRate * 100, 1,
        QT_TRANSLATE_NOOP("ReportText", "%"));
    row(QT_TRANSLATE_NOOP("ReportText", "Mean utilization"), k.utilMeanPercent, 1,
        QT_TRANSLATE_NOOP("ReportText", "%"));
    row(QT_TRANSLATE_NOOP("ReportText", "P95 utilization"), k.utilP95Percent, 1, QT_TRANSLATE_NOOP("ReportText", "%"));
    row(QT_TRANSLATE_NOOP("ReportText", "Jobs submitted"), k.jobsSubmitted, 0, QT_TRANSLATE_NOOP("ReportText", "jobs"));
    row(QT_TRANSLATE_NOOP("ReportText", "Jobs completed"), k.jobsCompleted, 0, QT_TRANSLATE_NOOP("ReportText", "jobs"));
    row(QT_TRANSLATE_NOOP("ReportText", "Jobs failed"), k.jobsFailed, 0, QT_TRANSLATE_NOOP("ReportText", "jobs"));
    row(QT_TRANSLATE_NOOP("ReportText", "Jobs cancelled"), k.jobsCancelled, 0, QT_TRANSLATE_NOOP("ReportText", "jobs"));
    row(QT_TRANSLATE_NOOP("ReportText", "Mean wait"), k.waitMeanS, 0, QT_TRANSLATE_NOOP("ReportText", "s"));
    row(QT_TRANSLATE_NOOP("ReportText", "P95 wait"), k.waitP95S, 0, QT_TRANSLATE_NOOP("ReportText", "s"));
    row(QT_TRANSLATE_NOOP("ReportText", "Mean completion time"), k.completionMeanS, 0,
        QT_TRANSLATE_NOOP("ReportText", "s"));
    row(QT_TRANSLATE_NOOP("ReportText", "P95 completion time"), k.completionP95S, 0,
        QT_TRANSLATE_NOOP("ReportText", "s"));
    row(QT_TRANSLATE_NOOP("ReportText", "GPU energy"), k.energyKwh, 1, QT_TRANSLATE_NOOP("ReportText", "kWh"));
    s.tables.push_back(std::move(t));
    return s;
}

namespace {

struct Usage {
    int jobs = 0;
    double allocated = 0, used = 0;
};

Table usageTable(const GpuIndex &index, const char *id, std::string title, std::string column,
                 const std::function<std::string(const pb::Job &)> &key)
{
    std::map<std::string, Usage> groups;
    double total = 0;
    for (const pb::Job *job : index.jobs()) {
        Usage &u = groups[key(*job).empty() ? ReportText::tr8("(none)") : key(*job)];
        ++u.jobs;
        u.allocated += index.allocatedGpuHours(*job);
        u.used += index.usedGpuHours(*job);
        total += index.allocatedGpuHours(*job);
    }
    Table t{id,
            title,
            {column, ReportText::tr8("Jobs"), ReportText::tr8("GPU-hours allocated"), ReportText::tr8("GPU-hours used"),
             ReportText::tr8("Share of allocated %"), ReportText::tr8("Utilization while allocated %")},
            {}};
    for (const auto &[name, u] : groups)
        t.rows.push_back({textCell(name), numberCell(u.jobs, 0), numberCell(u.allocated), numberCell(u.used),
                          numberCell(total > 0 ? 100 * u.allocated / total : 0),
                          numberCell(u.allocated > 0 ? 100 * u.used / u.allocated : 0)});
    std::sort(t.rows.begin(), t.rows.end(), [](const auto &a, const auto &b) { return *a[2].number > *b[2].number; });
    return t;
}

// The mean over a node's GPUs per step window, for the node charts.
ChartSeries nodeMean(const std::string &node, const GpuIndex &index, std::vector<Window> GpuSeries::*metric)
{
    std::map<std::int64_t, std::pair<double, int>> byTime;
    for (const auto &[key, g] : index.gpus())
        if (key.node == node)
            for (const Window &w : g.*metric) {
                auto &[sum, n] = byTime[w.startMs];
                sum += w.mean();
                ++n;
            }
    ChartSeries s{node, {}};
    for (const auto &[t, sn] : byTime)
        s.points.emplace_back(t, sn.first / sn.second);
    return s;
}

std::vector<double> means(const std::vector<Window> &windows)
{
    std::vector<double> out;
    out.reserve(windows.size());
    for (const Window &w : windows)
        out.push_back(w.mean());
    return out;
}

} // namespace

Section utilizationSection(const GpuIndex &index)
{
    Section s{"utilization", ReportText::tr8("Utilization by queue, user and priority class"), {}, {}, {}};
    s.paragraphs.push_back(
        ReportText::tr8("GPU-hours each group's jobs held in the range, and how busy those GPUs were meanwhile."));
    s.tables.push_back(usageTable(index, "utilization_by_queue", ReportText::tr8("By queue (team)"),
                                  ReportText::tr8("Queue"), [](const pb::Job &j) { return j.spec().queue(); }));
    s.tables.push_back(usageTable(index, "utilization_by_user", ReportText::tr8("By user"), ReportText::tr8("User"),
                                  [](const pb::Job &j) { return j.spec().user(); }));
    s.tables.push_back(usageTable(index, "utilization_by_priority_class", ReportText::tr8("By priority class"),
                                  ReportText::tr8("Priority class"),
                                  [](const pb::Job &j) { return j.spec().priority_class(); }));
    return s;
}

Section nodeSection(const GpuIndex &index)
{
    Section s{"nodes", ReportText::tr8("Nodes: utilization, temperature and power"), {}, {}, {}};
    std::vector<std::string> nodes;
    for (const auto &[key, g] : index.gpus())
        if (nodes.empty() || nodes.back() != key.node)
            nodes.push_back(key.node);
    Chart util{ReportText::tr8("Mean GPU utilization by node"), "%", {}},
        temp{ReportText::tr8("Mean GPU temperature by node"), "°C", {}},
        power{ReportText::tr8("Mean GPU power by node"), "W", {}};
    Table t{"node_utilization",
            ReportText::tr8("Per node"),
            {ReportText::tr8("Node"), ReportText::tr8("GPUs"), ReportText::tr8("Mean utilization %"),
             ReportText::tr8("P95 utilization %"), ReportText::tr8("Max temperature °C"),
             ReportText::tr8("Mean power W"), ReportText::tr8("Energy kWh")},
            {}};
    for (const std::string &node : nodes) {
        util.series.push_back(nodeMean(node, index, &GpuSeries::util));
        temp.series.push_back(nodeMean(node, index, &GpuSeries::temp));
        power.series.push_back(nodeMean(node, index, &GpuSeries::power));
        std::vector<Window> u, p;
        double maxTemp = 0, energy = 0;
        int gpus = 0;
        for (const auto &[key, g] : index.gpus()) {
            if (key.node != node)
                continue;
            ++gpus;
            u.insert(u.end(), g.util.begin(), g.util.end());
            p.insert(p.end(), g.power.begin(), g.power.end());
            maxTemp = std::max(maxTemp, GpuIndex::maxOf(g.temp));
            energy += index.energyKwh(g.power);
        }
        t.rows.push_back({textCell(node), numberCell(gpus, 0), numberCell(index.meanOf(u)),
                          numberCell(quantile(0.95, means(u))), numberCell(maxTemp), numberCell(index.meanOf(p)),
                          numberCell(energy, 2)});
    }
    s.charts = {std::move(util), std::move(temp), std::move(power)};
    s.tables.push_back(std::move(t));
    return s;
}

Section gpuSection(const GpuIndex &index)
{
    Section s{"gpus", ReportText::tr8("GPUs"), {}, {}, {}};
    Table t{"gpu_utilization",
            ReportText::tr8("Per GPU"),
            {ReportText::tr8("Node"), ReportText::tr8("GPU"), ReportText::tr8("Mean utilization %"),
             ReportText::tr8("P95 utilization %"), ReportText::tr8("Mean temperature °C"),
             ReportText::tr8("Max temperature °C"), ReportText::tr8("Mean power W"), ReportText::tr8("Energy kWh")},
            {}};
    for (const auto &[key, g] : index.gpus())
        t.rows.push_back({textCell(key.node), numberCell(key.gpu, 0), numberCell(index.meanOf(g.util)),
                          numberCell(quantile(0.95, means(g.util))), numberCell(index.meanOf(g.temp)),
                          numberCell(GpuIndex::maxOf(g.temp)), numberCell(index.meanOf(g.power)),
                          numberCell(index.energyKwh(g.power), 2)});
    s.tables.push_back(std::move(t));
    return s;
}

Section jobSection(const GpuIndex &index)
{
    Section s{"jobs", ReportText::tr8("Jobs"), {}, {}, {}};
    std::map<std::string, int> states;
    Table jobs{"jobs",
               ReportText::tr8("Jobs in the range"),
               {ReportText::tr8("Job"), ReportText::tr8("Name"), ReportText::tr8("User"), ReportText::tr8("Queue"),
                ReportText::tr8("Priority class"), ReportText::tr8("GPUs"), ReportText::tr8("State"),
                ReportText::tr8("Submitted"), ReportText::tr8("Wait s"), ReportText::tr8("Run s"),
                ReportText::tr8("GPU-hours allocated"), ReportText::tr8("GPU-hours used")},
               {}};
    for (const pb::Job *job : index.jobs()) {
        const std::string state = jobStateText(job->state());
        ++states[state];
        const double wait = job->start_time_ms() > 0 ? double(job->start_time_ms() - job->submit_time_ms()) / 1000 : 0;
        const double run = job->start_time_ms() > 0 && job->end_time_ms() > 0
                               ? double(job->end_time_ms() - job->start_time_ms()) / 1000
                               : 0;
        jobs.rows.push_back({textCell(job->id()), textCell(job->spec().name()), textCell(job->spec().user()),
                             textCell(job->spec().queue()), textCell(job->spec().priority_class()),
                             numberCell(job->gpus_size() > 0 ? job->gpus_size() : job->spec().gpus_min(), 0),
                             textCell(state), textCell(formatUtc(job->submit_time_ms())), numberCell(wait, 0),
                             numberCell(run, 0), numberCell(index.allocatedGpuHours(*job), 2),
                             numberCell(index.usedGpuHours(*job), 2)});
    }
    Table byState{
        "job_states", ReportText::tr8("Jobs by state"), {ReportText::tr8("State"), ReportText::tr8("Jobs")}, {}};
    for (const auto &[state, n] : states)
        byState.rows.push_back({textCell(state), numberCell(n, 0)});
    s.paragraphs.push_back(
        ReportText::tr("%1 jobs were submitted in or ran during the range.").arg(index.jobs().size()).toStdString());
    s.tables.push_back(std::move(byState));
    s.tables.push_back(std::move(jobs));
    return s;
}

} // namespace sn::report
