#include "widgets/topology_legend.h"

#include "widgets/health.h"
#include "widgets/topology_items.h"

#include <QLocale>
#include <QPainter>

namespace sn {

TopologyLegend::TopologyLegend(QWidget *parent) : QWidget(parent)
{
    setAttribute(Qt::WA_TransparentForMouseEvents); // the canvas under it stays clickable
}

void TopologyLegend::setMetric(TopoMetric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    update();
}

QPair<double, double> TopologyLegend::metricRange(TopoMetric metric)
{
    switch (metric) {
    case TopoMetric::Temperature:
        return {30, 90};
    case TopoMetric::Power:
        return {0, 700};
    case TopoMetric::Utilization:
    case TopoMetric::Memory:
        break;
    }
    return {0, 100};
}

QString TopologyLegend::metricTitle() const
{
    switch (m_metric) {
    case TopoMetric::Utilization:
        return tr("GPU utilization");
    case TopoMetric::Temperature:
        return tr("GPU temperature");
    case TopoMetric::Power:
        return tr("GPU power");
    case TopoMetric::Memory:
        return tr("GPU memory used");
    }
    return {};
}

QSize TopologyLegend::sizeHint() const
{
    const int line = fontMetrics().height();
    return {line * 15, line * 7};
}

void TopologyLegend::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette &p = palette();
    const int line = fontMetrics().height();
    const QRectF box = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    QColor bg = p.color(QPalette::Window);
    bg.setAlpha(230);
    painter.setPen(QPen(p.color(QPalette::Mid), 1));
    painter.setBrush(bg);
    painter.drawRoundedRect(box, 6, 6);

    const double pad = line * 0.5;
    double y = pad;
    const double barWidth = box.width() - 2 * pad;
    const auto scale = [&](const QString &title, auto colourAt, const QString &low, const QString &high) {
        painter.setPen(p.color(QPalette::Text));
        painter.drawText(QRectF(pad, y, barWidth, line), Qt::AlignLeft | Qt::AlignVCenter, title);
        y += line * 1.05;
        const int steps = 48;
        for (int i = 0; i < steps; ++i)
            painter.fillRect(QRectF(pad + barWidth * i / steps, y, barWidth / steps + 0.6, line * 0.55),
                             colourAt(static_cast<double>(i) / (steps - 1)));
        y += line * 0.55;
        painter.setPen(p.color(QPalette::PlaceholderText));
        painter.drawText(QRectF(pad, y, barWidth, line), Qt::AlignLeft | Qt::AlignVCenter, low);
        painter.drawText(QRectF(pad, y, barWidth, line), Qt::AlignRight | Qt::AlignVCenter, high);
        y += line * 1.1;
    };

    const auto [lo, hi] = metricRange(m_metric);
    scale(
        metricTitle(), [&](double t) { return topoMetricColour(m_metric, lo + (hi - lo) * t); },
        topoMetricText(m_metric, lo), topoMetricText(m_metric, hi));
    scale(
        tr("Link load"), [](double t) { return topoLoadColour(t); }, tr("idle"), tr("saturated"));

    // Swatches: down link, faulted GPU, anomaly.
    painter.setPen(p.color(QPalette::Text));
    double x = pad;
    const double mid = y + line / 2.0;
    QPen down(QColor(0xd6, 0x27, 0x28), 2.5, Qt::DashLine);
    painter.setPen(down);
    painter.drawLine(QPointF(x, mid), QPointF(x + line * 1.4, mid));
    x += line * 1.7;
    painter.setPen(p.color(QPalette::Text));
    const QString downText = tr("down");
    painter.drawText(QPointF(x, mid + fontMetrics().ascent() / 2.0 - 1), downText);
    x += fontMetrics().horizontalAdvance(downText) + line * 0.8;
    const QRectF fault(x, mid - line * 0.4, line * 0.9, line * 0.8);
    painter.setPen(QPen(healthAccent(Health::Critical, p), 1.5));
    painter.setBrush(QBrush(healthAccent(Health::Critical, p), Qt::BDiagPattern));
    painter.drawRect(fault);
    x += line * 1.2;
    painter.setPen(p.color(QPalette::Text));
    const QString faultText = tr("fault");
    painter.drawText(QPointF(x, mid + fontMetrics().ascent() / 2.0 - 1), faultText);
    x += fontMetrics().horizontalAdvance(faultText) + line * 0.8;
    const QPolygonF tri{QPointF(x + line * 0.45, mid - line * 0.45), QPointF(x + line * 0.9, mid + line * 0.4),
                        QPointF(x, mid + line * 0.4)};
    painter.setPen(Qt::NoPen);
    painter.setBrush(topoSeverityColour(TopoSeverity::Error));
    painter.drawPolygon(tri);
    x += line * 1.2;
    painter.setPen(p.color(QPalette::Text));
    painter.drawText(QPointF(x, mid + fontMetrics().ascent() / 2.0 - 1), tr("anomaly"));
}

} // namespace sn
