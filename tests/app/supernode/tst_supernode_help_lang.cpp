// `supernode --help` and the console's command-line errors come before QApplication exists and
// still speak the user's language: the real binary under LANG=zh_CN.UTF-8 (or --lang zh_CN)
// prints Chinese option descriptions, under C.UTF-8 (or --lang en) the English ones, with no
// display and the same exit codes.
#include <QProcess>
#include <QTest>

namespace {

struct Run {
    int exitCode = -1;
    QString out, err;
};

Run supernode(const QStringList &args, const QString &lang)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"LC_ALL", "LC_MESSAGES", "LANGUAGE", "DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("LANG"), lang);
    p.setProcessEnvironment(env);
    p.start(qEnvironmentVariable("SN_BINARY_DIR") + "/app/supernode/supernode", args);
    if (!p.waitForFinished(60000))
        qFatal("supernode did not finish");
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

} // namespace

class TestSupernodeHelpLang : public QObject {
    Q_OBJECT
private slots:
    void helpFollowsTheLanguage_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("present");
        QTest::addColumn<QString>("absent");
        const QStringList zh = {QString::fromUtf8("SuperNode 控制台"), QString::fromUtf8("显示此帮助。"),
                                "--screenshot <FILE.png>", "--lang <LANG>", "supernode"};
        const QStringList en = {"SuperNode Console: set up, watch and run a GPU super node.", "Show this help.",
                                "--screenshot <FILE.png>", "Usage: supernode"};
        QTest::newRow("LANG=zh_CN.UTF-8") << "zh_CN.UTF-8" << QStringList{"--help"} << zh << "Show this help.";
        QTest::newRow("--lang zh_CN") << "C.UTF-8" << QStringList{"--lang", "zh_CN", "--help"} << zh
                                      << "Show this help.";
        QTest::newRow("LANG=C.UTF-8") << "C.UTF-8" << QStringList{"--help"} << en << QString::fromUtf8("显示");
        QTest::newRow("LANG=zh_CN, --lang=en")
            << "zh_CN.UTF-8" << QStringList{"--lang=en", "-h"} << en << QString::fromUtf8("显示");
    }

    void helpFollowsTheLanguage()
    {
        QFETCH(QString, lang);
        QFETCH(QStringList, args);
        QFETCH(QStringList, present);
        QFETCH(QString, absent);
        const Run r = supernode(args, lang);
        QCOMPARE(r.exitCode, 0);
        for (const QString &text : present)
            QVERIFY2(r.out.contains(text), qPrintable(text + " not in:\n" + r.out));
        QVERIFY2(!r.out.contains(absent), qPrintable(r.out));
        QVERIFY2(!r.out.contains("<executable_name>") && !r.out.contains("app/supernode"), qPrintable(r.out));
    }

    void errorsFollowTheLanguage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("chinese");
        QTest::addColumn<QString>("english");
        QTest::newRow("unknown page") << QStringList{"--page", "nowhere"}
                                      << QString::fromUtf8("supernode：未知页面 'nowhere'；可用页面：overview")
                                      << "supernode: unknown page 'nowhere'; the pages are: overview";
        QTest::newRow("--after") << QStringList{"--after", "soon"}
                                 << QString::fromUtf8("supernode：--after 需要 0 到 3600 之间的秒数，实际为 'soon'")
                                 << "supernode: --after needs a number of seconds between 0 and 3600, got 'soon'";
        QTest::newRow("unexpected argument")
            << QStringList{"extra"} << QString::fromUtf8("运行 'supernode --help' 查看用法。")
            << "Run 'supernode --help' for usage.";
        QTest::newRow("no display") << QStringList{} << QString::fromUtf8("supernode：找不到显示器。")
                                    << "supernode: no display found.";
    }

    void errorsFollowTheLanguage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, chinese);
        QFETCH(QString, english);
        const Run zh = supernode(args, QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(zh.exitCode, 2);
        QVERIFY2(zh.err.contains(chinese), qPrintable(zh.err));
        const Run en = supernode(args, QStringLiteral("C.UTF-8"));
        QCOMPARE(en.exitCode, 2);
        QVERIFY2(en.err.contains(english), qPrintable(en.err));
    }
};

QTEST_GUILESS_MAIN(TestSupernodeHelpLang)
#include "tst_supernode_help_lang.moc"
