#pragma once
// The report as a PDF through QPdfWriter and QPainter: a cover (cluster name, range, scope),
// vector charts, tables that split across pages and repeat their header row, page numbers.
// Text is set in WenQuanYi Micro Hei, else Noto Sans CJK, when installed, so Chinese names render; Qt
// embeds the subset of the font it used, so the file reads the same on any machine.
// Needs a QGuiApplication (the offscreen platform is enough).

#include "backend/model/result.h"
#include "backend/report/report_data.h"

#include <QString>

#include <functional>

namespace sn::report {

struct PdfOptions {
    std::vector<std::string> sections; // keys to include; empty: all
    // Called after each section with 0..100; returning false cancels (the file is not written).
    std::function<bool(int percent)> progress;
};

Status writePdf(const ReportData &data, const QString &path, const PdfOptions &options = {});

} // namespace sn::report
