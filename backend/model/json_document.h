#pragma once
// JSON text into a QJsonDocument, with a syntax error reported as "source:line:column: what"
// (QJsonParseError only gives a byte offset), for every parser of JSON command output.

#include "backend/model/result.h"

#include <QJsonDocument>

#include <string>
#include <string_view>

namespace sn {

Result<QJsonDocument> parseJsonDocument(std::string_view json, const std::string &source);

} // namespace sn
