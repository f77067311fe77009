#pragma once
// What a user asks the scheduler to run, and where a job stands. The scheduler issue adds the
// policy; these fields are the ones Slurm (sbatch --gres=gpu:N) and Kubernetes
// (nvidia.com/gpu) users already know.

#include <compare>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace sn {

// What the job does, which shapes its load; the simulator's workload model reads it.
enum class WorkloadKind { Training, Inference, Preprocessing, Other };
const char *workloadKindName(WorkloadKind kind);

enum class JobState { Pending, Running, Completed, Failed, Cancelled, Preempted };
const char *jobStateName(JobState state);
bool isTerminal(JobState state);

struct JobDependency {
    enum class When { AfterOk, AfterAny };
    std::string jobId;
    When when = When::AfterOk;
    auto operator<=>(const JobDependency &) const = default;
};

struct JobSpec {
    std::string name;
    std::string user;
    std::string queue;         // team; maps to a Slurm account / Kubernetes namespace
    std::string priorityClass; // a name from schedulingPolicy.priorityClass
    int gpusMin = 1;           // elastic jobs run with anything in [gpusMin, gpusMax]
    int gpusMax = 1;
    int gpuMilli = 1000;                // < 1000: a share of one GPU (MIG/MPS/time-slicing)
    std::vector<std::string> gpuModels; // any of these; empty: any model
    int cpus = 1;
    std::int64_t memoryBytes = 0;    // host memory
    std::int64_t gpuMemoryBytes = 0; // per GPU, what the job will allocate
    bool gang = true;                // all-or-nothing across nodes
    std::int64_t estimatedRuntimeS = 0;
    std::int64_t checkpointIntervalS = 0;
    std::string command;
    std::map<std::string, std::string> environment;
    std::vector<JobDependency> dependencies;
    WorkloadKind kind = WorkloadKind::Other;
    auto operator<=>(const JobSpec &) const = default;
};

} // namespace sn

namespace sn {

struct GpuRef {
    std::string node;
    int gpu = 0;
    auto operator<=>(const GpuRef &) const = default;
};

// A job as the engine tracks it.
struct JobRecord {
    std::string id;
    JobSpec spec;
    JobState state = JobState::Pending;
    std::string pendingReason; // why it waits, in words a user understands
    std::vector<GpuRef> gpus;  // where it runs or ran
    std::int64_t submitTimeMs = 0;
    std::int64_t startTimeMs = 0;
    std::int64_t endTimeMs = 0;
    int exitCode = 0;
    bool simulated = false;
    int queuePosition = 0; // 1-based place in the scheduling order while pending; 0 otherwise
    int preemptions = 0;   // times stopped for higher-priority or guaranteed work
    int requeues = 0;      // times requeued (a hardware fault, an operator), each from its last checkpoint
};

} // namespace sn
