#include "backend/sim/fault.h"

#include <array>
#include <utility>

namespace sn::sim {

namespace {
constexpr std::array<std::pair<FaultKind, const char *>, 7> kNames{{
    {FaultKind::GpuOverheat, "gpu-overheat"},
    {FaultKind::EccDoubleBit, "ecc-dbe"},
    {FaultKind::Xid79, "xid79"},
    {FaultKind::NvlinkDown, "nvlink-down"},
    {FaultKind::NodeDown, "node-down"},
    {FaultKind::NicFlap, "nic-flap"},
    {FaultKind::EccSbeStorm, "ecc-sbe-storm"},
}};
}

const char *faultKindName(FaultKind kind)
{
    for (const auto &[k, name] : kNames)
        if (k == kind)
            return name;
    return "unknown";
}

std::optional<FaultKind> faultKindFromName(const std::string &name)
{
    for (const auto &[k, n] : kNames)
        if (name == n)
            return k;
    return std::nullopt;
}

std::int64_t defaultFaultDurationMs(FaultKind kind)
{
    switch (kind) {
    case FaultKind::GpuOverheat:
        return 10 * 60 * 1000; // until someone fixes the fan
    case FaultKind::EccDoubleBit:
        return 5 * 60 * 1000; // until the GPU is reset
    case FaultKind::Xid79:
        return 15 * 60 * 1000; // until the node is power-cycled
    case FaultKind::NvlinkDown:
        return 10 * 60 * 1000;
    case FaultKind::NodeDown:
        return 10 * 60 * 1000;
    case FaultKind::NicFlap:
        return 5 * 1000;
    case FaultKind::EccSbeStorm:
        return 5 * 60 * 1000;
    }
    return 60 * 1000;
}

} // namespace sn::sim
