#include "widgets/metric_chart.h"

#include "widgets/chart_scale.h"
#include "widgets/health.h"

#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QHelpEvent>
#include <QLegend>
#include <QLineSeries>
#include <QMouseEvent>
#include <QTimer>
#include <QToolTip>
#include <QValueAxis>

#include <cmath>

namespace sn {

MetricChart::MetricChart(QWidget *parent) : QChartView(parent)
{
    auto *chart = new QChart;
    chart->legend()->hide();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setLocalizeNumbers(true); // axis numbers in the user's locale (1,5 in German)
    chart->setLocale(QLocale());
    m_series = new QLineSeries(chart);
    chart->addSeries(m_series);
    m_timeAxis = new QDateTimeAxis(chart);
    m_timeAxis->setTickCount(5);
    m_valueAxis = new QValueAxis(chart);
    m_valueAxis->setTickCount(5);
    chart->addAxis(m_timeAxis, Qt::AlignBottom);
    chart->addAxis(m_valueAxis, Qt::AlignLeft);
    m_series->attachAxis(m_timeAxis);
    m_series->attachAxis(m_valueAxis);

    // QChartView made a chart of its own and hands it back on setChart(): delete it.
    QChart *defaultChart = this->chart();
    setChart(chart);
    delete defaultChart;
    setRenderHint(QPainter::Antialiasing);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    setTimeRange(now - 5 * 60 * 1000, now);
    setCompact(false);
    applyPalette();
}

MetricChart::~MetricChart() = default;

void MetricChart::setCompact(bool compact)
{
    m_compact = compact;
    QChart *c = chart();
    const int line = fontMetrics().height();
    c->setMargins(compact ? QMargins(2, 2, 2, 2) : QMargins(line / 2, line / 4, line / 2, line / 4));
    c->setBackgroundRoundness(compact ? 2 : line / 3.0);
    m_timeAxis->setTickCount(compact ? 3 : 6);
    m_valueAxis->setTickCount(compact ? 3 : 5);
    m_timeAxis->setTitleVisible(false);
    setMinimumHeight(compact ? line * 6 : line * 11);
    setMinimumWidth(compact ? line * 8 : line * 16);
    applyPalette();
    setTitle(m_title);
}

void MetricChart::setTitle(const QString &title)
{
    m_title = title;
    const QString full = m_unit.isEmpty() || m_compact ? title : tr("%1 (%2)").arg(title, m_unit);
    chart()->setTitle(full);
}

void MetricChart::setUnit(const QString &unit)
{
    m_unit = unit;
    m_valueAxis->setTitleText(m_compact ? QString() : unit);
    setTitle(m_title);
}

void MetricChart::setValueRange(double min, double max)
{
    m_fixedMin = min;
    m_fixedMax = max;
    updateValueAxis();
}

void MetricChart::setTimeRange(qint64 startMs, qint64 endMs)
{
    if (endMs <= startMs)
        endMs = startMs + 1000;
    if (startMs == m_startMs && endMs == m_endMs)
        return;
    m_startMs = startMs;
    m_endMs = endMs;
    if (const QString format = timeLabelFormat(endMs - startMs); m_timeAxis->format() != format)
        m_timeAxis->setFormat(format);
    m_timeAxis->setRange(QDateTime::fromMSecsSinceEpoch(startMs), QDateTime::fromMSecsSinceEpoch(endMs));
    viewport()->update();
}

void MetricChart::setDeferWhileHidden(bool defer)
{
    m_deferWhileHidden = defer;
    if (!defer)
        applyPending();
}

void MetricChart::applyPending()
{
    if (!m_hasPending || (m_deferWhileHidden && viewport()->visibleRegion().isEmpty()))
        return;
    m_hasPending = false;
    const QList<QPointF> points = std::move(m_pending);
    m_pending.clear();
    setPoints(points);
}

void MetricChart::showEvent(QShowEvent *event)
{
    QChartView::showEvent(event);
    // The visible region is known once the show has been laid out.
    QTimer::singleShot(0, this, &MetricChart::applyPending);
}

void MetricChart::setPoints(const QList<QPointF> &points)
{
    if (m_deferWhileHidden && viewport()->visibleRegion().isEmpty()) {
        m_pending = points; // replacing a line nobody sees is most of a refresh's cost
        m_hasPending = true;
        return;
    }
    m_hasPending = false;
    m_pending.clear();
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const QPointF &p : points) {
        lo = std::min(lo, p.y());
        hi = std::max(hi, p.y());
    }
    m_dataMin = points.isEmpty() ? 0 : lo;
    m_dataMax = points.isEmpty() ? 0 : hi;
    m_series->replace(points); // one change signal and one repaint for the whole line
    updateValueAxis();
}

QList<QPointF> MetricChart::points() const
{
    return m_hasPending ? m_pending : m_series->points();
}

int MetricChart::pointCount() const
{
    return static_cast<int>(m_hasPending ? m_pending.size() : m_series->count());
}

void MetricChart::setMarkers(const QVector<ChartMarker> &markers)
{
    m_markers = markers;
    viewport()->update();
}

void MetricChart::setEmptyText(const QString &text)
{
    m_emptyText = text;
    viewport()->update();
}

int MetricChart::plotWidth() const
{
    const int w = static_cast<int>(chart()->plotArea().width());
    // Before the first layout the plot area is empty: guess from the widget's width.
    return w > 8 ? w : std::max(64, width() - fontMetrics().height() * 4);
}

void MetricChart::updateValueAxis()
{
    const ValueScale s = valueScale(m_dataMin, m_dataMax, m_fixedMin, m_fixedMax, m_compact ? 3 : 5);
    // Each change relayouts the chart: set only what differs (a live update rarely moves the scale).
    if (m_valueAxis->tickCount() != s.ticks)
        m_valueAxis->setTickCount(s.ticks);
    if (m_valueAxis->min() != s.min || m_valueAxis->max() != s.max)
        m_valueAxis->setRange(s.min, s.max);
    const QString format = s.step >= 1 ? QStringLiteral("%.0f") : QStringLiteral("%.1f");
    if (m_valueAxis->labelFormat() != format)
        m_valueAxis->setLabelFormat(format);
}

void MetricChart::drawForeground(QPainter *painter, const QRectF &rect)
{
    QChartView::drawForeground(painter, rect);
    const QRectF plot = chart()->plotArea();
    const QPalette &p = palette();
    if (m_series->count() == 0 && !m_emptyText.isEmpty()) {
        painter->setPen(p.color(QPalette::PlaceholderText));
        painter->drawText(plot, Qt::AlignCenter | Qt::TextWordWrap, m_emptyText);
    }
    for (const ChartMarker &m : m_markers) {
        if (m.timeMs < m_startMs || m.timeMs > m_endMs)
            continue;
        const double x =
            chart()->mapToPosition(QPointF(static_cast<qreal>(m.timeMs), m_valueAxis->min()), m_series).x();
        QPen pen(m.colour.isValid() ? m.colour : p.color(QPalette::Highlight), 1, Qt::DashLine);
        painter->setPen(pen);
        painter->drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        if (!m_compact && !m.label.isEmpty()) {
            QFont f = font();
            f.setPointSizeF(f.pointSizeF() * 0.8);
            painter->setFont(f);
            painter->drawText(QPointF(x + 3, plot.top() + QFontMetrics(f).ascent()), m.label);
        }
    }
}

bool MetricChart::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        // Markers say what they are; elsewhere the value under the cursor.
        auto *help = static_cast<QHelpEvent *>(event);
        const QPointF scenePos = mapToScene(help->pos());
        for (const ChartMarker &m : m_markers) {
            const double x =
                chart()->mapToPosition(QPointF(static_cast<qreal>(m.timeMs), m_valueAxis->min()), m_series).x();
            if (std::abs(x - scenePos.x()) <= 4) {
                QToolTip::showText(
                    help->globalPos(),
                    tr("%1\n%2").arg(
                        m.label, QLocale().toString(QDateTime::fromMSecsSinceEpoch(m.timeMs), QLocale::ShortFormat)),
                    viewport());
                return true;
            }
        }
        if (chart()->plotArea().contains(scenePos) && m_series->count() > 0) {
            const QPointF v = chart()->mapToValue(scenePos, m_series);
            // The stored point nearest in time, not the interpolated line.
            const QList<QPointF> pts = m_series->points();
            auto it =
                std::lower_bound(pts.begin(), pts.end(), v.x(), [](const QPointF &a, double x) { return a.x() < x; });
            if (it == pts.end())
                --it;
            QToolTip::showText(help->globalPos(),
                               tr("%1 %2\n%3")
                                   .arg(QLocale().toString(it->y(), 'f', std::abs(it->y()) < 10 ? 1 : 0), m_unit,
                                        QLocale().toString(QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(it->x())),
                                                           QLocale::ShortFormat)),
                               viewport());
            return true;
        }
        QToolTip::hideText();
        return true;
    }
    return QChartView::viewportEvent(event);
}

void MetricChart::mouseReleaseEvent(QMouseEvent *event)
{
    QChartView::mouseReleaseEvent(event);
    if (event->button() == Qt::LeftButton)
        emit clicked();
}

void MetricChart::applyPalette()
{
    const QPalette p = palette();
    const QColor text = p.color(QPalette::WindowText);
    const QColor grid = blendColours(p.color(QPalette::Base), p.color(QPalette::Text), 0.12);
    QChart *c = chart();
    c->setBackgroundBrush(p.color(QPalette::Base));
    c->setBackgroundPen(QPen(grid));
    c->setPlotAreaBackgroundVisible(false);
    c->setTitleBrush(text);
    QFont titleFont = font();
    titleFont.setWeight(QFont::DemiBold);
    if (m_compact)
        titleFont.setPointSizeF(font().pointSizeF() * 0.9);
    c->setTitleFont(titleFont);
    QFont small = font();
    if (m_compact)
        small.setPointSizeF(font().pointSizeF() * 0.75);
    for (QAbstractAxis *axis : {static_cast<QAbstractAxis *>(m_timeAxis), static_cast<QAbstractAxis *>(m_valueAxis)}) {
        axis->setLabelsColor(text);
        axis->setLabelsFont(small);
        axis->setTitleBrush(text);
        axis->setTitleFont(small);
        axis->setGridLineColor(grid);
        axis->setLinePenColor(grid);
    }
    QPen pen(p.color(QPalette::Highlight));
    pen.setWidthF(m_compact ? 1.2 : 1.8);
    m_series->setPen(pen);
    setBackgroundBrush(p.color(QPalette::Window));
}

void MetricChart::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyPalette();
}

} // namespace sn
