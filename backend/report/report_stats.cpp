#include "backend/report/report_stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sn::report {

double mean(const std::vector<double> &values)
{
    return values.empty() ? 0 : std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
}

double quantile(double q, std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const double rank = q * double(values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(rank));
    const auto hi = static_cast<std::size_t>(std::ceil(rank));
    return values[lo] + (values[hi] - values[lo]) * (rank - double(lo));
}

} // namespace sn::report
