// How much faster than real time the simulated super node runs: the embedded console needs
// far more than 1x, and virtual-time tests and what-if replays need as much as they can get.
#include "bench/bench_json.h"

#include "backend/model/clock.h"
#include "backend/sim/simulated_cluster.h"
#include "backend/sim/super_node_topology.h"

using namespace sn;

namespace {
double realTimeFactor(int nodes, double simulatedSeconds)
{
    const double wall = bench::medianSeconds(5, [&] {
        sim::SimulatedCluster c(sim::defaultSimulatedSpec(nodes), kVirtualEpochMs);
        c.advanceTo(kVirtualEpochMs + static_cast<std::int64_t>(simulatedSeconds * 1000));
        (void)c.takeOutputs();
    });
    return simulatedSeconds / wall;
}
} // namespace

int main()
{
    bench::printFigure("sim", "real_time_factor_16_gpus", realTimeFactor(2, 600), "x");
    bench::printFigure("sim", "real_time_factor_1024_gpus", realTimeFactor(128, 60), "x");
    return 0;
}
