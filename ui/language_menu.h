#pragma once
// The console's Language menu: System / English / 简体中文. The choice is installed at once
// (installTranslations(), which sends every widget a LanguageChange: MainWindow rebuilds its
// pages and menus in the new language) and, when remembered, saved in QSettings so that the
// next start applies it (app/supernode reads savedConsoleLanguage() unless --lang is given).

#include <QMenu>

class QActionGroup;

namespace sn {

// "" (follow the system's locale), "en" or "zh_CN": the language the user last chose.
QString savedConsoleLanguage();

class LanguageMenu : public QMenu {
    Q_OBJECT
public:
    // remember: save the choice (false for screenshots and tests, which leave settings alone).
    explicit LanguageMenu(bool remember, QWidget *parent = nullptr);

    // Installs `language` ("" system, "en", "zh_CN") now and checks its item; on failure
    // (a language without a translation) says why in a message box and changes nothing.
    bool choose(const QString &language);
    QString chosen() const { return m_chosen; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    bool m_remember;
    QString m_chosen;
    QActionGroup *m_group;
};

} // namespace sn
