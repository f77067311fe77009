#include "translations/message_patterns.h"

#include <QCoreApplication>

#include <algorithm>

namespace sn {

// "%1 expects %2, got %3" becomes ^(?<p1>.+?) expects (?<p2>.+?), got (?<p3>.+?)$, the captures
// named by their placeholders so a translation may reorder them.
MessagePatterns::MessagePatterns(const char *context, std::span<const char *const> sources) : m_context(context)
{
    static const QRegularExpression placeholder(QStringLiteral("%(\\d)"));
    for (const char *source : sources) {
        const QString text = QString::fromUtf8(source);
        QString regex = QStringLiteral("^");
        qsizetype last = 0, literal = 0;
        for (auto it = placeholder.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            regex += QRegularExpression::escape(text.mid(last, m.capturedStart() - last)) +
                     QStringLiteral("(?<p%1>.+?)").arg(m.captured(1));
            literal += m.capturedStart() - last;
            last = m.capturedEnd();
        }
        regex += QRegularExpression::escape(text.mid(last)) + QLatin1Char('$');
        literal += text.size() - last;
        m_patterns.push_back(
            {source, QRegularExpression(regex, QRegularExpression::DotMatchesEverythingOption), literal});
    }
    // More literal text first: the most specific pattern wins.
    std::stable_sort(m_patterns.begin(), m_patterns.end(),
                     [](const Pattern &a, const Pattern &b) { return a.literalLength > b.literalLength; });
}

std::optional<MessagePatterns::Match> MessagePatterns::match(const QString &message) const
{
    for (const Pattern &p : m_patterns) {
        const auto m = p.regex.match(message);
        if (!m.hasMatch())
            continue;
        Match out{p.source, {}};
        for (int n = 1; n <= 9; ++n) {
            const QString name = QStringLiteral("p%1").arg(n);
            if (m.capturedStart(name) < 0)
                break;
            out.parts << m.captured(name);
        }
        return out;
    }
    return std::nullopt;
}

QString MessagePatterns::translated(const char *source, const QStringList &parts) const
{
    return substitutePlaceholders(QCoreApplication::translate(m_context, source), parts);
}

std::optional<QString> MessagePatterns::translate(const QString &message,
                                                  const std::function<QString(const QString &)> &part) const
{
    const auto m = match(message);
    if (!m)
        return std::nullopt;
    QStringList parts;
    for (const QString &p : m->parts)
        parts << (part ? part(p) : p);
    return translated(m->source, parts);
}

QStringList patternSources(std::span<const char *const> sources)
{
    QStringList out;
    for (const char *source : sources)
        out << QString::fromUtf8(source);
    return out;
}

QString substitutePlaceholders(const QString &format, const QStringList &parts)
{
    QString out;
    for (qsizetype i = 0; i < format.size(); ++i) {
        if (format[i] == QLatin1Char('%') && i + 1 < format.size() && format[i + 1].isDigit()) {
            const int n = format[i + 1].digitValue();
            if (n >= 1 && n <= parts.size()) {
                out += parts[n - 1];
                ++i;
                continue;
            }
        }
        out += format[i];
    }
    return out;
}

} // namespace sn
