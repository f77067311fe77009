// The language helper both programs use: the built-in .qm files load, a language asked for by
// name that has no translation is refused naming those there are, an environment locale
// without one falls back to English, and the Chinese translation leaves no report string
// untranslated (every message of the .ts source is finished and differs from English where
// the words are English).
#include "backend/report/report_text.h"
#include "translations/translation_loader.h"

#include <QCoreApplication>
#include <QFile>
#include <QLibraryInfo>
#include <QTest>
#include <QXmlStreamReader>

using namespace sn;

class TestTranslationLoader : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QVERIFY(installTranslations(QStringLiteral("en"))); }

    void theBuiltInLanguagesAreThere() { QCOMPARE(availableLanguages(), QStringList({"en", "zh_CN"})); }

    void installsTheLanguageAskedFor_data()
    {
        QTest::addColumn<QString>("requested");
        QTest::addColumn<QString>("summary"); // "Summary" as the report then says it
        QTest::addColumn<QString>("localeName");
        QTest::newRow("zh_CN") << "zh_CN" << QString::fromUtf8("概要") << "zh_CN";
        QTest::newRow("zh_CN.UTF-8") << "zh_CN.UTF-8" << QString::fromUtf8("概要") << "zh_CN";
        QTest::newRow("zh-CN") << "zh-CN" << QString::fromUtf8("概要") << "zh_CN";
        QTest::newRow("en") << "en"
                            << "Summary"
                            << "en_US";
    }

    void installsTheLanguageAskedFor()
    {
        QFETCH(QString, requested);
        QFETCH(QString, summary);
        QFETCH(QString, localeName);
        auto locale = installTranslations(requested);
        QVERIFY2(locale, locale ? "" : locale.error().message.c_str());
        QCOMPARE(locale->name(), localeName);
        QCOMPARE(QLocale().name(), localeName);
        QCOMPARE(QString::fromStdString(report::ReportText::tr8("Summary")), summary);
    }

    void aSecondLanguageReplacesTheFirst()
    {
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        QCOMPARE(QString::fromStdString(report::ReportText::tr8("Recommendations")), QString::fromUtf8("建议"));
        QVERIFY(installTranslations(QStringLiteral("en")));
        QCOMPARE(QString::fromStdString(report::ReportText::tr8("Recommendations")), QStringLiteral("Recommendations"));
    }

    // Qt's own words (standard buttons) follow too when Debian's qt6-translations-l10n is there.
    void qtsOwnWordsFollowTheLanguage()
    {
        const QString dir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        if (!QFile::exists(dir + QStringLiteral("/qtbase_zh_CN.qm")))
            QSKIP("qt6-translations-l10n is not installed (scripts/deps)");
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QString::fromUtf8("取消"));
        QVERIFY(installTranslations(QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Cancel"));
    }

    void refusesALanguageItCannotShow_data()
    {
        QTest::addColumn<QString>("requested");
        QTest::addColumn<QString>("error");
        QTest::newRow("not a language") << "xx_YY"
                                        << "unknown language 'xx_YY'; the languages are: en, zh_CN";
        QTest::newRow("no translation") << "fr_FR"
                                        << "no translation for 'fr_FR'; the languages are: en, zh_CN";
    }

    void refusesALanguageItCannotShow()
    {
        QFETCH(QString, requested);
        QFETCH(QString, error);
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        const auto locale = installTranslations(requested);
        QVERIFY(!locale);
        QCOMPARE(QString::fromStdString(locale.error().message), error);
        // A refused language changes nothing.
        QCOMPARE(QString::fromStdString(report::ReportText::tr8("Summary")), QString::fromUtf8("概要"));
    }

    void theChineseTranslationIsComplete()
    {
        QFile ts(QStringLiteral(SN_SOURCE_DIR_FOR_TS "/translations/supernode_zh_CN.ts"));
        QVERIFY(ts.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&ts);
        int messages = 0;
        QStringList unfinished;
        QString source;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == u"source") {
                source = xml.readElementText();
            } else if (xml.name() == u"translation") {
                ++messages;
                const bool pending = xml.attributes().value("type") == u"unfinished";
                // A plural message holds its forms in <numerusform> children.
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                if (pending || text.trimmed().isEmpty())
                    unfinished << source;
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY2(messages > 100, qPrintable(QString::number(messages)));
        QVERIFY2(unfinished.isEmpty(), qPrintable(unfinished.join(" | ")));
    }
};

QTEST_MAIN(TestTranslationLoader)
#include "tst_translation_loader.moc"
