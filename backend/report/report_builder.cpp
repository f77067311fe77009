#include "backend/report/report_builder.h"

#include "backend/report/report_gpu_index.h"
#include "backend/report/report_sections.h"

namespace sn::report {

Result<ReportData> buildReport(const rpb::ReportSnapshot &snapshot)
{
    if (snapshot.format_version() != 1)
        return invalidArgument("snapshot format version " + std::to_string(snapshot.format_version()) +
                               " is not one this build reads (1)");
    if (snapshot.end_ms() <= snapshot.start_ms() || snapshot.step_ms() <= 0)
        return invalidArgument("snapshot range is empty or has no step");
    auto scope = parseSnapshotScope(snapshot.scope());
    if (!scope)
        return scope.error();
    const GpuIndex index(snapshot, *scope);

    ReportData data;
    data.clusterName = snapshot.cluster().name();
    data.simulated = snapshot.cluster().simulated();
    data.scope = snapshot.scope();
    data.startMs = snapshot.start_ms();
    data.endMs = snapshot.end_ms();
    data.stepMs = snapshot.step_ms();
    data.engine = snapshot.engine();
    data.kpis = computeKpis(index);
    data.sections.push_back(kpiSection(data.kpis, index));
    data.sections.push_back(utilizationSection(index));
    data.sections.push_back(nodeSection(index));
    data.sections.push_back(gpuSection(index));
    data.sections.push_back(thermalSection(index));
    data.sections.push_back(anomalySection(index));
    data.sections.push_back(logSection(index));
    data.sections.push_back(jobSection(index));
    data.sections.push_back(topologySection(index));
    data.sections.push_back(recommendationSection(index));
    return data;
}

} // namespace sn::report
