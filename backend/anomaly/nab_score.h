#pragma once
// The Numenta Anomaly Benchmark's score (Lavin & Ahmad 2015; nab/sweeper.py of numenta/NAB
// v1.1), so the detectors' figure can be set beside NAB's published scoreboard:
//  - the first 15% of a series (at most 750 rows) is probation: detections there are ignored,
//    and a window wholly inside it is not counted;
//  - a detection in a window is worth A_TP x sigma(p) / sigma(-1), p = -(right - i + 1) / width
//    (-1 at the window's first row, near 0 at its last), sigma(p) = 2 / (1 + e^(5p)) - 1; a window
//    keeps its best detection, and one without any costs A_FN;
//  - a detection outside every window costs A_FP x sigma(p), p = |i - right of the previous window|
//    / (its width - 1), so one just after a window costs little and one far away (p >= 3), or
//    before the first window, costs the full A_FP;
//  - normalised = 100 x (raw - null) / (perfect - null) over the whole corpus, where the null
//    detector finds nothing (raw = -A_FN per window) and the perfect one finds each window at
//    its first row (A_TP per window).
// A detection is a row at which the detector raises an alert: for SeriesDetector, the row at
// which an event opens (one alert per event), not every row while it is open.

#include "backend/anomaly/nab_series.h"

#include <cstdint>
#include <vector>

namespace sn::anomaly {

struct NabProfile {
    double tpWeight = 1.0;  // A_TP
    double fpWeight = 0.11; // A_FP (a cost: subtracted)
    double fnWeight = 1.0;  // A_FN (a cost: subtracted)
    double probationPercent = 0.15;
};
inline NabProfile nabStandardProfile()
{
    return {};
}

struct NabSeriesScore {
    double raw = 0;
    double nullScore = 0;    // the detector that finds nothing, on this series
    double perfectScore = 0; // the detector that finds each window at its first row
    int windows = 0;         // counted (not wholly in probation)
    int detected = 0;
    int falsePositives = 0;
};

// NAB's sweep scaled sigmoid of a relative position (see above).
double nabScaledSigmoid(double relativePosition);

// `rowTimesMs`: every row's time, in order; `detections`: the rows (indices) that alert.
NabSeriesScore nabScore(const std::vector<std::int64_t> &rowTimesMs, const std::vector<std::size_t> &detections,
                        const std::vector<Window> &windows, const NabProfile &profile = nabStandardProfile());

// 100 x (sum raw - sum null) / (sum perfect - sum null); 0 for an empty corpus.
double nabNormalizedScore(const std::vector<NabSeriesScore> &series);

} // namespace sn::anomaly
