#include "widgets/spark_chart.h"

#include "widgets/health.h"

#include <QDateTime>
#include <QEvent>
#include <QKeyEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QTimer>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace sn {

namespace {
constexpr int kValueTicks = 3; // as MetricChart's compact mode: min, middle, max
constexpr int kTimeTicks = 3;
constexpr int kMargin = 3;

QFont smallFont(const QFont &base)
{
    QFont f = base;
    f.setPointSizeF(base.pointSizeF() * 0.75);
    return f;
}

QFont titleFont(const QFont &base)
{
    QFont f = base;
    f.setPointSizeF(base.pointSizeF() * 0.9);
    f.setWeight(QFont::DemiBold);
    return f;
}

QStaticText staticText(const QString &text)
{
    QStaticText t(text);
    t.setTextFormat(Qt::PlainText);
    t.setPerformanceHint(QStaticText::AggressiveCaching); // drawn every refresh, changed rarely
    return t;
}
} // namespace

SparkChart::SparkChart(QWidget *parent) : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent); // paints every pixel: nothing behind it needs drawing
    setFocusPolicy(Qt::StrongFocus);       // a grid of charts is walked with Tab, opened with Enter
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    setTimeRange(now - 5 * 60 * 1000, now);
    updateScale();
}

SparkChart::~SparkChart() = default;

QSize SparkChart::sizeHint() const
{
    const int line = fontMetrics().height();
    return {line * 14, line * 8};
}

QSize SparkChart::minimumSizeHint() const
{
    const int line = fontMetrics().height();
    return {line * 8, line * 6}; // as MetricChart's compact mode, so the grid keeps its shape
}

void SparkChart::setTitle(const QString &title)
{
    m_title = title;
    m_labelsDirty = true;
    update();
}

void SparkChart::setUnit(const QString &unit)
{
    m_unit = unit;
    m_labelsDirty = true;
    update();
}

void SparkChart::setValueRange(double min, double max)
{
    m_fixedMin = min;
    m_fixedMax = max;
    updateScale();
}

void SparkChart::setTimeRange(qint64 startMs, qint64 endMs)
{
    if (endMs <= startMs)
        endMs = startMs + 1000;
    if (startMs == m_startMs && endMs == m_endMs)
        return;
    m_startMs = startMs;
    m_endMs = endMs;
    m_labelsDirty = m_lineDirty = true;
    update();
}

void SparkChart::setDeferWhileHidden(bool defer)
{
    m_deferWhileHidden = defer;
    if (!defer)
        applyPending();
}

void SparkChart::applyPending()
{
    if (!m_hasPending || (m_deferWhileHidden && visibleRegion().isEmpty()))
        return;
    m_hasPending = false;
    const QList<QPointF> points = std::move(m_pending);
    m_pending.clear();
    setPoints(points);
}

void SparkChart::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // The visible region is known once the show has been laid out.
    QTimer::singleShot(0, this, &SparkChart::applyPending);
}

void SparkChart::setPoints(const QList<QPointF> &points)
{
    if (m_deferWhileHidden && visibleRegion().isEmpty()) {
        m_pending = points; // a line nobody sees need not be mapped or drawn
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
    m_points = points; // implicitly shared: no copy of the caller's list
    m_lineDirty = true;
    updateScale();
    update();
}

int SparkChart::pointCount() const
{
    return static_cast<int>(m_hasPending ? m_pending.size() : m_points.size());
}

int SparkChart::drawnPointCount() const
{
    return static_cast<int>(m_points.size());
}

QList<QPointF> SparkChart::points() const
{
    return m_hasPending ? m_pending : m_points;
}

void SparkChart::setMarkers(const QVector<ChartMarker> &markers)
{
    m_markers = markers;
    update();
}

void SparkChart::setEmptyText(const QString &text)
{
    m_emptyText = text;
    update();
}

void SparkChart::updateScale()
{
    const ValueScale s = sn::valueScale(m_dataMin, m_dataMax, m_fixedMin, m_fixedMax, kValueTicks);
    if (s.min == m_scale.min && s.max == m_scale.max && s.ticks == m_scale.ticks)
        return; // a live update rarely moves the scale
    m_scale = s;
    m_labelsDirty = m_lineDirty = true;
    update();
}

void SparkChart::rebuildLabels()
{
    m_labelsDirty = false;
    const QLocale locale;
    const QFont small = smallFont(font());
    const QFontMetrics fm(small);
    m_titleText = staticText(m_title);
    m_titleText.prepare(QTransform(), titleFont(font()));
    m_valueLabels.clear();
    m_labelWidth = 0;
    int decimals = 0; // as many as the step needs: 0.25 reads 0.25, not 0.3
    while (decimals < 3 && std::abs(std::round(m_scale.step * std::pow(10.0, decimals)) -
                                    m_scale.step * std::pow(10.0, decimals)) > 1e-6)
        ++decimals;
    for (int i = 0; i < m_scale.ticks; ++i) {
        QString text = locale.toString(m_scale.min + i * m_scale.step, 'f', decimals);
        if (i == m_scale.ticks - 1 && !m_unit.isEmpty())
            text += QLatin1Char(' ') + m_unit; // the unit once, on the top label
        m_labelWidth = std::max(m_labelWidth, fm.horizontalAdvance(text));
        m_valueLabels.append(staticText(text));
        m_valueLabels.back().prepare(QTransform(), small);
    }
    m_timeLabels.clear();
    const QString format = timeLabelFormat(m_endMs - m_startMs);
    for (int i = 0; i < kTimeTicks; ++i) {
        const qint64 t = m_startMs + (m_endMs - m_startMs) * i / (kTimeTicks - 1);
        m_timeLabels.append(staticText(locale.toString(QDateTime::fromMSecsSinceEpoch(t), format)));
        m_timeLabels.back().prepare(QTransform(), small);
    }
    m_lineDirty = true; // the plot's left edge follows the widest label
}

QStringList SparkChart::valueLabels() const
{
    if (m_labelsDirty)
        const_cast<SparkChart *>(this)->rebuildLabels(); // a cache, not state
    QStringList out;
    for (const QStaticText &t : m_valueLabels)
        out << t.text();
    return out;
}

QStringList SparkChart::timeLabels() const
{
    if (m_labelsDirty)
        const_cast<SparkChart *>(this)->rebuildLabels();
    QStringList out;
    for (const QStaticText &t : m_timeLabels)
        out << t.text();
    return out;
}

QRect SparkChart::plotRect() const
{
    const QFontMetrics small(smallFont(font()));
    const QFontMetrics title(titleFont(font()));
    const int labelWidth = m_labelsDirty ? small.horizontalAdvance(QStringLiteral("100 %")) : m_labelWidth;
    return rect().adjusted(kMargin + labelWidth + 4, kMargin + title.height() + 2, -kMargin - 4,
                           -kMargin - small.height() - 2);
}

int SparkChart::plotWidth() const
{
    return std::max(8, plotRect().width());
}

double SparkChart::xOf(double timeMs) const
{
    const QRectF plot = plotRect();
    return plot.left() +
           (timeMs - static_cast<double>(m_startMs)) * plot.width() / static_cast<double>(m_endMs - m_startMs);
}

double SparkChart::yOf(double value) const
{
    const QRectF plot = plotRect();
    return plot.bottom() - (value - m_scale.min) * plot.height() / (m_scale.max - m_scale.min);
}

void SparkChart::rebuildLine()
{
    m_lineDirty = false;
    const QRectF plot = plotRect();
    const double sx = plot.width() / static_cast<double>(m_endMs - m_startMs);
    const double sy = plot.height() / (m_scale.max - m_scale.min);
    const double x0 = static_cast<double>(m_startMs);
    m_line.resize(m_points.size());
    QPointF *out = m_line.data();
    for (const QPointF &p : std::as_const(m_points))
        *out++ = QPointF(plot.left() + (p.x() - x0) * sx, plot.bottom() - (p.y() - m_scale.min) * sy);
}

void SparkChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_lineDirty = true;
}

void SparkChart::paintEvent(QPaintEvent *)
{
    if (m_labelsDirty)
        rebuildLabels();
    if (m_lineDirty)
        rebuildLine();
    const QPalette &pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    const QColor grid = blendColours(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.12);
    const QRect plot = plotRect();
    QPainter p(this);
    p.fillRect(rect(), pal.color(QPalette::Window));
    p.setPen(hasFocus() ? QPen(pal.color(QPalette::Highlight), 2) : QPen(grid));
    p.setBrush(pal.color(QPalette::Base));
    p.drawRect(hasFocus() ? rect().adjusted(1, 1, -1, -1) : rect().adjusted(0, 0, -1, -1));

    // Grid and labels (prepared once per scale; drawing a QStaticText lays nothing out).
    p.setPen(text);
    p.setFont(titleFont(font()));
    p.drawStaticText(kMargin + 2, kMargin, m_titleText);
    p.setFont(smallFont(font()));
    const int labelHeight = QFontMetrics(p.font()).height();
    for (int i = 0; i < m_scale.ticks && i < m_valueLabels.size(); ++i) {
        const int y = static_cast<int>(std::lround(yOf(m_scale.min + i * m_scale.step)));
        p.setPen(grid);
        p.drawLine(plot.left(), y, plot.right(), y);
        p.setPen(text);
        const QStaticText &label = m_valueLabels[i];
        p.drawStaticText(QPointF(plot.left() - 4 - label.size().width(), y - labelHeight / 2.0), label);
    }
    for (int i = 0; i < m_timeLabels.size(); ++i) {
        const QStaticText &label = m_timeLabels[i];
        const double x = plot.left() + plot.width() * i / double(kTimeTicks - 1);
        const double w = label.size().width();
        const double left = i == 0 ? x : i == m_timeLabels.size() - 1 ? x - w : x - w / 2;
        if (i > 0 && i < m_timeLabels.size() - 1) {
            p.setPen(grid);
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
            p.setPen(text);
        }
        p.drawStaticText(QPointF(left, plot.bottom() + 2), label);
    }

    p.setClipRect(plot.adjusted(-1, -1, 1, 1));
    if (m_points.isEmpty() && !m_emptyText.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(plot, Qt::AlignCenter | Qt::TextWordWrap, m_emptyText);
    }
    if (!m_line.isEmpty()) {
        // Antialiasing shows on a sparse line; at several points per pixel column (M4) the line is
        // a run of vertical strokes where it changes nothing but the cost.
        // A one-pixel cosmetic pen is drawn by the fast line rasterizer; anything wider is stroked.
        const bool sparse = m_line.size() < plot.width() * 2;
        p.setRenderHint(QPainter::Antialiasing, sparse);
        QPen pen(pal.color(QPalette::Highlight));
        pen.setWidthF(sparse ? 1.2 : 1.0);
        pen.setCosmetic(true);
        p.setPen(pen);
        p.drawPolyline(m_line);
        p.setRenderHint(QPainter::Antialiasing, false);
    }
    for (const ChartMarker &m : std::as_const(m_markers)) {
        if (m.timeMs < m_startMs || m.timeMs > m_endMs)
            continue;
        const double x = xOf(static_cast<double>(m.timeMs));
        p.setPen(QPen(m.colour.isValid() ? m.colour : pal.color(QPalette::Highlight), 1, Qt::DashLine));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }
}

QString SparkChart::toolTipAt(const QPoint &pos) const
{
    const QRect plot = plotRect();
    if (!plot.adjusted(-4, 0, 4, 0).contains(pos))
        return {};
    const QLocale locale;
    for (const ChartMarker &m : m_markers) {
        if (m.timeMs < m_startMs || m.timeMs > m_endMs)
            continue;
        if (std::abs(xOf(static_cast<double>(m.timeMs)) - pos.x()) <= 4)
            return tr("%1\n%2").arg(m.label,
                                    locale.toString(QDateTime::fromMSecsSinceEpoch(m.timeMs), QLocale::ShortFormat));
    }
    if (m_points.isEmpty() || !plot.contains(pos))
        return {};
    const double t = static_cast<double>(m_startMs) +
                     (pos.x() - plot.left()) * static_cast<double>(m_endMs - m_startMs) / std::max(1, plot.width());
    // The stored point nearest in time, not the line between points.
    auto it =
        std::lower_bound(m_points.cbegin(), m_points.cend(), t, [](const QPointF &a, double x) { return a.x() < x; });
    if (it == m_points.cend())
        --it;
    else if (it != m_points.cbegin() && t - std::prev(it)->x() < it->x() - t)
        --it;
    return tr("%1 %2\n%3")
        .arg(locale.toString(it->y(), 'f', std::abs(it->y()) < 10 ? 1 : 0), m_unit,
             locale.toString(QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(it->x())), QLocale::ShortFormat));
}

bool SparkChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            text = toolTip(); // the page's own hint ("click for all metrics")
        else if (!toolTip().isEmpty())
            text += QLatin1Char('\n') + toolTip();
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void SparkChart::mouseReleaseEvent(QMouseEvent *event)
{
    QWidget::mouseReleaseEvent(event);
    if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint()))
        emit clicked();
}

void SparkChart::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter || event->key() == Qt::Key_Space) {
        emit clicked();
        return;
    }
    QWidget::keyPressEvent(event);
}

void SparkChart::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    update(); // the focus frame
}

void SparkChart::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    update();
}

void SparkChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LocaleChange) {
        m_labelsDirty = true;
        update();
    }
}

} // namespace sn
