#pragma once
// The cluster's recent history: mean GPU utilization (%, left axis) and the hottest GPU's
// temperature (°C, right axis) over a sliding window (10 minutes by default). Points older
// than the window, or beyond maxPoints, are dropped, so memory stays bounded however long the
// console runs. Colours follow the widget palette.

#include <QChartView>

class QLineSeries;
class QDateTimeAxis;
class QValueAxis;

namespace sn {

class UtilizationHistoryChart : public QChartView {
    Q_OBJECT
public:
    explicit UtilizationHistoryChart(QWidget *parent = nullptr);

    // timeMs: milliseconds since the Unix epoch (the engine's clock, virtual in tests).
    void append(qint64 timeMs, double utilPercent, double tempC);
    void append(const QDateTime &time, double utilPercent, double tempC);
    void clear();
    // Points from before the live ones (e.g. a stored range query when the page opens), oldest
    // first. Those not older than the first point already shown are ignored.
    void prependHistory(const QList<QPointF> &util, const QList<QPointF> &temp);

    void setWindowMs(qint64 windowMs);
    qint64 windowMs() const { return m_windowMs; }
    void setMaxPoints(int maxPoints);
    int maxPoints() const { return m_maxPoints; }
    int pointCount() const;

    QSize sizeHint() const override;

    QLineSeries *utilizationSeries() const { return m_util; }
    QLineSeries *temperatureSeries() const { return m_temp; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void trim();
    void updateAxes();
    void applyPalette();

    QLineSeries *m_util = nullptr;
    QLineSeries *m_temp = nullptr;
    QDateTimeAxis *m_time = nullptr;
    QValueAxis *m_utilAxis = nullptr;
    QValueAxis *m_tempAxis = nullptr;
    qint64 m_windowMs = 10 * 60 * 1000;
    int m_maxPoints = 1200;
};

} // namespace sn
