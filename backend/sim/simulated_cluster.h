#pragma once
// The simulated super node: a model of the hardware and of the people using it, stepped in
// time by whoever owns it (the engine in real time, tests in virtual time). It produces what a
// real cluster produces: GPU and NIC readings, log lines and events, all marked simulated.
// Deterministic for a seed: the same spec, start time and calls give the same outputs.

#include "backend/model/cluster_spec.h"
#include "backend/model/event.h"
#include "backend/model/gpu_reading.h"
#include "backend/model/job_spec.h"
#include "backend/model/log_record.h"
#include "backend/model/result.h"
#include "backend/sim/fault.h"
#include "backend/sim/gpu_physics.h"
#include "backend/sim/job_load.h"
#include "backend/sim/workload_generator.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace sn::sim {

class SimulatedCluster;

struct SimOptions {
    // Who decides what runs where. Unset: the built-in packing placer. Set (the engine sets it to
    // run its scheduler): called whenever placement may change (a submission, a job's end, a
    // fault, a repair) and every few seconds; it starts jobs with runJob and stops them with
    // requeueJob, and a fault requeues the jobs it hits instead of failing them.
    std::function<void(SimulatedCluster &)> placer;
    bool generateWorkload = true; // submit jobs from the workload model
    bool fillAtStart = true;      // start as a cluster that has been running a while
    std::int64_t physicsStepMs = 100;
    std::int64_t sampleIntervalMs = 1000; // like dcgm-exporter's default collection interval
    GpuPhysicsParams physics;
};

struct SimOutputs {
    std::vector<GpuReading> gpuReadings;
    std::vector<NicReading> nicReadings;
    std::vector<LogRecord> logs;
    std::vector<Event> events; // ids are 0: the engine numbers them
};

class SimulatedCluster {
public:
    SimulatedCluster(const ClusterSpec &spec, std::int64_t startMs, SimOptions options = {});

    const ClusterSpec &spec() const { return m_spec; } // expanded: every node, GPU and link
    std::int64_t timeMs() const { return m_nowMs; }
    std::uint64_t seed() const { return m_spec.simulation.seed; }
    const GpuPhysicsParams &physics() const { return m_options.physics; }

    // Run the model forward to timeMs (no-op if it is not later than now).
    void advanceTo(std::int64_t timeMs);
    // What was produced since the last call.
    SimOutputs takeOutputs();
    // The latest reading of every GPU, in node then GPU order.
    const std::vector<GpuReading> &latestGpuReadings() const { return m_latestReadings; }

    Result<JobRecord> submit(const JobSpec &spec);
    Result<JobRecord> cancel(const std::string &id);
    // A job from a previous run of the engine (the daemon's state directory), under its own id.
    // An ended job stays as it ended; one that had not ended waits again: the simulated executor
    // cannot reattach to a run that died with the daemon, so it is requeued.
    Status restoreJob(JobRecord record);
    const std::vector<JobRecord> &jobs() const { return m_jobs; }
    const JobRecord *findJob(const std::string &id) const;

    // For the placer. runJob starts a pending job on free, usable GPUs; remainingShare is the
    // part of its run still to do (a job requeued from a checkpoint resumes part-way).
    Status runJob(const std::string &id, const std::vector<GpuRef> &gpus, double remainingShare = 1.0);
    // A running job goes back to the queue (preempted, or hit by a fault) with the reason.
    Status requeueJob(const std::string &id, const std::string &why);
    // The placer is asked again at the next step (a job went back to the queue outside a pass).
    void requestPlacement() { m_placementDirty = true; }
    // A running elastic job's new GPU set (grown or shrunk); its end time does not move.
    Status resizeJob(const std::string &id, const std::vector<GpuRef> &gpus);
    // A pending job the placer refuses (its spec breaks the cluster's policy): it fails.
    Status rejectJob(const std::string &id, const std::string &why);

    Result<Event> injectFault(const FaultRequest &request);
    int activeFaultCount() const;
    Status setPowerLimit(const std::string &node, int gpu, double watts);

    bool nodeUp(const std::string &node) const;
    bool gpuUsable(const std::string &node, int gpu) const;
    bool nicUp(const std::string &node, int nic) const;
    bool nvlinkUp(const std::string &node, int gpu) const;
    bool gpuLost(const std::string &node, int gpu) const; // fallen off the bus (Xid 79)
    const GpuPhysicsState *gpuPhysics(const std::string &node, int gpu) const;

private:
    struct Gpu {
        int node = 0;
        int index = 0;
        GpuPhysicsState phys;
        std::string jobId;
        std::int64_t memoryUsedBytes = 0;
        double cooling = 1.0;
        std::int64_t coolingUntilMs = 0;
        std::int64_t lostUntilMs = 0;    // Xid 79
        std::int64_t retiredUntilMs = 0; // ECC DBE, needs a reset
        std::int64_t nvlinkDownUntilMs = 0;
        std::int64_t sbeStormUntilMs = 0; // corrected ECC errors pile up until then
        bool throttleReported = false;
        double lastXid = 0;
        double eccSbe = 0;
        double eccDbe = 0;
        // Averages over the current sample interval, as dcgm reports utilization.
        double sumUtil = 0, sumCopy = 0, sumNvlink = 0, sumPcie = 0;
        int steps = 0;
    };
    struct Nic {
        std::int64_t downUntilMs = 0;
        double sumTx = 0, sumRx = 0;
        int steps = 0;
    };
    struct Node {
        std::int64_t downUntilMs = 0;
        std::vector<Nic> nics;
    };
    struct Runtime {
        JobLoadShape shape;
        std::int64_t endMs = 0; // when it will finish on its own
        std::int64_t nextStepLogMs = 0;
        long step = 0;
        int pid = 0;
    };

    void stepOnce(std::int64_t dtMs);
    void processArrivalsAndExpiries();
    void placePending();
    void runPlacement();
    Status checkFreeGpus(const std::string &id, const std::vector<GpuRef> &gpus) const;
    void releaseGpus(JobRecord &job);
    void startJob(JobRecord &job, std::vector<GpuRef> gpus, std::int64_t startMs);
    void finishJob(JobRecord &job, JobState state, int exitCode);
    void failJobOn(const std::string &jobId, const std::string &why);
    void sample();
    void fillAtStart();
    void expireFaults();

    Gpu *gpu(const std::string &node, int index);
    const Gpu *gpu(const std::string &node, int index) const;
    int nodeIndex(const std::string &node) const;
    bool isNodeDown(int node) const { return m_nodes[node].downUntilMs > m_nowMs; }
    bool isGpuUsable(const Gpu &g) const;
    JobRecord *job(const std::string &id);
    void log(int node, const std::string &source, std::string text, int gpu = -1, const std::string &jobId = {});
    void raise(Severity severity, const std::string &kind, int node, int gpu, std::string message);
    int uidOf(const std::string &user) const;

    ClusterSpec m_spec;
    SimOptions m_options;
    std::int64_t m_nowMs;
    std::int64_t m_nextSampleMs;
    std::mt19937_64 m_rng;
    std::optional<WorkloadGenerator> m_workload;
    std::optional<WorkloadGenerator::Arrival> m_nextArrival;
    std::vector<Node> m_nodes;
    std::vector<Gpu> m_gpus; // node-major
    std::vector<int> m_firstGpuOfNode;
    std::vector<JobRecord> m_jobs; // in submit order
    std::map<std::string, std::size_t> m_jobIndex;
    std::map<std::string, Runtime> m_runtime; // running jobs
    std::vector<GpuReading> m_latestReadings;
    SimOutputs m_out;
    int m_nextJobId = 1001;
    bool m_placementDirty = true;
    std::int64_t m_nextPlacerMs = 0; // a placer also runs periodically (fair share, elastic growth)
};

} // namespace sn::sim
