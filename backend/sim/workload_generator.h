#pragma once
// A realistic mix of jobs for the simulated super node: distributed training (long, gang,
// 8 or 16 GPUs, most of the GPU hours), inference services (1-2 GPUs, hours), and data
// preprocessing (1 GPU, minutes). Arrivals are a Poisson process; everything is drawn from a
// seeded generator, so a seed always yields the same workload.

#include "backend/model/job_spec.h"

#include <cstdint>
#include <random>

namespace sn::sim {

class WorkloadGenerator {
public:
    WorkloadGenerator(std::uint64_t seed, double arrivalsPerHour, int gpusPerNode, std::int64_t startMs);

    // The next job and when it arrives; arrivals never go backwards in time.
    struct Arrival {
        std::int64_t timeMs = 0;
        JobSpec spec;
    };
    Arrival next();

    // A job drawn from the mix, without advancing the arrival clock (to fill a cluster at start).
    JobSpec drawJob();

private:
    std::mt19937_64 m_rng;
    double m_arrivalsPerHour;
    int m_gpusPerNode;
    std::int64_t m_clockMs;
    int m_serial = 0;
};

} // namespace sn::sim
