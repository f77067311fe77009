#include "backend/anomaly/nab_series.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace sn::anomaly {

namespace {

std::int64_t daysFromCivil(int y, unsigned m, unsigned d)
{
    // Howard Hinnant's days_from_civil: no time zone database, no locale.
    y -= m <= 2;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return std::int64_t(era) * 146097 + std::int64_t(doe) - 719468;
}

std::string trim(const std::string &s)
{
    const auto b = s.find_first_not_of(" \t\r\"");
    if (b == std::string::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r\"");
    return s.substr(b, e - b + 1);
}

} // namespace

bool parseUtcTimestamp(const std::string &text, std::int64_t *ms)
{
    int y, mo, d, h, mi, s, n = 0;
    if (std::sscanf(text.c_str(), "%4d-%2d-%2d%*1[ T]%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &s, &n) != 6)
        return false;
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60 || y < 1970 || h < 0 || mi < 0 || s < 0)
        return false;
    double frac = 0;
    std::string rest = text.substr(std::size_t(n));
    if (!rest.empty()) {
        if (rest[0] != '.' || rest.size() < 2 || rest.find_first_not_of("0123456789", 1) != std::string::npos)
            return false;
        frac = std::atof(("0" + rest).c_str());
    }
    *ms = ((daysFromCivil(y, unsigned(mo), unsigned(d)) * 86400 + h * 3600 + mi * 60 + s) * 1000) +
          std::int64_t(std::llround(frac * 1000));
    return true;
}

Result<std::vector<TimedValue>> parseTimestampValueCsv(const std::string &text)
{
    std::vector<TimedValue> out;
    std::size_t pos = 0;
    int line = 0;
    bool header = true;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        std::string row = text.substr(pos, end - pos);
        pos = end + 1;
        ++line;
        if (!row.empty() && row.back() == '\r')
            row.pop_back();
        if (trim(row).empty())
            continue;
        const std::size_t comma = row.find(',');
        const std::string where = "line " + std::to_string(line) + ", column ";
        if (comma == std::string::npos || row.find(',', comma + 1) != std::string::npos)
            return invalidArgument(where + "1: expected two fields, timestamp,value");
        const std::string ts = trim(row.substr(0, comma)), val = trim(row.substr(comma + 1));
        if (header) {
            header = false;
            if (ts != "timestamp" || val != "value")
                return invalidArgument(where + "1: expected the header 'timestamp,value'");
            continue;
        }
        TimedValue v;
        v.timestamp = ts;
        if (!parseUtcTimestamp(ts, &v.timeMs))
            return invalidArgument(where + "1: timestamp '" + ts + "' is not YYYY-MM-DD HH:MM:SS");
        if (val.empty() || val == "nan" || val == "NaN" || val == "[N/A]" || val == "[Not Supported]") {
            v.valid = false;
        } else {
            char *e = nullptr;
            v.value = std::strtod(val.c_str(), &e);
            if (e == val.c_str() || *e != '\0' || !std::isfinite(v.value))
                return invalidArgument(where + std::to_string(comma + 2) + ": value '" + val + "' is not a number");
            v.valid = true;
        }
        out.push_back(std::move(v));
    }
    if (header)
        return invalidArgument("line 1, column 1: empty file, expected the header 'timestamp,value'");
    return out;
}

Result<std::vector<TimedValue>> readTimestampValueCsv(const std::string &path)
{
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        return notFound("cannot read " + path + ": " + f.errorString().toStdString());
    auto r = parseTimestampValueCsv(f.readAll().toStdString());
    if (!r)
        return invalidArgument(path + ", " + r.error().message);
    return r;
}

Result<std::vector<Window>> readNabWindows(const std::string &path, const std::string &key)
{
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        return notFound("cannot read " + path);
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &err);
    if (err.error != QJsonParseError::NoError)
        return invalidArgument(path + ", byte " + std::to_string(err.offset) + ": " + err.errorString().toStdString());
    const QJsonValue v = doc.object().value(QString::fromStdString(key));
    if (!v.isArray())
        return notFound(path + ": no windows for '" + key + "'");
    std::vector<Window> out;
    for (const QJsonValue &w : v.toArray()) {
        const QJsonArray pair = w.toArray();
        Window win;
        if (pair.size() != 2 || !parseUtcTimestamp(pair[0].toString().toStdString(), &win.startMs) ||
            !parseUtcTimestamp(pair[1].toString().toStdString(), &win.endMs))
            return invalidArgument(path + ": '" + key + "' has a window that is not [start, end] timestamps");
        out.push_back(win);
    }
    return out;
}

WindowScore scoreWindows(const std::vector<std::int64_t> &eventStartsMs, const std::vector<Window> &windows)
{
    WindowScore s;
    s.windows = int(windows.size());
    std::vector<bool> hit(windows.size(), false);
    for (std::int64_t t : eventStartsMs) {
        bool inside = false;
        for (std::size_t i = 0; i < windows.size(); ++i)
            if (t >= windows[i].startMs && t <= windows[i].endMs) {
                hit[i] = true;
                inside = true;
            }
        s.falsePositives += !inside;
    }
    for (bool h : hit)
        s.detected += h;
    return s;
}

} // namespace sn::anomaly
