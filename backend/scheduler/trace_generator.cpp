#include "backend/scheduler/trace_generator.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <sstream>

namespace sn::sched {

namespace {

struct Team {
    const char *queue;
    const char *priorityClass;
    int priority;
    double share;
    std::array<double, 6> sizeWeights; // 1, 2, 4, 8, 16, 32 GPUs
    double medianS;
    double checkpointS; // 0: none
};

constexpr std::array<int, 6> kSizes{1, 2, 4, 8, 16, 32};
constexpr std::array<Team, 3> kTeams{{
    {"research", "modelTraining", 100, 0.3, {25, 15, 15, 25, 12, 8}, 3600, 1800},
    {"product", "inference", 80, 0.4, {60, 30, 10, 0, 0, 0}, 7200, 0},
    {"data", "dataPreprocessing", 50, 0.3, {100, 0, 0, 0, 0, 0}, 1800, 0},
}};
constexpr double kSigma = 1.2; // log-normal spread of run times
constexpr double kMinRunS = 60, kMaxRunS = 24 * 3600;

class Draw {
public:
    explicit Draw(std::uint64_t seed) : m_rng(seed) {}
    double unit() { return static_cast<double>(m_rng() >> 11) * (1.0 / 9007199254740992.0); } // [0, 1)
    double normal()
    {
        // Box-Muller on our own uniforms: the same numbers everywhere.
        const double u = std::max(unit(), 1e-300), v = unit();
        return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
    }
    template <std::size_t N> std::size_t pick(const std::array<double, N> &weights)
    {
        double total = 0;
        for (double w : weights)
            total += w;
        double x = unit() * total;
        for (std::size_t i = 0; i < N; ++i) {
            if (x < weights[i])
                return i;
            x -= weights[i];
        }
        return N - 1;
    }

private:
    std::mt19937_64 m_rng;
};

} // namespace

std::vector<TraceJob> generateTrace(const TraceGeneratorOptions &o)
{
    Draw draw(o.seed);
    std::vector<TraceJob> jobs;
    jobs.reserve(static_cast<std::size_t>(std::max(0, o.jobs)));
    std::array<double, 3> shares{};
    for (std::size_t t = 0; t < kTeams.size(); ++t)
        shares[t] = kTeams[t].share;
    for (int i = 0; i < o.jobs; ++i) {
        const Team &team = kTeams[draw.pick(shares)];
        TraceJob j;
        j.name = std::string(team.queue) + "-" + std::to_string(i);
        j.queue = team.queue;
        j.priorityClass = team.priorityClass;
        j.priority = team.priority;
        j.gpus = std::min(kSizes[draw.pick(team.sizeWeights)], std::max(1, o.clusterGpus));
        j.gang = true;
        j.cpuMilli = 4000LL * j.gpus;
        j.memoryBytes = (std::int64_t{32} << 30) * j.gpus;
        j.durationS = std::clamp(std::round(team.medianS * std::exp(kSigma * draw.normal())), kMinRunS, kMaxRunS);
        j.estimatedRuntimeS = std::max(600.0, std::round(j.durationS * (1.0 + 2.0 * draw.unit())));
        if (team.checkpointS > 0)
            j.checkpointIntervalS = team.checkpointS;
        jobs.push_back(std::move(j));
    }
    // Poisson arrivals at the rate that offers `offeredLoad` of the capacity: the mean gap is
    // the mean GPU-seconds per job over what the cluster serves per second.
    double work = 0;
    for (const TraceJob &j : jobs)
        work += j.gpus * j.durationS;
    const double meanGapS =
        jobs.empty() ? 0 : work / static_cast<double>(jobs.size()) / (std::max(1e-9, o.offeredLoad) * o.clusterGpus);
    double t = 0;
    for (TraceJob &j : jobs) {
        j.submitS = std::round(t);
        t += -std::log(1.0 - draw.unit()) * meanGapS;
    }
    return jobs;
}

std::string traceCsv(const std::vector<TraceJob> &jobs)
{
    std::ostringstream out;
    out << "submit_s,duration_s,gpus,queue,priority,priority_class,name,cpus,memory_mib,estimated_s,checkpoint_s\n";
    for (const TraceJob &j : jobs) {
        out << j.submitS << ',' << j.durationS << ',' << j.gpus << ',' << j.queue << ',' << j.priority << ','
            << j.priorityClass << ',' << j.name << ',' << j.cpuMilli / 1000 << ',' << (j.memoryBytes >> 20) << ','
            << (j.estimatedRuntimeS ? std::to_string(static_cast<long long>(*j.estimatedRuntimeS)) : "") << ','
            << (j.checkpointIntervalS ? std::to_string(static_cast<long long>(*j.checkpointIntervalS)) : "") << '\n';
    }
    return out.str();
}

} // namespace sn::sched
