#include "backend/report/pdf_writer.h"

#include "backend/report/chart_geometry.h"
#include "backend/report/report_text.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QSaveFile>

#include <algorithm>
#include <numeric>

namespace sn::report {

namespace {

// Page geometry in points (the writer runs at 72 dpi): A4 with 40 pt margins.
constexpr double kMargin = 40;
constexpr double kRowHeight = 13;

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

QFont reportFont(double points, bool bold = false)
{
    QFont f;
    // Latin text in DejaVu Sans (a CJK font's digits, reached through glyph substitution, map to
    // no character, so text extraction lost them). Chinese in WenQuanYi Micro Hei first: Noto
    // Sans CJK draws 用, 户, 页, ... with the glyph it also gives the look-alike Kangxi radicals,
    // and Qt names a glyph by its lowest code point in the PDF's ToUnicode map, so copying or
    // searching the PDF found radicals (U+2F64 for 用). WenQuanYi has no radicals. Noto stays
    // the fallback where WenQuanYi is not installed.
    f.setFamilies(
        {QStringLiteral("DejaVu Sans"), QStringLiteral("WenQuanYi Micro Hei"), QStringLiteral("Noto Sans CJK SC")});
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

class PdfLayout {
public:
    PdfLayout(QPdfWriter &writer, const ReportData &data) : m_writer(writer), m_painter(&writer), m_data(data)
    {
        m_width = writer.width();
        m_height = writer.height();
        m_y = kMargin;
    }
    bool ok() const { return m_painter.isActive(); }

    void cover()
    {
        m_painter.setFont(reportFont(28, true));
        m_painter.drawText(QRectF(kMargin, 200, contentWidth(), 80), Qt::AlignLeft | Qt::TextWordWrap,
                           q(m_data.clusterName));
        m_painter.setFont(reportFont(16));
        m_painter.drawText(QPointF(kMargin, 300), ReportText::tr("Cluster report"));
        m_painter.setFont(reportFont(11));
        m_painter.drawText(QPointF(kMargin, 330),
                           ReportText::tr("%1 to %2").arg(q(formatUtc(m_data.startMs)), q(formatUtc(m_data.endMs))));
        m_painter.drawText(QPointF(kMargin, 348), ReportText::tr("Scope: %1").arg(q(m_data.scope)));
        m_painter.drawText(QPointF(kMargin, 366), ReportText::tr("Data: %1").arg(q(m_data.engine)));
        if (m_data.simulated) {
            m_painter.setPen(QColor(0xb3, 0x5c, 0x00));
            m_painter.drawText(QPointF(kMargin, 396),
                               ReportText::tr("Simulated cluster: figures come from a model of hardware."));
            m_painter.setPen(Qt::black);
        }
        newPage();
    }

    void section(const Section &s)
    {
        // A title never ends a page alone: it keeps its first chart or a few table rows with it.
        need(s.charts.empty() ? 110 : 230);
        m_painter.setFont(reportFont(15, true));
        m_painter.drawText(QPointF(kMargin, m_y + 15), q(s.title));
        m_painter.setPen(QPen(QColor(0x4e, 0x79, 0xa7), 1.5));
        m_painter.drawLine(QPointF(kMargin, m_y + 20), QPointF(m_width - kMargin, m_y + 20));
        m_painter.setPen(Qt::black);
        m_y += 30;
        m_painter.setFont(reportFont(9));
        for (const std::string &p : s.paragraphs) {
            const QRectF box = m_painter.boundingRect(QRectF(kMargin, 0, contentWidth(), 1000), Qt::TextWordWrap, q(p));
            need(box.height() + 4);
            m_painter.drawText(QRectF(kMargin, m_y, contentWidth(), box.height()), Qt::TextWordWrap, q(p));
            m_y += box.height() + 6;
        }
        for (const Chart &c : s.charts)
            chart(c);
        for (const Table &t : s.tables)
            table(t);
        m_y += 10;
    }

    void finish()
    {
        footer();
        m_painter.end();
    }

private:
    double contentWidth() const { return m_width - 2 * kMargin; }

    void need(double height)
    {
        if (m_y + height > m_height - kMargin - 14)
            newPage();
    }

    void newPage()
    {
        footer();
        m_writer.newPage();
        ++m_page;
        m_y = kMargin;
    }

    void footer()
    {
        m_painter.setFont(reportFont(8));
        m_painter.setPen(QColor(0x66, 0x66, 0x66));
        m_painter.drawText(
            QRectF(kMargin, m_height - kMargin + 6, contentWidth(), 12), Qt::AlignLeft,
            q(m_data.clusterName) + QStringLiteral(" · ") +
                ReportText::tr("%1 to %2").arg(q(formatUtc(m_data.startMs)), q(formatUtc(m_data.endMs))));
        m_painter.drawText(QRectF(kMargin, m_height - kMargin + 6, contentWidth(), 12), Qt::AlignRight,
                           ReportText::tr("Page %1").arg(m_page));
        m_painter.setPen(Qt::black);
    }

    void chart(const Chart &c)
    {
        const double h = 170, left = kMargin + 36, plotH = h - 40;
        const double plotW = contentWidth() - 36;
        need(h + 14 + 12 * double((c.series.size() + 5) / 6));
        const double top = m_y + 16; // after need(): the chart may have moved to a new page
        const ChartGeometry g = chartGeometry(c, m_data.startMs, m_data.endMs);
        const auto x = [&](std::int64_t t) {
            return left + plotW * double(t - g.startMs) / double(g.endMs - g.startMs);
        };
        const auto y = [&](double v) { return m_y + 16 + plotH * (1 - (v - g.minValue) / (g.maxValue - g.minValue)); };
        m_painter.setFont(reportFont(10, true));
        m_painter.drawText(QPointF(kMargin, m_y + 10), q(c.title) + QStringLiteral(" (") + q(c.unit) + ')');
        m_painter.setFont(reportFont(7));
        for (double v : g.ticks) {
            m_painter.setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0.5));
            m_painter.drawLine(QPointF(left, y(v)), QPointF(left + plotW, y(v)));
            m_painter.setPen(Qt::black);
            m_painter.drawText(QRectF(kMargin, y(v) - 5, 32, 10), Qt::AlignRight | Qt::AlignVCenter,
                               QString::number(v, 'g', 4));
        }
        m_painter.drawText(QPointF(left, top + plotH + 12), q(shortTime(g.startMs)));
        m_painter.drawText(QRectF(left, top + plotH + 3, plotW, 12), Qt::AlignRight, q(shortTime(g.endMs)));
        for (std::size_t i = 0; i < c.series.size(); ++i) {
            QPainterPath path;
            bool first = true;
            for (const auto &[t, v] : c.series[i].points) {
                if (first)
                    path.moveTo(x(t), y(v));
                else
                    path.lineTo(x(t), y(v));
                first = false;
            }
            m_painter.setPen(QPen(QColor(seriesColor(i)), 0.8));
            m_painter.drawPath(path);
        }
        m_painter.setPen(Qt::black);
        double lx = left, ly = top + plotH + 26;
        for (std::size_t i = 0; i < c.series.size(); ++i) {
            if (lx + 80 > left + plotW) {
                lx = left;
                ly += 12;
            }
            m_painter.fillRect(QRectF(lx, ly - 7, 7, 7), QColor(seriesColor(i)));
            m_painter.drawText(QPointF(lx + 10, ly), q(c.series[i].name));
            lx += 80;
        }
        m_y = ly + 12;
    }

    // Each column as wide as its widest cell (a header only as wide as its longest word: headers
    // wrap); when that is too wide for the page, the widest columns give way first (water
    // filling), so short columns such as "GPUs" never lose their digits to a long name.
    std::vector<double> columnWidths(const Table &t, const QFontMetricsF &fm) const
    {
        std::vector<double> widths(t.columns.size(), 0);
        for (std::size_t i = 0; i < t.columns.size(); ++i)
            for (const QString &word : q(t.columns[i]).split(QLatin1Char(' ')))
                widths[i] = std::max(widths[i], fm.horizontalAdvance(word) + 8);
        for (std::size_t r = 0; r < std::min<std::size_t>(t.rows.size(), 500); ++r)
            for (std::size_t i = 0; i < t.rows[r].size() && i < widths.size(); ++i)
                widths[i] = std::max(widths[i], fm.horizontalAdvance(q(cellText(t.rows[r][i]))) + 8);
        const double total = std::accumulate(widths.begin(), widths.end(), 0.0);
        if (total <= contentWidth() || widths.empty())
            return widths;
        std::vector<double> sorted = widths;
        std::sort(sorted.begin(), sorted.end());
        double below = 0, cap = contentWidth() / double(sorted.size());
        for (std::size_t i = 0; i < sorted.size(); ++i) {
            const double c = (contentWidth() - below) / double(sorted.size() - i);
            if (c <= sorted[i]) {
                cap = c;
                break;
            }
            below += sorted[i];
        }
        for (double &w : widths)
            w = std::min(w, cap);
        return widths;
    }

    // The header row's height: its cells wrap.
    double headerHeight(const std::vector<QString> &cells, const std::vector<double> &widths)
    {
        double h = kRowHeight;
        for (std::size_t i = 0; i < cells.size() && i < widths.size(); ++i) {
            const QRectF box = m_painter.boundingRect(QRectF(0, 0, widths[i] - 6, 1000), Qt::TextWordWrap, cells[i]);
            h = std::max(h, box.height() + 4);
        }
        return h;
    }

    void tableRow(const std::vector<QString> &cells, const std::vector<bool> &numeric,
                  const std::vector<double> &widths, bool header)
    {
        const QFontMetricsF fm(m_painter.font());
        const double height = header ? headerHeight(cells, widths) : kRowHeight;
        double x = kMargin;
        if (header)
            m_painter.fillRect(QRectF(kMargin, m_y, std::accumulate(widths.begin(), widths.end(), 0.0), height),
                               QColor(0xee, 0xf2, 0xf7));
        for (std::size_t i = 0; i < widths.size(); ++i) {
            const Qt::Alignment align =
                (i < numeric.size() && numeric[i] ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter;
            const QRectF box(x + 3, m_y, widths[i] - 6, height);
            if (header && i < cells.size())
                m_painter.drawText(box, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, cells[i]);
            else if (i < cells.size())
                m_painter.drawText(box, align, fm.elidedText(cells[i], Qt::ElideRight, widths[i] - 6));
            x += widths[i];
        }
        m_painter.setPen(QPen(QColor(0xcc, 0xcc, 0xcc), 0.5));
        m_painter.drawLine(QPointF(kMargin, m_y + height), QPointF(x, m_y + height));
        m_painter.setPen(Qt::black);
        m_y += height;
    }

    void table(const Table &t)
    {
        need(16 + 6 * kRowHeight); // the title, a wrapped header and a row or two
        m_painter.setFont(reportFont(10, true));
        m_painter.drawText(QPointF(kMargin, m_y + 11), q(t.title));
        m_y += 16;
        const QFont body = reportFont(7.5), head = reportFont(7.5, true);
        const auto widths = columnWidths(t, QFontMetricsF(body));
        std::vector<QString> header;
        for (const std::string &c : t.columns)
            header.push_back(q(c));
        m_painter.setFont(head);
        tableRow(header, {}, widths, true);
        m_painter.setFont(body);
        if (t.rows.empty()) {
            tableRow({ReportText::tr("none in the range")}, {}, {contentWidth()}, false);
        }
        for (const auto &row : t.rows) {
            if (m_y + kRowHeight > m_height - kMargin - 14) {
                newPage();
                // The header again on every page the table continues on.
                m_painter.setFont(head);
                tableRow(header, {}, widths, true);
                m_painter.setFont(body);
            }
            std::vector<QString> cells;
            std::vector<bool> numeric;
            for (const Cell &c : row) {
                cells.push_back(q(cellText(c)));
                numeric.push_back(c.number.has_value());
            }
            tableRow(cells, numeric, widths, false);
        }
        m_y += 8;
    }

    QPdfWriter &m_writer;
    QPainter m_painter;
    const ReportData &m_data;
    double m_width = 0, m_height = 0, m_y = 0;
    int m_page = 1;
};

} // namespace

Status writePdf(const ReportData &data, const QString &path, const PdfOptions &options)
{
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return failedPrecondition("writing a PDF needs a QGuiApplication (run with QT_QPA_PLATFORM=offscreen)");
    // Into a temporary file first: a cancelled or failed export leaves no half-written PDF.
    const QString partial = path + QStringLiteral(".part");
    {
        QPdfWriter writer(partial);
        writer.setResolution(72);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setTitle(ReportText::tr("%1 cluster report").arg(q(data.clusterName)));
        writer.setCreator(QStringLiteral("SuperNode Console"));
        PdfLayout layout(writer, data);
        if (!layout.ok())
            return invalidArgument("cannot write " + path.toStdString());
        layout.cover();
        int done = 0;
        for (const Section &s : data.sections) {
            ++done;
            if (!options.sections.empty() &&
                std::find(options.sections.begin(), options.sections.end(), s.key) == options.sections.end())
                continue;
            layout.section(s);
            if (options.progress && !options.progress(int(100 * done / data.sections.size()))) {
                layout.finish();
                QFile::remove(partial);
                return Error{ErrorCode::FailedPrecondition, "cancelled"};
            }
        }
        layout.finish();
    }
    QFile::remove(path);
    if (!QFile::rename(partial, path))
        return invalidArgument("cannot write " + path.toStdString());
    return success();
}

} // namespace sn::report
