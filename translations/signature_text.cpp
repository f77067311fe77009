#include "translations/signature_text.h"

#include "translations/message_patterns.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

namespace sn {

namespace {

QString signatureText(const std::string &english)
{
    return QCoreApplication::translate("sn::logs::Signature", english.c_str());
}

// What signatureEventMessage puts between the title and ": ": where the line came from.
QString placedText(const QString &title, const QString &node, const QString &gpu, const QString &meaning,
                   const QString &action)
{
    const char *frame = nullptr;
    QStringList parts{title};
    if (!node.isEmpty() && !gpu.isEmpty()) {
        frame = QT_TRANSLATE_NOOP("sn::SignatureText", "%1 on %2 GPU %3: %4 %5");
        parts << node << gpu;
    } else if (!node.isEmpty()) {
        frame = QT_TRANSLATE_NOOP("sn::SignatureText", "%1 on %2: %3 %4");
        parts << node;
    } else if (!gpu.isEmpty()) {
        frame = QT_TRANSLATE_NOOP("sn::SignatureText", "%1 GPU %2: %3 %4");
        parts << gpu;
    } else {
        frame = QT_TRANSLATE_NOOP("sn::SignatureText", "%1: %2 %3");
    }
    parts << meaning << action;
    return substitutePlaceholders(QCoreApplication::translate("sn::SignatureText", frame), parts);
}

} // namespace

QString signatureTitleText(const logs::Signature &signature)
{
    return signatureText(signature.title);
}

QString signatureMeaningText(const logs::Signature &signature)
{
    return signatureText(signature.meaning);
}

QString signatureActionText(const logs::Signature &signature)
{
    return signatureText(signature.action);
}

std::optional<QString> signatureEventText(const QString &message)
{
    static const QRegularExpression kPlace(QStringLiteral("^(?: on (\\S+))?(?: GPU (\\d+))?$"));
    for (const logs::Signature &s : logs::SignatureLibrary::builtIn().signatures()) {
        const QString title = QString::fromStdString(s.title);
        const QString explained = QString::fromStdString(": " + s.meaning + " " + s.action);
        if (message.size() < title.size() + explained.size() || !message.startsWith(title) ||
            !message.endsWith(explained))
            continue;
        const QRegularExpressionMatch place =
            kPlace.match(message.mid(title.size(), message.size() - title.size() - explained.size()));
        if (!place.hasMatch())
            continue;
        return placedText(signatureTitleText(s), place.captured(1), place.captured(2), signatureMeaningText(s),
                          signatureActionText(s));
    }
    return std::nullopt;
}

} // namespace sn
