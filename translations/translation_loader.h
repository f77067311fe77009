#pragma once
// The one place supernode and supernodectl choose their language: Qt's translator for the
// built-in supernode_<lang>.qm (compiled from translations/*.ts into the :/i18n resource) and
// the default QLocale, so tr() text, numbers and dates follow the same choice.

#include "backend/model/result.h"

#include <QLocale>
#include <QString>
#include <QStringList>

namespace sn {

// The languages with a built-in translation ("en", "zh_CN").
QStringList availableLanguages();

// Installs the translation for `requested` ("zh_CN", "zh_CN.UTF-8", "en"); empty means the
// environment's locale (LC_ALL, LC_MESSAGES, LANG as QLocale::system() reads them). An
// environment locale without a translation falls back to English quietly (the user did not
// ask for it by name); a requested one without a translation is an error naming those there
// are. Replaces a translation installed before; needs a QCoreApplication. Returns the locale
// now in effect.
Result<QLocale> installTranslations(const QString &requested = {});

} // namespace sn
