// supernodectl jobs submit|list|get|why|cancel|requeue and events: jobs and the event timeline over the
// engine, which with --remote is a supernoded (docs/remote.md).
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"
#include "translations/engine_message.h"
#include "translations/event_text.h"

#include <QRegularExpression>

namespace sn::ctl {

namespace {

QString stateName(pb::JobState state)
{
    switch (state) {
    case pb::JOB_STATE_PENDING:
        return CtlText::tr("pending");
    case pb::JOB_STATE_RUNNING:
        return CtlText::tr("running");
    case pb::JOB_STATE_COMPLETED:
        return CtlText::tr("completed");
    case pb::JOB_STATE_FAILED:
        return CtlText::tr("failed");
    case pb::JOB_STATE_CANCELLED:
        return CtlText::tr("cancelled");
    case pb::JOB_STATE_PREEMPTED:
        return CtlText::tr("preempted");
    default:
        return QString::fromStdString(pb::JobState_Name(state)).remove(QStringLiteral("JOB_STATE_")).toLower();
    }
}

QString gpusText(const pb::Job &job)
{
    QStringList where;
    for (const pb::GpuRef &g : job.gpus())
        where << QStringLiteral("%1/%2").arg(QString::fromStdString(g.node())).arg(g.gpu());
    return where.isEmpty() ? QStringLiteral("-") : where.join(',');
}

void printJobRow(Context &ctx, const pb::Job &j)
{
    // A Chinese state is two columns a character: padded by terminal columns, not characters.
    ctx.out << QStringLiteral("%1  %2 %3  %4  %5  %6\n")
                   .arg(QString::fromStdString(j.id()), -8)
                   .arg(padToColumns(stateName(j.state()), 10))
                   .arg(QString::fromStdString(j.spec().name()), -20)
                   .arg(QString::fromStdString(j.spec().user()), -10)
                   .arg(j.spec().gpus_max(), 4)
                   .arg(j.state() == pb::JOB_STATE_PENDING ? engineReasonText(j.pending_reason()) : gpusText(j));
}

// jobs why ID: whether the job waits and why, in the scheduler's words and the user's language;
// for a job that does not wait, what it does instead.
int printWhy(Context &ctx, const Result<pb::Job> &job)
{
    if (!job)
        return fail(ctx, job.error());
    if (ctx.json) {
        printJson(ctx, *job);
        return kOk;
    }
    const pb::Job &j = *job;
    const QString who =
        QStringLiteral("%1 (%2)").arg(QString::fromStdString(j.id()), QString::fromStdString(j.spec().name()));
    switch (j.state()) {
    case pb::JOB_STATE_PENDING:
        ctx.out << CtlText::tr("%1 waits: %2")
                       .arg(who, j.pending_reason().empty() ? CtlText::tr("the scheduler has not said why yet")
                                                            : engineReasonText(j.pending_reason()))
                << '\n';
        if (j.queue_position() > 0)
            ctx.out << "  " << CtlText::tr("number %1 in the scheduling order").arg(j.queue_position()) << '\n';
        break;
    case pb::JOB_STATE_RUNNING:
        ctx.out << CtlText::tr("%1 does not wait: it runs on %2").arg(who, gpusText(j)) << '\n';
        break;
    default:
        ctx.out << CtlText::tr("%1 does not wait: it has ended (%2, exit code %3)")
                       .arg(who, stateName(j.state()))
                       .arg(j.exit_code())
                << '\n';
        break;
    }
    if (j.preemptions() > 0 || j.requeues() > 0)
        ctx.out << "  " << CtlText::tr("preempted %1 times, requeued %2 times").arg(j.preemptions()).arg(j.requeues())
                << '\n';
    if (!j.plan_warning().empty())
        ctx.out << "  " << CtlText::tr("planner: %1").arg(engineReasonText(j.plan_warning())) << '\n';
    if (!j.backend().empty() && j.backend() != "embedded")
        ctx.out << "  "
                << CtlText::tr("%1 job %2: %3")
                       .arg(QString::fromStdString(j.backend()), QString::fromStdString(j.backend_job_id()),
                            QString::fromStdString(j.backend_state()))
                << '\n';
    return kOk;
}

int printJob(Context &ctx, const Result<pb::Job> &job)
{
    if (!job)
        return fail(ctx, job.error());
    if (ctx.json) {
        printJson(ctx, *job);
        return kOk;
    }
    printJobRow(ctx, *job);
    return kOk;
}

// A word as a POSIX shell would need it quoted, for showing a command line (never for running one).
QString shellWord(const std::string &word)
{
    const QString w = QString::fromStdString(word);
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (plain.match(w).hasMatch())
        return w;
    QString quoted = w;
    return "'" + quoted.replace("'", "'\\''") + "'";
}

// --dry-run: exactly what the backend would be sent, on stdout (so that `> job.sh` keeps it),
// and where it would be sent, on stderr.
int printRendered(Context &ctx, const Result<pb::RenderJobResponse> &rendered)
{
    if (!rendered)
        return fail(ctx, rendered.error());
    if (ctx.json) {
        printJson(ctx, *rendered);
        return kOk;
    }
    QStringList command;
    for (const std::string &word : rendered->command())
        command << shellWord(word);
    ctx.err << "# "
            << CtlText::tr("%1 (%2), sent to: %3")
                   .arg(QString::fromStdString(rendered->backend()), QString::fromStdString(rendered->media_type()),
                        command.join(' '))
            << '\n';
    ctx.err.flush();
    ctx.out << QString::fromStdString(rendered->text());
    return kOk;
}

// "--name VALUE" pairs after the subcommand; unknown names are usage errors.
bool takeOptions(Context &ctx, const QStringList &known, QMap<QString, QString> *values, int *code)
{
    for (qsizetype i = 1; i < ctx.args.size(); i += 2) {
        if (!known.contains(ctx.args[i]) || i + 1 >= ctx.args.size()) {
            *code = usage(ctx, CtlText::tr("unexpected '%1' (expected %2 with a value)")
                                   .arg(ctx.args[i], known.join(QStringLiteral(", "))));
            return false;
        }
        values->insert(ctx.args[i], ctx.args[i + 1]);
    }
    return true;
}

bool toInt(Context &ctx, const QString &name, const QString &text, int min, int max, int *value, int *code)
{
    bool ok = false;
    *value = text.toInt(&ok);
    if (!ok || *value < min || *value > max) {
        *code = usage(
            ctx, CtlText::tr("%1 needs a whole number from %2 to %3, got '%4'").arg(name).arg(min).arg(max).arg(text));
        return false;
    }
    return true;
}

} // namespace

int jobsCommand(Context &ctx)
{
    const QString sub = ctx.args.value(0);
    int code = kOk;
    if (sub == QLatin1String("why")) {
        if (ctx.args.size() != 2)
            return usage(ctx, CtlText::tr("expected: jobs %1 ID").arg(sub));
        auto engine = openEngine(ctx, &code);
        if (!engine)
            return code;
        return printWhy(ctx, waitFor(engine->getJob(ctx.args[1].toStdString())));
    }
    if (sub == QLatin1String("get") || sub == QLatin1String("cancel") || sub == QLatin1String("requeue")) {
        if (ctx.args.size() != 2)
            return usage(ctx, CtlText::tr("expected: jobs %1 ID").arg(sub));
        auto engine = openEngine(ctx, &code);
        if (!engine)
            return code;
        const std::string id = ctx.args[1].toStdString();
        return printJob(ctx, waitFor(sub == QLatin1String("get")      ? engine->getJob(id)
                                     : sub == QLatin1String("cancel") ? engine->cancelJob(id)
                                                                      : engine->requeueJob(id)));
    }
    QMap<QString, QString> o;
    if (sub == QLatin1String("submit")) {
        // --dry-run is a flag; every other option takes a value.
        const bool dryRun = ctx.args.removeAll(QStringLiteral("--dry-run")) > 0;
        if (!takeOptions(ctx,
                         {"--gpus", "--name", "--user", "--queue", "--priority-class", "--runtime", "--backend",
                          "--command", "--nodes", "--tasks-per-node", "--cpus", "--partition", "--time-limit",
                          "--workdir", "--gpu-model", "--image"},
                         &o, &code))
            return code;
        int gpus = 0, runtime = 3600, nodes = 0, tasks = 0, cpus = 0, timeLimit = 0;
        if (!o.contains("--gpus"))
            return usage(ctx, CtlText::tr("jobs submit needs --gpus N"));
        const QString backend = o.value("--backend");
        if (!backend.isEmpty() && backend != "embedded" && backend != "slurm" && backend != "kubernetes")
            return usage(ctx, CtlText::tr("--backend must be embedded, slurm or kubernetes, not '%1'").arg(backend));
        if (!toInt(ctx, "--gpus", o.value("--gpus"), 0, 100000, &gpus, &code) ||
            (o.contains("--runtime") &&
             !toInt(ctx, "--runtime", o.value("--runtime"), 1, 365 * 24 * 3600, &runtime, &code)) ||
            (o.contains("--nodes") && !toInt(ctx, "--nodes", o.value("--nodes"), 1, 100000, &nodes, &code)) ||
            (o.contains("--tasks-per-node") &&
             !toInt(ctx, "--tasks-per-node", o.value("--tasks-per-node"), 1, 100000, &tasks, &code)) ||
            (o.contains("--cpus") && !toInt(ctx, "--cpus", o.value("--cpus"), 1, 10000000, &cpus, &code)) ||
            (o.contains("--time-limit") &&
             !toInt(ctx, "--time-limit", o.value("--time-limit"), 1, 365 * 24 * 3600, &timeLimit, &code)))
            return code;
        pb::JobSpec spec;
        spec.set_name(o.value("--name").toStdString());
        spec.set_user(o.value("--user", qEnvironmentVariable("USER")).toStdString());
        spec.set_queue(o.value("--queue").toStdString());
        spec.set_priority_class(o.value("--priority-class").toStdString());
        spec.set_gpus_min(gpus);
        spec.set_gpus_max(gpus);
        spec.set_estimated_runtime_s(runtime);
        spec.set_backend(backend.toStdString());
        spec.set_command(o.value("--command").toStdString());
        spec.set_node_count(nodes);
        spec.set_gang(nodes > 1);
        spec.set_tasks_per_node(tasks);
        spec.set_cpus(cpus);
        spec.set_partition(o.value("--partition").toStdString());
        spec.set_time_limit_s(timeLimit);
        spec.set_working_directory(o.value("--workdir").toStdString());
        spec.set_container_image(o.value("--image").toStdString());
        if (o.contains("--gpu-model"))
            spec.add_gpu_models(o.value("--gpu-model").toStdString());
        auto engine = openEngine(ctx, &code);
        if (!engine)
            return code;
        if (dryRun)
            return printRendered(ctx, waitFor(engine->renderJob(spec)));
        return printJob(ctx, waitFor(engine->submitJob(spec)));
    }
    if (sub == QLatin1String("list")) {
        if (!takeOptions(ctx, {"--state", "--limit"}, &o, &code))
            return code;
        pb::ListJobsRequest request;
        if (o.contains("--state")) {
            pb::JobState state;
            if (!pb::JobState_Parse("JOB_STATE_" + o.value("--state").toUpper().toStdString(), &state))
                return usage(ctx, CtlText::tr("--state must be pending, running, completed, failed, cancelled or "
                                              "preempted, not '%1'")
                                      .arg(o.value("--state")));
            request.add_states(state);
        }
        int limit = 0;
        if (o.contains("--limit") && !toInt(ctx, "--limit", o.value("--limit"), 1, 1000000, &limit, &code))
            return code;
        request.set_limit(limit);
        auto engine = openEngine(ctx, &code);
        if (!engine)
            return code;
        auto jobs = waitFor(engine->listJobs(request));
        if (!jobs)
            return fail(ctx, jobs.error());
        if (ctx.json) {
            printJson(ctx, *jobs);
            return kOk;
        }
        // Headers padded by terminal columns (a Chinese one is two a character); the rows'
        // values are IDs, names and state tokens, the same in every language.
        ctx.out << padToColumns(CtlText::tr("ID"), 10) << padToColumns(CtlText::tr("STATE"), 12)
                << padToColumns(CtlText::tr("NAME"), 22) << padToColumns(CtlText::tr("USER"), 12)
                << padToColumns(CtlText::tr("GPUS"), 6) << CtlText::tr("WHERE / WHY") << '\n';
        for (const pb::Job &j : jobs->jobs())
            printJobRow(ctx, j);
        return kOk;
    }
    return usage(ctx, CtlText::tr("expected: jobs submit|list|get|why|cancel|requeue"));
}

int eventsCommand(Context &ctx)
{
    pb::ListEventsRequest request;
    int code = kOk;
    for (qsizetype i = 0; i < ctx.args.size(); ++i) {
        if (ctx.args[i] == QLatin1String("--open")) {
            request.set_open_only(true);
        } else if (ctx.args[i] == QLatin1String("--limit") && i + 1 < ctx.args.size()) {
            int limit = 0;
            if (!toInt(ctx, "--limit", ctx.args[++i], 1, 1000000, &limit, &code))
                return code;
            request.set_limit(limit);
        } else {
            return usage(ctx, CtlText::tr("events takes --open and --limit N, not '%1'").arg(ctx.args[i]));
        }
    }
    auto engine = openEngine(ctx, &code);
    if (!engine)
        return code;
    auto events = waitFor(engine->listEvents(request));
    if (!events)
        return fail(ctx, events.error());
    if (ctx.json) {
        printJson(ctx, *events);
        return kOk;
    }
    for (const pb::Event &e : events->events()) {
        const QString severity = severityText(e.severity());
        ctx.out << QStringLiteral("%1  %2  %3  %4  %5%6\n")
                       .arg(e.id(), 6)
                       .arg(severity + QString(std::max(0, 8 - terminalColumns(severity)), QLatin1Char(' ')))
                       .arg(QString::fromStdString(e.kind()), -16)
                       .arg(QString::fromStdString(e.node().empty() ? "-" : e.node()), -8)
                       .arg(eventMessageText(e.message()))
                       .arg(e.acknowledged() ? CtlText::tr("  (acknowledged)") : QString());
    }
    return kOk;
}

} // namespace sn::ctl
