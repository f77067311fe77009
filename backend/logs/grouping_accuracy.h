#pragma once
// Loghub's grouping accuracy (Zhu et al., "Tools and Benchmarks for Automated Log Parsing",
// ICSE-SEIP 2019): a line counts as correct when the set of lines given its predicted template
// is exactly the set of lines of its true template. Also reads the ground truth of Loghub's
// *_structured_corrected.csv files (the EventId column), for tests, benchmarks and
// `supernodectl logs templates` users who check their own labelled logs.

#include "backend/model/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sn::logs {

// predicted[i] and truth[i] label line i; the sizes must be equal (else 0).
double groupingAccuracy(const std::vector<std::uint32_t> &predicted, const std::vector<std::string> &truth);

// The values of column `column` of a CSV file with a header row (RFC 4180 quoting), one per
// data row. Errors name the file, line and what is wrong (missing column, unterminated quote).
Result<std::vector<std::string>> readCsvColumn(const std::string &path, const std::string &column);

} // namespace sn::logs
