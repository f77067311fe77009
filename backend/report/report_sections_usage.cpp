#include "backend/report/report_builder.h"
#include "backend/report/report_sections.h"
#include "backend/report/report_stats.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace sn::report {

std::string formatDuration(double seconds)
{
    const auto s = static_cast<long long>(std::llround(seconds));
    if (s < 60)
        return std::to_string(s) + " s";
    if (s < 3600)
        return std::to_string(s / 60) + " min";
    return std::to_string(s / 3600) + " h " + std::to_string(s % 3600 / 60) + " min";
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
    Section s{"kpis", "Summary", {}, {}, {}};
    s.paragraphs.push_back(std::to_string(k.nodes) + " nodes, " + std::to_string(k.gpus) + " GPUs over " +
                           formatDuration(index.rangeHours() * 3600) + "; utilization sampled every " +
                           formatDuration(double(index.snapshot().step_ms()) / 1000) + ".");
    Table t{"kpis", "Key figures", {"KPI", "Value", "Unit"}, {}};
    const auto row = [&](const char *name, double value, int decimals, const char *unit) {
        t.rows.push_back({textCell(name), numberCell(value, decimals), textCell(unit)});
    };
    row("GPU-hours available", k.gpuHoursAvailable, 1, "GPU-h");
    row("GPU-hours allocated", k.gpuHoursAllocated, 1, "GPU-h");
    row("GPU-hours used", k.gpuHoursUsed, 1, "GPU-h");
    row("Allocation rate", k.allocationRate * 100, 1, "%");
    row("Mean utilization", k.utilMeanPercent, 1, "%");
    row("P95 utilization", k.utilP95Percent, 1, "%");
    row("Jobs submitted", k.jobsSubmitted, 0, "jobs");
    row("Jobs completed", k.jobsCompleted, 0, "jobs");
    row("Jobs failed", k.jobsFailed, 0, "jobs");
    row("Jobs cancelled", k.jobsCancelled, 0, "jobs");
    row("Mean wait", k.waitMeanS, 0, "s");
    row("P95 wait", k.waitP95S, 0, "s");
    row("Mean completion time", k.completionMeanS, 0, "s");
    row("P95 completion time", k.completionP95S, 0, "s");
    row("GPU energy", k.energyKwh, 1, "kWh");
    s.tables.push_back(std::move(t));
    return s;
}

namespace {

struct Usage {
    int jobs = 0;
    double allocated = 0, used = 0;
};

Table usageTable(const GpuIndex &index, const char *id, const char *title, const char *column,
                 const std::function<std::string(const pb::Job &)> &key)
{
    std::map<std::string, Usage> groups;
    double total = 0;
    for (const pb::Job *job : index.jobs()) {
        Usage &u = groups[key(*job).empty() ? "(none)" : key(*job)];
        ++u.jobs;
        u.allocated += index.allocatedGpuHours(*job);
        u.used += index.usedGpuHours(*job);
        total += index.allocatedGpuHours(*job);
    }
    Table t{id,
            title,
            {column, "Jobs", "GPU-hours allocated", "GPU-hours used", "Share of allocated %",
             "Utilization while allocated %"},
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
    Section s{"utilization", "Utilization by queue, user and priority class", {}, {}, {}};
    s.paragraphs.push_back("GPU-hours each group's jobs held in the range, and how busy those GPUs were meanwhile.");
    s.tables.push_back(usageTable(index, "utilization_by_queue", "By queue (team)", "Queue",
                                  [](const pb::Job &j) { return j.spec().queue(); }));
    s.tables.push_back(
        usageTable(index, "utilization_by_user", "By user", "User", [](const pb::Job &j) { return j.spec().user(); }));
    s.tables.push_back(usageTable(index, "utilization_by_priority_class", "By priority class", "Priority class",
                                  [](const pb::Job &j) { return j.spec().priority_class(); }));
    return s;
}

Section nodeSection(const GpuIndex &index)
{
    Section s{"nodes", "Nodes: utilization, temperature and power", {}, {}, {}};
    std::vector<std::string> nodes;
    for (const auto &[key, g] : index.gpus())
        if (nodes.empty() || nodes.back() != key.node)
            nodes.push_back(key.node);
    Chart util{"Mean GPU utilization by node", "%", {}}, temp{"Mean GPU temperature by node", "°C", {}},
        power{"Mean GPU power by node", "W", {}};
    Table t{
        "node_utilization",
        "Per node",
        {"Node", "GPUs", "Mean utilization %", "P95 utilization %", "Max temperature °C", "Mean power W", "Energy kWh"},
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
    Section s{"gpus", "GPUs", {}, {}, {}};
    Table t{"gpu_utilization",
            "Per GPU",
            {"Node", "GPU", "Mean utilization %", "P95 utilization %", "Mean temperature °C", "Max temperature °C",
             "Mean power W", "Energy kWh"},
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
    Section s{"jobs", "Jobs", {}, {}, {}};
    std::map<std::string, int> states;
    Table jobs{"jobs",
               "Jobs in the range",
               {"Job", "Name", "User", "Queue", "Priority class", "GPUs", "State", "Submitted", "Wait s", "Run s",
                "GPU-hours allocated", "GPU-hours used"},
               {}};
    for (const pb::Job *job : index.jobs()) {
        const std::string state = pb::JobState_Name(job->state()).substr(10); // drop "JOB_STATE_"
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
    Table byState{"job_states", "Jobs by state", {"State", "Jobs"}, {}};
    for (const auto &[state, n] : states)
        byState.rows.push_back({textCell(state), numberCell(n, 0)});
    s.paragraphs.push_back(std::to_string(index.jobs().size()) + " jobs were submitted in or ran during the range.");
    s.tables.push_back(std::move(byState));
    s.tables.push_back(std::move(jobs));
    return s;
}

} // namespace sn::report
