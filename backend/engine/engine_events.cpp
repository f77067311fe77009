// The engine's event timeline as callers see it: listing (newest first), acknowledging and
// resolving, each change logged with who made it. Recording events is Engine::record.
#include "backend/engine/engine.h"

#include "backend/api/proto_convert.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcEngine)

namespace sn {

pb::ListEventsResponse Engine::listEvents(const pb::ListEventsRequest &request) const
{
    pb::ListEventsResponse response;
    for (auto it = m_events.rbegin(); it != m_events.rend(); ++it) {
        if (it->timeMs < request.since_ms())
            break;
        if (request.open_only() && it->acknowledged)
            continue;
        *response.add_events() = toProto(*it);
        if (request.limit() > 0 && response.events_size() >= request.limit())
            break;
    }
    return response;
}

Result<pb::Event> Engine::ackEvent(std::uint64_t id, const std::string &by)
{
    for (Event &e : m_events) {
        if (e.id == id) {
            e.acknowledged = true;
            e.acknowledgedBy = by;
            e.acknowledgedMs = m_clock->nowMs();
            qCInfo(lcEngine) << "event" << id << "acknowledged by" << by.c_str();
            return toProto(e);
        }
    }
    return notFound("no event with id " + std::to_string(id));
}

Result<pb::Event> Engine::resolveEvent(std::uint64_t id, const std::string &by)
{
    for (Event &e : m_events) {
        if (e.id == id) {
            const std::int64_t now = m_clock->nowMs();
            if (!e.acknowledged) {
                e.acknowledged = true;
                e.acknowledgedBy = by;
                e.acknowledgedMs = now;
            }
            e.resolved = true;
            e.resolvedBy = by;
            e.resolvedMs = now;
            qCInfo(lcEngine) << "event" << id << "resolved by" << by.c_str();
            return toProto(e);
        }
    }
    return notFound("no event with id " + std::to_string(id));
}

} // namespace sn
