// supernodectl bench [--seconds N]: how fast this engine answers, measured from where the
// command runs (through the network, TLS and the token check when --remote): GetSummary round
// trips one after another, then the query behind a GPU chart (one metric of every GPU over the
// last hour, downsampled to 1,000 pixel columns). Read-only, so it is safe against a production
// daemon: it submits nothing and changes nothing. The project's own benchmarks are in bench/.
#include "backend/api/metric_catalogue.h"
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <vector>

namespace sn::ctl {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double quantile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
}

void printFigure(Context &ctx, const char *name, double value, const char *unit, const QString &label)
{
    if (ctx.json)
        ctx.out << QJsonDocument(QJsonObject{{"name", name}, {"value", value}, {"unit", unit}})
                       .toJson(QJsonDocument::Compact)
                << '\n';
    else
        ctx.out << padToColumns(label, 38) << QString::number(value, 'f', value < 100 ? 2 : 0) << ' ' << unit << '\n';
}

} // namespace

int benchCommand(Context &ctx)
{
    int code = kOk;
    double seconds = 5;
    if (!takeNumber(ctx, QStringLiteral("--seconds"), 0.1, 3600, &seconds, &code) ||
        !noArgumentsLeft(ctx, QStringLiteral("bench"), &code))
        return code;
    auto engine = openEngine(ctx, &code);
    if (!engine)
        return code;
    std::vector<double> roundTrips;
    std::int64_t engineNowMs = 0;
    const auto start = Clock::now();
    while (msSince(start) < seconds * 1000) {
        const auto call = Clock::now();
        auto summary = waitFor(engine->getSummary());
        if (!summary)
            return fail(ctx, summary.error());
        roundTrips.push_back(msSince(call));
        engineNowMs = summary->time_ms();
    }
    const double elapsedS = msSince(start) / 1000;
    pb::QueryRangeRequest chart;
    chart.set_metric(metric::kGpuUtil);
    chart.set_start_ms(engineNowMs - 3'600'000);
    chart.set_end_ms(engineNowMs);
    chart.set_pixel_columns(1000);
    std::vector<double> queries;
    int series = 0, points = 0;
    for (int i = 0; i < 5; ++i) {
        const auto call = Clock::now();
        auto answer = waitFor(engine->queryRange(chart));
        if (!answer)
            return fail(ctx, answer.error());
        queries.push_back(msSince(call));
        series = answer->series_size();
        points = 0;
        for (const pb::Series &s : answer->series())
            points += s.points_size();
    }
    printFigure(ctx, "summary_calls_per_s", static_cast<double>(roundTrips.size()) / elapsedS, "1/s",
                CtlText::tr("GetSummary calls per second"));
    printFigure(ctx, "summary_ms_p50", quantile(roundTrips, 0.5), "ms", CtlText::tr("GetSummary round trip, median"));
    printFigure(ctx, "summary_ms_p99", quantile(roundTrips, 0.99), "ms", CtlText::tr("GetSummary round trip, p99"));
    printFigure(ctx, "chart_query_ms_median", quantile(queries, 0.5), "ms",
                CtlText::tr("GPU chart query (1 h, median of 5)"));
    if (!ctx.json)
        ctx.out << CtlText::tr("%1 calls in %2 s; the chart query returned %3 series, %4 points")
                       .arg(roundTrips.size())
                       .arg(elapsedS, 0, 'f', 1)
                       .arg(series)
                       .arg(points)
                << '\n';
    return kOk;
}

} // namespace sn::ctl
