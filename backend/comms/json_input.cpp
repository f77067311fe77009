#include "backend/comms/json_input.h"

#include "backend/comms/text_table.h"

#include "backend/model/json_document.h"

namespace sn::comms {

Result<QJsonArray> parseJsonArray(std::string_view json, const std::string &source)
{
    auto doc = parseJsonDocument(json, source);
    if (!doc)
        return doc.error();
    if (!doc->isArray())
        return invalidArgument(source + ": the output is not a JSON array");
    return doc->array();
}

JsonField::JsonField(const QJsonArray &array, qsizetype index, const std::string &source)
    : m_o(array.at(index).toObject()), m_isObject(array.at(index).isObject()), m_index(index), m_source(source)
{
}

Error JsonField::error(const std::string &what) const
{
    const std::string name = m_o.value("ifname").toString().toStdString();
    return invalidArgument(m_source + ": element " + std::to_string(m_index) + (name.empty() ? "" : " (" + name + ")") +
                           ": " + what);
}

Result<std::string> JsonField::string(const char *key) const
{
    if (!m_isObject)
        return error("is not an object");
    const QJsonValue v = m_o.value(key);
    if (!v.isString() || v.toString().isEmpty())
        return error(std::string("field ") + key + (v.isUndefined() ? " is missing" : " is not a non-empty string"));
    return v.toString().toStdString();
}

Result<long long> JsonField::integer(const char *key) const
{
    if (!m_isObject)
        return error("is not an object");
    const QJsonValue v = m_o.value(key);
    if (!v.isDouble() || v.toDouble() != static_cast<double>(v.toInteger()))
        return error(std::string("field ") + key + (v.isUndefined() ? " is missing" : " is not an integer"));
    return v.toInteger();
}

std::string JsonField::optionalString(const char *key) const
{
    return m_o.value(key).toString().toStdString();
}

} // namespace sn::comms
