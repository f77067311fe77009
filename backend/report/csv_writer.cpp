#include "backend/report/csv_writer.h"

#include <QDir>
#include <QSaveFile>

#include <algorithm>
#include <string_view>

namespace sn::report {

namespace {

std::string quoted(const std::string &field)
{
    if (field.find_first_of(",\"\r\n") == std::string::npos)
        return field;
    std::string out = "\"";
    for (char c : field) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

// A text cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
// return before one) gets a leading apostrophe, as OWASP advises against CSV injection: job
// names, users and node names in a report are anyone's. Numbers are written as numbers.
std::string inert(const std::string &text)
{
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos)
        return "'" + text;
    return text;
}

} // namespace

std::string toCsv(const Table &table)
{
    std::string out;
    for (std::size_t i = 0; i < table.columns.size(); ++i)
        out += (i ? "," : "") + quoted(table.columns[i]);
    out += "\r\n";
    for (const auto &row : table.rows) {
        for (std::size_t i = 0; i < row.size(); ++i) {
            // Full precision for numbers: the CSV is for recomputing, not reading.
            const std::string text =
                row[i].number ? QString::number(*row[i].number, 'g', 15).toStdString() : inert(row[i].text);
            out += (i ? "," : "") + quoted(text);
        }
        out += "\r\n";
    }
    return out;
}

Result<QStringList> writeCsvFolder(const ReportData &data, const QString &dir, const std::vector<std::string> &keys)
{
    if (!QDir().mkpath(dir))
        return invalidArgument("cannot create the folder " + dir.toStdString());
    QStringList written;
    for (const Section &s : data.sections) {
        if (!keys.empty() && std::find(keys.begin(), keys.end(), s.key) == keys.end())
            continue;
        for (const Table &t : s.tables) {
            const QString path = QDir(dir).filePath(QString::fromStdString(t.id) + QStringLiteral(".csv"));
            QSaveFile file(path);
            if (!file.open(QIODevice::WriteOnly))
                return invalidArgument("cannot write " + path.toStdString() + ": " + file.errorString().toStdString());
            const std::string csv = toCsv(t);
            file.write(csv.data(), qint64(csv.size()));
            if (!file.commit())
                return invalidArgument("cannot write " + path.toStdString() + ": " + file.errorString().toStdString());
            written << path;
        }
    }
    return written;
}

} // namespace sn::report
