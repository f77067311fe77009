#include "widgets/utilization_history_chart.h"

#include "widgets/health.h"

#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include <cmath>
#include <limits>

namespace sn {

namespace {
// A scale that always shows 20..100 °C and grows in 10 °C steps when a GPU runs hotter.
double temperatureCeiling(double maxSeen)
{
    return std::max(100.0, std::ceil(maxSeen / 10.0) * 10.0);
}
} // namespace

UtilizationHistoryChart::UtilizationHistoryChart(QWidget *parent) : QChartView(parent)
{
    auto *chart = new QChart;
    chart->setTitle(tr("Cluster history (last 10 minutes)"));
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->setMargins(QMargins(0, 0, 0, 0));
    chart->setBackgroundRoundness(fontMetrics().height() / 3.0);

    m_util = new QLineSeries(chart);
    m_util->setName(tr("Mean GPU utilization (%)"));
    m_temp = new QLineSeries(chart);
    m_temp->setName(tr("Max GPU temperature (°C)"));
    chart->addSeries(m_util);
    chart->addSeries(m_temp);

    m_time = new QDateTimeAxis(chart);
    m_time->setFormat(QStringLiteral("HH:mm"));
    m_time->setTickCount(11);
    m_time->setTitleText(tr("Time"));
    m_utilAxis = new QValueAxis(chart);
    m_utilAxis->setRange(0, 100);
    m_utilAxis->setLabelFormat(QStringLiteral("%d"));
    m_utilAxis->setTickCount(6);
    m_utilAxis->setTitleText(tr("Utilization (%)"));
    m_tempAxis = new QValueAxis(chart);
    m_tempAxis->setRange(20, 100);
    m_tempAxis->setLabelFormat(QStringLiteral("%d"));
    m_tempAxis->setTickCount(5);
    m_tempAxis->setTitleText(tr("Temperature (°C)"));
    m_tempAxis->setGridLineVisible(false); // one grid, the utilization axis's, is enough

    chart->addAxis(m_time, Qt::AlignBottom);
    chart->addAxis(m_utilAxis, Qt::AlignLeft);
    chart->addAxis(m_tempAxis, Qt::AlignRight);
    m_util->attachAxis(m_time);
    m_util->attachAxis(m_utilAxis);
    m_temp->attachAxis(m_time);
    m_temp->attachAxis(m_tempAxis);

    // QChartView made a chart of its own and hands its ownership back on setChart(): delete it.
    QChart *defaultChart = this->chart();
    setChart(chart);
    delete defaultChart;
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(fontMetrics().height() * 14);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    applyPalette();
    updateAxes();
}

void UtilizationHistoryChart::append(qint64 timeMs, double utilPercent, double tempC)
{
    const auto x = static_cast<qreal>(timeMs);
    // Out-of-order points would draw a zig-zag; a restart of the clock starts the history over.
    if (m_util->count() > 0 && x < m_util->at(m_util->count() - 1).x())
        clear();
    if (m_util->count() > 0 && x == m_util->at(m_util->count() - 1).x()) {
        // The same time again (a stored point, then the live one): the newest value wins.
        m_util->replace(m_util->count() - 1, x, utilPercent);
        m_temp->replace(m_temp->count() - 1, x, tempC);
        return;
    }
    m_util->append(x, utilPercent);
    m_temp->append(x, tempC);
    trim();
    updateAxes();
}

void UtilizationHistoryChart::append(const QDateTime &time, double utilPercent, double tempC)
{
    append(time.toMSecsSinceEpoch(), utilPercent, tempC);
}

void UtilizationHistoryChart::prependHistory(const QList<QPointF> &util, const QList<QPointF> &temp)
{
    const qreal firstLive = m_util->count() > 0 ? m_util->at(0).x() : std::numeric_limits<qreal>::max();
    QList<QPointF> u, t;
    for (qsizetype i = 0; i < util.size() && i < temp.size(); ++i) {
        if (util[i].x() >= firstLive)
            break;
        u << util[i];
        t << temp[i];
    }
    u << m_util->points();
    t << m_temp->points();
    m_util->replace(u);
    m_temp->replace(t);
    trim();
    updateAxes();
}

void UtilizationHistoryChart::clear()
{
    m_util->clear();
    m_temp->clear();
    updateAxes();
}

void UtilizationHistoryChart::setWindowMs(qint64 windowMs)
{
    m_windowMs = std::max<qint64>(1000, windowMs);
    trim();
    updateAxes();
}

void UtilizationHistoryChart::setMaxPoints(int maxPoints)
{
    m_maxPoints = std::max(2, maxPoints);
    trim();
    updateAxes();
}

QSize UtilizationHistoryChart::sizeHint() const
{
    // QGraphicsView would ask for its whole scene; a chart is happy with what the page can spare.
    const int line = fontMetrics().height();
    return {line * 40, line * 18};
}

int UtilizationHistoryChart::pointCount() const
{
    return m_util->count();
}

void UtilizationHistoryChart::trim()
{
    const int n = m_util->count();
    if (n == 0)
        return;
    const qreal oldest = m_util->at(n - 1).x() - static_cast<qreal>(m_windowMs);
    int drop = 0;
    while (drop < n && m_util->at(drop).x() < oldest)
        ++drop;
    drop = std::max(drop, n - m_maxPoints);
    if (drop > 0) {
        m_util->removePoints(0, drop);
        m_temp->removePoints(0, drop);
    }
}

void UtilizationHistoryChart::updateAxes()
{
    const qint64 latest = m_util->count() > 0 ? static_cast<qint64>(m_util->at(m_util->count() - 1).x())
                                              : QDateTime::currentMSecsSinceEpoch();
    m_time->setRange(QDateTime::fromMSecsSinceEpoch(latest - m_windowMs), QDateTime::fromMSecsSinceEpoch(latest));
    double hottest = 0;
    for (const QPointF &p : m_temp->points())
        hottest = std::max(hottest, p.y());
    m_tempAxis->setMax(temperatureCeiling(hottest));
}

void UtilizationHistoryChart::applyPalette()
{
    const QPalette p = palette();
    const QColor text = p.color(QPalette::WindowText);
    const QColor grid = blendColours(p.color(QPalette::Base), p.color(QPalette::Text), 0.15);
    QChart *c = chart();
    c->setBackgroundBrush(p.color(QPalette::Base));
    c->setBackgroundPen(QPen(grid));
    c->setPlotAreaBackgroundVisible(false);
    c->setTitleBrush(text);
    QFont titleFont = font();
    titleFont.setWeight(QFont::DemiBold);
    c->setTitleFont(titleFont);
    c->legend()->setLabelColor(text);
    c->legend()->setFont(font());
    for (QAbstractAxis *axis : {static_cast<QAbstractAxis *>(m_time), static_cast<QAbstractAxis *>(m_utilAxis),
                                static_cast<QAbstractAxis *>(m_tempAxis)}) {
        axis->setLabelsColor(text);
        axis->setLabelsFont(font());
        axis->setTitleBrush(text);
        axis->setTitleFont(font());
        axis->setGridLineColor(grid);
        axis->setLinePenColor(grid);
    }
    // Utilization in the palette's accent; temperature in red and dashed, so the two differ without colour.
    QPen utilPen(p.color(QPalette::Highlight));
    utilPen.setWidthF(2);
    m_util->setPen(utilPen);
    QPen tempPen(healthAccent(Health::Critical, p));
    tempPen.setWidthF(2);
    tempPen.setStyle(Qt::DashLine);
    m_temp->setPen(tempPen);
    setBackgroundBrush(p.color(QPalette::Window));
}

void UtilizationHistoryChart::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyPalette();
}

} // namespace sn
