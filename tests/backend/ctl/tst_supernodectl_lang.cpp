// supernodectl's human output follows the language (LC_ALL/LANG, or --lang for any command): the real
// binary in zh_CN prints Chinese labels, messages and usage errors, while --json keys and exit
// codes stay the same; in C/en the output is the English the other ctl tests expect.
#include "tests/backend/ctl/ctl_process.h"

#include <QTest>

using sn::test::ctl;

class TestSupernodectlLang : public QObject {
    Q_OBJECT
private slots:
    void statusSpeaksTheLocale_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("lines"); // each must be in the output
        QTest::addColumn<QString>("absent");    // must not be
        const QStringList zh = {QString::fromUtf8("集群           demo-supernode  （模拟）"),
                                QString::fromUtf8("在线节点       2 / 2"), QString::fromUtf8("GPU 利用率     平均 "),
                                QString::fromUtf8("显存           "), QString::fromUtf8("个未处理")};
        const QStringList en = {"cluster        demo-supernode  (simulated)", "nodes up       2 of 2",
                                "GPU util       mean ", "GPU memory     ", " open"};
        QTest::newRow("LC_ALL=zh_CN.UTF-8")
            << "zh_CN.UTF-8" << QStringList{"status", "--after", "1"} << zh << "nodes up";
        QTest::newRow("--lang zh_CN") << "C.UTF-8" << QStringList{"--lang", "zh_CN", "status", "--after", "1"} << zh
                                      << "nodes up";
        QTest::newRow("LC_ALL=C.UTF-8") << "C.UTF-8" << QStringList{"status", "--after", "1"} << en
                                        << QString::fromUtf8("节点");
        QTest::newRow("LC_ALL=zh_CN, --lang en")
            << "zh_CN.UTF-8" << QStringList{"--lang", "en", "status", "--after", "1"} << en
            << QString::fromUtf8("节点");
    }

    void statusSpeaksTheLocale()
    {
        QFETCH(QString, locale);
        QFETCH(QStringList, args);
        QFETCH(QStringList, lines);
        QFETCH(QString, absent);
        const auto r = ctl(args, locale);
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        for (const QString &line : lines)
            QVERIFY2(out.contains(line), qPrintable(line + " not in:\n" + out));
        QVERIFY2(!out.contains(absent), qPrintable(out));
    }

    void simRunInChinese()
    {
        const auto r = ctl({"sim", "run", "--seconds", "2"}, QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.startsWith(QString::fromUtf8("已模拟 2 秒（种子 ")), qPrintable(out));
        QVERIFY2(out.contains(QString::fromUtf8("事件（")), qPrintable(out));
        const auto faults = ctl({"sim", "faults"}, QStringLiteral("zh_CN.UTF-8"));
        QVERIFY2(QString::fromUtf8(faults.out).contains(QString::fromUtf8("gpu-overheat  （默认持续 ")),
                 faults.out.constData());
    }

    void usageErrorsInChineseKeepTheirExitCode()
    {
        const auto r = ctl({"sim", "bogus"}, QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(QString::fromUtf8(r.err),
                 QString::fromUtf8("supernodectl: 未知的 sim 子命令 'bogus'\n运行 'supernodectl --help' 查看用法。\n"));
        const auto english = ctl({"sim", "bogus"});
        QCOMPARE(english.exitCode, 2);
        QCOMPARE(english.err, QByteArray("supernodectl: unknown sim subcommand 'bogus'\n"
                                         "Run 'supernodectl --help' for usage.\n"));
    }

    void helpInChinese()
    {
        const auto zh = ctl({"--help"}, QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(zh.exitCode, 0);
        const QString text = QString::fromUtf8(zh.out);
        QVERIFY2(text.startsWith(QString::fromUtf8("用法：supernodectl [--json]")), qPrintable(text.left(200)));
        QVERIFY(text.contains(QString::fromUtf8("退出码：0 成功，1 请求失败，2 用法错误，3 输入无效，4 引擎不可用。")));
        QVERIFY(ctl({"--help"}).out.startsWith("usage: supernodectl [--json]"));
    }

    void jsonIsTheSameInEveryLanguage()
    {
        const auto zh = sn::test::json(ctl({"status", "--after", "1", "--json"}, QStringLiteral("zh_CN.UTF-8")));
        const auto en = sn::test::json(ctl({"status", "--after", "1", "--json"}));
        QVERIFY(zh.contains("nodes_up"));
        QCOMPARE(zh.keys(), en.keys());
        QCOMPARE(zh.value("cluster_name"), en.value("cluster_name"));
    }

    void anUnknownLanguageIsAUsageError()
    {
        const auto r = ctl({"--lang", "xx_YY", "status"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("unknown language 'xx_YY'; the languages are: en, zh_CN"), r.err.constData());
    }
};

QTEST_MAIN(TestSupernodectlLang)
#include "tst_supernodectl_lang.moc"
