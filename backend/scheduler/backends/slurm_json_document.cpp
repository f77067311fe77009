#include "backend/scheduler/backends/slurm_json_document.h"

#include "backend/model/json_document.h"

#include <cmath>

namespace sn::slurm_json {

namespace {
constexpr int kSlurmEmptyResult = 9003; // slurm_errno.h ESLURM_REST_EMPTY_RESULT
}

Result<QJsonObject> parseDocument(std::string_view json, const std::string &source)
{
    auto parsed = parseJsonDocument(json, source);
    if (!parsed)
        return parsed.error();
    const QJsonDocument &document = *parsed;
    if (!document.isObject())
        return invalidArgument(source + ": expected a JSON object ({\"meta\": ..., \"errors\": ...}), got " +
                               (document.isArray() ? "an array" : "nothing"));
    const QJsonObject object = document.object();
    // Slurm reports a refused request inside the document, beside an empty result.
    for (const QJsonValue &e : object.value("errors").toArray()) {
        const QJsonObject error = e.toObject();
        const std::string text = error.value("error").toString().toStdString();
        const std::string description = error.value("description").toString().toStdString();
        const int number = error.value("error_number").toInt(error.value("errno").toInt());
        if (text.empty() && description.empty() && number == 0)
            continue;
        // ESLURM_REST_EMPTY_RESULT ("Nothing found"): sacct's answer to a query no job matches
        // yet, e.g. before slurmctld has handed its first records to slurmdbd. An empty list.
        if (number == kSlurmEmptyResult)
            continue;
        return Error{ErrorCode::Unavailable, source + ": Slurm reports an error" +
                                                 (number ? " " + std::to_string(number) : std::string()) + ": " +
                                                 (description.empty() ? text : description + " (" + text + ")")};
    }
    return object;
}

Result<QJsonArray> requireArray(const QJsonObject &document, const char *key, const std::string &source)
{
    const QJsonValue v = document.value(key);
    if (!v.isArray())
        return invalidArgument(source + ": expected an array '" + key + "', got " +
                               (v.isUndefined() ? std::string("none") : std::string("another type")));
    return v.toArray();
}

Error Element::error(const std::string &what) const
{
    return invalidArgument(m_where + ": " + what);
}

Result<std::string> Element::string(const char *key) const
{
    const QJsonValue v = m_o.value(key);
    if (!v.isString())
        return error(std::string("'") + key + "' " + (v.isUndefined() ? "is missing" : "is not a string"));
    return v.toString().toStdString();
}

std::string Element::optionalString(const char *key) const
{
    return m_o.value(key).toString().toStdString();
}

namespace {
// A JSON number is a double; converting one outside int64's range is undefined behaviour.
bool fitsInt64(double d)
{
    return d >= -0x1p63 && d < 0x1p63;
}
} // namespace

Result<std::int64_t> Element::integer(const char *key) const
{
    const QJsonValue v = m_o.value(key);
    if (!v.isDouble() || std::floor(v.toDouble()) != v.toDouble())
        return error(std::string("'") + key + "' " + (v.isUndefined() ? "is missing" : "is not a whole number"));
    if (!fitsInt64(v.toDouble()))
        return error(std::string("'") + key + "' is out of range");
    return static_cast<std::int64_t>(v.toDouble());
}

std::int64_t Element::optionalInteger(const char *key, std::int64_t fallback) const
{
    const QJsonValue v = m_o.value(key);
    return v.isDouble() && fitsInt64(v.toDouble()) ? static_cast<std::int64_t>(v.toDouble()) : fallback;
}

Result<QJsonObject> Element::object(const char *key) const
{
    const QJsonValue v = m_o.value(key);
    if (!v.isObject())
        return error(std::string("'") + key + "' " + (v.isUndefined() ? "is missing" : "is not an object"));
    return v.toObject();
}

QJsonArray Element::optionalArray(const char *key) const
{
    return m_o.value(key).toArray();
}

} // namespace sn::slurm_json
