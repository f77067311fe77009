#include "backend/report/snapshot_view.h"

#include "backend/report/report_gatherer.h"

#include <QDateTime>

#include <algorithm>

namespace sn::report {

namespace pb = supernode::v1;

namespace {

std::string utcText(std::int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate).toStdString();
}

} // namespace

Status applyScope(rpb::ReportSnapshot &snapshot, const std::string &scope)
{
    if (scope.empty() || scope == snapshot.scope())
        return success();
    if (snapshot.scope() != "cluster")
        return invalidArgument("scope " + scope + ": the snapshot holds only scope " + snapshot.scope());
    if (auto parsed = parseScope(scope); !parsed)
        return parsed.error();
    snapshot.set_scope(scope);
    return success();
}

Status narrowRange(rpb::ReportSnapshot &snapshot, std::int64_t startMs, std::int64_t endMs)
{
    if (endMs <= startMs)
        return invalidArgument("range: the end (" + utcText(endMs) + ") is not after the start (" + utcText(startMs) +
                               ")");
    if (startMs < snapshot.start_ms() || endMs > snapshot.end_ms())
        return invalidArgument("range " + utcText(startMs) + " to " + utcText(endMs) +
                               " is not inside the snapshot's, " + utcText(snapshot.start_ms()) + " to " +
                               utcText(snapshot.end_ms()));
    if (startMs == snapshot.start_ms() && endMs == snapshot.end_ms())
        return success();
    for (pb::Series &s : *snapshot.mutable_series()) {
        auto *points = s.mutable_points();
        points->erase(std::remove_if(points->begin(), points->end(),
                                     [&](const pb::Point &p) { return p.time_ms() < startMs || p.time_ms() >= endMs; }),
                      points->end());
    }
    auto *events = snapshot.mutable_events();
    events->erase(std::remove_if(events->begin(), events->end(),
                                 [&](const pb::Event &e) { return e.time_ms() < startMs || e.time_ms() >= endMs; }),
                  events->end());
    auto *jobs = snapshot.mutable_jobs();
    jobs->erase(
        std::remove_if(jobs->begin(), jobs->end(), [&](const pb::Job &j) { return !jobOverlaps(j, startMs, endMs); }),
        jobs->end());
    snapshot.set_start_ms(startMs);
    snapshot.set_end_ms(endMs);
    return success();
}

} // namespace sn::report
