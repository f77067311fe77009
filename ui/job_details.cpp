#include "ui/job_details.h"

#include "translations/engine_message.h"
#include "ui/details_html.h"
#include "ui/job_table_model.h"
#include "ui/topology_details.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

namespace sn {

namespace {
struct JobDetails {
    Q_DECLARE_TR_FUNCTIONS(sn::JobDetails)
};

using details::row;

QString q(const std::string &s)
{
    return details::escaped(s);
}

QString when(qint64 ms)
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms), QLocale::ShortFormat);
}

QString bytes(qint64 b)
{
    return QLocale().formattedDataSize(b, 1, QLocale::DataSizeTraditionalFormat);
}

QString section(const QString &title)
{
    return QStringLiteral("<h4 style='margin-bottom:2px'>%1</h4>").arg(title);
}

QString timeline(const pb::Job &j, qint64 nowMs)
{
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    html += row(JobDetails::tr("Submitted"), when(j.submit_time_ms()));
    const qint64 waited = JobTableModel::waitMs(j, nowMs);
    if (j.start_time_ms() > 0) {
        html += row(JobDetails::tr("Started"), JobDetails::tr("%1 (after %2 waiting)")
                                                   .arg(when(j.start_time_ms()), durationText(waited)));
        const qint64 end = j.end_time_ms() > 0 ? j.end_time_ms() : nowMs;
        html += row(j.end_time_ms() > 0 ? JobDetails::tr("Ran for") : JobDetails::tr("Running for"),
                    durationText(end - j.start_time_ms()));
    } else if (j.state() == pb::JOB_STATE_PENDING) {
        html += row(JobDetails::tr("Waiting for"), durationText(waited));
    }
    if (j.end_time_ms() > 0)
        html += row(JobDetails::tr("Ended"), when(j.end_time_ms()));
    if (!JobTableModel::isActive(j.state()) && j.end_time_ms() > 0)
        html += row(JobDetails::tr("Exit code"), QString::number(j.exit_code()));
    if (j.preemptions() > 0)
        html += row(JobDetails::tr("Times preempted"), QString::number(j.preemptions()));
    if (j.requeues() > 0)
        html += row(JobDetails::tr("Times requeued after faults"), QString::number(j.requeues()));
    return html + QStringLiteral("</table>");
}

QString request(const pb::JobSpec &s)
{
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    QString gpus = s.gpus_min() == s.gpus_max() ? QString::number(s.gpus_max())
                                                 : QStringLiteral("%1–%2").arg(s.gpus_min()).arg(s.gpus_max());
    if (s.gpu_milli() > 0 && s.gpu_milli() < 1000)
        gpus = JobDetails::tr("%1 of one GPU").arg(QLocale().toString(s.gpu_milli() / 1000.0, 'g', 3));
    if (s.gpu_models_size() > 0) {
        QStringList models;
        for (const std::string &m : s.gpu_models())
            models << q(m);
        gpus += QStringLiteral(" (") + models.join(QStringLiteral(", ")) + QStringLiteral(")");
    }
    if (s.gang())
        gpus += JobDetails::tr(", all at once (gang)");
    if (s.node_count() > 1)
        gpus += JobDetails::tr(" over %1 nodes").arg(s.node_count());
    html += row(JobDetails::tr("GPUs"), gpus);
    if (s.cpus() > 0)
        html += row(JobDetails::tr("CPUs"), QString::number(s.cpus()));
    if (s.memory_bytes() > 0)
        html += row(JobDetails::tr("Host memory"), bytes(s.memory_bytes()));
    if (s.gpu_memory_bytes() > 0)
        html += row(JobDetails::tr("GPU memory"), JobDetails::tr("%1 per GPU").arg(bytes(s.gpu_memory_bytes())));
    if (s.estimated_runtime_s() > 0)
        html += row(JobDetails::tr("Expected run time"), durationText(s.estimated_runtime_s() * 1000));
    if (s.checkpoint_interval_s() > 0)
        html += row(JobDetails::tr("Checkpoints"), JobDetails::tr("every %1").arg(durationText(s.checkpoint_interval_s() * 1000)));
    if (!s.command().empty())
        html += row(JobDetails::tr("Command"), QStringLiteral("<code>%1</code>").arg(q(s.command())));
    return html + QStringLiteral("</table>");
}

QString backendPart(const pb::Job &j)
{
    if (j.backend().empty() && j.backend_job_id().empty())
        return {};
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    html += row(JobDetails::tr("Backend"), q(j.backend().empty() ? std::string("embedded") : j.backend()));
    if (!j.backend_job_id().empty())
        html += row(JobDetails::tr("Backend job"), q(j.backend_job_id()));
    if (!j.backend_state().empty())
        html += row(JobDetails::tr("Backend state"), q(j.backend_state()));
    if (!j.backend_allocation().empty())
        html += row(JobDetails::tr("Allocated"), q(j.backend_allocation()));
    if (j.backend_nodes_size() > 0) {
        QStringList nodes;
        for (const std::string &n : j.backend_nodes())
            nodes << q(n);
        html += row(JobDetails::tr("Backend nodes"), nodes.join(QStringLiteral(", ")));
    }
    return html + QStringLiteral("</table>");
}

QString logPart(const QVector<pb::LogLine> &logs, const QString &error)
{
    if (!error.isEmpty())
        return QStringLiteral("<p>%1</p>").arg(JobDetails::tr("Cannot read its logs: %1").arg(error.toHtmlEscaped()));
    if (logs.isEmpty())
        return QStringLiteral("<p>%1</p>").arg(JobDetails::tr("No log lines from this job yet."));
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    for (const pb::LogLine &l : logs)
        html += QStringLiteral("<tr><td style='padding-right:8px'>%1</td><td style='padding-right:8px'>%2</td>"
                               "<td style='padding-right:8px'>%3</td><td><code>%4</code></td></tr>")
                    .arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(l.time_ms()).time(), QLocale::ShortFormat),
                         q(l.node()), severityName(l.severity()), q(l.text()));
    return html + QStringLiteral("</table>");
}

} // namespace

QString durationText(qint64 ms)
{
    const qint64 s = std::max<qint64>(0, ms / 1000);
    if (s < 60)
        return JobDetails::tr("%1 s").arg(s);
    if (s < 3600)
        return s % 60 ? JobDetails::tr("%1 min %2 s").arg(s / 60).arg(s % 60) : JobDetails::tr("%1 min").arg(s / 60);
    if (s < 48 * 3600)
        return JobDetails::tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
    return JobDetails::tr("%1 d %2 h").arg(s / 86400).arg((s % 86400) / 3600);
}

QString jobDetailsHtml(const pb::Job &j, qint64 nowMs, const QVector<pb::LogLine> &logs, const QString &logsError)
{
    const pb::JobSpec &s = j.spec();
    QString html = QStringLiteral("<h3 style='margin-bottom:2px'>%1 <span style='font-weight:normal'>· %2</span></h3>")
                       .arg(q(s.name()), JobDetails::tr("job %1").arg(q(j.id())));
    QStringList who;
    who << JobTableModel::stateText(j.state()).toHtmlEscaped();
    if (!s.user().empty())
        who << JobDetails::tr("user %1").arg(q(s.user()));
    if (!s.queue().empty())
        who << JobDetails::tr("queue %1").arg(q(s.queue()));
    if (!s.priority_class().empty())
        who << JobDetails::tr("priority %1").arg(q(s.priority_class()));
    if (j.simulated())
        who << JobDetails::tr("simulated");
    html += QStringLiteral("<p>%1</p>").arg(who.join(QStringLiteral(" · ")));
    if (j.state() == pb::JOB_STATE_PENDING) {
        QString why = j.pending_reason().empty() ? JobDetails::tr("The scheduler has not said why yet.")
                                                 : engineReasonText(j.pending_reason()).toHtmlEscaped();
        if (j.queue_position() > 0)
            why += QStringLiteral(" ") + JobDetails::tr("(number %1 in the scheduling order)").arg(j.queue_position());
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(JobDetails::tr("Why it waits:"), why);
    }
    if (!j.plan_warning().empty())
        html += QStringLiteral("<p style='color:#c62828'>⚠ %1</p>").arg(engineReasonText(j.plan_warning()).toHtmlEscaped());
    html += section(JobDetails::tr("Timeline")) + timeline(j, nowMs);
    html += section(JobDetails::tr("Placement"));
    html += j.gpus_size() > 0 ? QStringLiteral("<p>%1</p>").arg(JobTableModel::placementText(j).toHtmlEscaped())
                              : QStringLiteral("<p>%1</p>").arg(JobDetails::tr("No GPUs held."));
    html += section(JobDetails::tr("Asked for")) + request(s);
    html += backendPart(j);
    html += section(JobDetails::tr("Recent log lines")) + logPart(logs, logsError);
    return html;
}

} // namespace sn
