#include "backend/logs/log_source_settings.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sn::logs {

MinerConfig LogSourceSettings::minerConfig() const
{
    MinerConfig c;
    c.depth = depth;
    c.similarity = similarity;
    return c;
}

Result<std::map<std::string, LogSourceSettings>> parseLogSourceSettings(const std::string &json)
{
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &err);
    if (err.error != QJsonParseError::NoError)
        return invalidArgument("log source settings, byte " + std::to_string(err.offset) + ": " +
                               err.errorString().toStdString());
    if (!doc.isObject())
        return invalidArgument("log source settings: expected an object of sources");
    std::map<std::string, LogSourceSettings> out;
    const QJsonObject root = doc.object();
    for (auto it = root.begin(); it != root.end(); ++it) {
        const std::string name = it.key().toStdString();
        auto bad = [&name](const std::string &field, const std::string &what) {
            return invalidArgument("log source settings, source '" + name + "', field '" + field + "': " + what);
        };
        if (!it.value().isObject())
            return bad("", "expected an object");
        const QJsonObject o = it.value().toObject();
        LogSourceSettings s;
        s.name = name;
        if (!o.contains("log_format") || !o["log_format"].isString())
            return bad("log_format", "missing or not a string");
        s.format = o["log_format"].toString().toStdString();
        if (auto f = LogFormat::parse(s.format); !f)
            return bad("log_format", f.error().message);
        s.logFile = o["log_file"].toString().toStdString();
        if (o.contains("regex")) {
            if (!o["regex"].isArray())
                return bad("regex", "expected an array of strings");
            for (const QJsonValue &v : o["regex"].toArray()) {
                if (!v.isString())
                    return bad("regex", "expected an array of strings");
                s.masks.push_back(v.toString().toStdString());
            }
        }
        if (o.contains("st")) {
            if (!o["st"].isDouble() || o["st"].toDouble() <= 0 || o["st"].toDouble() > 1)
                return bad("st", "expected a number in (0, 1]");
            s.similarity = o["st"].toDouble();
        }
        if (o.contains("depth")) {
            if (!o["depth"].isDouble() || o["depth"].toInt() < 3 || o["depth"].toInt() > 10)
                return bad("depth", "expected an integer from 3 to 10");
            s.depth = o["depth"].toInt();
        }
        out.emplace(name, std::move(s));
    }
    return out;
}

Result<std::map<std::string, LogSourceSettings>> readLogSourceSettings(const std::string &path)
{
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        return notFound("cannot read " + path + ": " + f.errorString().toStdString());
    auto r = parseLogSourceSettings(f.readAll().toStdString());
    if (!r)
        return invalidArgument(path + ": " + r.error().message);
    return r;
}

} // namespace sn::logs
