// Engine messages reach a Chinese user in Chinese: the real cluster.yaml parser's errors (and the
// connection and permission messages the catalogue holds) are translated at display, keep their
// file:line:column and the user's own text, and come back unchanged in English or when the
// catalogue does not know them.
#include "backend/model/cluster_yaml.h"
#include "translations/engine_message.h"
#include "translations/translation_loader.h"

#include <QTest>

using namespace sn;

class TestEngineMessage : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QVERIFY(installTranslations(QStringLiteral("en"))); }

    void clusterYamlErrorsInChinese_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("english"); // a part of the parser's own message
        QTest::addColumn<QString>("chinese"); // the whole translation after "cluster.yaml:L:C: "
        const QString head = QStringLiteral("apiVersion: supernode/v1\nkind: Cluster\nmetadata:\n  name: c\n");
        QTest::newRow("unknown key, with a suggestion")
            << head + "nodez: []\n"
            << "unknown key 'nodez' at the top level (did you mean 'nodes'?"
            << QString::fromUtf8("顶层的未知键 'nodez'（是否想写 'nodes'？可用的键：");
        QTest::newRow("wrong kind") << QStringLiteral("apiVersion: supernode/v1\nkind: Clusterr\n")
                                    << "'kind' must be Cluster, got \"Clusterr\""
                                    << QString::fromUtf8("'kind' 必须为 Cluster，实际为 \"Clusterr\"");
        QTest::newRow("a number expected") << head + "nodes:\n  - name: n1\n    address: 10.0.0.1\n    gpus: many\n"
                                           << "'nodes[0].gpus' expects" << QString::fromUtf8("'nodes[0].gpus' 应为");
        QTest::newRow("invalid YAML") << QStringLiteral("apiVersion: [\n")
                                      << "invalid YAML: " << QString::fromUtf8("YAML 无效：");
        QTest::newRow("empty file") << QString() << "the file is empty"
                                    << QString::fromUtf8("文件为空：集群定义应以 'apiVersion: ");
    }

    void clusterYamlErrorsInChinese()
    {
        QFETCH(QString, yaml);
        QFETCH(QString, english);
        QFETCH(QString, chinese);
        const auto spec = parseClusterYaml(yaml.toStdString(), "cluster.yaml");
        QVERIFY(!spec);
        const QString message = QString::fromStdString(spec.error().message);
        QVERIFY2(message.contains(english), qPrintable(message));
        QCOMPARE(errorText(spec.error()), message); // English: as the engine wrote it
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        const QString translated = errorText(spec.error());
        QVERIFY2(translated.startsWith(QStringLiteral("cluster.yaml:")), qPrintable(translated));
        QVERIFY2(translated.contains(chinese), qPrintable(message + "\n" + translated));
    }

    void aMissingFileInChinese()
    {
        const auto spec = loadClusterYaml("/nonexistent/cluster.yaml");
        QVERIFY(!spec);
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        QCOMPARE(errorText(spec.error()), QString::fromUtf8("无法读取集群文件 /nonexistent/cluster.yaml：文件不存在"));
    }

    // Causes nest: each part that is itself a known message is translated too; the user's quoted
    // text and an unknown inner cause (gRPC's own words) stay as they are.
    void nestedAndUnknownMessages_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("chinese");
        QTest::newRow("permission") << "SetClock needs the role operator; 'grafana' is viewer"
                                    << QString::fromUtf8("SetClock 需要 operator 角色；'grafana' 的角色是 viewer");
        QTest::newRow("nested cause")
            << "the engine daemon is unavailable: failed to connect to all addresses; last error: UNKNOWN: x"
            << QString::fromUtf8("引擎守护进程不可用：无法连接到任何地址；最后一个错误：UNKNOWN: x");
        QTest::newRow("not authenticated") << "not authenticated: the token is not known to this daemon"
                                           << QString::fromUtf8("未通过身份验证：此守护进程不认识该令牌");
        QTest::newRow("quoted user text is kept") << "'in a' must not be empty" << QString::fromUtf8("'in a' 不能为空");
        QTest::newRow("unknown message") << "the scheduler is thinking"
                                         << "the scheduler is thinking";
        QTest::newRow("placeholder-like user text") << "'%2' must not be empty" << QString::fromUtf8("'%2' 不能为空");
    }

    void nestedAndUnknownMessages()
    {
        QFETCH(QString, message);
        QFETCH(QString, chinese);
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        QCOMPARE(engineMessageText(message), chinese);
    }

    // Every pattern of the catalogue has its Chinese (translations_current checks the .ts; this
    // checks the compiled catalogue the program carries).
    void everyPatternIsTranslated()
    {
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        for (const QString &pattern : engineMessagePatterns()) {
            const QString zh = QCoreApplication::translate("sn::EngineMessage", pattern.toUtf8().constData());
            QVERIFY2(zh != pattern || pattern.startsWith('%'), qPrintable(pattern));
        }
    }
};

QTEST_GUILESS_MAIN(TestEngineMessage)
#include "tst_engine_message.moc"
