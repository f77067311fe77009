#pragma once
// The report as one self-contained HTML file: inline CSS, inline SVG charts, no script, no
// external resource, so it opens offline in any browser and survives being mailed. It is also
// well-formed XML (polyglot HTML), so tools and tests can read it back with an XML parser.

#include "backend/model/result.h"
#include "backend/report/report_data.h"

#include <QString>

namespace sn::report {

std::string toHtml(const ReportData &data, const std::vector<std::string> &keys = {});
std::string chartSvg(const Chart &chart, std::int64_t startMs, std::int64_t endMs);
Status writeHtml(const ReportData &data, const QString &path, const std::vector<std::string> &keys = {});

} // namespace sn::report
