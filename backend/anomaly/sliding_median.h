#pragma once
// The median of the last `window` values pushed, kept up to date as values come instead of
// recomputed: RobustBaseline needs one per sample of every watched series, and copying its
// 1,000 residuals into a scratch buffer for nth_element was a fifth of the daemon's ingress
// time. The window is held twice: in arrival order (a ring, to know which value leaves) and
// sorted (so the median is one index). A full window replaces the leaving value by the new one
// with one shift of the values between the two, so a push costs two binary searches and a
// memmove of, on average, a third of the window; nothing is allocated once the window is full.
// median() is exactly what nth_element at size() / 2 of the same values gives.

#include <cstddef>
#include <vector>

namespace sn::anomaly {

class SlidingMedian {
public:
    explicit SlidingMedian(std::size_t window);

    // Adds `value`, dropping the oldest value when the window is full. NaN is kept as +inf:
    // it has no place in an order, and a residual that is not a number is as far off as any.
    void push(double value);
    // The value at index size() / 2 of the window sorted (the upper median); 0 when empty.
    double median() const { return m_sorted.empty() ? 0 : m_sorted[m_sorted.size() / 2]; }
    std::size_t size() const { return m_sorted.size(); }

private:
    std::size_t m_window;
    std::vector<double> m_arrival; // ring once full; m_oldest is the next to leave
    std::size_t m_oldest = 0;
    std::vector<double> m_sorted;
};

} // namespace sn::anomaly
