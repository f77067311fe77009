#pragma once
// One metric over time as a small multiple: painted by hand rather than with Qt Charts.
//
// Why not Qt Charts here: the GPUs page shows 64 of these, refreshed every second. QChart keeps a
// QGraphicsScene per chart and recomputes each series' geometry on replace() (~1.7 ms per chart
// for ~1,100 points) and repaints it through the scene (~45 ms for the charts in view), so a
// refresh cost ~130 ms of GUI thread against a 16 ms budget. This widget keeps the points, maps
// them to one QPolygonF when they or the size change and draws that polyline, cached axis labels
// (QStaticText) and markers: a refresh is a few hundred microseconds per chart. The detail view
// of one GPU keeps Qt Charts (MetricChart), where its axes, titles and layout are worth the cost.
//
// What it shows is what MetricChart shows: the title in the plot, the value axis in the metric's
// unit with numbers in the user's locale, time labels that suit the span, vertical markers for
// job starts/ends and events (tooltip says which), and the stored value nearest the cursor on
// hover. Points arrive as a whole and replace the old ones. Whoever feeds it asks for at most ~4
// points per pixel column of plotWidth() (M4 downsampling keeps every extreme).

#include "widgets/chart_scale.h"
#include "widgets/metric_chart.h" // ChartMarker

#include <QList>
#include <QPointF>
#include <QPolygonF>
#include <QStaticText>
#include <QVector>
#include <QWidget>

#include <limits>

namespace sn {

class SparkChart : public QWidget {
    Q_OBJECT
public:
    explicit SparkChart(QWidget *parent = nullptr);
    ~SparkChart() override;

    void setTitle(const QString &title);
    QString title() const { return m_title; }
    void setUnit(const QString &unit); // "%", "°C", "W", "GB/s"
    QString unit() const { return m_unit; }
    // A fixed value range (utilization 0..100); NaN for either end: follow the data.
    void setValueRange(double min, double max);
    ValueScale valueScale() const { return m_scale; } // what the value axis shows now
    QStringList valueLabels() const;                  // its labels, bottom to top, in the user's locale
    QStringList timeLabels() const;                   // left to right
    void setTimeRange(qint64 startMs, qint64 endMs);
    qint64 startMs() const { return m_startMs; }
    qint64 endMs() const { return m_endMs; }

    // x: milliseconds since the epoch, y: the value in the chart's unit.
    void setPoints(const QList<QPointF> &points);
    int pointCount() const;        // including points held back (setDeferWhileHidden)
    int drawnPointCount() const;   // the line drawn now
    QList<QPointF> points() const; // the newest given, drawn or held back
    // A chart scrolled out of view keeps the newest points and takes them when it comes into
    // view (applyPending(), showEvent), so a refresh costs only what is seen.
    void setDeferWhileHidden(bool defer);
    bool hasPending() const { return m_hasPending; }
    void applyPending(); // when visible
    void setMarkers(const QVector<ChartMarker> &markers);
    const QVector<ChartMarker> &markers() const { return m_markers; }
    // Says there is nothing to show (a GPU that has not reported in the range).
    void setEmptyText(const QString &text);

    // Pixel columns of the plot: what a downsampled query should ask for.
    int plotWidth() const;
    QRect plotRect() const;
    // What the tooltip says at a widget position: a marker near it, else the stored value nearest
    // in time; empty outside the plot or with nothing drawn.
    QString toolTipAt(const QPoint &pos) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void clicked(); // also Enter or Space while it has the keyboard focus (Tab reaches it)

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    bool event(QEvent *event) override;

private:
    void updateScale();
    void rebuildLabels();
    void rebuildLine();
    double xOf(double timeMs) const;
    double yOf(double value) const;

    QString m_title, m_unit, m_emptyText;
    double m_fixedMin = std::numeric_limits<double>::quiet_NaN();
    double m_fixedMax = std::numeric_limits<double>::quiet_NaN();
    double m_dataMin = 0, m_dataMax = 0;
    ValueScale m_scale;
    qint64 m_startMs = 0, m_endMs = 0;
    QList<QPointF> m_points; // drawn
    QVector<ChartMarker> m_markers;
    bool m_deferWhileHidden = false;
    bool m_hasPending = false;
    QList<QPointF> m_pending;

    // Derived when points, ranges, size or font change; painting only draws them.
    QPolygonF m_line;
    bool m_lineDirty = true;
    bool m_labelsDirty = true;
    QStaticText m_titleText;
    QVector<QStaticText> m_valueLabels; // bottom to top
    QVector<QStaticText> m_timeLabels;  // left to right
    int m_labelWidth = 0;               // the widest value label: the plot starts after it
};

} // namespace sn
