#include "translations/translation_loader.h"

#include <QCoreApplication>
#include <QFile>
#include <QPointer>
#include <QTranslator>

namespace sn {

namespace {

QString qmPath(const QString &language)
{
    return QStringLiteral(":/i18n/supernode_%1.qm").arg(language);
}

// "zh_CN.UTF-8" -> "zh_CN"; "zh-CN" -> "zh_CN".
QString languageName(const QString &text)
{
    QString name = text.section(QLatin1Char('.'), 0, 0).section(QLatin1Char('@'), 0, 0);
    name.replace(QLatin1Char('-'), QLatin1Char('_'));
    return name;
}

} // namespace

QStringList availableLanguages()
{
    QStringList out;
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")})
        if (QFile::exists(qmPath(language)))
            out << language;
    return out;
}

Result<QLocale> installTranslations(const QString &requested)
{
    if (!QCoreApplication::instance())
        return failedPrecondition("installing a translation needs a QCoreApplication");
    const bool byName = !requested.isEmpty();
    QLocale locale = byName ? QLocale(languageName(requested)) : QLocale::system();
    if (byName && locale == QLocale::c() && languageName(requested) != QLatin1String("C"))
        return invalidArgument("unknown language '" + requested.toStdString() + "'; the languages are: " +
                               availableLanguages().join(QStringLiteral(", ")).toStdString());
    // zh_CN, then zh, then English, which needs no translator (the sources are English).
    QString language;
    for (const QString &candidate : {locale.name(), locale.name().section(QLatin1Char('_'), 0, 0)})
        if (QFile::exists(qmPath(candidate))) {
            language = candidate;
            break;
        }
    if (language.isEmpty() && byName && locale.language() != QLocale::English)
        return invalidArgument("no translation for '" + requested.toStdString() + "'; the languages are: " +
                               availableLanguages().join(QStringLiteral(", ")).toStdString());

    static QPointer<QTranslator> installed;
    if (installed) {
        QCoreApplication::removeTranslator(installed);
        delete installed;
    }
    // English is the source text: it needs no translator (supernode_en.ts is there for plurals).
    if (!language.isEmpty() && language != QLatin1String("en")) {
        auto *translator = new QTranslator(QCoreApplication::instance());
        if (!translator->load(qmPath(language))) {
            delete translator;
            return Error{ErrorCode::Internal,
                         "the built-in translation " + qmPath(language).toStdString() + " does not load"};
        }
        QCoreApplication::installTranslator(translator);
        installed = translator;
    }
    // Numbers and dates follow the language chosen; with none found for the environment, the
    // system locale stays as Qt set it.
    if (!language.isEmpty() || byName)
        QLocale::setDefault(locale);
    return QLocale();
}

} // namespace sn
