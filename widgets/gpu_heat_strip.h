#pragma once
// One cell per GPU, one row per node (a node with many GPUs wraps onto more rows), coloured by
// utilization or temperature. Faulted GPUs are hatched with a red outline; GPUs with no reading
// are hatched grey. The layout is computed on resize or new data, and paintEvent only fills
// the cells in the exposed rectangle, so a few hundred GPUs repaint cheaply.

#include "widgets/gpu_cell.h"

#include <QRect>
#include <QWidget>

namespace sn {

class GpuHeatStrip : public QWidget {
    Q_OBJECT
public:
    enum class ColourBy { Utilization, Temperature };
    Q_ENUM(ColourBy)

    explicit GpuHeatStrip(QWidget *parent = nullptr);

    // Cells are grouped by node in the order the nodes first appear.
    void setGpus(const QVector<GpuCell> &gpus);
    const QVector<GpuCell> &gpus() const { return m_gpus; }

    void setColourBy(ColourBy by);
    ColourBy colourBy() const { return m_colourBy; }

    int cellAt(const QPoint &pos) const; // -1 outside every cell
    QRect cellRect(int i) const;
    QString cellToolTip(int i) const;
    // What the cell says under its index: "87%", "fault", "node down", "no data".
    QString cellLabel(int i) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Metrics {
        int pad, gap, labelWidth, cellMinWidth, cellMaxWidth, cellHeight, legendHeight;
    };
    Metrics metrics() const;
    int columnsFor(int width) const;
    void relayout();
    void paintCell(class QPainter &painter, int i) const;
    void paintLegend(QPainter &painter) const;

    QVector<GpuCell> m_gpus;
    QVector<QRect> m_cellRects;
    QVector<QPair<QString, QRect>> m_nodeLabels;
    QRect m_legendRect;
    int m_maxGpusPerNode = 0;
    int m_rowCount = 0;
    ColourBy m_colourBy = ColourBy::Utilization;
};

} // namespace sn
