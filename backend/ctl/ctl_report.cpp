// supernodectl report / snapshot: a cluster report (PDF, HTML, CSV) or a snapshot file a report
// can be built from elsewhere. Against the embedded simulated super node the range is simulated
// first, in virtual time and seeded, so a report is one command away (docs/reports.md).

#include "backend/engine/engine_config.h"
#include "backend/engine/local_engine.h"
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"
#include "backend/report/csv_writer.h"
#include "backend/report/html_writer.h"
#include "backend/report/pdf_writer.h"
#include "backend/report/report_builder.h"
#include "backend/report/report_gatherer.h"
#include "backend/report/report_simulation.h"
#include "backend/report/snapshot_file.h"
#include "backend/report/snapshot_view.h"
#include "translations/translation_loader.h"

#include <QDateTime>

namespace sn::ctl {

namespace {

constexpr std::int64_t kHourMs = 3600 * 1000;

// ISO 8601 ("2026-01-01T00:00:00Z", "2026-01-01T08:00+08:00", "2026-01-01": UTC midnight) or
// milliseconds since the epoch.
Result<std::int64_t> parseTime(const QString &option, const QString &text)
{
    bool isNumber = false;
    const qint64 ms = text.toLongLong(&isNumber);
    if (isNumber)
        return std::int64_t(ms);
    QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime::fromString(text, Qt::ISODate);
    if (!t.isValid())
        // Fully qualified: lupdate loses the namespace after the Result<std::int64_t> return type.
        return invalidArgument(
            sn::ctl::CtlText::tr("%1 '%2': expected an ISO 8601 time such as 2026-01-01T00:00:00Z, or "
                                 "milliseconds since the epoch")
                .arg(option, text)
                .toStdString());
    if (t.timeSpec() == Qt::LocalTime)
        t.setTimeSpec(Qt::UTC); // a time without a zone is UTC, as the report prints it
    return std::int64_t(t.toMSecsSinceEpoch());
}

QString take(Context &ctx, const QString &name, bool *missingValue)
{
    const qsizetype i = ctx.args.indexOf(name);
    if (i < 0)
        return {};
    if (i + 1 >= ctx.args.size()) {
        *missingValue = true;
        ctx.args.removeAt(i);
        return {};
    }
    const QString v = ctx.args[i + 1];
    ctx.args.remove(i, 2);
    return v;
}

struct ReportArgs {
    QString from, to, scope, format, output, snapshot, sections, seed, lang;
};

// The data of the range: from a snapshot file, a remote engine, or the embedded simulated super
// node after simulating the range.
Result<supernode::report::v1::ReportSnapshot> gather(Context &ctx, const ReportArgs &a)
{
    if (!a.snapshot.isEmpty()) {
        auto snapshot = report::readSnapshotFile(a.snapshot);
        if (snapshot)
            if (auto scoped = report::applyScope(*snapshot, a.scope.toStdString()); !scoped)
                return scoped.error();
        return snapshot;
    }
    std::optional<std::int64_t> from, to;
    if (!a.from.isEmpty()) {
        auto t = parseTime(QStringLiteral("--from"), a.from);
        if (!t)
            return t.error();
        from = *t;
    }
    if (!a.to.isEmpty()) {
        auto t = parseTime(QStringLiteral("--to"), a.to);
        if (!t)
            return t.error();
        to = *t;
    }
    report::GatherOptions options;
    options.scope = a.scope.isEmpty() ? "cluster" : a.scope.toStdString();
    if (auto scope = report::parseScope(options.scope); !scope)
        return scope.error();

    std::unique_ptr<EngineApi> engine;
    if (!ctx.remote.isEmpty()) {
        int code = 0;
        engine = openEngine(ctx, &code);
        if (!engine)
            return Error{ErrorCode::Unavailable, CtlText::tr("cannot reach %1").arg(ctx.remote).toStdString()};
        auto summary = waitFor(engine->getSummary());
        if (!summary)
            return summary.error();
        // Whole minutes, so that the store answers from its rollups rather than raw samples.
        options.endMs = to.value_or(summary->time_ms() / 60000 * 60000);
        options.startMs = from.value_or(options.endMs - 24 * kHourMs);
    } else {
        auto spec = engineClusterSpec(ctx.configPath.toStdString());
        if (!spec)
            return spec.error();
        if (!a.seed.isEmpty())
            spec->simulation.seed = a.seed.toULongLong();
        options.startMs = from.value_or(kVirtualEpochMs);
        options.endMs = to.value_or(options.startMs + 24 * kHourMs);
        if (options.endMs <= options.startMs)
            return invalidArgument(CtlText::tr("--to must be after --from").toStdString());
        engine = std::make_unique<LocalEngine>(report::simulationOptions(std::move(*spec), options.startMs));
        if (auto simulated = report::simulateUntil(*engine, options.startMs, options.endMs); !simulated)
            return simulated.error();
    }
    return report::gatherSnapshot(*engine, options);
}

ReportArgs takeArgs(Context &ctx, bool *missingValue)
{
    ReportArgs a;
    a.from = take(ctx, QStringLiteral("--from"), missingValue);
    a.to = take(ctx, QStringLiteral("--to"), missingValue);
    a.scope = take(ctx, QStringLiteral("--scope"), missingValue);
    a.format = take(ctx, QStringLiteral("--format"), missingValue);
    a.output = take(ctx, QStringLiteral("-o"), missingValue);
    if (a.output.isEmpty())
        a.output = take(ctx, QStringLiteral("--output"), missingValue);
    a.snapshot = take(ctx, QStringLiteral("--snapshot"), missingValue);
    a.sections = take(ctx, QStringLiteral("--sections"), missingValue);
    a.seed = take(ctx, QStringLiteral("--seed"), missingValue);
    a.lang = take(ctx, QStringLiteral("--lang"), missingValue);
    return a;
}

} // namespace

int reportCommand(Context &ctx)
{
    bool missingValue = false;
    const ReportArgs a = takeArgs(ctx, &missingValue);
    if (missingValue)
        return usage(ctx, CtlText::tr("report: an option is missing its value"));
    if (!ctx.args.isEmpty())
        return usage(ctx, CtlText::tr("report: unexpected argument '%1'").arg(ctx.args.front()));
    if (a.format != QLatin1String("pdf") && a.format != QLatin1String("html") && a.format != QLatin1String("csv"))
        return usage(ctx, CtlText::tr("report needs --format pdf, html or csv"));
    if (a.output.isEmpty())
        return usage(ctx, CtlText::tr("report needs -o PATH (a file; a folder for csv)"));
    if (!a.snapshot.isEmpty() && (!a.from.isEmpty() || !a.to.isEmpty() || !a.seed.isEmpty()))
        return usage(ctx, CtlText::tr("report --snapshot: the snapshot holds its range; --from, --to and --seed "
                                      "are for gathering one"));
    // The report's words, numbers and dates in --lang (else the environment's, as main() set).
    if (!a.lang.isEmpty())
        if (auto language = installTranslations(a.lang); !language)
            return usage(ctx, QStringLiteral("--lang: %1").arg(QString::fromStdString(language.error().message)));
    auto snapshot = gather(ctx, a);
    if (!snapshot)
        return fail(ctx, snapshot.error());
    auto data = report::buildReport(*snapshot);
    if (!data)
        return fail(ctx, data.error());
    std::vector<std::string> sections;
    for (const QString &s : a.sections.split(QLatin1Char(','), Qt::SkipEmptyParts))
        sections.push_back(s.trimmed().toStdString());
    for (const std::string &key : sections)
        if (!data->section(key))
            return usage(ctx, CtlText::tr("--sections: no section '%1'").arg(QString::fromStdString(key)));
    Status written = success();
    if (a.format == QLatin1String("csv")) {
        auto files = report::writeCsvFolder(*data, a.output, sections);
        written = files ? success() : Status(files.error());
    } else if (a.format == QLatin1String("html")) {
        written = report::writeHtml(*data, a.output, sections);
    } else {
        written = report::writePdf(*data, a.output, {sections, {}});
    }
    if (!written)
        return fail(ctx, written.error());
    const auto &k = data->kpis;
    ctx.out << CtlText::tr("%1 report of %2, %3 to %4, written to %5")
                   .arg(a.format.toUpper(), QString::fromStdString(data->clusterName),
                        QString::fromStdString(report::formatUtc(data->startMs)),
                        QString::fromStdString(report::formatUtc(data->endMs)), a.output)
            << '\n'
            << CtlText::tr("GPU-hours available %1, allocated %2, used %3; mean utilization %4%")
                   .arg(k.gpuHoursAvailable, 0, 'f', 1)
                   .arg(k.gpuHoursAllocated, 0, 'f', 1)
                   .arg(k.gpuHoursUsed, 0, 'f', 1)
                   .arg(k.utilMeanPercent, 0, 'f', 1)
            << '\n';
    return kOk;
}

int snapshotCommand(Context &ctx)
{
    bool missingValue = false;
    const ReportArgs a = takeArgs(ctx, &missingValue);
    if (missingValue)
        return usage(ctx, CtlText::tr("snapshot: an option is missing its value"));
    if (!ctx.args.isEmpty())
        return usage(ctx, CtlText::tr("snapshot: unexpected argument '%1'").arg(ctx.args.front()));
    if (a.output.isEmpty() || !a.snapshot.isEmpty() || !a.format.isEmpty())
        return usage(ctx, CtlText::tr("snapshot needs -o FILE (and takes no --format or --snapshot)"));
    auto snapshot = gather(ctx, a);
    if (!snapshot)
        return fail(ctx, snapshot.error());
    if (auto written = report::writeSnapshotFile(*snapshot, a.output); !written)
        return fail(ctx, written.error());
    ctx.out << CtlText::tr("snapshot of %1, %2 to %3 (%4 jobs, %5 events, %6 series) written to %7")
                   .arg(QString::fromStdString(snapshot->cluster().name()),
                        QString::fromStdString(report::formatUtc(snapshot->start_ms())),
                        QString::fromStdString(report::formatUtc(snapshot->end_ms())))
                   .arg(snapshot->jobs_size())
                   .arg(snapshot->events_size())
                   .arg(snapshot->series_size())
                   .arg(a.output)
            << '\n';
    return kOk;
}

} // namespace sn::ctl
