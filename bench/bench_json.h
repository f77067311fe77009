#pragma once
// The one line each benchmark figure prints (scripts/bench reads them):
// {"area":"...","name":"...","value":N,"unit":"...","peer":"...","peer_value":N,"ratio":N}
// Timings are medians of repeated runs: the machines are shared and noisy.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace sn::bench {

inline void printFigure(const std::string &area, const std::string &name, double value, const std::string &unit)
{
    std::printf("{\"area\":\"%s\",\"name\":\"%s\",\"value\":%.6g,\"unit\":\"%s\"}\n", area.c_str(), name.c_str(), value,
                unit.c_str());
    std::fflush(stdout);
}

// ratio = value / peer_value.
inline void printFigure(const std::string &area, const std::string &name, double value, const std::string &unit,
                        const std::string &peer, double peerValue)
{
    std::printf("{\"area\":\"%s\",\"name\":\"%s\",\"value\":%.6g,\"unit\":\"%s\",\"peer\":\"%s\",\"peer_value\":%.6g,"
                "\"ratio\":%.4g}\n",
                area.c_str(), name.c_str(), value, unit.c_str(), peer.c_str(), peerValue,
                peerValue != 0 ? value / peerValue : 0.0);
    std::fflush(stdout);
}

// Median wall time of `repeats` runs of `work`, in seconds.
inline double medianSeconds(int repeats, const std::function<void()> &work)
{
    std::vector<double> times;
    for (int i = 0; i < repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

} // namespace sn::bench
