#include "backend/report/report_gatherer.h"

#include <algorithm>
#include <map>
#include <set>

namespace sn::report {

Result<std::pair<std::string, std::string>> parseScope(const std::string &scope)
{
    if (scope.empty() || scope == "cluster")
        return std::pair<std::string, std::string>{"cluster", ""};
    const auto colon = scope.find(':');
    const std::string kind = scope.substr(0, colon);
    if (colon == std::string::npos || colon + 1 == scope.size() || (kind != "node" && kind != "queue" && kind != "job"))
        return invalidArgument("scope '" + scope + "': expected cluster, node:NAME, queue:NAME or job:ID");
    return std::pair<std::string, std::string>{kind, scope.substr(colon + 1)};
}

std::int64_t defaultStepMs(std::int64_t startMs, std::int64_t endMs)
{
    const std::int64_t minute = 60000;
    return std::max<std::int64_t>(minute, (endMs - startMs) / 2000 / minute * minute);
}

bool jobOverlaps(const pb::Job &job, std::int64_t startMs, std::int64_t endMs)
{
    if (job.submit_time_ms() >= startMs && job.submit_time_ms() < endMs)
        return true;
    if (job.start_time_ms() == 0 || job.start_time_ms() >= endMs)
        return false;
    return job.end_time_ms() == 0 || job.end_time_ms() > startMs;
}

namespace {

void addTemplates(const pb::LogQueryResponse &logs, rpb::ReportSnapshot &snapshot)
{
    struct Count {
        rpb::TemplateCount proto;
        std::set<std::string> nodes;
    };
    std::map<std::string, Count> counts;
    for (const pb::LogLine &line : logs.lines()) {
        const std::string key = line.template_id().empty() ? "unmined" : line.template_id();
        Count &c = counts[key];
        if (c.proto.lines() == 0) {
            c.proto.set_template_id(key);
            c.proto.set_example(line.text());
            c.proto.set_first_ms(line.time_ms());
        }
        if (c.proto.signature().empty() && !line.signature().empty())
            c.proto.set_signature(line.signature());
        c.proto.set_lines(c.proto.lines() + 1);
        c.proto.set_last_ms(line.time_ms());
        c.nodes.insert(line.node());
    }
    std::vector<rpb::TemplateCount> sorted;
    for (auto &[key, c] : counts) {
        for (const std::string &n : c.nodes)
            c.proto.add_nodes(n);
        sorted.push_back(std::move(c.proto));
    }
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) { return a.lines() > b.lines(); });
    for (auto &t : sorted)
        *snapshot.add_templates() = std::move(t);
    snapshot.set_log_lines(logs.lines_size());
    snapshot.set_log_lines_truncated(logs.truncated());
}

} // namespace

Result<rpb::ReportSnapshot> gatherSnapshot(EngineApi &engine, const GatherOptions &options)
{
    auto scope = parseScope(options.scope);
    if (!scope)
        return scope.error();
    if (options.endMs <= options.startMs)
        return invalidArgument("the report range is empty: --to must be after --from");
    const auto cancelled = [&] { return options.cancel && options.cancel->load(); };
    const auto progress = [&](int percent) {
        if (options.progress)
            options.progress(percent);
    };

    rpb::ReportSnapshot snapshot;
    snapshot.set_format_version(1);
    snapshot.set_start_ms(options.startMs);
    snapshot.set_end_ms(options.endMs);
    snapshot.set_step_ms(options.stepMs > 0 ? options.stepMs : defaultStepMs(options.startMs, options.endMs));
    snapshot.set_scope(options.scope.empty() ? "cluster" : options.scope);
    snapshot.set_engine(engine.description().toStdString());

    auto cluster = waitFor(engine.getCluster());
    if (!cluster)
        return cluster.error();
    *snapshot.mutable_cluster() = std::move(*cluster);
    auto summary = waitFor(engine.getSummary());
    if (!summary)
        return summary.error();
    snapshot.set_gathered_ms(summary->time_ms());
    *snapshot.mutable_summary() = std::move(*summary);
    progress(5);

    auto jobs = waitFor(engine.listJobs({}));
    if (!jobs)
        return jobs.error();
    for (const pb::Job &job : jobs->jobs())
        if (jobOverlaps(job, options.startMs, options.endMs))
            *snapshot.add_jobs() = job;
    progress(10);

    pb::ListEventsRequest eventsRequest;
    eventsRequest.set_since_ms(options.startMs);
    auto events = waitFor(engine.listEvents(eventsRequest));
    if (!events)
        return events.error();
    // Newest first from the engine; the report reads them oldest first.
    for (auto it = events->events().rbegin(); it != events->events().rend(); ++it)
        if (it->time_ms() < options.endMs)
            *snapshot.add_events() = *it;
    progress(15);

    // A node scope needs only that node's series; queue and job scopes keep the whole cluster's
    // GPUs because the builder attributes GPU time to jobs by their placement. Each GPU may have
    // several series (dcgm-exporter's job label changes with the job); the builder merges them.
    const char *metrics[] = {kUtilMetric, kTempMetric, kPowerMetric};
    int done = 0;
    for (const char *metric : metrics) {
        if (cancelled())
            return Error{ErrorCode::Unavailable, "cancelled"};
        pb::QueryRangeRequest q;
        q.set_metric(metric);
        q.set_start_ms(options.startMs);
        q.set_end_ms(options.endMs);
        q.set_step_ms(snapshot.step_ms());
        // Window summaries (the store's rollups), not instant values: every sample counted once,
        // so GPU-hours and energy integrate exactly and a GPU whose job label changed mid-window
        // is not counted twice.
        q.set_window_summaries(true);
        if (scope->first == "node")
            (*q.mutable_match_labels())["Hostname"] = scope->second;
        auto series = waitFor(engine.queryRange(q));
        if (!series)
            return series.error();
        for (pb::Series &s : *series->mutable_series())
            *snapshot.add_series() = std::move(s);
        progress(15 + 25 * ++done);
    }

    pb::LogQueryRequest logs;
    logs.set_start_ms(options.startMs);
    logs.set_end_ms(options.endMs);
    logs.set_limit(options.maxLogLines);
    if (scope->first == "node")
        logs.set_node(scope->second);
    if (scope->first == "job")
        logs.set_job_id(scope->second);
    auto lines = waitFor(engine.queryLogs(logs));
    if (!lines)
        return lines.error();
    addTemplates(*lines, snapshot);
    progress(100);
    return snapshot;
}

} // namespace sn::report
