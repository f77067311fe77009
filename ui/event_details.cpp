#include "ui/event_details.h"

#include "translations/event_text.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

#include <algorithm>

namespace sn {

namespace {
// The messages' context; lupdate reads the class name from here.
struct EventDetails {
    Q_DECLARE_TR_FUNCTIONS(sn::EventDetails)
};

QString clock(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString number(double v)
{
    return QLocale().toString(v, 'g', 4);
}
} // namespace

TimeWindow relatedWindow(const pb::Event &event, qint64 contextMs, qint64 nowMs)
{
    qint64 end = event.time_ms();
    if (event.end_ms() > 0)
        end = std::max<qint64>(end, event.end_ms());
    else if (event.ongoing())
        end = std::max<qint64>(end, nowMs);
    return {event.time_ms() - contextMs, end + contextMs};
}

QString eventEndText(const pb::Event &e)
{
    if (e.ongoing())
        return EventDetails::tr("ongoing");
    if (e.end_ms() <= 0)
        return {};
    const QDateTime start = QDateTime::fromMSecsSinceEpoch(e.time_ms());
    const QDateTime end = QDateTime::fromMSecsSinceEpoch(e.end_ms());
    // The date only when it is not the start's.
    return end.toString(end.date() == start.date() ? QStringLiteral("HH:mm:ss") : QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString eventEvidenceText(const pb::Event &e)
{
    if (!e.has_evidence() || e.evidence().detector().empty())
        return {};
    const pb::EventEvidence &ev = e.evidence();
    QString text = EventDetails::tr("%1: %2").arg(QString::fromStdString(ev.detector()), number(ev.value()));
    if (ev.band_low() != 0 || ev.band_high() != 0)
        text += EventDetails::tr(", band %1 to %2").arg(number(ev.band_low()), number(ev.band_high()));
    if (ev.peak_value() != 0)
        text += EventDetails::tr(", peak %1").arg(number(ev.peak_value()));
    return text;
}

QString eventDetailsText(const pb::Event &e)
{
    QStringList parts;
    if (e.end_ms() > 0)
        parts << EventDetails::tr("%1 to %2").arg(clock(e.time_ms()), clock(e.end_ms()));
    else if (e.ongoing())
        parts << EventDetails::tr("since %1, ongoing").arg(clock(e.time_ms()));
    else
        parts << EventDetails::tr("at %1").arg(clock(e.time_ms()));
    if (e.has_evidence() && !e.evidence().series().empty()) {
        const pb::EventEvidence &ev = e.evidence();
        QString evidence = EventDetails::tr("%1 saw %2 = %3 (band %4 to %5)")
                               .arg(QString::fromStdString(ev.detector()), QString::fromStdString(ev.series()),
                                    number(ev.value()), number(ev.band_low()), number(ev.band_high()));
        if (ev.peak_value() != 0)
            evidence += EventDetails::tr(", peak %1").arg(number(ev.peak_value()));
        parts << evidence;
    }
    if (!e.job_id().empty())
        parts << EventDetails::tr("job %1").arg(QString::fromStdString(e.job_id()));
    if (!e.template_id().empty())
        parts << EventDetails::tr("template %1").arg(QString::fromStdString(e.template_id()));
    if (!e.action_taken().empty())
        parts << EventDetails::tr("action taken: %1").arg(eventActionText(e.action_taken()));
    if (e.resolved())
        parts << EventDetails::tr("resolved by %1 at %2")
                     .arg(QString::fromStdString(e.resolved_by()), clock(e.resolved_ms()));
    else if (e.acknowledged() && !e.acknowledged_by().empty())
        parts << EventDetails::tr("acknowledged by %1 at %2")
                     .arg(QString::fromStdString(e.acknowledged_by()), clock(e.acknowledged_ms()));
    return parts.join(QStringLiteral(" · "));
}

} // namespace sn
