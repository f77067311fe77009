#include "backend/anomaly/robust_baseline.h"

#include <algorithm>
#include <cmath>

namespace sn::anomaly {

RobustBaseline::RobustBaseline(BaselineConfig config) : m_config(config), m_residuals(config.window) {}

double RobustBaseline::scale() const
{
    if (!m_scaleValid) {
        const double mad = m_residuals.median(); // 0 while there are none
        m_cachedScale = std::max({1.4826 * mad, m_config.minScale, m_config.relativeMinScale * std::abs(m_level)});
        m_scaleValid = true;
    }
    return m_cachedScale;
}

double RobustBaseline::score(double value) const
{
    if (!ready())
        return 0;
    return std::abs(value - m_level) / scale();
}

void RobustBaseline::update(double value)
{
    if (m_seen == 0) {
        m_level = value;
    } else {
        double v = value;
        if (ready()) { // clamp so an anomaly moves the baseline only a little
            const double s = scale() * m_config.clampSigmas;
            v = std::clamp(v, m_level - s, m_level + s);
        }
        m_residuals.push(std::abs(v - m_level));
        m_level += m_config.alpha * (v - m_level);
    }
    ++m_seen;
    m_scaleValid = false;
}

} // namespace sn::anomaly
