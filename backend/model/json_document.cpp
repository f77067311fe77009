#include "backend/model/json_document.h"

#include <QJsonParseError>

namespace sn {

Result<QJsonDocument> parseJsonDocument(std::string_view json, const std::string &source)
{
    const QByteArray bytes(json.data(), static_cast<qsizetype>(json.size()));
    QJsonParseError e;
    QJsonDocument doc = QJsonDocument::fromJson(bytes, &e);
    if (e.error == QJsonParseError::NoError)
        return doc;
    int line = 1, column = 1;
    for (qsizetype i = 0; i < e.offset && i < bytes.size(); ++i) {
        if (bytes[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return invalidArgument(source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                           e.errorString().toStdString());
}

} // namespace sn
