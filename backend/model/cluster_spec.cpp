#include "backend/model/cluster_spec.h"

#include <array>
#include <utility>

namespace sn {

namespace {
constexpr std::array<std::pair<LinkType, const char *>, 5> kLinkTypeNames{{
    {LinkType::NvLink, "nvlink"},
    {LinkType::Pcie, "pcie"},
    {LinkType::Roce, "roce"},
    {LinkType::InfiniBand, "infiniband"},
    {LinkType::Ethernet, "ethernet"},
}};
}

const char *linkTypeName(LinkType type)
{
    for (const auto &[t, name] : kLinkTypeNames)
        if (t == type)
            return name;
    return "unknown";
}

std::optional<LinkType> linkTypeFromName(const std::string &name)
{
    for (const auto &[t, n] : kLinkTypeNames)
        if (name == n)
            return t;
    if (name == "ib")
        return LinkType::InfiniBand;
    return std::nullopt;
}

namespace {
constexpr std::array<std::pair<TelemetrySource, const char *>, 5> kTelemetrySourceNames{{
    {TelemetrySource::Simulator, "simulator"},
    {TelemetrySource::Nvml, "nvml"},
    {TelemetrySource::NvidiaSmi, "nvidia-smi"},
    {TelemetrySource::DcgmExporter, "dcgm-exporter"},
    {TelemetrySource::Prometheus, "prometheus"},
}};
}

const char *telemetrySourceName(TelemetrySource source)
{
    for (const auto &[s, name] : kTelemetrySourceNames)
        if (s == source)
            return name;
    return "unknown";
}

std::optional<TelemetrySource> telemetrySourceFromName(const std::string &name)
{
    for (const auto &[s, n] : kTelemetrySourceNames)
        if (name == n)
            return s;
    return std::nullopt;
}

TelemetrySpec ClusterSpec::effectiveTelemetry() const
{
    if (telemetry)
        return *telemetry;
    TelemetrySpec spec;
    spec.source = simulation.enabled ? TelemetrySource::Simulator : TelemetrySource::NvidiaSmi;
    return spec;
}

int ClusterSpec::gpuCount() const
{
    int n = 0;
    for (const auto &node : nodes)
        n += static_cast<int>(node.gpus.size());
    return n;
}

const NodeSpec *ClusterSpec::findNode(const std::string &nodeName) const
{
    for (const auto &node : nodes)
        if (node.name == nodeName)
            return &node;
    return nullptr;
}

std::string gpuId(const std::string &node, int gpu)
{
    return node + "/gpu" + std::to_string(gpu);
}
std::string nvswitchId(const std::string &node, int index)
{
    return node + "/nvswitch" + std::to_string(index);
}
std::string nicId(const std::string &node, const std::string &nic)
{
    return node + "/" + nic;
}

} // namespace sn
