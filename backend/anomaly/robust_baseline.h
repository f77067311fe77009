#pragma once
// What "normal" is for one series, learned from the series itself: an EWMA level and a band
// from the median absolute deviation (MAD) of recent residuals, so one GPU's normal 80 °C and
// another's 60 °C each get their own band. Robust by construction: the median ignores a few
// wild values, and updates are clamped to the band, so an anomaly does not widen the band it
// is measured against. Until `warmup` samples have been seen the baseline is not ready and
// detectors stay silent. The median is kept as residuals come (sliding_median.h): one is
// needed per sample of every watched series.

#include "backend/anomaly/sliding_median.h"

#include <cstddef>

namespace sn::anomaly {

struct BaselineConfig {
    double alpha = 0.02;            // EWMA weight of a new sample
    std::size_t window = 1000;      // residuals kept for the MAD (3.5 days of 5-minute samples)
    std::size_t warmup = 48;        // samples before the baseline is ready
    double clampSigmas = 3;         // updates are clamped to level +- clampSigmas * scale
    double minScale = 1e-9;         // a perfectly flat series still gets a non-zero band
    double relativeMinScale = 0.01; // ... and at least 1% of the level
};

class RobustBaseline {
public:
    explicit RobustBaseline(BaselineConfig config = {});

    bool ready() const { return m_seen >= m_config.warmup; }
    double level() const { return m_level; }
    // 1.4826 x MAD: the standard deviation a normal distribution with that MAD would have.
    double scale() const;
    // |value - level| / scale; 0 before the baseline is ready.
    double score(double value) const;
    void update(double value);
    std::size_t seen() const { return m_seen; }

private:
    BaselineConfig m_config;
    double m_level = 0;
    std::size_t m_seen = 0;
    SlidingMedian m_residuals;
    mutable double m_cachedScale = 0;
    mutable bool m_scaleValid = false;
};

} // namespace sn::anomaly
