#include "backend/api/proto_convert.h"

namespace sn {

pb::LinkType toProto(LinkType type)
{
    switch (type) {
    case LinkType::NvLink:
        return pb::LINK_TYPE_NVLINK;
    case LinkType::Pcie:
        return pb::LINK_TYPE_PCIE;
    case LinkType::Roce:
        return pb::LINK_TYPE_ROCE;
    case LinkType::InfiniBand:
        return pb::LINK_TYPE_INFINIBAND;
    case LinkType::Ethernet:
        return pb::LINK_TYPE_ETHERNET;
    }
    return pb::LINK_TYPE_UNSPECIFIED;
}

pb::JobState toProto(JobState state)
{
    switch (state) {
    case JobState::Pending:
        return pb::JOB_STATE_PENDING;
    case JobState::Running:
        return pb::JOB_STATE_RUNNING;
    case JobState::Completed:
        return pb::JOB_STATE_COMPLETED;
    case JobState::Failed:
        return pb::JOB_STATE_FAILED;
    case JobState::Cancelled:
        return pb::JOB_STATE_CANCELLED;
    case JobState::Preempted:
        return pb::JOB_STATE_PREEMPTED;
    }
    return pb::JOB_STATE_UNSPECIFIED;
}

JobState fromProto(pb::JobState state)
{
    switch (state) {
    case pb::JOB_STATE_RUNNING:
        return JobState::Running;
    case pb::JOB_STATE_COMPLETED:
        return JobState::Completed;
    case pb::JOB_STATE_FAILED:
        return JobState::Failed;
    case pb::JOB_STATE_CANCELLED:
        return JobState::Cancelled;
    case pb::JOB_STATE_PREEMPTED:
        return JobState::Preempted;
    default:
        return JobState::Pending;
    }
}

pb::WorkloadKind toProto(WorkloadKind kind)
{
    switch (kind) {
    case WorkloadKind::Training:
        return pb::WORKLOAD_KIND_TRAINING;
    case WorkloadKind::Inference:
        return pb::WORKLOAD_KIND_INFERENCE;
    case WorkloadKind::Preprocessing:
        return pb::WORKLOAD_KIND_PREPROCESSING;
    case WorkloadKind::Other:
        return pb::WORKLOAD_KIND_UNSPECIFIED;
    }
    return pb::WORKLOAD_KIND_UNSPECIFIED;
}

WorkloadKind fromProto(pb::WorkloadKind kind)
{
    switch (kind) {
    case pb::WORKLOAD_KIND_TRAINING:
        return WorkloadKind::Training;
    case pb::WORKLOAD_KIND_INFERENCE:
        return WorkloadKind::Inference;
    case pb::WORKLOAD_KIND_PREPROCESSING:
        return WorkloadKind::Preprocessing;
    default:
        return WorkloadKind::Other;
    }
}

pb::Severity toProto(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return pb::SEVERITY_INFO;
    case Severity::Warning:
        return pb::SEVERITY_WARNING;
    case Severity::Error:
        return pb::SEVERITY_ERROR;
    case Severity::Critical:
        return pb::SEVERITY_CRITICAL;
    }
    return pb::SEVERITY_UNSPECIFIED;
}

Severity fromProto(pb::Severity severity)
{
    switch (severity) {
    case pb::SEVERITY_WARNING:
        return Severity::Warning;
    case pb::SEVERITY_ERROR:
        return Severity::Error;
    case pb::SEVERITY_CRITICAL:
        return Severity::Critical;
    default:
        return Severity::Info;
    }
}

pb::JobSpec toProto(const JobSpec &s)
{
    pb::JobSpec p;
    p.set_name(s.name);
    p.set_user(s.user);
    p.set_queue(s.queue);
    p.set_priority_class(s.priorityClass);
    p.set_gpus_min(s.gpusMin);
    p.set_gpus_max(s.gpusMax);
    p.set_gpu_milli(s.gpuMilli);
    for (const auto &m : s.gpuModels)
        p.add_gpu_models(m);
    p.set_cpus(s.cpus);
    p.set_memory_bytes(s.memoryBytes);
    p.set_gpu_memory_bytes(s.gpuMemoryBytes);
    p.set_gang(s.gang);
    p.set_estimated_runtime_s(s.estimatedRuntimeS);
    p.set_checkpoint_interval_s(s.checkpointIntervalS);
    p.set_command(s.command);
    for (const auto &[k, v] : s.environment)
        (*p.mutable_environment())[k] = v;
    p.set_kind(toProto(s.kind));
    return p;
}

JobSpec fromProto(const pb::JobSpec &p)
{
    JobSpec s;
    s.name = p.name();
    s.user = p.user();
    s.queue = p.queue();
    s.priorityClass = p.priority_class();
    s.gpusMin = p.gpus_min();
    s.gpusMax = p.gpus_max() > 0 ? p.gpus_max() : p.gpus_min();
    s.gpuMilli = p.gpu_milli() > 0 ? p.gpu_milli() : 1000;
    s.gpuModels.assign(p.gpu_models().begin(), p.gpu_models().end());
    s.cpus = p.cpus();
    s.memoryBytes = p.memory_bytes();
    s.gpuMemoryBytes = p.gpu_memory_bytes();
    s.gang = p.gang();
    s.estimatedRuntimeS = p.estimated_runtime_s();
    s.checkpointIntervalS = p.checkpoint_interval_s();
    s.command = p.command();
    for (const auto &[k, v] : p.environment())
        s.environment[k] = v;
    s.kind = fromProto(p.kind());
    return s;
}

pb::Job toProto(const JobRecord &j)
{
    pb::Job p;
    p.set_id(j.id);
    *p.mutable_spec() = toProto(j.spec);
    p.set_state(toProto(j.state));
    p.set_pending_reason(j.pendingReason);
    for (const GpuRef &g : j.gpus) {
        auto *ref = p.add_gpus();
        ref->set_node(g.node);
        ref->set_gpu(g.gpu);
    }
    p.set_submit_time_ms(j.submitTimeMs);
    p.set_start_time_ms(j.startTimeMs);
    p.set_end_time_ms(j.endTimeMs);
    p.set_exit_code(j.exitCode);
    p.set_simulated(j.simulated);
    p.set_queue_position(j.queuePosition);
    p.set_preemptions(j.preemptions);
    p.set_requeues(j.requeues);
    return p;
}

JobRecord fromProto(const pb::Job &p)
{
    JobRecord j;
    j.id = p.id();
    j.spec = fromProto(p.spec());
    j.state = fromProto(p.state());
    j.pendingReason = p.pending_reason();
    for (const pb::GpuRef &g : p.gpus())
        j.gpus.push_back({g.node(), g.gpu()});
    j.submitTimeMs = p.submit_time_ms();
    j.startTimeMs = p.start_time_ms();
    j.endTimeMs = p.end_time_ms();
    j.exitCode = p.exit_code();
    j.simulated = p.simulated();
    return j;
}

Event fromProto(const pb::Event &p)
{
    Event e;
    e.id = p.id();
    e.timeMs = p.time_ms();
    e.severity = fromProto(p.severity());
    e.kind = p.kind();
    e.node = p.node();
    e.gpu = p.gpu();
    e.message = p.message();
    e.simulated = p.simulated();
    e.acknowledged = p.acknowledged();
    e.endMs = p.end_ms();
    e.ongoing = p.ongoing();
    if (p.has_evidence()) {
        const pb::EventEvidence &ev = p.evidence();
        e.evidence.series = ev.series();
        e.evidence.detector = ev.detector();
        e.evidence.value = ev.value();
        e.evidence.bandLow = ev.band_low();
        e.evidence.bandHigh = ev.band_high();
        e.evidence.peakValue = ev.peak_value();
        e.evidence.peakScore = ev.peak_score();
    }
    e.acknowledgedBy = p.acknowledged_by();
    e.acknowledgedMs = p.acknowledged_ms();
    e.jobId = p.job_id();
    e.templateId = p.template_id();
    e.resolved = p.resolved();
    e.resolvedBy = p.resolved_by();
    e.resolvedMs = p.resolved_ms();
    e.actionTaken = p.action_taken();
    e.actionEventId = p.action_event_id();
    return e;
}

pb::Event toProto(const Event &e)
{
    pb::Event p;
    p.set_id(e.id);
    p.set_time_ms(e.timeMs);
    p.set_severity(toProto(e.severity));
    p.set_kind(e.kind);
    p.set_node(e.node);
    p.set_gpu(e.gpu);
    p.set_message(e.message);
    p.set_simulated(e.simulated);
    p.set_acknowledged(e.acknowledged);
    p.set_end_ms(e.endMs);
    p.set_ongoing(e.ongoing);
    if (!e.evidence.series.empty()) {
        pb::EventEvidence *ev = p.mutable_evidence();
        ev->set_series(e.evidence.series);
        ev->set_detector(e.evidence.detector);
        ev->set_value(e.evidence.value);
        ev->set_band_low(e.evidence.bandLow);
        ev->set_band_high(e.evidence.bandHigh);
        ev->set_peak_value(e.evidence.peakValue);
        ev->set_peak_score(e.evidence.peakScore);
    }
    p.set_acknowledged_by(e.acknowledgedBy);
    p.set_acknowledged_ms(e.acknowledgedMs);
    p.set_job_id(e.jobId);
    p.set_template_id(e.templateId);
    p.set_resolved(e.resolved);
    p.set_resolved_by(e.resolvedBy);
    p.set_resolved_ms(e.resolvedMs);
    p.set_action_taken(e.actionTaken);
    p.set_action_event_id(e.actionEventId);
    return p;
}

pb::LogLine toProto(const LogRecord &l)
{
    pb::LogLine p;
    p.set_time_ms(l.timeMs);
    p.set_node(l.node);
    p.set_source(l.source);
    p.set_text(l.text);
    p.set_gpu(l.gpu);
    p.set_job_id(l.jobId);
    p.set_simulated(l.simulated);
    p.set_template_id(l.templateId);
    p.set_severity(toProto(l.severity));
    p.set_signature(l.signature);
    p.set_truncated(l.truncated);
    return p;
}

LogQuery fromProto(const pb::LogQueryRequest &r)
{
    LogQuery q;
    q.startMs = r.start_ms();
    q.endMs = r.end_ms();
    q.limit = r.limit() > 0 ? static_cast<std::size_t>(r.limit()) : 0;
    q.node = r.node();
    q.source = r.source();
    if (r.has_gpu())
        q.gpu = r.gpu();
    q.jobId = r.job_id();
    if (r.min_severity() != pb::SEVERITY_UNSPECIFIED)
        q.minSeverity = fromProto(r.min_severity());
    q.templateId = r.template_id();
    q.signature = r.signature();
    q.contains = r.contains();
    q.ignoreCase = r.ignore_case();
    return q;
}

void toProto(const MetricSample &s, pb::Sample &out)
{
    out.set_metric(s.metric);
    for (const auto &[k, v] : s.labels)
        (*out.mutable_labels())[k] = v;
    out.set_time_ms(s.timeMs);
    out.set_value(s.value);
}

void toProto(const SeriesData &s, pb::Series &out)
{
    out.set_metric(s.metric);
    for (const auto &[k, v] : s.labels)
        (*out.mutable_labels())[k] = v;
    for (const SeriesPoint &point : s.points) {
        auto *p = out.add_points();
        p->set_time_ms(point.timeMs);
        p->set_value(point.value);
    }
}

pb::Cluster toProto(const ClusterSpec &spec, bool simulated)
{
    pb::Cluster c;
    c.set_name(spec.name);
    c.set_simulated(simulated);
    for (const NodeSpec &n : spec.nodes) {
        pb::Node *node = c.add_nodes();
        node->set_name(n.name);
        node->set_address(n.address);
        node->set_cpu_cores(n.cpuCores);
        node->set_memory_bytes(n.memoryBytes);
        node->set_state(pb::NODE_STATE_UP);
        for (const GpuSpec &g : n.gpus) {
            pb::Gpu *gpu = node->add_gpus();
            gpu->set_index(g.index);
            gpu->set_uuid(g.uuid);
            gpu->set_model(g.model);
            gpu->set_memory_bytes(g.memoryBytes);
            gpu->set_pci_bus_id(g.pciBusId);
            gpu->set_numa_node(g.numaNode);
            gpu->set_id(gpuId(n.name, g.index));
        }
        for (const NvSwitchSpec &s : n.nvswitches) {
            pb::NvSwitch *sw = node->add_nvswitches();
            sw->set_index(s.index);
            sw->set_model(s.model);
            sw->set_id(nvswitchId(n.name, s.index));
        }
        for (const NicSpec &nic : n.nics) {
            pb::Nic *p = node->add_nics();
            p->set_name(nic.name);
            p->set_type(toProto(nic.type));
            p->set_speed_gbps(nic.speedGbps);
            p->set_numa_node(nic.numaNode);
            p->set_id(nicId(n.name, nic.name));
            p->set_link_up(true);
        }
    }
    for (const SwitchSpec &s : spec.network.switches) {
        pb::Switch *sw = c.add_switches();
        sw->set_name(s.name);
        sw->set_type(toProto(s.type));
        sw->set_ports(s.ports);
        sw->set_port_speed_gbps(s.portSpeedGbps);
    }
    for (const LinkSpec &l : spec.network.links) {
        pb::Link *link = c.add_links();
        link->set_a(l.a);
        link->set_b(l.b);
        link->set_type(toProto(l.type));
        link->set_lanes(l.lanes);
        link->set_bandwidth_bytes_per_second(l.bandwidthGBps * 1e9);
        link->set_latency_us(l.latencyUs);
        link->set_healthy(true);
    }
    return c;
}

} // namespace sn
