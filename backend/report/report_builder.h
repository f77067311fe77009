#pragma once
// Computes a report from a snapshot: KPIs, the sections' tables and charts, and the
// recommendations with the numbers behind them. Pure (no engine, no Qt GUI), so a report built
// from a snapshot file on another machine says exactly what one built live would.

#include "backend/model/result.h"
#include "backend/report/report_data.h"
#include "backend/report/report_snapshot.pb.h"

namespace sn::report {

Result<ReportData> buildReport(const supernode::report::v1::ReportSnapshot &snapshot);

// Thresholds of the recommendations (docs/reports.md explains each).
inline constexpr double kUnderUsedUtilPercent = 20; // mean utilization below: under-used
inline constexpr double kHotSpotTempC = 85;         // max temperature at or above: hot spot
inline constexpr double kCommBoundUtilPercent = 60; // multi-node job whose GPUs average below
inline constexpr int kRepeatedErrors = 2;           // hardware error events on one GPU/node

} // namespace sn::report
