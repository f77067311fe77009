#pragma once
// An RFC 4180 reader for the report tests: reads back what the CSV writer wrote, and says
// where a malformed document breaks (so a writer bug shows as a clear failure).

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sn::test {

struct CsvDocument {
    std::vector<QStringList> rows; // header first
    QString error;                 // empty when it parsed
};

inline CsvDocument readCsv(const QByteArray &bytes)
{
    CsvDocument doc;
    const QString text = QString::fromUtf8(bytes);
    if (text.toUtf8() != bytes) {
        doc.error = QStringLiteral("not UTF-8");
        return doc;
    }
    QStringList row;
    QString field;
    bool quoted = false, fieldStarted = false;
    int line = 1;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                line += c == '\n';
                field += c;
            }
            continue;
        }
        if (c == '"' && !fieldStarted) {
            quoted = fieldStarted = true;
        } else if (c == '"') {
            doc.error = QStringLiteral("line %1: a quote inside an unquoted field").arg(line);
            return doc;
        } else if (c == ',') {
            row << field;
            field.clear();
            fieldStarted = false;
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            row << field;
            doc.rows.push_back(row);
            row.clear();
            field.clear();
            fieldStarted = false;
            ++i;
            ++line;
        } else if (c == '\n' || c == '\r') {
            doc.error = QStringLiteral("line %1: a bare line end (RFC 4180 wants CRLF)").arg(line);
            return doc;
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    if (quoted)
        doc.error = QStringLiteral("line %1: an unterminated quoted field").arg(line);
    else if (fieldStarted || !row.isEmpty())
        doc.error = QStringLiteral("line %1: the last row has no line end").arg(line);
    for (const QStringList &r : doc.rows)
        if (doc.error.isEmpty() && r.size() != doc.rows.front().size())
            doc.error =
                QStringLiteral("a row of %1 fields under a header of %2").arg(r.size()).arg(doc.rows.front().size());
    return doc;
}

// The value of `column` in the row whose first field is `key`.
inline std::optional<QString> csvValue(const CsvDocument &doc, const QString &key, const QString &column)
{
    if (doc.rows.empty())
        return std::nullopt;
    const qsizetype col = doc.rows.front().indexOf(column);
    for (std::size_t r = 1; r < doc.rows.size(); ++r)
        if (col >= 0 && doc.rows[r].value(0) == key)
            return doc.rows[r].value(col);
    return std::nullopt;
}

} // namespace sn::test
