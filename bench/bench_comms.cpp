// Comms figures: the overlay optimizer on 1,024 nodes x 8 GPUs (NVSwitches, NICs, leaf and spine
// tiers), placement scores per second on one core, and the cost model's largest busbw error
// over the calibration cases (real nccl-tests logs and published figures, docs/benchmarks.md).
#include "bench/bench_json.h"

#include "backend/comms/calibration.h"
#include "backend/comms/fabric_builder.h"
#include "backend/comms/overlay_optimizer.h"
#include "backend/comms/placement_score.h"

#include <cstdio>
#include <cstdlib>
#include <random>

using namespace sn::comms;

int main()
{
    FabricShape shape;
    shape.nodes = 1024;
    const TopologyGraph graph = buildFabric(shape);
    std::size_t overlayLinks = 0;
    const double optimizerSeconds = sn::bench::medianSeconds(5, [&] {
        const Overlay o = optimizeOverlay(graph, 2);
        overlayLinks = o.treeLinks.size() + o.redundantLinks.size();
    });
    std::fprintf(stderr, "optimizer: %zu devices, %zu links, overlay keeps %zu\n", graph.devices().size(),
                 graph.links().size(), overlayLinks);
    sn::bench::printFigure("comms", "optimizer_ms", optimizerSeconds * 1000, "ms");

    // Candidate sets as a scheduler generates them: 8 to 64 GPUs, packed, split and scattered.
    const PlacementScorer scorer(graph);
    std::mt19937_64 rng(7);
    const int total = static_cast<int>(scorer.gpuIds().size());
    std::vector<std::vector<int>> sets;
    for (int i = 0; i < 4096; ++i) {
        const int size = 8 << (i % 4);
        std::vector<int> set;
        const int start = static_cast<int>(rng() % static_cast<unsigned>(total - size));
        for (int k = 0; k < size; ++k)
            set.push_back(i % 3 == 2 ? static_cast<int>(rng() % static_cast<unsigned>(total)) : start + k);
        sets.push_back(std::move(set));
    }
    constexpr int kScores = 2'000'000;
    double sink = 0;
    const double scoreSeconds = sn::bench::medianSeconds(5, [&] {
        for (int i = 0; i < kScores; ++i)
            sink += scorer.allReduceUs(sets[static_cast<std::size_t>(i) & 4095], 14e9);
    });
    if (sink <= 0)
        std::abort();
    sn::bench::printFigure("comms", "scores_per_s", kScores / scoreSeconds, "1/s");

    const char *dir = std::getenv("SN_SHARED_DATA");
    auto cases = calibrationCases(dir ? dir : "../shared/data");
    if (!cases) {
        std::fprintf(stderr, "bench_comms: %s\n", cases.error().message.c_str());
        return 1;
    }
    const auto results = evaluate(*cases, defaultCostParams());
    for (const CaseResult &r : results)
        std::fprintf(stderr, "busbw: %-48s measured %8.2f predicted %8.2f GB/s (%s) error %.3f\n", r.c.name.c_str(),
                     r.c.measuredBusbwGBps, r.predicted.busbwGBps, algorithmName(r.predicted.algorithm),
                     r.relativeError);
    sn::bench::printFigure("comms", "busbw_error_max", maxRelativeError(results), "ratio");
    return 0;
}
