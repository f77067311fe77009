#include "ui/language_menu.h"
#include "translations/engine_message.h"

#include "translations/translation_loader.h"

#include <QActionGroup>
#include <QEvent>
#include <QMessageBox>
#include <QSettings>

namespace sn {

namespace {
constexpr const char *kLanguageKey = "console/language";

// The console's settings (as MainWindow's), whatever QCoreApplication's names are.
QSettings consoleSettings()
{
    return QSettings(QStringLiteral("SuperNode"), QStringLiteral("SuperNode Console"));
}
} // namespace

QString savedConsoleLanguage()
{
    return consoleSettings().value(QString::fromLatin1(kLanguageKey)).toString();
}

LanguageMenu::LanguageMenu(bool remember, QWidget *parent)
    : QMenu(parent), m_remember(remember), m_group(new QActionGroup(this))
{
    setObjectName(QStringLiteral("languageMenu"));
    m_chosen = remember ? savedConsoleLanguage() : QString();
    // Each language is named in itself, so a user who cannot read the current one finds theirs.
    const QList<std::pair<QString, QString>> items = {{QString(), QString()},
                                                      {QStringLiteral("en"), QStringLiteral("English")},
                                                      {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
    for (const auto &[language, name] : items) {
        QAction *action = addAction(name);
        action->setObjectName(QStringLiteral("language-") + (language.isEmpty() ? QStringLiteral("system") : language));
        action->setData(language);
        action->setCheckable(true);
        action->setChecked(language == m_chosen);
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, language] { choose(language); });
    }
    retranslate();
}

bool LanguageMenu::choose(const QString &language)
{
    if (auto installed = installTranslations(language); !installed) {
        QMessageBox::warning(parentWidget(), tr("Language"), sn::errorText(installed.error()));
        for (QAction *action : m_group->actions())
            action->setChecked(action->data().toString() == m_chosen);
        return false;
    }
    m_chosen = language;
    for (QAction *action : m_group->actions())
        action->setChecked(action->data().toString() == language);
    if (m_remember)
        consoleSettings().setValue(QString::fromLatin1(kLanguageKey), language);
    return true;
}

void LanguageMenu::retranslate()
{
    setTitle(tr("&Language"));
    m_group->actions().constFirst()->setText(tr("System language"));
}

void LanguageMenu::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMenu::changeEvent(event);
}

} // namespace sn
