#pragma once
// JSON command output (`ip -j link`, `rdma -j link`) with errors that say where: a syntax error
// as source:line:column, a bad field as source: element N (its name): field.

#include "backend/model/result.h"

#include <QJsonArray>
#include <QJsonObject>

#include <string>
#include <string_view>

namespace sn::comms {

Result<QJsonArray> parseJsonArray(std::string_view json, const std::string &source);

class JsonField {
public:
    JsonField(const QJsonArray &array, qsizetype index, const std::string &source);
    bool isObject() const { return m_isObject; }
    Result<std::string> string(const char *key) const;
    Result<long long> integer(const char *key) const;
    std::string optionalString(const char *key) const;
    QJsonObject object() const { return m_o; }
    Error error(const std::string &what) const;

private:
    QJsonObject m_o;
    bool m_isObject;
    qsizetype m_index;
    std::string m_source;
};

} // namespace sn::comms
