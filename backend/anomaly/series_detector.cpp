#include "backend/anomaly/series_detector.h"

#include <algorithm>
#include <cmath>

namespace sn::anomaly {

SeriesDetector::SeriesDetector(std::string series, DetectorConfig config)
    : m_series(std::move(series)), m_config(config), m_level(config.baseline), m_rate(config.rateBaseline)
{
}

DetectorPoint SeriesDetector::addMissing(std::int64_t timeMs)
{
    DetectorPoint p;
    p.inEvent = m_open;
    if (!m_hasTime || timeMs > m_lastTimeMs) {
        m_lastTimeMs = timeMs;
        m_hasTime = true;
    }
    m_hasPrevious = false; // no rate across a gap
    return p;
}

DetectorPoint SeriesDetector::add(std::int64_t timeMs, double value)
{
    DetectorPoint p;
    if ((m_hasTime && timeMs <= m_lastTimeMs) || !std::isfinite(value)) {
        ++m_dropped;
        p.dropped = true;
        p.inEvent = m_open;
        return p;
    }
    m_lastTimeMs = timeMs;
    m_hasTime = true;

    const double levelScore = m_level.score(value);
    double rateScore = 0;
    if (m_config.rateScore > 0 && m_hasPrevious && m_rate.ready())
        // The usual change is floored at the level's own band: a series that is flat for hours
        // and then moves by a normal amount is not a rate anomaly.
        rateScore = std::abs(value - m_previous - m_rate.level()) / std::max(m_rate.scale(), m_level.scale()) *
                    m_config.enterScore / m_config.rateScore;
    const double score = std::max(levelScore, rateScore);
    p.score = score;

    const bool over = score >= m_config.enterScore;
    m_sustained = levelScore >= m_config.sustainScore ? m_sustained + 1 : 0;
    if (over) {
        if (m_over == 0) {
            m_firstOverMs = timeMs;
            m_firstDetector = rateScore > levelScore ? "rate" : "level";
            m_firstValue = value;
            const double band = m_config.enterScore * m_level.scale();
            m_firstLow = m_level.level() - band;
            m_firstHigh = m_level.level() + band;
        }
        ++m_over;
    } else {
        m_over = 0;
    }
    if (!m_open) {
        const bool sustained = m_sustained >= m_config.sustainSamples;
        if (m_over >= m_config.minSamples || sustained) {
            AnomalyEvent e;
            e.series = m_series;
            e.detector = m_config.detectorName           ? m_config.detectorName
                         : m_over >= m_config.minSamples ? m_firstDetector
                                                         : "sustained";
            e.startMs = m_over >= m_config.minSamples ? m_firstOverMs : timeMs;
            const double band = m_config.enterScore * m_level.scale();
            e.value = m_over >= m_config.minSamples ? m_firstValue : value;
            e.bandLow = m_over >= m_config.minSamples ? m_firstLow : m_level.level() - band;
            e.bandHigh = m_over >= m_config.minSamples ? m_firstHigh : m_level.level() + band;
            m_events.push_back(e);
            m_open = true;
            m_under = 0;
            p.started = true;
        }
    }
    if (m_open) {
        AnomalyEvent &e = m_events.back();
        if (score > e.peakScore) {
            e.peakScore = score;
            e.peakValue = value;
        }
        e.severity = e.peakScore >= m_config.errorScore ? Severity::Error : Severity::Warning;
        m_under = score < m_config.exitScore ? m_under + 1 : 0;
        if (m_under >= m_config.clearSamples) {
            e.endMs = timeMs;
            m_open = false;
            m_over = m_sustained = 0;
            p.ended = true;
        }
    }
    p.inEvent = m_open;

    m_level.update(value);
    if (m_hasPrevious)
        m_rate.update(value - m_previous);
    m_previous = value;
    m_hasPrevious = true;
    return p;
}

} // namespace sn::anomaly
