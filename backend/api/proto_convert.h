#pragma once
// Model values to and from the contract's messages. The one place that knows both shapes.

#include "backend/api/supernode.pb.h"
#include "backend/model/cluster_spec.h"
#include "backend/model/event.h"
#include "backend/model/job_spec.h"
#include "backend/model/log_query.h"
#include "backend/model/log_record.h"
#include "backend/model/metric_sample.h"

namespace sn {

namespace pb = supernode::v1;

pb::LinkType toProto(LinkType type);
pb::JobState toProto(JobState state);
JobState fromProto(pb::JobState state);
pb::WorkloadKind toProto(WorkloadKind kind);
WorkloadKind fromProto(pb::WorkloadKind kind);
pb::Severity toProto(Severity severity);
Severity fromProto(pb::Severity severity); // UNSPECIFIED reads as Info

pb::JobSpec toProto(const JobSpec &spec);
JobSpec fromProto(const pb::JobSpec &spec);
pb::Job toProto(const JobRecord &job);
JobRecord fromProto(const pb::Job &job);
pb::Event toProto(const Event &event);
Event fromProto(const pb::Event &event);
pb::LogLine toProto(const LogRecord &line);
LogQuery fromProto(const pb::LogQueryRequest &request); // a limit of 0 or less: the default
void toProto(const MetricSample &sample, pb::Sample &out);
void toProto(const SeriesData &series, pb::Series &out);

// Nodes, GPUs, NVSwitches, NICs, switches and links; states default to up and healthy.
pb::Cluster toProto(const ClusterSpec &spec, bool simulated);

} // namespace sn
