#include "backend/logs/intake/journal_json.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <charconv>

namespace sn::logs {

Severity severityFromSyslogLevel(int level)
{
    if (level <= 2)
        return Severity::Critical; // emerg, alert, crit
    if (level == 3)
        return Severity::Error;
    if (level == 4)
        return Severity::Warning;
    return Severity::Info; // notice, info, debug
}

namespace {
// A field's text: a string, bytes as an array of numbers, or (repeated field) its first value.
std::optional<std::string> fieldText(const QJsonValue &v)
{
    if (v.isString())
        return v.toString().toStdString();
    if (!v.isArray())
        return std::nullopt;
    const QJsonArray a = v.toArray();
    if (!a.isEmpty() && !a.first().isDouble())
        return fieldText(a.first());
    std::string bytes;
    bytes.reserve(static_cast<std::size_t>(a.size()));
    for (const QJsonValue &b : a) {
        const double d = b.toDouble(-1);
        if (d < 0 || d > 255)
            return std::nullopt;
        bytes += static_cast<char>(static_cast<unsigned char>(d));
    }
    return bytes;
}
} // namespace

Result<LogRecord> parseJournalJson(std::string_view line, const std::string &defaultNode)
{
    QJsonParseError error;
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(line.data(), static_cast<qsizetype>(line.size())), &error);
    if (error.error != QJsonParseError::NoError)
        return invalidArgument("journal entry: column " + std::to_string(error.offset + 1) + ": " +
                               error.errorString().toStdString());
    if (!doc.isObject())
        return invalidArgument("journal entry: expected a JSON object per line");
    const QJsonObject o = doc.object();

    LogRecord r;
    const auto message = fieldText(o.value("MESSAGE"));
    if (!message)
        return invalidArgument("journal entry: no MESSAGE (a string or an array of bytes)");
    r.text = *message;

    const auto realtime = fieldText(o.value("__REALTIME_TIMESTAMP"));
    std::int64_t us = 0;
    if (!realtime || std::from_chars(realtime->data(), realtime->data() + realtime->size(), us).ec != std::errc() ||
        us < 0)
        return invalidArgument("journal entry: __REALTIME_TIMESTAMP missing or not microseconds: '" +
                               realtime.value_or("") + "'");
    r.timeMs = us / 1000;

    r.node = fieldText(o.value("_HOSTNAME")).value_or(defaultNode);
    if (auto id = fieldText(o.value("SYSLOG_IDENTIFIER")))
        r.source = *id;
    else if (auto comm = fieldText(o.value("_COMM")))
        r.source = *comm;
    else if (fieldText(o.value("_TRANSPORT")).value_or("") == "kernel")
        r.source = "kernel";
    else
        r.source = "journal";
    if (auto priority = fieldText(o.value("PRIORITY"))) {
        int level = 6;
        const auto [p, ec] = std::from_chars(priority->data(), priority->data() + priority->size(), level);
        if (ec != std::errc() || p != priority->data() + priority->size() || level < 0 || level > 7)
            return invalidArgument("journal entry: PRIORITY must be 0-7, got '" + *priority + "'");
        r.severity = severityFromSyslogLevel(level);
    }
    return r;
}

} // namespace sn::logs
