#pragma once
// One metric over time (Qt Charts): a line over a time axis, the value axis in the metric's
// unit with numbers in the user's locale, and vertical markers for moments that matter (a job
// starting or ending, an event). Points arrive as a whole and replace the old ones
// (QLineSeries::replace, one repaint) rather than being cleared and appended one by one.
// Compact mode is for small multiples: no legend, thin margins, the title inside the plot.
//
// It knows nothing of the engine: whoever feeds it asks for at most ~4 points per pixel
// column of plotWidth() (M4 downsampling keeps every extreme).

#include <QChartView>
#include <QColor>
#include <QList>
#include <QPointF>
#include <QVector>

#include <limits>

class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

namespace sn {

struct ChartMarker {
    qint64 timeMs = 0;
    QString label; // "job 1001 started", "gpu.thermal"; shown near, tooltip always
    QColor colour;
};

class MetricChart : public QChartView {
    Q_OBJECT
public:
    explicit MetricChart(QWidget *parent = nullptr);
    ~MetricChart() override;

    void setCompact(bool compact);
    bool isCompact() const { return m_compact; }
    void setTitle(const QString &title);
    QString title() const { return m_title; }
    void setUnit(const QString &unit); // "%", "°C", "W", "GB/s"
    // A fixed value range (utilization 0..100); NaN for either end: follow the data.
    void setValueRange(double min, double max);
    void setTimeRange(qint64 startMs, qint64 endMs);
    qint64 startMs() const { return m_startMs; }
    qint64 endMs() const { return m_endMs; }

    // x: milliseconds since the epoch, y: the value in the chart's unit.
    void setPoints(const QList<QPointF> &points);
    int pointCount() const;        // including points held back (setDeferWhileHidden)
    QList<QPointF> points() const; // the newest given, drawn or held back
    // Small multiples: a chart scrolled out of view keeps the newest points and draws them when
    // it comes into view (applyPending(), showEvent), so a refresh costs only what is seen.
    void setDeferWhileHidden(bool defer);
    bool hasPending() const { return m_hasPending; }
    void applyPending(); // when visible
    QLineSeries *series() const { return m_series; }
    void setMarkers(const QVector<ChartMarker> &markers);
    const QVector<ChartMarker> &markers() const { return m_markers; }
    // Says there is nothing to show (a GPU that has not reported in the range).
    void setEmptyText(const QString &text);

    // Pixel columns of the plot: what a downsampled query should ask for.
    int plotWidth() const;

signals:
    void clicked();

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    void applyPalette();
    void updateValueAxis();

    QLineSeries *m_series = nullptr;
    QDateTimeAxis *m_timeAxis = nullptr;
    QValueAxis *m_valueAxis = nullptr;
    QString m_title, m_unit, m_emptyText;
    bool m_compact = false;
    double m_fixedMin = std::numeric_limits<double>::quiet_NaN();
    double m_fixedMax = std::numeric_limits<double>::quiet_NaN();
    double m_dataMin = 0, m_dataMax = 0;
    qint64 m_startMs = 0, m_endMs = 0;
    QVector<ChartMarker> m_markers;
    bool m_deferWhileHidden = false;
    bool m_hasPending = false;
    QList<QPointF> m_pending;
};

} // namespace sn
