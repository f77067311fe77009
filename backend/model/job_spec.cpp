#include "backend/model/job_spec.h"

namespace sn {

const char *workloadKindName(WorkloadKind kind)
{
    switch (kind) {
    case WorkloadKind::Training:
        return "training";
    case WorkloadKind::Inference:
        return "inference";
    case WorkloadKind::Preprocessing:
        return "preprocessing";
    case WorkloadKind::Other:
        return "other";
    }
    return "other";
}

const char *jobStateName(JobState state)
{
    switch (state) {
    case JobState::Pending:
        return "pending";
    case JobState::Running:
        return "running";
    case JobState::Completed:
        return "completed";
    case JobState::Failed:
        return "failed";
    case JobState::Cancelled:
        return "cancelled";
    case JobState::Preempted:
        return "preempted";
    }
    return "unknown";
}

bool isTerminal(JobState state)
{
    return state == JobState::Completed || state == JobState::Failed || state == JobState::Cancelled;
}

} // namespace sn
