#include "backend/sim/workload_generator.h"

#include <array>
#include <string>

namespace sn::sim {

namespace {
constexpr std::int64_t kGiB = 1024LL * 1024 * 1024;

struct Team {
    const char *queue;
    const char *user;
};
constexpr std::array<Team, 4> kTeams{
    {{"research", "alice"}, {"research", "bob"}, {"product", "carol"}, {"data", "dave"}}};
} // namespace

WorkloadGenerator::WorkloadGenerator(std::uint64_t seed, double arrivalsPerHour, int gpusPerNode, std::int64_t startMs)
    : m_rng(seed ^ 0x9e3779b97f4a7c15ULL), m_arrivalsPerHour(arrivalsPerHour), m_gpusPerNode(gpusPerNode),
      m_clockMs(startMs)
{
}

WorkloadGenerator::Arrival WorkloadGenerator::next()
{
    const double rate = m_arrivalsPerHour > 0 ? m_arrivalsPerHour : 1e-9;
    std::exponential_distribution<double> gap(rate / 3600.0);
    m_clockMs += static_cast<std::int64_t>(gap(m_rng) * 1000.0);
    return {m_clockMs, drawJob()};
}

JobSpec WorkloadGenerator::drawJob()
{
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const Team &team = kTeams[std::uniform_int_distribution<std::size_t>(0, kTeams.size() - 1)(m_rng)];
    JobSpec spec;
    spec.user = team.user;
    spec.queue = team.queue;
    const double kind = unit(m_rng);
    const int serial = ++m_serial;
    if (kind < 0.45) {
        spec.kind = WorkloadKind::Training;
        spec.priorityClass = "modelTraining";
        const double size = unit(m_rng);
        const int gpus = size < 0.15   ? 1
                         : size < 0.35 ? 2
                         : size < 0.55 ? 4
                         : size < 0.85 ? m_gpusPerNode
                                       : 2 * m_gpusPerNode;
        spec.gpusMin = spec.gpusMax = gpus;
        spec.gang = true;
        spec.gpuMemoryBytes = static_cast<std::int64_t>((48 + 28 * unit(m_rng)) * kGiB);
        spec.estimatedRuntimeS = static_cast<std::int64_t>(1200 + 6000 * unit(m_rng));
        spec.checkpointIntervalS = 600;
        spec.cpus = 8 * gpus;
        spec.memoryBytes = 64 * kGiB * gpus;
        spec.name = "train-llm-" + std::to_string(serial);
        spec.command = "torchrun --nproc_per_node=" + std::to_string(std::min(gpus, m_gpusPerNode)) + " train.py";
    } else if (kind < 0.75) {
        spec.kind = WorkloadKind::Inference;
        spec.priorityClass = "inference";
        spec.gpusMin = spec.gpusMax = unit(m_rng) < 0.7 ? 1 : 2;
        spec.gpuMemoryBytes = static_cast<std::int64_t>((20 + 40 * unit(m_rng)) * kGiB);
        spec.estimatedRuntimeS = static_cast<std::int64_t>(1800 + 12600 * unit(m_rng));
        spec.cpus = 8;
        spec.memoryBytes = 64 * kGiB;
        spec.name = "serve-" + std::to_string(serial);
        spec.command = "vllm serve --tensor-parallel-size " + std::to_string(spec.gpusMax);
    } else {
        spec.kind = WorkloadKind::Preprocessing;
        spec.priorityClass = "dataPreprocessing";
        spec.gpusMin = spec.gpusMax = 1;
        spec.gpuMemoryBytes = static_cast<std::int64_t>((4 + 12 * unit(m_rng)) * kGiB);
        spec.estimatedRuntimeS = static_cast<std::int64_t>(300 + 1500 * unit(m_rng));
        spec.cpus = 16;
        spec.memoryBytes = 128 * kGiB;
        spec.name = "preprocess-" + std::to_string(serial);
        spec.command = "python tokenize_shards.py";
    }
    return spec;
}

} // namespace sn::sim
