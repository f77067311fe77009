// No clipped or overflowing text, in English and in Chinese: every console page at the window's
// first-start size, every setup wizard page at the wizard's size and the job submit dialog are
// built on a LocalEngine in virtual time and searched for a one-line label, a button, a group
// box title or a header section narrower than its text (tests/ui/text_fit.h). A surface made
// with a deliberately too-long text proves the search finds what it should.
#include "backend/engine/local_engine.h"
#include "backend/sim/super_node_topology.h"
#include "tests/ui/text_fit.h"
#include "translations/translation_loader.h"
#include "ui/job_submit_dialog.h"
#include "ui/main_window.h"
#include "ui/setup/setup_wizard.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

#include <memory>

using namespace sn;

namespace {

std::unique_ptr<LocalEngine> virtualEngine()
{
    LocalEngine::Options options;
    options.engine.spec = sim::defaultSimulatedSpec();
    options.engine.virtualTime = true;
    return std::make_unique<LocalEngine>(std::move(options));
}

MainWindowOptions forgetful()
{
    MainWindowOptions o;
    o.rememberState = false;
    o.summaryIntervalMs = 100;
    return o;
}

void settle(QWidget &w)
{
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTest::qWait(400); // the first replies from the engine fill the tables
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest); // laid out for the last text set
}

} // namespace

class TestTextFits : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QVERIFY(installTranslations(QStringLiteral("en"))); }

    void consolePages_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("page");
        for (const char *language : {"en", "zh_CN"})
            for (const QString &page : MainWindow::pageIds())
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(language, page))) << language << page;
    }

    void consolePages()
    {
        QFETCH(QString, language);
        QFETCH(QString, page);
        QVERIFY(installTranslations(language));
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        QVERIFY(window.setCurrentPage(page));
        settle(window);
        const QStringList found = test::textThatDoesNotFit(&window);
        QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
    }

    void setupWizardPages_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("page");
        const QStringList names = {"start",   "nodes",  "discover", "profile", "checks",
                                   "network", "policy", "security", "apply",   "done"};
        for (const char *language : {"en", "zh_CN"})
            for (int id = SetupWizard::Start; id <= SetupWizard::Done; ++id)
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(language, names[id]))) << language << id;
    }

    void setupWizardPages()
    {
        QFETCH(QString, language);
        QFETCH(int, page);
        QVERIFY(installTranslations(language));
        SetupWizard wizard(SetupWizardOptions{}); // nothing saved; no nodes, so nothing is contacted
        wizard.setStartId(page);
        wizard.restart();
        settle(wizard);
        QCOMPARE(wizard.currentId(), page);
        const QStringList found = test::textThatDoesNotFit(&wizard);
        QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
    }

    void submitDialog_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << "en";
        QTest::newRow("zh_CN") << "zh_CN";
    }

    void submitDialog()
    {
        QFETCH(QString, language);
        QVERIFY(installTranslations(language));
        auto engine = virtualEngine();
        JobSubmitDialog dialog(*engine);
        dialog.applyTemplate(JobSubmitDialog::MultiNodeGangTraining);
        settle(dialog);
        const QStringList found = test::textThatDoesNotFit(&dialog);
        QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
    }

    // The search can fail: text made too long for its place is found, by kind.
    void tooLongTextIsFound_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("label") << "QLabel";
        QTest::newRow("button") << "QPushButton";
        QTest::newRow("header") << "QHeaderView";
        QTest::newRow("nothing too long") << QString();
    }

    void tooLongTextIsFound()
    {
        QFETCH(QString, kind);
        const QString longText = QString::fromUtf8("这段文字故意写得很长，放不进给它的位置 — deliberately too long");
        QWidget surface;
        surface.setObjectName(QStringLiteral("surface"));
        auto *layout = new QHBoxLayout(&surface);
        auto *label = new QLabel(kind == QLatin1String("QLabel") ? longText : QStringLiteral("ok"));
        label->setFixedWidth(120);
        auto *button = new QPushButton(kind == QLatin1String("QPushButton") ? longText : QStringLiteral("ok"));
        button->setFixedWidth(120);
        auto *table = new QTableWidget(1, 2);
        table->setHorizontalHeaderLabels(
            {kind == QLatin1String("QHeaderView") ? longText : QStringLiteral("a"), QStringLiteral("b")});
        table->setColumnWidth(0, 80);
        layout->addWidget(label);
        layout->addWidget(button);
        layout->addWidget(table);
        surface.resize(900, 300);
        settle(surface);
        const QStringList found = test::textThatDoesNotFit(&surface);
        if (kind.isEmpty()) {
            QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
            return;
        }
        QCOMPARE(found.size(), 1);
        QVERIFY2(found.front().contains(kind) && found.front().contains(QString::fromUtf8("这段文字")),
                 qPrintable(found.front()));
    }
};

QTEST_MAIN(TestTextFits)
#include "tst_text_fits.moc"
