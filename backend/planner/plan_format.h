#pragma once
// Number formatting for the planner's explanations and tables (GCC 12 has no std::format).

#include <cstdio>
#include <string>

namespace sn::planner {

template <typename... Args> std::string strf(const char *format, Args... args)
{
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, format, args...);
    return buffer;
}

inline double toGiB(double bytes)
{
    return bytes / (1024.0 * 1024.0 * 1024.0);
}

inline std::string gib(double bytes)
{
    return strf("%.2f GiB", toGiB(bytes));
}

inline std::string duration(double seconds)
{
    if (seconds < 120)
        return strf("%.1f s", seconds);
    if (seconds < 2 * 3600)
        return strf("%.1f min", seconds / 60);
    if (seconds < 3 * 86400)
        return strf("%.1f h", seconds / 3600);
    return strf("%.1f days", seconds / 86400);
}

} // namespace sn::planner
