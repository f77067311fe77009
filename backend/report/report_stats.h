#pragma once
// Small statistics helpers of the report builder.

#include <vector>

namespace sn::report {

double mean(const std::vector<double> &values);
// Linear interpolation between closest ranks, as PromQL's quantile() (the engine's P95).
double quantile(double q, std::vector<double> values);

} // namespace sn::report
