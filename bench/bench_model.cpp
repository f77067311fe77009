// Reading cluster.yaml: our full parse and validation against yaml-cpp's own load of the same
// text (the floor we build on), for a 128-node cluster with explicit nodes.
#include "bench/bench_json.h"

#include "backend/model/cluster_yaml.h"
#include "backend/sim/super_node_topology.h"

#include <yaml-cpp/yaml.h>

#include <cstdlib>

using namespace sn;

int main()
{
    ClusterSpec spec = sim::expandSimulatedCluster(sim::defaultSimulatedSpec(128));
    spec.network.links.clear(); // links are derived, not written
    const std::string text = writeClusterYaml(spec);
    constexpr int kParses = 20;
    const double ours = bench::medianSeconds(5,
                                             [&] {
                                                 for (int i = 0; i < kParses; ++i)
                                                     if (!parseClusterYaml(text).ok())
                                                         std::abort();
                                             }) /
                        kParses;
    const double peer = bench::medianSeconds(5,
                                             [&] {
                                                 for (int i = 0; i < kParses; ++i)
                                                     (void)YAML::Load(text);
                                             }) /
                        kParses;
    bench::printFigure("model", "cluster_yaml_parse_128_nodes_ms", ours * 1000, "ms", "yaml-cpp YAML::Load",
                       peer * 1000);
    return 0;
}
