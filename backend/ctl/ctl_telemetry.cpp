// supernodectl gpus, top and query: the engine's telemetry on the command line, embedded or from
// a supernoded. gpus and top read each GPU's newest values of the last minute (QueryRange, raw
// points); query is QueryRange itself.
#include "backend/api/metric_catalogue.h"
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

#include <algorithm>
#include <map>

namespace sn::ctl {

namespace {

// The columns of gpus/top, dcgm-exporter's names.
struct Column {
    const char *metric;
    int decimals;
};
constexpr Column kColumns[] = {
    {metric::kGpuUtil, 0}, {metric::kFbUsed, 0},  {metric::kFbFree, 0}, {metric::kGpuTemp, 0},
    {metric::kPower, 0},   {metric::kSmClock, 0}, {metric::kXid, 0},
};
constexpr std::int64_t kFreshMs = 60'000; // a GPU's values older than this are not shown

struct GpuRow {
    std::string node, gpu, model, job;
    std::map<std::string, double> value; // metric -> newest value
};

// Every GPU's newest value of each column's metric, in node and GPU order.
Result<std::vector<GpuRow>> readGpus(EngineApi &engine, const QString &node)
{
    auto summary = waitFor(engine.getSummary());
    if (!summary)
        return summary.error();
    std::map<std::pair<std::string, int>, GpuRow> rows;
    for (const Column &c : kColumns) {
        pb::QueryRangeRequest q;
        q.set_metric(c.metric);
        q.set_start_ms(summary->time_ms() - kFreshMs);
        q.set_end_ms(summary->time_ms());
        if (!node.isEmpty())
            (*q.mutable_match_labels())["Hostname"] = node.toStdString();
        auto answer = waitFor(engine.queryRange(q));
        if (!answer)
            return answer.error();
        for (const pb::Series &s : answer->series()) {
            if (s.points().empty() || !s.labels().contains("gpu") || !s.labels().contains("Hostname"))
                continue;
            const std::string &gpu = s.labels().at("gpu");
            GpuRow &row = rows[{s.labels().at("Hostname"), QString::fromStdString(gpu).toInt()}];
            row.node = s.labels().at("Hostname");
            row.gpu = gpu;
            if (const auto model = s.labels().find("modelName"); model != s.labels().end())
                row.model = model->second;
            if (const auto job = s.labels().find("job"); job != s.labels().end())
                row.job = job->second;
            row.value[c.metric] = s.points(s.points_size() - 1).value();
        }
    }
    std::vector<GpuRow> out;
    for (auto &[key, row] : rows)
        out.push_back(std::move(row));
    return out;
}

QString number(const GpuRow &row, const char *metric, int decimals = 0)
{
    const auto it = row.value.find(metric);
    return it == row.value.end() ? QStringLiteral("-") : QString::number(it->second, 'f', decimals);
}

void printGpuTable(Context &ctx, const std::vector<GpuRow> &rows)
{
    ctx.out << padToColumns(CtlText::tr("node"), 12) << ' ' << padToColumns(CtlText::tr("GPU"), 4) << ' '
            << padToColumns(CtlText::tr("util %"), 8) << ' ' << padToColumns(CtlText::tr("memory MiB"), 15) << ' '
            << padToColumns(CtlText::tr("temp C"), 7) << ' ' << padToColumns(CtlText::tr("power W"), 8) << ' '
            << padToColumns(CtlText::tr("SM MHz"), 7) << ' ' << padToColumns(CtlText::tr("XID"), 4) << ' '
            << CtlText::tr("job") << '\n';
    for (const GpuRow &r : rows) {
        const auto used = r.value.find(metric::kFbUsed), free = r.value.find(metric::kFbFree);
        const QString memory =
            used == r.value.end() ? QStringLiteral("-")
            : free == r.value.end()
                ? QString::number(used->second, 'f', 0)
                : QStringLiteral("%1/%2").arg(used->second, 0, 'f', 0).arg(used->second + free->second, 0, 'f', 0);
        ctx.out << QString::fromStdString(r.node).leftJustified(12) << ' '
                << QString::fromStdString(r.gpu).leftJustified(4) << ' '
                << number(r, metric::kGpuUtil).rightJustified(8) << ' ' << memory.rightJustified(15) << ' '
                << number(r, metric::kGpuTemp).rightJustified(7) << ' ' << number(r, metric::kPower).rightJustified(8)
                << ' ' << number(r, metric::kSmClock).rightJustified(7) << ' '
                << number(r, metric::kXid).rightJustified(4) << ' '
                << (r.job.empty() ? QStringLiteral("-") : QString::fromStdString(r.job)) << '\n';
    }
    if (rows.empty())
        ctx.out << CtlText::tr("no GPU reported in the last minute") << '\n';
}

void printGpuJson(Context &ctx, const std::vector<GpuRow> &rows)
{
    QJsonArray gpus;
    for (const GpuRow &r : rows) {
        QJsonObject values;
        for (const auto &[metric, value] : r.value)
            values.insert(QString::fromStdString(metric), value);
        gpus.append(QJsonObject{{"node", QString::fromStdString(r.node)},
                                {"gpu", QString::fromStdString(r.gpu)},
                                {"modelName", QString::fromStdString(r.model)},
                                {"job", QString::fromStdString(r.job)},
                                {"values", values}});
    }
    ctx.out << QJsonDocument(QJsonObject{{"gpus", gpus}}).toJson(QJsonDocument::Compact) << '\n';
}

} // namespace

int gpusCommand(Context &ctx)
{
    int code = kOk;
    QString node;
    double after = ctx.remote.isEmpty() ? 5 : 0; // the embedded engine has no telemetry before it runs
    if (!takeText(ctx, QStringLiteral("--node"), &node, &code) ||
        !takeNumber(ctx, QStringLiteral("--after"), 0, 24 * 3600, &after, &code) ||
        !noArgumentsLeft(ctx, QStringLiteral("gpus"), &code))
        return code;
    auto engine = openEngine(ctx, &code);
    if (!engine)
        return code;
    if (after > 0)
        if (auto advanced = waitFor(engine->advanceTime(static_cast<std::int64_t>(after * 1000))); !advanced)
            return fail(ctx, advanced.error());
    auto rows = readGpus(*engine, node);
    if (!rows)
        return fail(ctx, rows.error());
    if (ctx.json)
        printGpuJson(ctx, *rows);
    else
        printGpuTable(ctx, *rows);
    return kOk;
}

int topCommand(Context &ctx)
{
    int code = kOk;
    QString node;
    double interval = 2, iterations = 0; // 0: until interrupted
    if (!takeText(ctx, QStringLiteral("--node"), &node, &code) ||
        !takeNumber(ctx, QStringLiteral("--interval"), 0.1, 3600, &interval, &code) ||
        !takeNumber(ctx, QStringLiteral("--iterations"), 0, 1e9, &iterations, &code) ||
        !noArgumentsLeft(ctx, QStringLiteral("top"), &code))
        return code;
    auto engine = openEngine(ctx, &code);
    if (!engine)
        return code;
    const auto intervalMs = static_cast<std::int64_t>(interval * 1000);
    for (int i = 0; iterations == 0 || i < iterations; ++i) {
        // The embedded engine runs in virtual time: each refresh moves it on by the interval.
        if (ctx.remote.isEmpty()) {
            if (auto advanced = waitFor(engine->advanceTime(intervalMs)); !advanced)
                return fail(ctx, advanced.error());
        } else if (i > 0) {
            QThread::msleep(static_cast<unsigned long>(intervalMs));
        }
        auto rows = readGpus(*engine, node);
        if (!rows)
            return fail(ctx, rows.error());
        // The busiest first: what an operator looks for.
        std::stable_sort(rows->begin(), rows->end(), [](const GpuRow &a, const GpuRow &b) {
            const auto util = [](const GpuRow &r) {
                const auto it = r.value.find(metric::kGpuUtil);
                return it == r.value.end() ? -1.0 : it->second;
            };
            return util(a) > util(b);
        });
        if (ctx.json) {
            printGpuJson(ctx, *rows);
        } else {
            auto summary = waitFor(engine->getSummary());
            if (!summary)
                return fail(ctx, summary.error());
            if (i > 0)
                ctx.out << '\n';
            ctx.out << QDateTime::fromMSecsSinceEpoch(summary->time_ms(), Qt::UTC).toString(Qt::ISODate) << "  ";
            ctx.out << CtlText::tr("%1 of %2 GPUs busy, %3 jobs running, %4 pending, %5 anomalies open")
                           .arg(summary->gpus_busy())
                           .arg(summary->gpus_total())
                           .arg(summary->jobs_running())
                           .arg(summary->jobs_pending())
                           .arg(summary->anomalies_open())
                    << '\n';
            printGpuTable(ctx, *rows);
        }
        ctx.out.flush();
    }
    return kOk;
}

int queryCommand(Context &ctx)
{
    int code = kOk;
    if (ctx.args.isEmpty() || ctx.args.front().startsWith(QLatin1String("--")))
        return usage(ctx, CtlText::tr("query needs a metric, e.g. query DCGM_FI_DEV_GPU_UTIL"));
    const QString metric = ctx.args.takeFirst();
    QString node, gpu, aggregation, groupBy;
    double last = 300, step = 0;
    if (!takeText(ctx, QStringLiteral("--node"), &node, &code) ||
        !takeText(ctx, QStringLiteral("--gpu"), &gpu, &code) ||
        !takeText(ctx, QStringLiteral("--agg"), &aggregation, &code) ||
        !takeText(ctx, QStringLiteral("--by"), &groupBy, &code) ||
        !takeNumber(ctx, QStringLiteral("--last"), 1, 400 * 24 * 3600, &last, &code) ||
        !takeNumber(ctx, QStringLiteral("--step"), 0, 30 * 24 * 3600, &step, &code) ||
        !noArgumentsLeft(ctx, QStringLiteral("query"), &code))
        return code;
    pb::QueryRangeRequest q;
    q.set_metric(metric.toStdString());
    if (!node.isEmpty())
        (*q.mutable_match_labels())["Hostname"] = node.toStdString();
    if (!gpu.isEmpty())
        (*q.mutable_match_labels())["gpu"] = gpu.toStdString();
    q.set_step_ms(static_cast<std::int64_t>(step * 1000));
    if (!aggregation.isEmpty()) {
        pb::Aggregation a;
        if (!pb::Aggregation_Parse("AGGREGATION_" + aggregation.toUpper().toStdString(), &a) ||
            a == pb::AGGREGATION_NONE)
            return usage(ctx, CtlText::tr("--agg must be avg, min, max, sum or p95, not '%1'").arg(aggregation));
        if (step <= 0)
            return usage(ctx, CtlText::tr("--agg needs --step SECONDS"));
        q.set_aggregation(a);
    }
    for (const QString &label : groupBy.split(QLatin1Char(','), Qt::SkipEmptyParts))
        q.add_group_by(label.toStdString());
    auto engine = openEngine(ctx, &code);
    if (!engine)
        return code;
    auto summary = waitFor(engine->getSummary());
    if (!summary)
        return fail(ctx, summary.error());
    q.set_end_ms(summary->time_ms());
    q.set_start_ms(summary->time_ms() - static_cast<std::int64_t>(last * 1000));
    auto answer = waitFor(engine->queryRange(q));
    if (!answer)
        return fail(ctx, answer.error());
    if (ctx.json) {
        printJson(ctx, *answer);
        return kOk;
    }
    for (const pb::Series &s : answer->series()) {
        QStringList labels;
        for (const auto &[k, v] : std::map<std::string, std::string>(s.labels().begin(), s.labels().end()))
            labels << QStringLiteral("%1=\"%2\"").arg(QString::fromStdString(k), QString::fromStdString(v));
        ctx.out << QString::fromStdString(s.metric()) << '{' << labels.join(QLatin1Char(',')) << "}\n";
        for (const pb::Point &p : s.points())
            ctx.out << "  " << QDateTime::fromMSecsSinceEpoch(p.time_ms(), Qt::UTC).toString(Qt::ISODateWithMs) << "  "
                    << QString::number(p.value(), 'g', 10) << '\n';
    }
    if (answer->series().empty())
        ctx.out << CtlText::tr("no series of %1 in the last %2 s").arg(metric).arg(last) << '\n';
    return kOk;
}

} // namespace sn::ctl
