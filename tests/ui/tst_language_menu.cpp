// Switching the console's language at run time: the Language menu installs zh_CN and the main
// window's navigation, menus, page titles and status bar become Chinese without a restart,
// keeping the page shown; English brings the English back. The choice is saved only when the
// window remembers its state, and a saved choice is what the next start reads.
#include "backend/engine/local_engine.h"
#include "backend/sim/super_node_topology.h"
#include "translations/translation_loader.h"
#include "ui/language_menu.h"
#include "ui/main_window.h"
#include "widgets/simulated_badge.h"

#include <QAction>
#include <QGroupBox>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
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

QStringList navigationTitles(const MainWindow &window)
{
    QStringList titles;
    const auto *nav = window.findChild<QListWidget *>(QStringLiteral("navigation"));
    for (int i = 0; nav && i < nav->count(); ++i)
        titles << nav->item(i)->text();
    return titles;
}

QStringList menuTitles(const MainWindow &window)
{
    QStringList titles;
    for (QAction *action : window.menuBar()->actions())
        titles << action->text();
    return titles;
}

// Every label text and group title on a page, to find a page's own words in it.
QString pageText(const MainWindow &window, const QString &id)
{
    QStringList texts;
    for (const QLabel *label : window.page(id)->findChildren<QLabel *>())
        texts << label->text();
    for (const QGroupBox *box : window.page(id)->findChildren<QGroupBox *>())
        texts << box->title();
    return texts.join(QLatin1Char('\n'));
}

void trigger(MainWindow &window, const QString &actionName)
{
    auto *action = window.findChild<QAction *>(actionName);
    QVERIFY2(action, qPrintable(actionName));
    action->trigger();
}
} // namespace

class TestLanguageMenu : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings(QStringLiteral("SuperNode"), QStringLiteral("SuperNode Console")).clear();
    }
    void init() { QVERIFY(installTranslations(QStringLiteral("en"))); }
    void cleanup() { QVERIFY(installTranslations(QStringLiteral("en"))); }

    void switchesToChineseAndBackWithoutRestart()
    {
        auto engine = virtualEngine();
        MainWindow window(*engine, forgetful());
        window.show();
        QVERIFY(window.setCurrentPage(QStringLiteral("gpus")));
        QCOMPARE(navigationTitles(window).constFirst(), QStringLiteral("Overview"));

        trigger(window, QStringLiteral("language-zh_CN"));
        QTRY_COMPARE(navigationTitles(window),
                     QStringList({QString::fromUtf8("概览"), QString::fromUtf8("拓扑"), QStringLiteral("GPU"),
                                  QString::fromUtf8("日志与异常"), QString::fromUtf8("作业"), QString::fromUtf8("报告"),
                                  QString::fromUtf8("部署")}));
        QCOMPARE(window.currentPage(), QStringLiteral("gpus")); // the page shown stays
        QCOMPARE(menuTitles(window), QStringList({QString::fromUtf8("文件(&F)"), QString::fromUtf8("连接(&C)"),
                                                  QString::fromUtf8("转到(&G)"), QString::fromUtf8("语言(&L)")}));
        QVERIFY2(pageText(window, QStringLiteral("overview")).contains(QString::fromUtf8("按节点查看 GPU")),
                 qPrintable(pageText(window, QStringLiteral("overview"))));
        QTRY_VERIFY2(pageText(window, QStringLiteral("gpus")).contains(QString::fromUtf8("GPU — demo-supernode")),
                     qPrintable(pageText(window, QStringLiteral("gpus"))));
        // The engine's own word for where it runs too (LocalEngine::description()).
        QTRY_VERIFY2(window.connectionLabel()->text().startsWith(QString::fromUtf8("引擎：内嵌")),
                     qPrintable(window.connectionLabel()->text()));
        QTRY_VERIFY(window.windowTitle().endsWith(QString::fromUtf8("SuperNode 控制台")));
        QCOMPARE(window.findChild<SimulatedBadge *>()->text(), QString::fromUtf8("模拟集群"));
        // One menu bar's worth of menus: the old ones went with the old language.
        QTRY_COMPARE(window.findChildren<LanguageMenu *>().size(), 1);

        trigger(window, QStringLiteral("language-en"));
        QTRY_COMPARE(navigationTitles(window).constFirst(), QStringLiteral("Overview"));
        QCOMPARE(menuTitles(window), QStringList({"&File", "&Connection", "&Go", "&Language"}));
        QVERIFY(pageText(window, QStringLiteral("overview")).contains(QStringLiteral("GPUs by node")));
        QCOMPARE(window.findChild<SimulatedBadge *>()->text(), QStringLiteral("Simulated cluster"));
        QCOMPARE(window.currentPage(), QStringLiteral("gpus"));
        // The shortcuts still go to the pages after a rebuild.
        QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
        QCOMPARE(window.currentPage(), QStringLiteral("overview"));
    }

    void theChoiceIsCheckedAndSavedOnlyWhenRemembered()
    {
        auto engine = virtualEngine();
        {
            MainWindow window(*engine, forgetful());
            trigger(window, QStringLiteral("language-zh_CN"));
            QVERIFY(window.findChild<QAction *>(QStringLiteral("language-zh_CN"))->isChecked());
            QCOMPARE(savedConsoleLanguage(), QString()); // a forgetful window leaves settings alone
        }
        LanguageMenu remembering(true);
        QVERIFY(remembering.choose(QStringLiteral("zh_CN")));
        QCOMPARE(savedConsoleLanguage(), QStringLiteral("zh_CN"));
        LanguageMenu next(true); // the next start shows what was saved as checked
        QCOMPARE(next.chosen(), QStringLiteral("zh_CN"));
        QVERIFY(next.findChild<QAction *>(QStringLiteral("language-zh_CN"))->isChecked());
        QVERIFY(remembering.choose(QString())); // System
        QCOMPARE(savedConsoleLanguage(), QString());
    }
};

QTEST_MAIN(TestLanguageMenu)
#include "tst_language_menu.moc"
