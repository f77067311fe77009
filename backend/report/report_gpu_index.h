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

struct GpuSeries {
    std::vector<pb::Point> util, temp, power;
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
    double allocatedGpuHours(const pb::Job &job) const;
    // Utilization points of the job's GPUs while it held them.
    std::vector<double> utilWhileHeld(const pb::Job &job) const;
    double usedGpuHours(const pb::Job &job) const;
    // The utilization points the KPIs average: every GPU's for cluster and node scopes, the
    // jobs' GPUs while held for queue and job scopes.
    std::vector<double> scopeUtilPoints() const;

private:
    bool jobInScope(const pb::Job &job) const;
    const rpb::ReportSnapshot &m_snapshot;
    Scope m_scope;
    std::vector<const pb::Job *> m_jobs;
    std::map<GpuKey, GpuSeries> m_gpus;
};

} // namespace sn::report
