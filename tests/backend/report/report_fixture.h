#pragma once
// A small hand-made snapshot whose every KPI can be worked out on paper (the numbers are in
// the comments), for the builder and writer tests. Two nodes of two GPUs, four hours, hourly
// windows of 60 one-minute samples; utilization samples carry the running job's label:
//   n1/0  job A (research, 张伟, high)   0-2.5 h, util 100 then idle 0; the GPU's series change
//         from job label A to none in hour 2 (30 samples each), so hour 2 merges to 50.
//   n1/1  job B (prod, bob, normal)  1 h-end, util 10 all along
//   n2/0  job B                      util 40, temperature up to 90 (a hot spot)
//   n2/1  job D (research, failed)   0.5-0.6 h; util 0 (under-used); two Xid errors
//   job C (prod) pending for quota since 3 h.

#include "backend/report/report_snapshot.pb.h"

#include <string>

namespace sn::test {

namespace rpb = supernode::report::v1;
namespace pb = supernode::v1;

inline constexpr std::int64_t kT0 = 1767225600000; // 2026-01-01 00:00 UTC
inline constexpr std::int64_t kHour = 3600000;

inline void addWindows(rpb::ReportSnapshot &s, const std::string &metric, const std::string &node, int gpu,
                       const std::string &job, const std::vector<std::pair<int, std::pair<double, int>>> &hours)
{
    pb::Series &series = *s.add_series();
    series.set_metric(metric);
    (*series.mutable_labels())["Hostname"] = node;
    (*series.mutable_labels())["gpu"] = std::to_string(gpu);
    if (!job.empty())
        (*series.mutable_labels())["job"] = job;
    for (const auto &[hour, valueCount] : hours) {
        pb::WindowSummary &w = *series.add_windows();
        w.set_start_ms(kT0 + hour * kHour);
        w.set_min(valueCount.first);
        w.set_max(valueCount.first);
        w.set_sum(valueCount.first * valueCount.second);
        w.set_count(std::uint64_t(valueCount.second));
    }
}

inline void addFlat(rpb::ReportSnapshot &s, const std::string &metric, const std::string &node, int gpu, double value)
{
    addWindows(s, metric, node, gpu, "", {{0, {value, 60}}, {1, {value, 60}}, {2, {value, 60}}, {3, {value, 60}}});
}

inline pb::Job &addJob(rpb::ReportSnapshot &s, const std::string &id, const std::string &queue, const std::string &user,
                       const std::string &priorityClass, pb::JobState state, double submitH, double startH, double endH,
                       const std::vector<std::pair<std::string, int>> &gpus)
{
    pb::Job &j = *s.add_jobs();
    j.set_id(id);
    j.mutable_spec()->set_name("job-" + id);
    j.mutable_spec()->set_queue(queue);
    j.mutable_spec()->set_user(user);
    j.mutable_spec()->set_priority_class(priorityClass);
    j.mutable_spec()->set_gpus_min(int(gpus.size()));
    j.set_state(state);
    j.set_submit_time_ms(kT0 + std::int64_t(submitH * double(kHour)));
    j.set_start_time_ms(startH < 0 ? 0 : kT0 + std::int64_t(startH * double(kHour)));
    j.set_end_time_ms(endH < 0 ? 0 : kT0 + std::int64_t(endH * double(kHour)));
    for (const auto &[node, gpu] : gpus) {
        pb::GpuRef &g = *j.add_gpus();
        g.set_node(node);
        g.set_gpu(gpu);
    }
    return j;
}

inline pb::Event &addEvent(rpb::ReportSnapshot &s, const std::string &kind, const std::string &node, int gpu,
                           pb::Severity severity, double atH)
{
    pb::Event &e = *s.add_events();
    e.set_kind(kind);
    e.set_node(node);
    e.set_gpu(gpu);
    e.set_severity(severity);
    e.set_time_ms(kT0 + std::int64_t(atH * double(kHour)));
    e.set_message(kind + " on " + node);
    return e;
}

// withJobLabels false: the same data without job labels (telemetry that does not know jobs),
// so GPU time comes from placements and start/end times.
inline rpb::ReportSnapshot paperSnapshot(const std::string &scope = "cluster", bool withJobLabels = true)
{
    rpb::ReportSnapshot s;
    s.set_format_version(1);
    s.set_start_ms(kT0);
    s.set_end_ms(kT0 + 4 * kHour);
    s.set_step_ms(kHour);
    s.set_scope(scope);
    s.set_engine("hand-made");
    s.mutable_cluster()->set_name("华东超节点");
    s.mutable_cluster()->set_simulated(true);
    const char *util = "DCGM_FI_DEV_GPU_UTIL", *temp = "DCGM_FI_DEV_GPU_TEMP", *power = "DCGM_FI_DEV_POWER_USAGE";
    // Utilization carries the job label while a job runs (dcgm-exporter's job mapping).
    addWindows(s, util, "n1", 0, "A", {{0, {100, 60}}, {1, {100, 60}}, {2, {100, 30}}});
    addWindows(s, util, "n1", 0, "", {{2, {0, 30}}, {3, {0, 60}}});
    addWindows(s, util, "n1", 1, "", {{0, {10, 60}}});
    addWindows(s, util, "n1", 1, "B", {{1, {10, 60}}, {2, {10, 60}}, {3, {10, 60}}});
    addWindows(s, util, "n2", 0, "", {{0, {40, 60}}});
    addWindows(s, util, "n2", 0, "B", {{1, {40, 60}}, {2, {40, 60}}, {3, {40, 60}}});
    addWindows(s, util, "n2", 1, "D", {{0, {0, 6}}});
    addWindows(s, util, "n2", 1, "", {{0, {0, 54}}, {1, {0, 60}}, {2, {0, 60}}, {3, {0, 60}}});
    for (const char *node : {"n1", "n2"})
        for (int gpu : {0, 1}) {
            addFlat(s, temp, node, gpu, 50);
            addFlat(s, power, node, gpu, 250); // 4 GPUs x 4 h x 250 W = 4 kWh
        }
    addWindows(s, temp, "n2", 0, "B", {{3, {90, 1}}});
    addJob(s, "A", "research", "张伟", "high", pb::JOB_STATE_COMPLETED, 0, 0, 2.5, {{"n1", 0}});
    addJob(s, "B", "prod", "bob", "normal", pb::JOB_STATE_RUNNING, 0.5, 1, -1, {{"n1", 1}, {"n2", 0}});
    addJob(s, "C", "prod", "bob", "normal", pb::JOB_STATE_PENDING, 3, -1, -1, {})
        .set_pending_reason("queue prod is at its quota (max 2 GPUs)");
    addJob(s, "D", "research", "carol", "low", pb::JOB_STATE_FAILED, 0.25, 0.5, 0.6, {{"n2", 1}});
    addEvent(s, "gpu.xid", "n2", 1, pb::SEVERITY_CRITICAL, 0.55);
    addEvent(s, "gpu.xid", "n2", 1, pb::SEVERITY_CRITICAL, 0.58).set_acknowledged(true);
    addEvent(s, "gpu.thermal.slowdown", "n2", 0, pb::SEVERITY_WARNING, 3.2);
    addEvent(s, "action.power_cap", "n2", 0, pb::SEVERITY_INFO, 3.21);
    rpb::TemplateCount &t = *s.add_templates();
    t.set_template_id("t1");
    t.set_signature("xid");
    t.set_example("NVRM: Xid 79, GPU has fallen off the bus");
    t.set_lines(12);
    t.add_nodes("n2");
    s.set_log_lines(12);
    if (!withJobLabels)
        for (pb::Series &series : *s.mutable_series())
            series.mutable_labels()->erase("job");
    return s;
}

} // namespace sn::test
