// supernodectl anomaly scan FILE.csv: the metric detectors over a timestamp,value series (NAB's
// CSV layout) at their default settings, the way the engine runs them on a live series. With
// --json, one object per row, {"timestamp": "...", "score": S, "event": true|false}; "event"
// is true while an anomaly event is open at that row, and a missing value has "score": null.
// Without --json, the events found (start, end, detector, severity, evidence).
#include "backend/anomaly/nab_series.h"
#include "backend/anomaly/series_detector.h"
#include "backend/api/proto_convert.h"
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace sn::ctl {

namespace {

QString utc(std::int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

int scanCommand(Context &ctx)
{
    if (ctx.args.size() != 1)
        return usage(ctx, CtlText::tr("anomaly scan needs one FILE.csv (timestamp,value rows)"));
    const std::string path = ctx.args.front().toStdString();
    auto series = anomaly::readTimestampValueCsv(path);
    if (!series)
        return fail(ctx, series.error());
    anomaly::SeriesDetector detector(path);
    for (const anomaly::TimedValue &v : *series) {
        const anomaly::DetectorPoint p = v.valid ? detector.add(v.timeMs, v.value) : detector.addMissing(v.timeMs);
        if (!ctx.json)
            continue;
        ctx.out << "{\"timestamp\": " << jsonStringLiteral(v.timestamp)
                << ", \"score\": " << (v.valid && !p.dropped ? QByteArray::number(p.score, 'g', 6) : QByteArray("null"))
                << ", \"event\": " << (p.inEvent ? "true" : "false") << "}\n";
    }
    if (ctx.json)
        return kOk;
    for (const anomaly::AnomalyEvent &e : detector.events())
        ctx.out << utc(e.startMs) << " .. " << (e.open() ? CtlText::tr("(open)") : utc(e.endMs)) << "  "
                << severityText(toProto(e.severity)) << "  " << QString::fromStdString(e.detector) << "  "
                << CtlText::tr("value %1 outside [%2, %3], worst %4 (score %5)")
                       .arg(QString::number(e.value), QString::number(e.bandLow), QString::number(e.bandHigh),
                            QString::number(e.peakValue), QString::number(e.peakScore))
                << '\n';
    ctx.out << CtlText::tr("%1 row(s), %2 event(s), %3 row(s) dropped (time not moving forward)")
                   .arg(series->size())
                   .arg(detector.events().size())
                   .arg(detector.droppedSamples())
            << '\n';
    return kOk;
}

} // namespace

int anomalyCommand(Context &ctx)
{
    if (ctx.args.isEmpty())
        return usage(ctx, CtlText::tr("anomaly needs a subcommand: scan"));
    const QString sub = ctx.args.takeFirst();
    if (sub == QLatin1String("scan"))
        return scanCommand(ctx);
    return usage(ctx, CtlText::tr("unknown anomaly subcommand '%1'").arg(sub));
}

} // namespace sn::ctl
