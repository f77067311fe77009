#pragma once
// What the Logs page says about one selected anomaly, and the window of time its related log
// lines and chart cover. Free functions over the engine's Event.

#include "backend/api/engine_api.h"

#include <QString>

namespace sn {

struct TimeWindow {
    qint64 startMs = 0;
    qint64 endMs = 0;
};

// [start - context, end + context]; an ongoing anomaly reaches up to nowMs (+ context), a moment
// (no end) is centred on its time.
TimeWindow relatedWindow(const pb::Event &event, qint64 contextMs, qint64 nowMs);

// One or two lines: when (start, end or ongoing), the evidence (series, detector, value against
// its band, peak), who acknowledged or resolved it and when, the job.
QString eventDetailsText(const pb::Event &event);

// For the anomalies list: when it ended ("ongoing", a time, or empty for a moment), and its
// evidence in a few words ("level: 91.2, band 40 to 85, peak 93"; empty without evidence).
QString eventEndText(const pb::Event &event);
QString eventEvidenceText(const pb::Event &event);

} // namespace sn
