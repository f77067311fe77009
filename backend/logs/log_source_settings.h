#pragma once
// How to read one log source: its header format, its own masking patterns and the miner's
// similarity and depth. Read from a JSON object per source, in the layout of Loghub's
// drain_benchmark_settings.json ({"HDFS": {"log_format": "...", "regex": [...], "st": 0.5,
// "depth": 4}, ...}), so published settings work unchanged.

#include "backend/logs/log_format.h"
#include "backend/logs/template_miner.h"
#include "backend/model/result.h"

#include <map>
#include <string>
#include <vector>

namespace sn::logs {

struct LogSourceSettings {
    std::string name;
    std::string logFile; // "log_file", relative to the settings file; may be empty
    std::string format = "<Content>";
    std::vector<std::string> masks; // "regex"
    double similarity = 0.5;        // "st"
    int depth = 4;                  // "depth"

    MinerConfig minerConfig() const;
};

// Errors name the source and the field.
Result<std::map<std::string, LogSourceSettings>> parseLogSourceSettings(const std::string &json);
Result<std::map<std::string, LogSourceSettings>> readLogSourceSettings(const std::string &path);

} // namespace sn::logs
