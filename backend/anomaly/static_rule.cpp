#include "backend/anomaly/static_rule.h"

#include <cmath>

namespace sn::anomaly {

RuleEvaluator::RuleEvaluator(StaticRule rule, std::string series) : m_rule(std::move(rule)), m_series(std::move(series))
{
}

bool RuleEvaluator::beyond(double v) const
{
    return m_rule.op == StaticRule::Op::Above ? v > m_rule.threshold : v < m_rule.threshold;
}

bool RuleEvaluator::cleared(double v) const
{
    return m_rule.op == StaticRule::Op::Above ? v <= m_rule.clearThreshold : v >= m_rule.clearThreshold;
}

bool RuleEvaluator::add(std::int64_t timeMs, double value)
{
    if (!std::isfinite(value))
        return m_open;
    if (!m_open) {
        if (!beyond(value)) {
            m_pending = false;
            return false;
        }
        if (!m_pending) {
            m_pending = true;
            m_since = timeMs;
            m_firstValue = value;
        }
        if (timeMs - m_since >= m_rule.minDurationMs) {
            AnomalyEvent e;
            e.series = m_series;
            e.detector = "rule:" + m_rule.name;
            e.startMs = m_since;
            e.severity = m_rule.severity;
            e.value = m_firstValue;
            e.bandLow = m_rule.op == StaticRule::Op::Above ? -INFINITY : m_rule.threshold;
            e.bandHigh = m_rule.op == StaticRule::Op::Above ? m_rule.threshold : INFINITY;
            e.peakValue = value;
            m_events.push_back(e);
            m_open = true;
            m_pending = false;
        }
        return m_open;
    }
    AnomalyEvent &e = m_events.back();
    if ((m_rule.op == StaticRule::Op::Above) == (value > e.peakValue))
        e.peakValue = value;
    if (!cleared(value)) {
        m_pending = false;
        return true;
    }
    if (!m_pending) {
        m_pending = true;
        m_since = timeMs;
    }
    if (timeMs - m_since >= m_rule.minDurationMs) {
        e.endMs = timeMs;
        m_open = false;
        m_pending = false;
    }
    return m_open;
}

void RuleEvaluator::forgetEnded()
{
    if (!m_open)
        m_events.clear();
}

} // namespace sn::anomaly
