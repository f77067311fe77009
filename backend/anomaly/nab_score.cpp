#include "backend/anomaly/nab_score.h"

#include <algorithm>
#include <cmath>

namespace sn::anomaly {

double nabScaledSigmoid(double p)
{
    if (p >= 3.0)
        return -1.0; // a false positive well past any window
    return 2.0 / (1.0 + std::exp(5.0 * p)) - 1.0;
}

NabSeriesScore nabScore(const std::vector<std::int64_t> &t, const std::vector<std::size_t> &detections,
                        const std::vector<Window> &windows, const NabProfile &profile)
{
    NabSeriesScore s;
    const std::size_t n = t.size();
    const auto probation = static_cast<std::size_t>(
        std::min(std::floor(profile.probationPercent * double(n)), profile.probationPercent * 5000));

    // Each window as the rows it covers: [left, right], in order.
    struct Rows {
        std::size_t left, right;
    };
    std::vector<Rows> rows;
    for (const Window &w : windows) {
        const auto l = std::lower_bound(t.begin(), t.end(), w.startMs);
        const auto r = std::upper_bound(t.begin(), t.end(), w.endMs);
        if (l < r)
            rows.push_back({std::size_t(l - t.begin()), std::size_t(r - t.begin()) - 1});
    }
    std::sort(rows.begin(), rows.end(), [](const Rows &a, const Rows &b) { return a.left < b.left; });

    std::vector<double> best(rows.size(), -profile.fnWeight);
    std::vector<bool> counted(rows.size(), false);
    for (std::size_t w = 0; w < rows.size(); ++w)
        counted[w] = rows[w].right >= probation;
    const double maxTp = nabScaledSigmoid(-1.0);
    double fp = 0;
    std::vector<std::size_t> sorted = detections;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    for (const std::size_t i : sorted) {
        if (i >= n || i < probation)
            continue;
        // The window containing i, else the last one that ended before it.
        const auto after =
            std::upper_bound(rows.begin(), rows.end(), i, [](std::size_t v, const Rows &r) { return v < r.left; });
        if (after != rows.begin() && std::prev(after)->right >= i) {
            const std::size_t w = std::size_t(std::prev(after) - rows.begin());
            const double width = double(rows[w].right - rows[w].left + 1);
            const double p = -double(rows[w].right - i + 1) / width;
            best[w] = std::max(best[w], nabScaledSigmoid(p) * profile.tpWeight / maxTp);
            continue;
        }
        ++s.falsePositives;
        double p = 3.0; // before the first window: a full false positive
        if (after != rows.begin()) {
            const Rows &prev = *std::prev(after);
            const double width = double(prev.right - prev.left + 1);
            if (width > 1)
                p = double(i - prev.right) / (width - 1);
        }
        fp += nabScaledSigmoid(p) * profile.fpWeight;
    }
    s.raw = fp;
    for (std::size_t w = 0; w < rows.size(); ++w) {
        if (!counted[w])
            continue;
        ++s.windows;
        s.raw += best[w];
        s.detected += best[w] > -profile.fnWeight;
        s.nullScore -= profile.fnWeight;
        s.perfectScore += profile.tpWeight;
    }
    return s;
}

double nabNormalizedScore(const std::vector<NabSeriesScore> &series)
{
    double raw = 0, null = 0, perfect = 0;
    for (const NabSeriesScore &s : series) {
        raw += s.raw;
        null += s.nullScore;
        perfect += s.perfectScore;
    }
    return perfect > null ? 100.0 * (raw - null) / (perfect - null) : 0.0;
}

} // namespace sn::anomaly
