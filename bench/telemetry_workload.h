#pragma once
// A realistic GPU telemetry set for the store benchmarks: N nodes x M GPUs reporting the
// dcgm-exporter catalogue (backend/model/gpu_reading.h) once a second, with the value types
// and noise real GPUs show - integer %, MiB that change only on allocation, MHz that move
// with load, watts with 3 decimals (milliwatts, as dcgm-exporter prints them), temperatures
// that follow power slowly, an energy counter in mJ, PCIe and per-link NVLink rates (18 links,
// H100 SXM), error counters that are almost always zero - and jobs coming and going, so GPUs
// go between idle and busy phases (and their series gain and lose the job label). Levels and
// formats are taken from the real captures in ../shared/data (cited in the .cpp).

#include "backend/model/gpu_reading.h"

#include <cstdint>
#include <random>
#include <vector>

namespace sn::bench {

struct WorkloadOptions {
    int nodes = 4;
    int gpusPerNode = 8;
    std::int64_t startMs = 1'700'000'000'000; // aligned to whole hours
    std::int64_t intervalMs = 1000;
    std::uint64_t seed = 42;
};

class TelemetryWorkload {
public:
    explicit TelemetryWorkload(WorkloadOptions options);
    // The readings of every GPU at tick `tick` (time start + tick * interval); ticks in order.
    void readings(std::int64_t tick, std::vector<GpuReading> &out);
    int gpuCount() const { return static_cast<int>(m_gpus.size()); }

private:
    struct GpuState {
        std::string node, uuid, pciBusId;
        int index = 0;
        bool busy = false;
        std::int64_t phaseEndsAtTick = 0;
        std::string job;
        double jobPowerW = 0, jobUtil = 0, jobMemMiB = 0, jobPcie = 0, jobNvlink = 0;
        double temp = 32, memTemp = 35;
        double energyMj = 0;
        double eccSbe = 0, pcieReplay = 0;
        std::int64_t nextAllocTick = 0;
    };
    void startPhase(GpuState &g, std::int64_t tick);

    WorkloadOptions m_options;
    std::mt19937_64 m_rng;
    std::vector<GpuState> m_gpus;
    int m_nextJob = 1000;
};

} // namespace sn::bench
