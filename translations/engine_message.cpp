#include "translations/engine_message.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <vector>

namespace sn {

namespace {

constexpr const char *kContext = "sn::EngineMessage";

// The English the engine writes (backend/model/yaml_fields*, cluster_yaml_read.cpp,
// api/engine_config.cpp, remote/grpc/, remote/ssh/). Keep each exactly as the engine builds it:
// a pattern that drifts from its source silently stops matching (tst_engine_message checks the
// commonest against the real engine's output).
const char *const kPatterns[] = {
    // cluster.yaml: reading the file
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot read cluster file %1: no such file"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot read cluster file %1: it is a directory"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot read cluster file %1: it is larger than 16 MiB"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot read cluster file %1: permission denied"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot read cluster file %1: read error"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "invalid YAML: unexpected %1 (expected a 'key: value' line or a '- ' entry)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "invalid YAML: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "the file is empty: expected a cluster starting with 'apiVersion: %1' and 'kind: Cluster'"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1: the cluster has no nodes and no simulation section"),
    // cluster.yaml: keys and values
    QT_TRANSLATE_NOOP("sn::EngineMessage", "unknown key '%1' %2 (did you mean '%3'? expected one of: %4)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "unknown key '%1' %2 (expected one of: %3)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "duplicate key '%1' %2 (first at line %3)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "duplicate %1 %2 (first at line %3)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 is missing required key '%2' (expected e.g. %3)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "keys %1 must be plain names, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a map, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a string, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects true or false, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a speed like 100G, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a speed above 0 like 100G, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a byte quantity like 512Gi, 80G or 1024, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a duration like 500ms, 15s, 1h30m or 15d, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a sequence, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects one of %2, got %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects %2, got %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 must be between %2 and %3, got %4"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 must not be empty"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "'apiVersion' must be %1, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "'kind' must be Cluster, got %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 lists %2 GPUs; a node holds at most 16"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "an integer of at least %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "an integer from %1 to %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "an integer"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "in %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "at the top level"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the file"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "a map"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "a sequence"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "nothing"),
    // connecting to supernoded (remote_connection.cpp, grpc_status.cpp, call_gate.cpp)
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the engine daemon is unavailable: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the engine daemon did not answer in time: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the engine daemon is overloaded or the request too large: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the call was cancelled: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "internal error in the engine daemon"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the remote engine was closed"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "failed to connect to all addresses; last error: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "--remote '%1': expected grpcs://HOST:PORT (or grpc://HOST:PORT without TLS)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "--remote '%1': port 0 is not a daemon's port"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "--token-file %1: expected one line holding the token"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "--ca goes with grpcs://, not grpc://"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "--client-cert and --client-key go together"),
    // permission refusals
    QT_TRANSLATE_NOOP("sn::EngineMessage", "not authenticated: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the authorization header must be 'Bearer TOKEN'"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "this daemon needs a token: send 'authorization: Bearer TOKEN' (supernodectl --token-file)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the token is not known to this daemon"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 needs the role %2; '%3' is %4"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "rate limit: more than %1 calls per second from '%2'"),
    // SSH (remote/ssh/)
    QT_TRANSLATE_NOOP("sn::EngineMessage", "SSH: no host to connect to"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "SSH: %1 accepted none of the keys offered (%2); add your public key to the node's "
                      "authorized_keys or load it into ssh-agent"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "the host key of %1 is not known (%2 %3 is not in %4); refusing to connect. Check the "
                      "fingerprint with the host's administrator, then accept it (ssh once from a terminal, or "
                      "accept that fingerprint where this tool asks)."),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "WARNING: the host key of %1 has CHANGED (now %2 %3). Someone could be eavesdropping (a "
                      "man-in-the-middle attack), or the host was reinstalled. The old key is at %4; refusing to "
                      "connect. If the change is expected, remove that line (ssh-keygen -R '%5') and connect again."),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot check the host key of %1 against %2: %3"),
};

struct Pattern {
    const char *source;
    QRegularExpression regex;
    qsizetype literalLength; // more literal text first: the most specific pattern wins
};

// "%1 expects %2, got %3" becomes ^(.+?) expects (.+?), got (.+?)$ with the captures numbered
// by the placeholders' order in the text.
const std::vector<Pattern> &patterns()
{
    static const std::vector<Pattern> kCompiled = [] {
        std::vector<Pattern> out;
        static const QRegularExpression placeholder(QStringLiteral("%(\\d)"));
        for (const char *source : kPatterns) {
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
            out.push_back({source, QRegularExpression(regex, QRegularExpression::DotMatchesEverythingOption), literal});
        }
        std::stable_sort(out.begin(), out.end(),
                         [](const Pattern &a, const Pattern &b) { return a.literalLength > b.literalLength; });
        return out;
    }();
    return kCompiled;
}

// "cluster.yaml:6:3: " and the like: kept as they are, the rest translated.
const QRegularExpression &locationPrefix()
{
    static const QRegularExpression kPrefix(QStringLiteral("^([^\\s:][^:\\n]*:\\d+:\\d+: )(.+)$"),
                                            QRegularExpression::DotMatchesEverythingOption);
    return kPrefix;
}

// %1..%9 replaced in one pass, so a part holding "%2" is not substituted again.
QString substitute(const QString &format, const QStringList &parts)
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

QString translate(const QString &message, int depth)
{
    if (depth > 4 || message.isEmpty())
        return message;
    if (const auto m = locationPrefix().match(message); m.hasMatch())
        return m.captured(1) + translate(m.captured(2), depth + 1);
    for (const Pattern &p : patterns()) {
        const auto m = p.regex.match(message);
        if (!m.hasMatch())
            continue;
        QStringList parts;
        for (int n = 1; n <= 9; ++n) {
            const QString part = m.captured(QStringLiteral("p%1").arg(n));
            if (m.capturedStart(QStringLiteral("p%1").arg(n)) < 0)
                break;
            // A quoted part is the user's own text (a key, a value): never translated.
            const bool quoted = part.startsWith(QLatin1Char('\'')) || part.startsWith(QLatin1Char('"'));
            parts << (quoted ? part : translate(part, depth + 1));
        }
        return substitute(QCoreApplication::translate(kContext, p.source), parts);
    }
    return message;
}

} // namespace

QString engineMessageText(const QString &message)
{
    return translate(message, 0);
}

QString engineMessageText(const std::string &message)
{
    return translate(QString::fromStdString(message), 0);
}

QString errorText(const Error &error)
{
    return engineMessageText(error.message);
}

QStringList engineMessagePatterns()
{
    QStringList out;
    for (const char *source : kPatterns)
        out << QString::fromUtf8(source);
    return out;
}

} // namespace sn
