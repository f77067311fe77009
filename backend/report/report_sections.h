#pragma once
// The report's sections, each computed from the indexed snapshot. Usage sections (KPIs,
// utilization, nodes, GPUs, jobs) are in report_sections_usage.cpp; health sections (thermal,
// anomalies, logs, topology, recommendations) in report_sections_health.cpp.

#include "backend/report/report_data.h"
#include "backend/report/report_gpu_index.h"

namespace sn::report {

Kpis computeKpis(const GpuIndex &index);
Section kpiSection(const Kpis &kpis, const GpuIndex &index);
Section utilizationSection(const GpuIndex &index);
Section nodeSection(const GpuIndex &index);
Section gpuSection(const GpuIndex &index);
Section jobSection(const GpuIndex &index);

Section thermalSection(const GpuIndex &index);
Section anomalySection(const GpuIndex &index);
Section logSection(const GpuIndex &index);
Section topologySection(const GpuIndex &index);
Section recommendationSection(const GpuIndex &index);

// "COMPLETED", "FAILED", ... in the report's language.
std::string jobStateText(int state);

// "3 h 20 min", "45 s"
std::string formatDuration(double seconds);

} // namespace sn::report
