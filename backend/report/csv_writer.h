#pragma once
// The report's tables as CSV: one UTF-8 file per table (named after the table's id), a header
// row, RFC 4180 quoting, numbers at full precision, text that a spreadsheet would run as a
// formula ("=HYPERLINK(...)" as a job name) led by an apostrophe. Into a folder.

#include "backend/model/result.h"
#include "backend/report/report_data.h"

#include <QString>
#include <QStringList>

namespace sn::report {

// One CSV document (header row first, CRLF line ends as RFC 4180 asks).
std::string toCsv(const Table &table);
// Writes every table of the sections in `keys` (all when empty) into dir, creating it; returns
// the files written.
Result<QStringList> writeCsvFolder(const ReportData &data, const QString &dir,
                                   const std::vector<std::string> &keys = {});

} // namespace sn::report
