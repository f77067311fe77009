// The engine-free widgets: what they show, how they group and hit-test, and that history and
// colours stay within bounds.
#include "widgets/freshness_label.h"
#include "widgets/gpu_heat_strip.h"
#include "widgets/health.h"
#include "widgets/heat_colour_scale.h"
#include "widgets/kpi_tile.h"
#include "widgets/simulated_badge.h"
#include "widgets/utilization_history_chart.h"

#include <QApplication>
#include <QImage>
#include <QLineSeries>
#include <QTest>

#include <limits>

using namespace sn;

namespace {
QVector<GpuCell> twoNodes()
{
    QVector<GpuCell> cells;
    for (const QString &node : {QStringLiteral("node01"), QStringLiteral("node02")})
        for (int i = 0; i < 8; ++i)
            cells.append(GpuCell{node, i, 10.0 * i, 40.0 + i, 300.0 + i, false});
    return cells;
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    p.setColor(QPalette::WindowText, Qt::white);
    p.setColor(QPalette::Base, QColor(0x2a, 0x2a, 0x2a));
    p.setColor(QPalette::Text, Qt::white);
    return p;
}

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xee, 0xee, 0xee));
    p.setColor(QPalette::WindowText, Qt::black);
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::Text, Qt::black);
    return p;
}
} // namespace

class TestWidgets : public QObject {
    Q_OBJECT
private slots:
    void kpiTileShowsWhatItIsGiven()
    {
        KpiTile tile(QStringLiteral("GPUs busy"));
        tile.setValue(QStringLiteral("12"));
        tile.setUnit(QStringLiteral("%"));
        tile.setDetail(QStringLiteral("of 16"));
        QCOMPARE(tile.title(), QStringLiteral("GPUs busy"));
        QCOMPARE(tile.value(), QStringLiteral("12"));
        QCOMPARE(tile.unit(), QStringLiteral("%"));
        QCOMPARE(tile.detail(), QStringLiteral("of 16"));
        QCOMPARE(tile.state(), Health::Normal);
        tile.setState(Health::Critical);
        QCOMPARE(tile.state(), Health::Critical);
    }

    void kpiTileIsTallEnoughForItsText()
    {
        KpiTile tile(QStringLiteral("Max GPU temperature"), QStringLiteral("°C"));
        tile.setValue(QStringLiteral("88"));
        tile.setDetail(QStringLiteral("hottest GPU"));
        const QFontMetrics fm(tile.font());
        // Title, a value twice the font size, and the detail line.
        QVERIFY(tile.sizeHint().height() >= fm.height() * 4);
        QFont bold = tile.font();
        bold.setWeight(QFont::DemiBold);
        QVERIFY(tile.sizeHint().width() >= QFontMetrics(bold).horizontalAdvance(QStringLiteral("Max GPU")));
    }

    void healthColoursDifferAndFollowThePalette()
    {
        for (const QPalette &p : {lightPalette(), darkPalette()}) {
            const QColor normal = healthAccent(Health::Normal, p);
            const QColor warning = healthAccent(Health::Warning, p);
            const QColor critical = healthAccent(Health::Critical, p);
            QVERIFY(normal != warning && warning != critical && normal != critical);
        }
        QVERIFY(!isDarkPalette(lightPalette()));
        QVERIFY(isDarkPalette(darkPalette()));
        // Warning text is lighter on dark backgrounds than on light ones.
        QVERIFY(healthText(Health::Warning, darkPalette()).lightness() >
                healthText(Health::Warning, lightPalette()).lightness());
    }

    void simulatedBadgeSaysSoAndFitsItsText()
    {
        SimulatedBadge badge;
        QCOMPARE(badge.text(), QStringLiteral("Simulated cluster"));
        QVERIFY(badge.sizeHint().width() > badge.fontMetrics().horizontalAdvance(badge.text()));
        QVERIFY(!badge.toolTip().isEmpty());
    }

    void heatStripHasOneCellPerGpuGroupedByNode()
    {
        GpuHeatStrip strip;
        strip.resize(1200, strip.sizeHint().height());
        strip.setGpus(twoNodes());
        QCOMPARE(strip.gpus().size(), 16);
        // Node rows: every node01 cell lies above every node02 cell, in index order.
        for (int i = 0; i < 8; ++i) {
            QVERIFY(strip.cellRect(i).bottom() < strip.cellRect(8).top());
            QCOMPARE(strip.cellRect(i).top(), strip.cellRect(0).top());
            if (i > 0)
                QVERIFY(strip.cellRect(i).left() > strip.cellRect(i - 1).right());
        }
        for (int i = 0; i < 16; ++i)
            QCOMPARE(strip.cellAt(strip.cellRect(i).center()), i);
        QCOMPARE(strip.cellAt(QPoint(0, 0)), -1);
    }

    void heatStripWrapsANodeOnANarrowWidget()
    {
        GpuHeatStrip strip;
        strip.setGpus(twoNodes());
        strip.resize(strip.minimumSizeHint().width(), 400);
        strip.show(); // a hidden widget gets its resize event only when shown
        QVERIFY(QTest::qWaitForWindowExposed(&strip));
        // One cell per row: the eight cells of node01 stack up.
        QVERIFY(strip.cellRect(1).top() > strip.cellRect(0).top());
        QVERIFY(strip.cellRect(8).top() > strip.cellRect(7).top());
        QVERIFY(strip.sizeHint().height() > 8 * strip.cellRect(0).height());
    }

    void heatStripToolTipNamesNodeGpuAndReadings()
    {
        GpuHeatStrip strip;
        QVector<GpuCell> cells = twoNodes();
        cells[11].faulted = true;
        strip.setGpus(cells);
        const QString tip = strip.cellToolTip(10); // node02 GPU 2
        QVERIFY2(tip.contains(QStringLiteral("node02")) && tip.contains(QStringLiteral("GPU 2")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("20 %")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("42 °C")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("302 W")), qPrintable(tip));
        QVERIFY(!tip.contains(QStringLiteral("Faulted")));
        QVERIFY(strip.cellToolTip(11).contains(QStringLiteral("Faulted")));
    }

    void heatStripCellSaysWhyThereIsNoReading_data()
    {
        QTest::addColumn<bool>("faulted");
        QTest::addColumn<int>("reason");
        QTest::addColumn<bool>("hasUtil");
        QTest::addColumn<QString>("label");
        QTest::newRow("reporting") << false << int(GpuCellReason::None) << true << "20%";
        QTest::newRow("no utilization reported") << false << int(GpuCellReason::None) << false << "no data";
        QTest::newRow("node down") << true << int(GpuCellReason::NodeDown) << false << "node down";
        QTest::newRow("silent") << true << int(GpuCellReason::Silent) << false << "no data";
        QTest::newRow("lost (Xid 79)") << true << int(GpuCellReason::Lost) << false << "fault";
    }
    void heatStripCellSaysWhyThereIsNoReading()
    {
        QFETCH(bool, faulted);
        QFETCH(int, reason);
        QFETCH(bool, hasUtil);
        QFETCH(QString, label);
        GpuHeatStrip strip;
        QVector<GpuCell> cells = twoNodes();
        cells[10].faulted = faulted;
        cells[10].reason = static_cast<GpuCellReason>(reason);
        if (!hasUtil)
            cells[10].util = std::numeric_limits<double>::quiet_NaN();
        strip.setGpus(cells);
        QCOMPARE(strip.cellLabel(10), label);
    }

    void heatStripDrawsFaultedGpusInRed()
    {
        GpuHeatStrip strip;
        strip.setPalette(lightPalette());
        strip.resize(1200, 200);
        QVector<GpuCell> cells = twoNodes();
        cells[3].faulted = true;
        strip.setGpus(cells);
        strip.resize(1200, strip.sizeHint().height());
        QImage image(strip.size(), QImage::Format_ARGB32);
        image.fill(Qt::transparent);
        strip.render(&image);
        const QRect faulted = strip.cellRect(3);
        const QColor red = healthAccent(Health::Critical, strip.palette());
        // The outline sits just inside the cell's edge.
        const QColor edge = image.pixelColor(faulted.left() + 1, faulted.center().y());
        QVERIFY2(qAbs(edge.red() - red.red()) < 40 && qAbs(edge.green() - red.green()) < 40, qPrintable(edge.name()));
        const QColor healthyEdge = image.pixelColor(strip.cellRect(4).left() + 1, strip.cellRect(4).center().y());
        QVERIFY(qAbs(healthyEdge.red() - red.red()) >= 40 || qAbs(healthyEdge.green() - red.green()) >= 40);
    }

    void utilizationScaleIsOrderedAndClamped()
    {
        QCOMPARE(utilizationColour(-10), utilizationColour(0));
        QCOMPARE(utilizationColour(150), utilizationColour(100));
        QVERIFY(utilizationColour(100).lightness() > utilizationColour(0).lightness());
        QVERIFY(temperatureColour(90).red() > temperatureColour(30).red());
        QCOMPARE(contrastingInk(QColor(Qt::white)).lightness() < 128, true);
        QCOMPARE(contrastingInk(QColor(0x44, 0x01, 0x54)), QColor(Qt::white));
    }

    void historyChartKeepsOnlyItsWindow()
    {
        UtilizationHistoryChart chart;
        const qint64 start = 1767225600000;
        for (int s = 0; s < 1800; ++s) // half an hour, one point a second
            chart.append(start + s * 1000, 50, 60);
        QVERIFY2(chart.pointCount() <= 601, qPrintable(QString::number(chart.pointCount())));
        QVERIFY(chart.utilizationSeries()->at(0).x() >= start + 1799 * 1000 - chart.windowMs());
        QCOMPARE(chart.temperatureSeries()->count(), chart.pointCount());

        chart.setMaxPoints(100);
        QCOMPARE(chart.pointCount(), 100);
        chart.append(start + 1800 * 1000, 51, 61);
        QCOMPARE(chart.pointCount(), 100);
    }

    void historyChartStartsOverWhenTimeGoesBack()
    {
        UtilizationHistoryChart chart;
        chart.append(2000, 10, 40);
        chart.append(3000, 20, 41);
        chart.append(1000, 30, 42);
        QCOMPARE(chart.pointCount(), 1);
    }

    void freshnessGoesStaleWithoutUpdates()
    {
        FreshnessLabel label;
        QVERIFY(label.isStale()); // nothing yet
        QVERIFY(label.text().contains(QStringLiteral("waiting")));
        label.setStaleAfterMs(150);
        label.markUpdated();
        QVERIFY(!label.isStale());
        QVERIFY2(label.text().startsWith(QStringLiteral("updated")), qPrintable(label.text()));
        QTRY_VERIFY(label.isStale());
        QTRY_VERIFY2(label.text().startsWith(QStringLiteral("no update for")), qPrintable(label.text()));
        label.markUpdated();
        QVERIFY(!label.isStale());
    }
};

QTEST_MAIN(TestWidgets)
#include "tst_widgets.moc"
