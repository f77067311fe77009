#include "backend/report/report_gpu_index.h"

#include <algorithm>
#include <set>

namespace sn::report {

Result<Scope> parseSnapshotScope(const std::string &scope)
{
    if (scope.empty() || scope == "cluster")
        return Scope{"cluster", ""};
    const auto colon = scope.find(':');
    Scope s{scope.substr(0, colon), colon == std::string::npos ? "" : scope.substr(colon + 1)};
    if (s.name.empty() || (s.kind != "node" && s.kind != "queue" && s.kind != "job"))
        return invalidArgument("scope '" + scope + "': expected cluster, node:NAME, queue:NAME or job:ID");
    return s;
}

GpuIndex::GpuIndex(const rpb::ReportSnapshot &snapshot, Scope scope) : m_snapshot(snapshot), m_scope(std::move(scope))
{
    for (const pb::Job &job : snapshot.jobs())
        if (jobInScope(job))
            m_jobs.push_back(&job);
    std::set<GpuKey> jobGpus;
    for (const pb::Job *job : m_jobs)
        for (const pb::GpuRef &g : job->gpus())
            jobGpus.insert({g.node(), g.gpu()});
    const bool byJobs = m_scope.kind == "queue" || m_scope.kind == "job";
    for (const pb::Series &s : snapshot.series()) {
        const auto host = s.labels().find("Hostname");
        const auto gpu = s.labels().find("gpu");
        if (host == s.labels().end() || gpu == s.labels().end())
            continue;
        const GpuKey key{host->second, std::atoi(gpu->second.c_str())};
        if (m_scope.kind == "node" && key.node != m_scope.name)
            continue;
        if (byJobs && !jobGpus.contains(key))
            continue;
        GpuSeries &g = m_gpus[key];
        std::vector<pb::Point> *target = s.metric() == "DCGM_FI_DEV_GPU_UTIL"      ? &g.util
                                         : s.metric() == "DCGM_FI_DEV_GPU_TEMP"    ? &g.temp
                                         : s.metric() == "DCGM_FI_DEV_POWER_USAGE" ? &g.power
                                                                                   : nullptr;
        if (target)
            target->insert(target->end(), s.points().begin(), s.points().end());
    }
}

bool GpuIndex::jobInScope(const pb::Job &job) const
{
    if (m_scope.kind == "cluster")
        return true;
    if (m_scope.kind == "queue")
        return job.spec().queue() == m_scope.name;
    if (m_scope.kind == "job")
        return job.id() == m_scope.name;
    return std::any_of(job.gpus().begin(), job.gpus().end(),
                       [&](const pb::GpuRef &g) { return g.node() == m_scope.name; });
}

double GpuIndex::rangeHours() const
{
    return double(m_snapshot.end_ms() - m_snapshot.start_ms()) / 3.6e6;
}

double GpuIndex::stepHours() const
{
    return double(m_snapshot.step_ms()) / 3.6e6;
}

std::vector<const pb::Event *> GpuIndex::events() const
{
    std::set<std::string> nodes, jobIds;
    for (const pb::Job *job : m_jobs) {
        jobIds.insert(job->id());
        for (const pb::GpuRef &g : job->gpus())
            nodes.insert(g.node());
    }
    std::vector<const pb::Event *> out;
    for (const pb::Event &e : m_snapshot.events()) {
        const bool keep = m_scope.kind == "cluster" || (m_scope.kind == "node" && e.node() == m_scope.name) ||
                          (m_scope.kind != "node" && (jobIds.contains(e.job_id()) || nodes.contains(e.node())));
        if (keep)
            out.push_back(&e);
    }
    return out;
}

std::pair<std::int64_t, std::int64_t> GpuIndex::heldInRange(const pb::Job &job) const
{
    if (job.start_time_ms() == 0)
        return {0, 0};
    const std::int64_t start = std::max(job.start_time_ms(), m_snapshot.start_ms());
    const std::int64_t end =
        std::min(job.end_time_ms() == 0 ? m_snapshot.end_ms() : job.end_time_ms(), m_snapshot.end_ms());
    return end > start ? std::pair{start, end} : std::pair<std::int64_t, std::int64_t>{0, 0};
}

double GpuIndex::allocatedGpuHours(const pb::Job &job) const
{
    const auto [start, end] = heldInRange(job);
    const double share =
        job.spec().gpu_milli() > 0 && job.spec().gpu_milli() < 1000 ? job.spec().gpu_milli() / 1000.0 : 1;
    return double(job.gpus_size()) * share * double(end - start) / 3.6e6;
}

std::vector<double> GpuIndex::utilWhileHeld(const pb::Job &job) const
{
    std::vector<double> out;
    const auto [start, end] = heldInRange(job);
    if (end <= start)
        return out;
    for (const pb::GpuRef &g : job.gpus()) {
        const auto it = m_gpus.find({g.node(), g.gpu()});
        if (it == m_gpus.end())
            continue;
        const auto &points = it->second.util;
        auto p = std::lower_bound(points.begin(), points.end(), start,
                                  [](const pb::Point &pt, std::int64_t t) { return pt.time_ms() < t; });
        for (; p != points.end() && p->time_ms() < end; ++p)
            out.push_back(p->value());
    }
    return out;
}

double GpuIndex::usedGpuHours(const pb::Job &job) const
{
    double sum = 0;
    for (double v : utilWhileHeld(job))
        sum += v / 100.0;
    return sum * stepHours();
}

std::vector<double> GpuIndex::scopeUtilPoints() const
{
    std::vector<double> out;
    if (m_scope.kind == "queue" || m_scope.kind == "job") {
        for (const pb::Job *job : m_jobs) {
            auto v = utilWhileHeld(*job);
            out.insert(out.end(), v.begin(), v.end());
        }
        return out;
    }
    for (const auto &[key, g] : m_gpus)
        for (const pb::Point &p : g.util)
            out.push_back(p.value());
    return out;
}

} // namespace sn::report
