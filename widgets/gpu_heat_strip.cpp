#include "widgets/gpu_heat_strip.h"

#include "widgets/health.h"
#include "widgets/heat_colour_scale.h"

#include <QHelpEvent>
#include <QLinearGradient>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>

#include <cmath>

namespace sn {

namespace {
QString orDash(double value, int decimals, const QString &unit)
{
    if (std::isnan(value))
        return GpuHeatStrip::tr("no reading");
    return QStringLiteral("%1 %2").arg(value, 0, 'f', decimals).arg(unit);
}

// One hatched legend swatch and its label at x; returns where the next legend entry starts.
int paintSwatch(QPainter &painter, int x, int y, int h, const QColor &colour, int penWidth, const QString &label,
                const QColor &textColour)
{
    const QFontMetrics fm = painter.fontMetrics();
    painter.setPen(QPen(colour, penWidth));
    painter.setBrush(QBrush(colour, Qt::BDiagPattern));
    painter.drawRect(QRect(x, y + h / 6, h, h * 2 / 3));
    x += h + h / 3;
    painter.setPen(textColour);
    painter.drawText(QRect(x, y, fm.horizontalAdvance(label), h), Qt::AlignVCenter, label);
    return x + fm.horizontalAdvance(label) + h;
}
} // namespace

GpuHeatStrip::GpuHeatStrip(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMouseTracking(false);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

GpuHeatStrip::Metrics GpuHeatStrip::metrics() const
{
    const QFontMetrics fm = fontMetrics();
    Metrics m{};
    m.pad = fm.height() / 2;
    m.gap = std::max(2, fm.height() / 5);
    QFont bold = font();
    bold.setWeight(QFont::DemiBold);
    const QFontMetrics labelMetrics(bold);
    int label = 0;
    for (const auto &[name, rect] : m_nodeLabels)
        label = std::max(label, labelMetrics.horizontalAdvance(name));
    m.labelWidth = label + fm.height();
    m.cellMinWidth = std::max(fm.horizontalAdvance(QStringLiteral("100%")) + m.pad, fm.height() * 5 / 2);
    m.cellMaxWidth = fm.height() * 7;
    m.cellHeight = fm.height() * 5 / 2;
    m.legendHeight = fm.height() * 2;
    return m;
}

int GpuHeatStrip::columnsFor(int width) const
{
    if (m_maxGpusPerNode == 0)
        return 1;
    const Metrics m = metrics();
    const int available = width - 2 * m.pad - m.labelWidth;
    const int fit = std::max(1, (available + m.gap) / (m.cellMinWidth + m.gap));
    return std::min(fit, m_maxGpusPerNode);
}

void GpuHeatStrip::setGpus(const QVector<GpuCell> &gpus)
{
    const int oldRows = m_rowCount;
    const bool sameShape = gpus.size() == m_gpus.size() &&
                           std::equal(gpus.begin(), gpus.end(), m_gpus.begin(), [](const GpuCell &a, const GpuCell &b) {
                               return a.node == b.node && a.index == b.index;
                           });
    m_gpus = gpus;
    if (!sameShape) {
        m_nodeLabels.clear();
        QHash<QString, int> perNode;
        for (const GpuCell &g : m_gpus) {
            if (!perNode.contains(g.node))
                m_nodeLabels.append({g.node, QRect()});
            ++perNode[g.node];
        }
        m_maxGpusPerNode = 0;
        for (int n : std::as_const(perNode))
            m_maxGpusPerNode = std::max(m_maxGpusPerNode, n);
        relayout();
        if (m_rowCount != oldRows)
            updateGeometry();
    }
    update();
}

void GpuHeatStrip::setColourBy(ColourBy by)
{
    if (by == m_colourBy)
        return;
    m_colourBy = by;
    update();
}

void GpuHeatStrip::relayout()
{
    const Metrics m = metrics();
    const int columns = columnsFor(width());
    const int available = width() - 2 * m.pad - m.labelWidth;
    const int cellWidth = std::clamp((available + m.gap) / columns - m.gap, m.cellMinWidth, m.cellMaxWidth);
    m_cellRects.resize(m_gpus.size());
    int y = m.pad;
    int row = 0;
    for (auto &[name, labelRect] : m_nodeLabels) {
        int column = 0;
        int rowsForNode = 0;
        for (int i = 0; i < m_gpus.size(); ++i) {
            if (m_gpus[i].node != name)
                continue;
            if (column == columns) {
                column = 0;
                y += m.cellHeight + m.gap;
                ++row;
            }
            if (column == 0)
                ++rowsForNode;
            const int x = m.pad + m.labelWidth + column * (cellWidth + m.gap);
            m_cellRects[i] = QRect(x, y, cellWidth, m.cellHeight);
            ++column;
        }
        labelRect = QRect(m.pad, y - (rowsForNode - 1) * (m.cellHeight + m.gap), m.labelWidth - m.pad,
                          rowsForNode * m.cellHeight + (rowsForNode - 1) * m.gap);
        y += m.cellHeight + m.gap;
        ++row;
    }
    m_rowCount = row;
    m_legendRect = QRect(m.pad + m.labelWidth, y, std::max(0, width() - 2 * m.pad - m.labelWidth), m.legendHeight);
}

QSize GpuHeatStrip::sizeHint() const
{
    const Metrics m = metrics();
    const int columns = std::max(1, m_maxGpusPerNode);
    const int rows = std::max(1, m_rowCount);
    return {2 * m.pad + m.labelWidth + columns * (m.cellMinWidth * 3 / 2 + m.gap),
            2 * m.pad + rows * (m.cellHeight + m.gap) + m.legendHeight};
}

QSize GpuHeatStrip::minimumSizeHint() const
{
    const Metrics m = metrics();
    const int rows = std::max(1, m_rowCount);
    return {2 * m.pad + m.labelWidth + m.cellMinWidth, 2 * m.pad + rows * (m.cellHeight + m.gap) + m.legendHeight};
}

void GpuHeatStrip::resizeEvent(QResizeEvent *)
{
    const int oldRows = m_rowCount;
    relayout();
    if (oldRows != m_rowCount)
        updateGeometry();
}

int GpuHeatStrip::cellAt(const QPoint &pos) const
{
    for (int i = 0; i < m_cellRects.size(); ++i)
        if (m_cellRects[i].contains(pos))
            return i;
    return -1;
}

QRect GpuHeatStrip::cellRect(int i) const
{
    return i >= 0 && i < m_cellRects.size() ? m_cellRects[i] : QRect();
}

QString GpuHeatStrip::cellToolTip(int i) const
{
    if (i < 0 || i >= m_gpus.size())
        return {};
    const GpuCell &g = m_gpus[i];
    QString text = tr("<b>%1 · GPU %2</b>").arg(g.node.toHtmlEscaped()).arg(g.index);
    switch (g.faulted ? g.reason : GpuCellReason::None) {
    case GpuCellReason::NodeDown:
        text += QStringLiteral("<br/>") + tr("Node down: its server does not answer");
        break;
    case GpuCellReason::Silent:
        text += QStringLiteral("<br/>") + tr("No data: nothing heard from this GPU for a while");
        break;
    case GpuCellReason::Lost:
    case GpuCellReason::None:
        if (g.faulted)
            text += QStringLiteral("<br/>") + tr("Faulted: not usable");
        break;
    }
    text += QStringLiteral("<br/>") + tr("Utilization: %1").arg(orDash(g.util, 0, QStringLiteral("%")));
    text += QStringLiteral("<br/>") + tr("Temperature: %1").arg(orDash(g.tempC, 0, QStringLiteral("°C")));
    text += QStringLiteral("<br/>") + tr("Power: %1").arg(orDash(g.powerW, 0, QStringLiteral("W")));
    return text;
}

bool GpuHeatStrip::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int i = cellAt(help->pos());
        if (i >= 0)
            QToolTip::showText(help->globalPos(), cellToolTip(i), this, m_cellRects[i]);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

QString GpuHeatStrip::cellLabel(int i) const
{
    if (i < 0 || i >= m_gpus.size())
        return {};
    const GpuCell &g = m_gpus[i];
    const double value = m_colourBy == ColourBy::Utilization ? g.util : g.tempC;
    if (g.faulted && g.reason == GpuCellReason::NodeDown)
        return tr("node down");
    if (g.faulted && g.reason == GpuCellReason::Silent)
        return tr("no data");
    if (g.faulted)
        return tr("fault");
    if (std::isnan(value))
        return tr("no data");
    return m_colourBy == ColourBy::Utilization ? QStringLiteral("%1%").arg(value, 0, 'f', 0)
                                               : QStringLiteral("%1°").arg(value, 0, 'f', 0);
}

void GpuHeatStrip::paintCell(QPainter &painter, int i) const
{
    const GpuCell &g = m_gpus[i];
    const QRect r = m_cellRects[i];
    const QPalette p = palette();
    const double value = m_colourBy == ColourBy::Utilization ? g.util : g.tempC;
    const bool noData = std::isnan(value);
    const qreal radius = fontMetrics().height() / 5.0;

    QColor fill, ink;
    // Red only when the GPU itself failed; a down node or silence is grey.
    const bool broken = g.faulted && (g.reason == GpuCellReason::Lost || g.reason == GpuCellReason::None);
    if (g.faulted || noData) {
        const QColor accent = broken ? healthAccent(Health::Critical, p)
                                     : blendColours(p.color(QPalette::Base), p.color(QPalette::Text), 0.4);
        painter.setPen(Qt::NoPen);
        painter.setBrush(p.color(QPalette::Base));
        painter.drawRoundedRect(r, radius, radius);
        painter.setBrush(QBrush(accent, Qt::BDiagPattern));
        painter.drawRoundedRect(r, radius, radius);
        painter.setPen(QPen(accent, broken ? 2 : 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(QRectF(r).adjusted(1, 1, -1, -1), radius, radius);
        ink = broken ? healthText(Health::Critical, p) : p.color(QPalette::Text);
    } else {
        fill = m_colourBy == ColourBy::Utilization ? utilizationColour(value) : temperatureColour(value);
        painter.setPen(Qt::NoPen);
        painter.setBrush(fill);
        painter.drawRoundedRect(r, radius, radius);
        ink = contrastingInk(fill);
    }

    const int inset = std::max(2, fontMetrics().height() / 6);
    const QRect inner = r.adjusted(inset, inset / 2, -inset, -inset / 2);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.8);
    painter.setFont(small);
    painter.setPen(ink);
    painter.drawText(inner, Qt::AlignLeft | Qt::AlignTop, QString::number(g.index));

    const QString label = cellLabel(i);
    QFont bold = font();
    bold.setWeight(QFont::DemiBold);
    painter.setFont(bold);
    painter.drawText(inner, Qt::AlignHCenter | Qt::AlignBottom, label);
}

void GpuHeatStrip::paintLegend(QPainter &painter) const
{
    if (m_legendRect.isEmpty())
        return;
    const QFontMetrics fm = fontMetrics();
    const QPalette p = palette();
    const int h = fm.height();
    const int y = m_legendRect.top() + (m_legendRect.height() - h) / 2;
    int x = m_legendRect.left();
    painter.setFont(font());
    painter.setPen(p.color(QPalette::WindowText));

    const bool util = m_colourBy == ColourBy::Utilization;
    const QString low = util ? tr("0 %") : tr("30 °C");
    const QString high = util ? tr("100 %") : tr("90 °C");
    painter.drawText(QRect(x, y, fm.horizontalAdvance(low), h), Qt::AlignVCenter, low);
    x += fm.horizontalAdvance(low) + h / 2;
    const int barWidth = h * 8;
    QLinearGradient gradient(x, 0, x + barWidth, 0);
    for (int s = 0; s <= 10; ++s) {
        const double t = s / 10.0;
        gradient.setColorAt(t, util ? utilizationColour(100 * t) : temperatureColour(30 + 60 * t));
    }
    painter.fillRect(QRect(x, y + h / 4, barWidth, h / 2), gradient);
    x += barWidth + h / 2;
    painter.drawText(QRect(x, y, fm.horizontalAdvance(high), h), Qt::AlignVCenter, high);
    x += fm.horizontalAdvance(high) + h * 3 / 2;

    const QColor text = p.color(QPalette::WindowText);
    x = paintSwatch(painter, x, y, h, healthAccent(Health::Critical, p), 2, tr("faulted"), text);
    paintSwatch(painter, x, y, h, blendColours(p.color(QPalette::Base), p.color(QPalette::Text), 0.4), 1,
                tr("no reading"), text);
}

void GpuHeatStrip::paintEvent(QPaintEvent *event)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRect exposed = event->rect();
    const QPalette p = palette();

    if (m_gpus.isEmpty()) {
        painter.setPen(blendColours(p.color(QPalette::Window), p.color(QPalette::WindowText), 0.6));
        painter.drawText(rect(), Qt::AlignCenter, tr("Waiting for GPU telemetry…"));
        return;
    }

    QFont bold = font();
    bold.setWeight(QFont::DemiBold);
    painter.setFont(bold);
    painter.setPen(p.color(QPalette::WindowText));
    const QFontMetrics fm(bold);
    for (const auto &[name, r] : m_nodeLabels)
        if (r.intersects(exposed))
            painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(name, Qt::ElideMiddle, r.width()));

    for (int i = 0; i < m_gpus.size(); ++i)
        if (m_cellRects[i].intersects(exposed))
            paintCell(painter, i);

    if (m_legendRect.intersects(exposed))
        paintLegend(painter);
}

} // namespace sn
