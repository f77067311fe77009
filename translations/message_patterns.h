#pragma once
// English message patterns ("%1 expects %2, got %3") matched against whole messages, for the
// catalogues that translate what the engine wrote at the point of display (engine_message.h,
// ui/setup/setup_check_text.h). Each pattern is a QT_TRANSLATE_NOOP source in one context;
// %1..%9 match the parts the engine filled in, non-greedily.

#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace sn {

class MessagePatterns {
public:
    MessagePatterns(const char *context, std::span<const char *const> sources);

    struct Match {
        const char *source = nullptr; // the pattern, as written in the catalogue
        QStringList parts;            // what its %1, %2, ... matched, in that order
    };
    // The pattern with the most literal text whose whole text matches `message`.
    std::optional<Match> match(const QString &message) const;
    // The match's translation with `parts` (the match's own, or translated ones) filled in.
    QString translated(const char *source, const QStringList &parts) const;
    // `message` matched and translated, each part it filled in passed through `part` first (by
    // default kept as written); nullopt when no pattern matches.
    std::optional<QString> translate(const QString &message,
                                     const std::function<QString(const QString &)> &part = {}) const;

private:
    struct Pattern {
        const char *source;
        QRegularExpression regex;
        qsizetype literalLength;
    };
    const char *m_context;
    std::vector<Pattern> m_patterns;
};

// A catalogue's sources as strings, for the tests that check each is produced and translated.
QStringList patternSources(std::span<const char *const> sources);

// %1..%9 in `format` replaced by `parts` in one pass, so a part holding "%2" is not substituted
// again.
QString substitutePlaceholders(const QString &format, const QStringList &parts);

} // namespace sn
