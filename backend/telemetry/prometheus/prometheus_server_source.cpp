#include "backend/telemetry/prometheus/prometheus_server_source.h"

#include "backend/telemetry/prometheus/http_url.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstdio>

namespace sn {

namespace {

// Unix seconds with milliseconds, as the API takes times and steps.
std::string seconds(std::int64_t ms)
{
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%lld.%03lld", static_cast<long long>(ms / 1000),
                  static_cast<long long>(std::llabs(ms % 1000)));
    if (ms < 0 && ms % 1000 != 0 && ms > -1000)
        return "-" + std::string(buffer);
    return buffer;
}

Error replyError(const std::string &what)
{
    return Error{ErrorCode::Unavailable, "Prometheus API: " + what};
}

// [1700000000.123, "42.5"]: the value is a string so that NaN and ±Inf survive JSON.
bool toPoint(const QJsonValue &v, SeriesPoint *point)
{
    const QJsonArray pair = v.toArray();
    if (pair.size() != 2 || !pair[0].isDouble() || !pair[1].isString())
        return false;
    point->timeMs = std::llround(pair[0].toDouble() * 1000.0);
    const QString text = pair[1].toString();
    if (text == QLatin1String("NaN"))
        point->value = std::nan("");
    else if (text == QLatin1String("+Inf") || text == QLatin1String("Inf"))
        point->value = HUGE_VAL;
    else if (text == QLatin1String("-Inf"))
        point->value = -HUGE_VAL;
    else {
        bool ok = false;
        point->value = text.toDouble(&ok);
        if (!ok)
            return false;
    }
    return true;
}

bool toSeries(const QJsonObject &o, SeriesData *series)
{
    const QJsonObject metric = o.value(QLatin1String("metric")).toObject();
    for (auto it = metric.begin(); it != metric.end(); ++it) {
        if (it.key() == QLatin1String("__name__"))
            series->metric = it.value().toString().toStdString();
        else
            series->labels.emplace(it.key().toStdString(), it.value().toString().toStdString());
    }
    if (o.contains(QLatin1String("values"))) {
        for (const QJsonValue &v : o.value(QLatin1String("values")).toArray()) {
            SeriesPoint p;
            if (!toPoint(v, &p))
                return false;
            series->points.push_back(p);
        }
        return true;
    }
    SeriesPoint p;
    if (!toPoint(o.value(QLatin1String("value")), &p))
        return false;
    series->points.push_back(p);
    return true;
}

} // namespace

Result<std::vector<SeriesData>> parsePrometheusApiReply(std::string_view json)
{
    QJsonParseError parseError;
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(json.data(), static_cast<qsizetype>(json.size())), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        const std::string start(json.substr(0, 120));
        return replyError("the reply is not JSON (" + parseError.errorString().toStdString() + " at byte " +
                          std::to_string(parseError.offset) + "): '" + start + "'");
    }
    const QJsonObject root = doc.object();
    const QString status = root.value(QLatin1String("status")).toString();
    if (status == QLatin1String("error"))
        return Error{ErrorCode::InvalidArgument,
                     "Prometheus API error (" + root.value(QLatin1String("errorType")).toString().toStdString() +
                         "): " + root.value(QLatin1String("error")).toString().toStdString()};
    if (status != QLatin1String("success"))
        return replyError("expected \"status\": \"success\" or \"error\", got '" + status.toStdString() + "'");
    const QJsonObject data = root.value(QLatin1String("data")).toObject();
    const QString type = data.value(QLatin1String("resultType")).toString();
    const QJsonValue result = data.value(QLatin1String("result"));
    std::vector<SeriesData> out;
    if (type == QLatin1String("scalar")) {
        SeriesData s;
        SeriesPoint p;
        if (!toPoint(result, &p))
            return replyError("malformed scalar result");
        s.points.push_back(p);
        out.push_back(std::move(s));
        return out;
    }
    if (type != QLatin1String("matrix") && type != QLatin1String("vector"))
        return replyError("unsupported resultType '" + type.toStdString() + "' (expected matrix, vector or scalar)");
    const QJsonArray items = result.toArray();
    out.reserve(static_cast<std::size_t>(items.size()));
    for (qsizetype i = 0; i < items.size(); ++i) {
        SeriesData s;
        if (!toSeries(items[i].toObject(), &s))
            return replyError("malformed " + type.toStdString() + " result at index " + std::to_string(i) +
                              ": expected {\"metric\": {...}, \"value(s)\": [time, \"value\"]}");
        out.push_back(std::move(s));
    }
    return out;
}

PrometheusServerSource::PrometheusServerSource(PrometheusServerOptions options) : m_options(std::move(options))
{
    while (!m_options.baseUrl.empty() && m_options.baseUrl.back() == '/')
        m_options.baseUrl.pop_back();
}

Result<std::vector<SeriesData>> PrometheusServerSource::get(const std::string &endpoint, const std::string &query) const
{
    auto url = parseHttpUrl(m_options.baseUrl + endpoint + "?" + query, 9090);
    if (!url)
        return url.error();
    auto response = httpGet(*url, m_options.http);
    if (!response)
        return response.error();
    // Prometheus answers bad queries with 400/422/503 and a JSON error: prefer its words.
    auto series = parsePrometheusApiReply(response->body);
    if (!series && response->status >= 300 && series.error().code != ErrorCode::InvalidArgument)
        return Error{ErrorCode::Unavailable,
                     "GET " + url->toString() + ": HTTP " + std::to_string(response->status) + " " + response->reason};
    if (!series)
        return Error{series.error().code, series.error().message + " (GET " + url->toString() + ")"};
    return series;
}

Result<std::vector<SeriesData>> PrometheusServerSource::queryRange(const std::string &promql, std::int64_t startMs,
                                                                   std::int64_t endMs, std::int64_t stepMs) const
{
    if (stepMs <= 0 || endMs < startMs)
        return invalidArgument("query_range needs start <= end and a positive step");
    return get("/api/v1/query_range", "query=" + percentEncode(promql) + "&start=" + seconds(startMs) +
                                          "&end=" + seconds(endMs) + "&step=" + seconds(stepMs));
}

Result<std::vector<SeriesData>> PrometheusServerSource::query(const std::string &promql,
                                                              std::optional<std::int64_t> timeMs) const
{
    return get("/api/v1/query", "query=" + percentEncode(promql) + (timeMs ? "&time=" + seconds(*timeMs) : ""));
}

} // namespace sn
