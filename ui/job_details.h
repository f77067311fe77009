#pragma once
// What the Jobs page's details panel says about one job, as rich text: who and what, its
// timeline (submitted, started, ended, waited, ran, exit code, preemptions, requeues), where it
// runs or why it waits, what it asked for, the backend's own words, the planner's doubt, and its
// newest log lines. A free function over engine messages, so it is tested alone.

#include "backend/api/engine_api.h"

#include <QString>
#include <QVector>

namespace sn {

// nowMs: the engine's clock (how long a running job has run, a pending one has waited).
// logs: the job's newest lines, oldest first; logsError: why they could not be read (or empty).
QString jobDetailsHtml(const pb::Job &job, qint64 nowMs, const QVector<pb::LogLine> &logs,
                       const QString &logsError = {});

// "3 h 12 min", "4 min 5 s", "12 s": a duration for people.
QString durationText(qint64 ms);

} // namespace sn
