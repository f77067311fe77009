#pragma once
// What `text` says with the zh_CN translations installed, English put back afterwards: for tests
// that compare a catalogue's English with its Chinese.

#include "translations/translation_loader.h"

#include <QString>

#include <functional>

namespace sn::test {

inline QString inChinese(const std::function<QString()> &text)
{
    if (!installTranslations(QStringLiteral("zh_CN")))
        qFatal("no zh_CN translations");
    const QString zh = text();
    if (!installTranslations(QStringLiteral("en")))
        qFatal("no English translations");
    return zh;
}

} // namespace sn::test
