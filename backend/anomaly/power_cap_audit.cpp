#include "backend/anomaly/power_cap_audit.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace sn::anomaly {

std::string toJsonLine(const PowerCapAuditRecord &r)
{
    const PowerCapDecision &d = r.decision;
    QJsonObject o;
    o["time_ms"] = static_cast<qint64>(d.timeMs);
    o["actor"] = QString::fromStdString(r.actor);
    o["executor"] = QString::fromStdString(r.executor);
    o["node"] = QString::fromStdString(d.node);
    o["gpu"] = d.gpu;
    o["action"] = d.restore ? "restore" : "lower";
    o["from_w"] = d.fromW;
    o["to_w"] = d.toW;
    o["temperature_c"] = d.temperatureC;
    o["dry_run"] = d.dryRun;
    o["ok"] = r.ok;
    if (!r.ok)
        o["error"] = QString::fromStdString(r.error);
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

Event toEvent(const PowerCapAuditRecord &r)
{
    const PowerCapDecision &d = r.decision;
    Event e;
    e.timeMs = d.timeMs;
    e.node = d.node;
    e.gpu = d.gpu;
    e.kind = r.ok ? "action.power_cap" : "action.power_cap_failed";
    e.severity = !r.ok ? Severity::Error : d.restore ? Severity::Info : Severity::Warning;
    std::string what = (d.dryRun ? "Dry run, not applied: " : "") + d.reason();
    e.message = what + " (by " + r.actor + " through " + r.executor + ")";
    if (!r.ok)
        e.message += ": failed: " + r.error;
    return e;
}

std::string actionSummary(const PowerCapAuditRecord &r)
{
    const PowerCapDecision &d = r.decision;
    char buf[200];
    if (!r.ok)
        std::snprintf(buf, sizeof buf, "%s could not %s GPU %d to %.0f W", r.actor.c_str(),
                      d.restore ? "raise the power limit of" : "power-cap", d.gpu, d.toW);
    else if (d.restore)
        std::snprintf(buf, sizeof buf, "%s%s GPU %d's power limit to %.0f W (was %.0f W)", d.dryRun ? "dry run: " : "",
                      d.dryRun ? ("would have had " + r.actor + " raise").c_str() : (r.actor + " raised").c_str(),
                      d.gpu, d.toW, d.fromW);
    else
        std::snprintf(buf, sizeof buf, "%s%s GPU %d to %.0f W (was %.0f W)", d.dryRun ? "dry run: " : "",
                      d.dryRun ? ("would have had " + r.actor + " power-cap").c_str()
                               : (r.actor + " power-capped").c_str(),
                      d.gpu, d.toW, d.fromW);
    std::string text = buf;
    if (!r.ok)
        text += ": " + r.error;
    return text;
}

PowerCapAuditLog::PowerCapAuditLog(std::string path, std::size_t keep) : m_path(std::move(path)), m_keep(keep) {}

Status PowerCapAuditLog::append(const PowerCapAuditRecord &record)
{
    m_records.push_back(record);
    while (m_records.size() > m_keep)
        m_records.pop_front();
    if (m_path.empty())
        return success();
    QFile file(QString::fromStdString(m_path));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text))
        return Error{ErrorCode::Unavailable,
                     "cannot write the power-cap audit log " + m_path + ": " + file.errorString().toStdString()};
    const std::string line = toJsonLine(record) + "\n";
    if (file.write(line.data(), static_cast<qint64>(line.size())) != static_cast<qint64>(line.size()))
        return Error{ErrorCode::Unavailable,
                     "cannot write the power-cap audit log " + m_path + ": " + file.errorString().toStdString()};
    return success();
}

} // namespace sn::anomaly
