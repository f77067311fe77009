#include "backend/anomaly/sliding_median.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sn::anomaly {

SlidingMedian::SlidingMedian(std::size_t window) : m_window(window) {}

void SlidingMedian::push(double value)
{
    if (m_window == 0)
        return;
    if (std::isnan(value))
        value = std::numeric_limits<double>::infinity();
    if (m_sorted.size() < m_window) { // still filling: no value leaves
        m_arrival.push_back(value);
        m_sorted.insert(std::upper_bound(m_sorted.begin(), m_sorted.end(), value), value);
        return;
    }
    const double leaving = m_arrival[m_oldest];
    m_arrival[m_oldest] = value;
    m_oldest = m_oldest + 1 == m_window ? 0 : m_oldest + 1;
    if (value == leaving)
        return;
    // Any copy of an equal value will do: the sorted values are the same either way.
    const auto at = std::lower_bound(m_sorted.begin(), m_sorted.end(), leaving);
    if (value > leaving) { // the values after `at` up to `value` move down one
        const auto to = std::upper_bound(at + 1, m_sorted.end(), value);
        std::move(at + 1, to, at);
        *(to - 1) = value;
    } else { // the values from `value` up to `at` move up one
        const auto from = std::upper_bound(m_sorted.begin(), at, value);
        std::move_backward(from, at, at + 1);
        *from = value;
    }
}

} // namespace sn::anomaly
