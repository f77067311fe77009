#pragma once
// The key in TopologyView's corner: the colour scale of the metric the GPU tiles show, the
// link load scale, and what a down link, a faulted GPU and an anomaly marker look like. A child
// widget rather than scene foreground, so it stays put and crisp while the canvas pans.

#include "widgets/topology_types.h"

#include <QWidget>

namespace sn {

class TopologyLegend : public QWidget {
    Q_OBJECT
public:
    explicit TopologyLegend(QWidget *parent = nullptr);

    void setMetric(TopoMetric metric);
    TopoMetric metric() const { return m_metric; }
    QString metricTitle() const; // "GPU utilization (%)"
    QSize sizeHint() const override;

    // The low and high end of the metric's scale, as the legend labels them.
    static QPair<double, double> metricRange(TopoMetric metric);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    TopoMetric m_metric = TopoMetric::Utilization;
};

} // namespace sn
