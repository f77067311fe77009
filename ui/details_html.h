#pragma once
// The pieces the details panels' rich text is made of (topology_details, job_details): engine
// text escaped for HTML, and a "name  value" row of a two-column table.

#include <QString>

#include <string>

namespace sn::details {

inline QString escaped(const std::string &s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

// name is muted (the palette's placeholder colour), value as given (already HTML).
inline QString row(const QString &name, const QString &value)
{
    return QStringLiteral("<tr><td style='padding-right:12px; color:palette(placeholder-text)'>%1</td><td>%2</td></tr>")
        .arg(name, value);
}

} // namespace sn::details
