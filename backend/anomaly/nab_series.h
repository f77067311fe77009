#pragma once
// Series in the Numenta Anomaly Benchmark's layout: a CSV with a "timestamp,value" header and
// "2014-02-14 14:30:00,0.132" rows (UTC), and the labelled anomaly windows of
// labels/combined_windows.json. Used by `supernodectl anomaly scan`, the tests and the bench.

#include "backend/model/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sn::anomaly {

struct TimedValue {
    std::string timestamp; // as written
    std::int64_t timeMs = 0;
    double value = 0;
    bool valid = false; // false for "", "nan", "[N/A]", "[Not Supported]": missing, not 0
};

// "YYYY-MM-DD HH:MM:SS[.ffffff]" (or with a 'T') as UTC milliseconds; false when malformed.
bool parseUtcTimestamp(const std::string &text, std::int64_t *ms);

// Errors name the line and column (1-based) and what is wrong.
Result<std::vector<TimedValue>> parseTimestampValueCsv(const std::string &text);
Result<std::vector<TimedValue>> readTimestampValueCsv(const std::string &path);

struct Window {
    std::int64_t startMs = 0, endMs = 0;
};
// The windows of one series, `key` as NAB names it ("realAWSCloudwatch/ec2_cpu_utilization_24ae8d.csv").
Result<std::vector<Window>> readNabWindows(const std::string &path, const std::string &key);

struct WindowScore {
    int windows = 0;
    int detected = 0;       // windows in which at least one event started
    int falsePositives = 0; // events that started outside every window
};
WindowScore scoreWindows(const std::vector<std::int64_t> &eventStartsMs, const std::vector<Window> &windows);

} // namespace sn::anomaly
