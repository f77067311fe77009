// SparkChart, the GPUs page's hand-painted small multiple: the line lands where its points say,
// the value axis widens for a value above a fixed range and speaks the user's locale, markers in
// the window are drawn and named on hover, the hover value is the stored point nearest in time,
// points are replaced whole, and a click is reported.
#include "widgets/spark_chart.h"

#include <QImage>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <limits>

using namespace sn;

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// How far a pixel's colour is from the line's (Highlight) colour.
int distanceToLine(const QImage &image, const QPoint &at, const QColor &line)
{
    const QColor c = image.pixelColor(at);
    return std::abs(c.red() - line.red()) + std::abs(c.green() - line.green()) + std::abs(c.blue() - line.blue());
}

// A flat line at value over one minute, 0..100 %.
void flatLine(SparkChart &chart, double value)
{
    chart.setUnit(QStringLiteral("%"));
    chart.setValueRange(0, 100);
    chart.setTimeRange(0, 60000);
    QList<QPointF> points;
    for (int i = 0; i <= 60; ++i)
        points << QPointF(i * 1000, value);
    chart.setPoints(points);
}
} // namespace

class TestSparkChart : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QLocale::setDefault(QLocale::c()); }

    void theLineIsDrawnWhereItsValueIs_data()
    {
        QTest::addColumn<double>("value");
        QTest::newRow("low") << 20.0;
        QTest::newRow("middle") << 50.0;
        QTest::newRow("high") << 85.0;
    }
    void theLineIsDrawnWhereItsValueIs()
    {
        QFETCH(double, value);
        SparkChart chart;
        chart.resize(400, 200);
        flatLine(chart, value);
        const QImage image = chart.grab().toImage();
        const QRect plot = chart.plotRect();
        const QColor line = chart.palette().color(QPalette::Highlight);
        const int y = plot.bottom() - static_cast<int>(std::lround(value / 100.0 * plot.height()));
        const int x = plot.center().x() + 7; // off the middle grid line
        int nearest = 1000;
        for (int dy = -1; dy <= 1; ++dy) // an antialiased line may straddle two rows (half its colour each)
            nearest = std::min(nearest, distanceToLine(image, QPoint(x, y + dy), line));
        QVERIFY2(nearest < 200, qPrintable(QStringLiteral("no line at y=%1 (distance %2)").arg(y).arg(nearest)));
        // And nowhere else in that column.
        for (int yy = plot.top() + 2; yy < plot.bottom() - 2; ++yy)
            if (std::abs(yy - y) > 3)
                QVERIFY2(distanceToLine(image, QPoint(x, yy), line) > 250, qPrintable(QString::number(yy)));
    }

    void pointsAreReplacedWholeAndTheScaleWidensAboveAFixedRange()
    {
        SparkChart chart;
        chart.resize(400, 200);
        flatLine(chart, 50);
        QCOMPARE(chart.pointCount(), 61);
        QCOMPARE(chart.valueScale().max, 100.0);
        chart.setPoints({QPointF(0, 20), QPointF(1000, 130)});
        QCOMPARE(chart.pointCount(), 2);
        QCOMPARE(chart.drawnPointCount(), 2);
        QVERIFY(chart.valueScale().max >= 130); // never cut off
        QCOMPARE(chart.valueScale().min, 0.0);
        chart.setPoints({});
        QCOMPARE(chart.pointCount(), 0);
        QCOMPARE(chart.valueScale().max, 100.0);
        QVERIFY(chart.plotWidth() > 200 && chart.plotWidth() < 400);
    }

    void axisLabelsSpeakTheUsersLocale()
    {
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        SparkChart chart;
        chart.resize(400, 200);
        chart.setUnit(QStringLiteral("GB/s"));
        chart.setValueRange(kNaN, kNaN); // follow the data
        chart.setPoints({QPointF(0, 0.1), QPointF(1000, 0.45)});
        const QStringList labels = chart.valueLabels();
        QVERIFY2(labels.size() >= 3, qPrintable(labels.join('|')));
        QCOMPARE(labels.first(), QStringLiteral("0,00"));
        QCOMPARE(labels.at(1), QStringLiteral("0,25")); // a quarter step keeps its second decimal
        QVERIFY2(labels.last().endsWith(QStringLiteral(" GB/s")), qPrintable(labels.last()));
        // A day's window is labelled in hours and minutes.
        chart.setTimeRange(0, 24 * 3600 * 1000LL);
        QVERIFY(chart.timeLabels().size() == 3);
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d\\d:\\d\\d$")).match(chart.timeLabels().first()).hasMatch(),
                 qPrintable(chart.timeLabels().first()));
        // A user in the United States reads the clock with AM and PM; minutes get their seconds.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        SparkChart us;
        us.resize(400, 200);
        us.setTimeRange(13 * 3600 * 1000LL, 13 * 3600 * 1000LL + 10 * 60 * 1000);
        const QString first = us.timeLabels().first();
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d{1,2}:\\d\\d:\\d\\d.?[AP]M$")).match(first).hasMatch(),
                 qPrintable(first)); // (CLDR puts a narrow space before AM)
    }

    void hoverShowsTheStoredValueNearestInTime()
    {
        SparkChart chart;
        chart.resize(400, 200);
        chart.setUnit(QStringLiteral("%"));
        chart.setValueRange(0, 100);
        chart.setTimeRange(0, 60000);
        QList<QPointF> points;
        for (int i = 0; i <= 60; ++i)
            points << QPointF(i * 1000, i); // the value is the second
        chart.setPoints(points);
        const QRect plot = chart.plotRect();
        const auto xAt = [&](double ms) {
            return plot.left() + static_cast<int>(std::lround(ms * plot.width() / 60000));
        };
        QVERIFY2(chart.toolTipAt(QPoint(xAt(30200), plot.center().y())).startsWith(QStringLiteral("30 %")),
                 qPrintable(chart.toolTipAt(QPoint(xAt(30200), plot.center().y()))));
        QVERIFY(chart.toolTipAt(QPoint(xAt(44800), plot.center().y())).startsWith(QStringLiteral("45 %")));
        QVERIFY(chart.toolTipAt(QPoint(plot.left() - 30, plot.center().y())).isEmpty()); // on the labels
        chart.setPoints({});
        QVERIFY(chart.toolTipAt(plot.center()).isEmpty());
    }

    void markersInTheWindowAreDrawnAndNamed()
    {
        SparkChart chart;
        chart.resize(400, 200);
        flatLine(chart, 10);
        const QColor markerColour(0x00, 0xc0, 0x00);
        chart.setMarkers(
            {{30000, QStringLiteral("job 7 started"), markerColour}, {90000, QStringLiteral("outside"), markerColour}});
        QCOMPARE(chart.markers().size(), 2);
        const QRect plot = chart.plotRect();
        const int x = plot.left() + plot.width() / 2;
        QVERIFY(chart.toolTipAt(QPoint(x, plot.top() + 5)).startsWith(QStringLiteral("job 7 started")));
        const QImage image = chart.grab().toImage();
        int greenRows = 0;
        for (int y = plot.top(); y < plot.bottom(); ++y)
            greenRows += distanceToLine(image, QPoint(x, y), markerColour) < 60 ||
                         distanceToLine(image, QPoint(x - 1, y), markerColour) < 60;
        QVERIFY2(greenRows > plot.height() / 3, qPrintable(QString::number(greenRows))); // dashed
        for (int y = plot.top(); y < plot.bottom(); ++y) // nothing at the right edge for the outside one
            QVERIFY(distanceToLine(image, QPoint(plot.right() - 2, y), markerColour) >= 60);
    }

    void aClickIsReported()
    {
        SparkChart chart;
        chart.resize(300, 150);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QSignalSpy clicked(&chart, &SparkChart::clicked);
        QTest::mouseClick(&chart, Qt::LeftButton, {}, chart.rect().center());
        QCOMPARE(clicked.count(), 1);
        QTest::mouseClick(&chart, Qt::RightButton, {}, chart.rect().center());
        QCOMPARE(clicked.count(), 1);
        // From the keyboard: Tab reaches it, Enter or Space opens it, the frame shows the focus.
        QVERIFY(chart.focusPolicy() & Qt::TabFocus);
        chart.setFocus();
        QTest::keyClick(&chart, Qt::Key_Return);
        QTest::keyClick(&chart, Qt::Key_Space);
        QCOMPARE(clicked.count(), 3);
        QTest::keyClick(&chart, Qt::Key_A);
        QCOMPARE(clicked.count(), 3);
    }
};

QTEST_MAIN(TestSparkChart)
#include "tst_spark_chart.moc"
