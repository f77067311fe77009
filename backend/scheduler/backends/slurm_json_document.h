#pragma once
// The envelope every Slurm OpenAPI v0.0.38 answer shares ({"meta": ..., "errors": [...], ...}),
// read with QJsonDocument; a syntax error is reported as source:line:column, an entry of
// "errors" as the Slurm error it is. Shared by the job, node and REST readers.

#include "backend/model/result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

#include <string>
#include <string_view>

namespace sn::slurm_json {

Result<QJsonObject> parseDocument(std::string_view json, const std::string &source);

// The named array of the document ("jobs", "nodes"); an error when missing or not an array.
Result<QJsonArray> requireArray(const QJsonObject &document, const char *key, const std::string &source);

// Fields of one element; a mismatch is an error that names source, element and field.
class Element {
public:
    Element(QJsonObject object, std::string where) : m_o(std::move(object)), m_where(std::move(where)) {}
    Result<std::string> string(const char *key) const;                              // required
    std::string optionalString(const char *key) const;                              // absent or null: ""
    Result<std::int64_t> integer(const char *key) const;                            // required; a whole number
    std::int64_t optionalInteger(const char *key, std::int64_t fallback = 0) const; // absent/null
    Result<QJsonObject> object(const char *key) const;                              // required
    QJsonArray optionalArray(const char *key) const;
    const QJsonObject &json() const { return m_o; }
    const std::string &where() const { return m_where; }
    Error error(const std::string &what) const;

private:
    QJsonObject m_o;
    std::string m_where;
};

} // namespace sn::slurm_json
