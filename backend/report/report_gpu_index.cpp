#include "backend/report/report_gpu_index.h"

#include "backend/api/metric_catalogue.h"

#include <algorithm>
#include <optional>
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

namespace {

int metricIndex(const std::string &name)
{
    return name == metric::kGpuUtil ? 0 : name == metric::kGpuTemp ? 1 : name == metric::kPower ? 2 : -1;
}

std::optional<GpuKey> gpuOf(const pb::Series &s)
{
    const auto host = s.labels().find("Hostname");
    const auto gpu = s.labels().find("gpu");
    if (host == s.labels().end() || gpu == s.labels().end())
        return std::nullopt;
    return GpuKey{host->second, std::atoi(gpu->second.c_str())};
}

std::string jobOf(const pb::Series &s)
{
    const auto job = s.labels().find("job");
    return job == s.labels().end() ? std::string() : job->second;
}

} // namespace

GpuIndex::GpuIndex(const rpb::ReportSnapshot &snapshot, Scope scope) : m_snapshot(snapshot), m_scope(std::move(scope))
{
    std::set<std::string> jobIds;
    for (const pb::Job &job : snapshot.jobs())
        if (jobInScope(job)) {
            m_jobs.push_back(&job);
            jobIds.insert(job.id());
        }
    // The GPUs of the scope: a node's; for queue and job scopes the ones its jobs hold now or
    // carried their label on earlier.
    const bool byJobs = m_scope.kind == "queue" || m_scope.kind == "job";
    std::set<GpuKey> jobGpus;
    for (const pb::Job *job : m_jobs)
        for (const pb::GpuRef &g : job->gpus())
            jobGpus.insert({g.node(), g.gpu()});
    for (const pb::Series &s : snapshot.series())
        if (const auto key = gpuOf(s); key && jobIds.contains(jobOf(s)))
            jobGpus.insert(*key);
    const auto inScope = [&](const GpuKey &key) {
        return m_scope.kind == "node" ? key.node == m_scope.name : !byJobs || jobGpus.contains(key);
    };

    // Windows merged per GPU and metric by their index in the range (every window starts at
    // start + k*step), so merging a week of 128 GPUs stays linear.
    const std::int64_t step = std::max<std::int64_t>(1, snapshot.step_ms());
    const auto slotCount = std::size_t((snapshot.end_ms() - snapshot.start_ms() + step - 1) / step);
    const auto slotOf = [&](const pb::WindowSummary &w) -> std::optional<std::size_t> {
        const std::int64_t offset = w.start_ms() - snapshot.start_ms();
        if (offset < 0 || std::size_t(offset / step) >= slotCount || w.count() == 0)
            return std::nullopt;
        return std::size_t(offset / step);
    };
    std::map<std::pair<GpuKey, int>, std::vector<Window>> merged;
    for (const pb::Series &s : snapshot.series()) {
        const auto key = gpuOf(s);
        const int metric = metricIndex(s.metric());
        if (!key || metric < 0 || !inScope(*key))
            continue;
        std::vector<Window> &slot = merged[{*key, metric}];
        if (slot.empty())
            slot.resize(slotCount);
        for (const pb::WindowSummary &w : s.windows()) {
            const auto i = slotOf(w);
            if (!i)
                continue;
            Window &m = slot[*i];
            if (m.count == 0) {
                m = {w.start_ms(), w.min(), w.max(), w.sum(), w.count()};
            } else {
                m.min = std::min(m.min, w.min());
                m.max = std::max(m.max, w.max());
                m.sum += w.sum();
                m.count += w.count();
            }
        }
    }
    // Each job's share of its GPUs' windows, from the utilization samples with its label.
    for (const pb::Series &s : snapshot.series()) {
        const auto key = gpuOf(s);
        const std::string job = jobOf(s);
        if (!key || job.empty() || metricIndex(s.metric()) != 0 || !inScope(*key))
            continue;
        m_jobLabels = true;
        JobUse &use = m_jobUse[job];
        const std::vector<Window> &all = merged[{*key, 0}];
        for (const pb::WindowSummary &w : s.windows()) {
            const auto i = slotOf(w);
            if (!i)
                continue;
            const Window &total = all[*i];
            const double h = hoursIn(total, total.startMs, total.startMs + step);
            use.allocatedHours += double(w.count()) / double(total.count) * h;
            use.usedHours += w.sum() / double(total.count) / 100.0 * h;
            use.windowMeans.push_back(w.sum() / double(w.count()));
        }
    }
    for (auto &[keyMetric, slot] : merged) {
        GpuSeries &g = m_gpus[keyMetric.first];
        std::vector<Window> &target = keyMetric.second == 0 ? g.util : keyMetric.second == 1 ? g.temp : g.power;
        for (const Window &w : slot)
            if (w.count > 0)
                target.push_back(w);
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
    if (m_jobLabels) {
        const auto it = m_jobUse.find(job.id());
        return it == m_jobUse.end() ? 0 : it->second.allocatedHours;
    }
    const auto [start, end] = heldInRange(job);
    const double share =
        job.spec().gpu_milli() > 0 && job.spec().gpu_milli() < 1000 ? job.spec().gpu_milli() / 1000.0 : 1;
    const auto gpus = m_scope.kind != "node"
                          ? job.gpus_size()
                          : std::count_if(job.gpus().begin(), job.gpus().end(),
                                          [&](const pb::GpuRef &g) { return g.node() == m_scope.name; });
    return double(gpus) * share * double(end - start) / 3.6e6;
}

double GpuIndex::hoursIn(const Window &w, std::int64_t from, std::int64_t to) const
{
    const std::int64_t start = std::max({w.startMs, from, m_snapshot.start_ms()});
    const std::int64_t end = std::min({w.startMs + m_snapshot.step_ms(), to, m_snapshot.end_ms()});
    return end > start ? double(end - start) / 3.6e6 : 0;
}

namespace {

// The windows of `windows` overlapping [from, to): windows are sorted by start.
template <typename F>
void forWindowsIn(const std::vector<Window> &windows, std::int64_t step, std::int64_t from, std::int64_t to, F f)
{
    auto w = std::lower_bound(windows.begin(), windows.end(), from - step + 1,
                              [](const Window &x, std::int64_t t) { return x.startMs < t; });
    for (; w != windows.end() && w->startMs < to; ++w)
        f(*w);
}

} // namespace

double GpuIndex::utilWhileHeld(const pb::Job &job) const
{
    if (m_jobLabels) {
        const auto it = m_jobUse.find(job.id());
        return it == m_jobUse.end() || it->second.allocatedHours <= 0
                   ? 0
                   : 100 * it->second.usedHours / it->second.allocatedHours;
    }
    double used = 0, covered = 0;
    const auto [start, end] = heldInRange(job);
    if (end <= start)
        return 0;
    for (const pb::GpuRef &g : job.gpus()) {
        const auto it = m_gpus.find({g.node(), g.gpu()});
        if (it == m_gpus.end())
            continue;
        forWindowsIn(it->second.util, m_snapshot.step_ms(), start, end, [&](const Window &w) {
            const double h = hoursIn(w, start, end);
            used += w.mean() * h;
            covered += h;
        });
    }
    return covered > 0 ? used / covered : 0;
}

double GpuIndex::usedGpuHours(const pb::Job &job) const
{
    if (m_jobLabels) {
        const auto it = m_jobUse.find(job.id());
        return it == m_jobUse.end() ? 0 : it->second.usedHours;
    }
    double used = 0;
    const auto [start, end] = heldInRange(job);
    if (end <= start)
        return 0;
    for (const pb::GpuRef &g : job.gpus()) {
        const auto it = m_gpus.find({g.node(), g.gpu()});
        if (it == m_gpus.end())
            continue;
        forWindowsIn(it->second.util, m_snapshot.step_ms(), start, end,
                     [&](const Window &w) { used += w.mean() / 100.0 * hoursIn(w, start, end); });
    }
    return used;
}

std::pair<double, double> GpuIndex::scopeUsedAndCoveredHours() const
{
    double used = 0, covered = 0;
    if (m_scope.kind == "queue" || m_scope.kind == "job") {
        for (const pb::Job *job : m_jobs) {
            if (m_jobLabels) {
                used += usedGpuHours(*job);
                covered += allocatedGpuHours(*job);
                continue;
            }
            const auto [start, end] = heldInRange(*job);
            for (const pb::GpuRef &g : job->gpus()) {
                const auto it = m_gpus.find({g.node(), g.gpu()});
                if (it == m_gpus.end() || end <= start)
                    continue;
                forWindowsIn(it->second.util, m_snapshot.step_ms(), start, end, [&](const Window &w) {
                    const double h = hoursIn(w, start, end);
                    used += w.mean() / 100.0 * h;
                    covered += h;
                });
            }
        }
        return {used, covered};
    }
    for (const auto &[key, g] : m_gpus)
        for (const Window &w : g.util) {
            const double h = hoursIn(w, w.startMs, w.startMs + m_snapshot.step_ms());
            used += w.mean() / 100.0 * h;
            covered += h;
        }
    return {used, covered};
}

std::vector<double> GpuIndex::scopeUtilWindowMeans() const
{
    std::vector<double> out;
    if (m_scope.kind == "queue" || m_scope.kind == "job") {
        for (const pb::Job *job : m_jobs) {
            if (const auto use = m_jobUse.find(job->id()); m_jobLabels) {
                if (use != m_jobUse.end())
                    out.insert(out.end(), use->second.windowMeans.begin(), use->second.windowMeans.end());
                continue;
            }
            const auto [start, end] = heldInRange(*job);
            for (const pb::GpuRef &g : job->gpus()) {
                const auto it = m_gpus.find({g.node(), g.gpu()});
                if (it != m_gpus.end() && end > start)
                    forWindowsIn(it->second.util, m_snapshot.step_ms(), start, end,
                                 [&](const Window &w) { out.push_back(w.mean()); });
            }
        }
        return out;
    }
    for (const auto &[key, g] : m_gpus)
        for (const Window &w : g.util)
            out.push_back(w.mean());
    return out;
}

double GpuIndex::meanOf(const std::vector<Window> &windows) const
{
    double weighted = 0, hours = 0;
    for (const Window &w : windows) {
        const double h = hoursIn(w, w.startMs, w.startMs + m_snapshot.step_ms());
        weighted += w.mean() * h;
        hours += h;
    }
    return hours > 0 ? weighted / hours : 0;
}

double GpuIndex::maxOf(const std::vector<Window> &windows)
{
    double m = 0;
    for (const Window &w : windows)
        m = std::max(m, w.max);
    return m;
}

double GpuIndex::energyKwh(const std::vector<Window> &power) const
{
    double kwh = 0;
    for (const Window &w : power)
        kwh += w.mean() * hoursIn(w, w.startMs, w.startMs + m_snapshot.step_ms()) / 1000.0;
    return kwh;
}

} // namespace sn::report
