#pragma once
// The snapshot arranged for the builder: the scope resolved into the jobs and GPUs it covers,
// each GPU's series by (node, gpu), and each job's time inside the range.

#include "backend/model/result.h"
#include "backend/report/report_snapshot.pb.h"

#include <map>
#include <string>
#include <vector>

namespace sn::report {

namespace rpb = supernode::report::v1;
namespace pb = supernode::v1;

struct Scope {
    std::string kind; // cluster, node, queue, job
    std::string name;
};
Result<Scope> parseSnapshotScope(const std::string &scope);

struct GpuKey {
    std::string node;
    int gpu = 0;
    auto operator<=>(const GpuKey &) const = default;
};

// One step window of one GPU's metric: every raw sample in [startMs, startMs + step), merged
// over the GPU's series (one per job label it carried).
struct Window {
    std::int64_t startMs = 0;
    double min = 0, max = 0, sum = 0;
    std::uint64_t count = 0;
    double mean() const { return count > 0 ? sum / double(count) : 0; }
};

struct GpuSeries {
    std::vector<Window> util, temp, power; // by start, windows without samples left out
};

// A job's GPU time from the utilization samples that carry its job label (dcgm-exporter's
// job label): every run counts, also the ones before a preemption or a requeue that the job's
// current start time no longer shows.
struct JobUse {
    double allocatedHours = 0; // its share of each window's samples x the window
    double usedHours = 0;      // its samples' utilization x the window, over 100
    std::vector<double> windowMeans;
};

class GpuIndex {
public:
    GpuIndex(const rpb::ReportSnapshot &snapshot, Scope scope);

    const rpb::ReportSnapshot &snapshot() const { return m_snapshot; }
    const Scope &scope() const { return m_scope; }
    double rangeHours() const;
    double stepHours() const;

    // The jobs and GPUs of the scope (all of them for the cluster scope).
    const std::vector<const pb::Job *> &jobs() const { return m_jobs; }
    const std::map<GpuKey, GpuSeries> &gpus() const { return m_gpus; }
    std::vector<const pb::Event *> events() const; // of the scope's nodes (or jobs), oldest first

    // The part of [start, end) of the range the job held its GPUs; {0, 0} if it never ran in it.
    std::pair<std::int64_t, std::int64_t> heldInRange(const pb::Job &job) const;
    // True when the utilization series carry job labels; then a job's GPU time comes from them
    // (JobUse), else from its placement and start/end times.
    bool hasJobLabels() const { return m_jobLabels; }
    // GPU-hours the job held in the range, on the scope's GPUs only (a node scope counts the
    // job's GPUs on that node).
    double allocatedGpuHours(const pb::Job &job) const;
    // Hours of window w inside [from, to) (the last window of the range may be short).
    double hoursIn(const Window &w, std::int64_t from, std::int64_t to) const;
    // Mean utilization of the job's GPUs while it held them, weighted by time.
    double utilWhileHeld(const pb::Job &job) const;
    // Utilization x time of the job's GPUs while it held them.
    double usedGpuHours(const pb::Job &job) const;
    // The scope's used GPU-hours and the GPU-hours its samples cover: every GPU's for cluster and
    // node scopes, the jobs' GPUs while held for queue and job scopes.
    std::pair<double, double> scopeUsedAndCoveredHours() const;
    // The window means the P95 is taken over (same selection).
    std::vector<double> scopeUtilWindowMeans() const;
    // A GPU's time-weighted mean of a metric over the range, and its largest sample.
    double meanOf(const std::vector<Window> &windows) const;
    static double maxOf(const std::vector<Window> &windows);
    // Energy in kWh of power windows (W).
    double energyKwh(const std::vector<Window> &power) const;

private:
    bool jobInScope(const pb::Job &job) const;
    const rpb::ReportSnapshot &m_snapshot;
    Scope m_scope;
    std::vector<const pb::Job *> m_jobs;
    std::map<GpuKey, GpuSeries> m_gpus;
    std::map<std::string, JobUse> m_jobUse;
    bool m_jobLabels = false;
};

} // namespace sn::report
