#pragma once
// Runs one Loghub-2k dataset through a LogParser configured from its settings and scores it
// against the corrected ground truth: the figure the issue sets (mean >= 0.90, none < 0.80).

#include "backend/logs/log_source_settings.h"
#include "backend/model/result.h"

#include <string>

namespace sn::logs {

struct LoghubScore {
    std::string dataset;
    std::size_t lines = 0;
    std::size_t templates = 0;      // predicted
    std::size_t truthTemplates = 0; // in the ground truth
    std::size_t headerMismatches = 0;
    double groupingAccuracy = 0;
};

// `dir` holds drain_benchmark_settings.json and the dataset folders (../shared/data/loghub-2k).
Result<LoghubScore> scoreLoghubDataset(const std::string &dir, const LogSourceSettings &settings);

} // namespace sn::logs
