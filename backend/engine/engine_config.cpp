#include "backend/engine/engine_config.h"

#include "backend/model/cluster_yaml.h"
#include "backend/sim/super_node_topology.h"

namespace sn {

Status checkRunnable(const ClusterSpec &spec, const std::string &where)
{
    if (!spec.simulation.enabled && spec.nodes.empty())
        return invalidArgument(where + ": the cluster has no nodes and no simulation section");
    return success();
}

Result<ClusterSpec> engineClusterSpec(const std::string &configPath)
{
    if (configPath.empty())
        return sim::defaultSimulatedSpec();
    auto spec = loadClusterYaml(configPath);
    if (!spec)
        return spec.error();
    if (auto runnable = checkRunnable(*spec, configPath); !runnable)
        return runnable.error();
    return spec;
}

} // namespace sn
