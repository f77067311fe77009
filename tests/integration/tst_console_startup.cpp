// The console as a user starts it: a headless screenshot of live simulated numbers, and a clear
// message instead of a Qt abort when there is no display.
#include <QImage>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString supernode()
{
    return qEnvironmentVariable("SN_BINARY_DIR") + "/app/supernode/supernode";
}

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run start(const QStringList &args, const QProcessEnvironment &env)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(supernode(), args);
    if (!p.waitForFinished(120000))
        qFatal("supernode did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

QProcessEnvironment headless()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.remove("QT_QPA_PLATFORM");
    return env;
}

// Distinct colours in a coarse grid of the image: a blank or single-colour window has few.
int distinctColours(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    return colours.size();
}

} // namespace

class TestConsoleStartup : public QObject {
    Q_OBJECT
private slots:
    void screenshotOfTheOverviewShowsLiveNumbers()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath("overview.png");
        QProcessEnvironment env = headless();
        env.insert("QT_QPA_PLATFORM", "offscreen");
        const Run r = start({"--screenshot", png, "--after", "3"}, env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 1000 && image.height() >= 700);
        QVERIFY2(distinctColours(image) > 40, qPrintable(QString::number(distinctColours(image))));
    }

    void screenshotOfEachBuiltPageIsNotBlank_data()
    {
        QTest::addColumn<QString>("page");
        QTest::newRow("overview") << "overview";
        QTest::newRow("topology") << "topology";
        QTest::newRow("gpus") << "gpus";
        QTest::newRow("logs") << "logs";
        QTest::newRow("jobs") << "jobs";
        QTest::newRow("reports") << "reports";
        QTest::newRow("setup") << "setup";
    }
    void screenshotOfEachBuiltPageIsNotBlank()
    {
        QFETCH(QString, page);
        QTemporaryDir dir;
        const QString png = dir.filePath(page + ".png");
        QProcessEnvironment env = headless();
        env.insert("QT_QPA_PLATFORM", "offscreen");
        const Run r = start({"--screenshot", png, "--page", page, "--after", "3"}, env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 1000 && image.height() >= 700);
        // Tiles, lines, charts, tables and text: far more than a blank or placeholder page has.
        QVERIFY2(distinctColours(image) > 40, qPrintable(QString::number(distinctColours(image))));
    }

    // High DPI: at a scale factor of 2 the screenshot has twice the pixels, drawn, not blank.
    void screenshotAtScaleTwoIsSharpAndNotBlank()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath("topology@2x.png");
        QProcessEnvironment env = headless();
        env.insert("QT_QPA_PLATFORM", "offscreen");
        env.insert("QT_SCALE_FACTOR", "2");
        const Run r = start({"--screenshot", png, "--page", "topology", "--after", "3"}, env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QImage image(png);
        QVERIFY2(image.width() >= 2000 && image.height() >= 1400,
                 qPrintable(QStringLiteral("%1 x %2").arg(image.width()).arg(image.height())));
        QVERIFY2(distinctColours(image) > 40, qPrintable(QString::number(distinctColours(image))));
    }

    void screenshotOfTheConnectionEditorShowsItsInlineChecks()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath("connection.png");
        const Run r = start({"--screenshot", png, "--dialog", "connection", "--after", "1"}, headless());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 600 && image.height() >= 300);
        // The example's files are not there: their problems are drawn in the error colour.
        bool red = false;
        for (int y = 0; y < image.height() && !red; ++y)
            for (int x = 0; x < image.width() && !red; ++x)
                red = image.pixelColor(x, y) == QColor(0xd3, 0x2f, 0x2f);
        QVERIFY(red);
    }

    void screenshotWorksWithNoDisplayAtAll()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath("jobs.png");
        const Run r = start({"--screenshot", png, "--page", "jobs", "--after", "1"}, headless());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(!QImage(png).isNull());
    }

    void noDisplaySaysHowToRunHeadless()
    {
        const Run r = start({}, headless());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("QT_QPA_PLATFORM=offscreen"), r.err.constData());
        QVERIFY(r.err.contains("--screenshot"));
    }

    void unknownPageIsAnErrorListingThePages()
    {
        const Run r = start({"--screenshot", "/tmp/x.png", "--page", "kitchen"}, headless());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("overview") && r.err.contains("topology"), r.err.constData());
    }

    void badConfigIsReportedWithItsPlace()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("cluster.yaml"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("apiVersion: supernode/v1\nkind: Cluster\nmetadata: {name: [\n");
        f.close();
        const Run r = start({"--config", f.fileName(), "--screenshot", dir.filePath("s.png")}, headless());
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("cluster.yaml:"), r.err.constData());
    }

    void versionIsPrinted()
    {
        const Run r = start({"--version"}, headless());
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("supernode 0."));
    }
};

QTEST_GUILESS_MAIN(TestConsoleStartup)
#include "tst_console_startup.moc"
