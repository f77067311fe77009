#include "backend/report/html_writer.h"

#include "backend/report/chart_geometry.h"
#include "backend/report/report_text.h"

#include <QLocale>
#include <QSaveFile>
#include <QString>

#include <algorithm>

namespace sn::report {

namespace {

const char *kCss =
    R"(body{font-family:"Noto Sans","Noto Sans CJK SC","DejaVu Sans",sans-serif;margin:2em auto;max-width:64em;color:#222}
h1{font-size:1.8em;margin-bottom:.2em}h2{border-bottom:2px solid #4e79a7;padding-bottom:.2em;margin-top:2em}
h3{font-size:1.05em;margin-top:1.4em}.meta{color:#555}.sim{color:#b35c00;font-weight:bold}
table{border-collapse:collapse;margin:.5em 0;font-size:.85em}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left}
th{background:#eef2f7}td.num{text-align:right;font-variant-numeric:tabular-nums}
svg{display:block;margin:.5em 0}.legend span{display:inline-block;margin-right:1em;font-size:.8em}
.legend i{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:middle}
)";

std::string escaped(const std::string &text)
{
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string num(double v)
{
    return QString::number(v, 'f', 1).toStdString();
}

bool wanted(const std::vector<std::string> &keys, const std::string &key)
{
    return keys.empty() || std::find(keys.begin(), keys.end(), key) != keys.end();
}

void appendTable(std::string &out, const Table &t)
{
    out += "<h3>" + escaped(t.title) + "</h3>\n<table id=\"" + escaped(t.id) + "\"><thead><tr>";
    for (const std::string &c : t.columns)
        out += "<th>" + escaped(c) + "</th>";
    out += "</tr></thead><tbody>\n";
    for (const auto &row : t.rows) {
        out += "<tr>";
        for (const Cell &c : row)
            out += std::string(c.number ? "<td class=\"num\">" : "<td>") + escaped(cellText(c)) + "</td>";
        out += "</tr>\n";
    }
    if (t.rows.empty())
        out += "<tr><td colspan=\"" + std::to_string(std::max<std::size_t>(1, t.columns.size())) + "\">" +
               escaped(ReportText::tr8("none in the range")) + "</td></tr>\n";
    out += "</tbody></table>\n";
}

} // namespace

std::string chartSvg(const Chart &chart, std::int64_t startMs, std::int64_t endMs)
{
    const double w = 720, h = 220, left = 48, right = 8, top = 8, bottom = 24;
    const ChartGeometry g = chartGeometry(chart, startMs, endMs);
    const auto x = [&](std::int64_t t) {
        return left + (w - left - right) * double(t - g.startMs) / double(g.endMs - g.startMs);
    };
    const auto y = [&](double v) {
        return top + (h - top - bottom) * (1 - (v - g.minValue) / (g.maxValue - g.minValue));
    };
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"720\" height=\"220\" "
                      "viewBox=\"0 0 720 220\" role=\"img\" aria-label=\"" +
                      escaped(chart.title) + "\">\n";
    out += "<title>" + escaped(chart.title) + "</title>\n";
    for (double v : g.ticks) {
        out += "<line x1=\"" + num(left) + "\" x2=\"" + num(w - right) + "\" y1=\"" + num(y(v)) + "\" y2=\"" +
               num(y(v)) + "\" stroke=\"#ddd\"/>";
        out += "<text x=\"" + num(left - 4) + "\" y=\"" + num(y(v) + 4) + "\" font-size=\"10\" text-anchor=\"end\">" +
               QString::number(v, 'g', 4).toStdString() + "</text>\n";
    }
    out += "<text x=\"" + num(left) + "\" y=\"" + num(h - 6) + "\" font-size=\"10\">" + shortTime(g.startMs) +
           "</text><text x=\"" + num(w - right) + "\" y=\"" + num(h - 6) + "\" font-size=\"10\" text-anchor=\"end\">" +
           shortTime(g.endMs) + "</text><text x=\"" + num(left + 4) + "\" y=\"" + num(top + 10) +
           "\" font-size=\"10\" fill=\"#555\">" + escaped(chart.unit) + "</text>\n";
    for (std::size_t i = 0; i < chart.series.size(); ++i) {
        std::string points;
        for (const auto &[t, v] : chart.series[i].points)
            points += num(x(t)) + "," + num(y(v)) + " ";
        out += "<polyline fill=\"none\" stroke-width=\"1.2\" stroke=\"" + std::string(seriesColor(i)) + "\" points=\"" +
               points + "\"/>\n";
    }
    out += "</svg>\n<div class=\"legend\">";
    for (std::size_t i = 0; i < chart.series.size(); ++i)
        out += "<span><i style=\"background:" + std::string(seriesColor(i)) + "\"></i>" +
               escaped(chart.series[i].name) + "</span>";
    return out + "</div>\n";
}

std::string toHtml(const ReportData &data, const std::vector<std::string> &keys)
{
    // The document's language is the locale the report was made in ("zh", "en": QLocale::bcp47Name).
    const std::string lang = QLocale().bcp47Name().toStdString();
    std::string out = "<!DOCTYPE html>\n<html lang=\"" + escaped(lang.empty() || lang == "C" ? "en" : lang) +
                      "\"><head><meta charset=\"utf-8\"/>\n<title>" +
                      escaped(ReportText::tr("%1 report").arg(qs(data.clusterName)).toStdString()) +
                      "</title>\n<style>" + kCss + "</style></head><body>\n";
    out += "<h1>" + escaped(ReportText::tr("%1 — cluster report").arg(qs(data.clusterName)).toStdString()) +
           "</h1>\n<p class=\"meta\">" +
           escaped(ReportText::tr("%1 to %2 · scope %3 · from %4")
                       .arg(qs(formatUtc(data.startMs)), qs(formatUtc(data.endMs)), qs(data.scope), qs(data.engine))
                       .toStdString()) +
           "</p>\n";
    if (data.simulated)
        out +=
            "<p class=\"sim\">" +
            escaped(ReportText::tr8("Simulated cluster: these figures come from a model of hardware, not real GPUs.")) +
            "</p>\n";
    for (const Section &s : data.sections) {
        if (!wanted(keys, s.key))
            continue;
        out += "<section id=\"" + escaped(s.key) + "\"><h2>" + escaped(s.title) + "</h2>\n";
        for (const std::string &p : s.paragraphs)
            out += "<p>" + escaped(p) + "</p>\n";
        for (const Chart &c : s.charts)
            out += "<h3>" + escaped(c.title) + "</h3>\n" + chartSvg(c, data.startMs, data.endMs);
        for (const Table &t : s.tables)
            appendTable(out, t);
        out += "</section>\n";
    }
    return out + "</body></html>\n";
}

Status writeHtml(const ReportData &data, const QString &path, const std::vector<std::string> &keys)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return invalidArgument("cannot write " + path.toStdString() + ": " + file.errorString().toStdString());
    const std::string html = toHtml(data, keys);
    file.write(html.data(), qint64(html.size()));
    if (!file.commit())
        return invalidArgument("cannot write " + path.toStdString() + ": " + file.errorString().toStdString());
    return success();
}

} // namespace sn::report
