#include "backend/power/power_limit_setters.h"

#include "backend/power/nvidia_smi_power_limit_setter.h"
#include "backend/model/command_runner.h"
#include "backend/ssh/ssh_command_runner.h"
#include "backend/ssh/ssh_target.h"
#include "backend/power/nvml_power_limit_setter.h"

#include <map>

namespace sn {

namespace {

bool isLocalAddress(const std::string &address)
{
    return address.empty() || address == "localhost" || address == "127.0.0.1" || address == "::1";
}

// nvidia-smi on each node through a runner the setter owns.
class NodeRunnersPowerLimitSetter final : public PowerLimitSetter {
public:
    explicit NodeRunnersPowerLimitSetter(std::map<std::string, std::unique_ptr<CommandRunner>> runners)
        : m_runners(std::move(runners)), m_setter([this](const std::string &node) -> CommandRunner * {
              const auto it = m_runners.find(node);
              return it == m_runners.end() ? nullptr : it->second.get();
          })
    {
    }
    Result<PowerLimitRange> powerRange(const std::string &node, int gpu) override
    {
        return m_setter.powerRange(node, gpu);
    }
    Status setPowerLimit(const std::string &node, int gpu, double watts) override
    {
        return m_setter.setPowerLimit(node, gpu, watts);
    }
    std::string name() const override { return "nvidia-smi"; }

private:
    std::map<std::string, std::unique_ptr<CommandRunner>> m_runners;
    NvidiaSmiPowerLimitSetter m_setter;
};

} // namespace

Result<std::unique_ptr<PowerLimitSetter>> makeRealPowerLimitSetter(const ClusterSpec &spec, const SshOptions &ssh)
{
    const TelemetrySource source = spec.effectiveTelemetry().source;
    if (source != TelemetrySource::NvidiaSmi && source != TelemetrySource::Nvml)
        return failedPrecondition(std::string("telemetry source ") + telemetrySourceName(source) +
                                  " only reads the GPUs; setting power limits needs nvidia-smi or nvml");
    if (source == TelemetrySource::Nvml) {
        // The engine runs on the GPU node: NVML itself, else nvidia-smi there (below).
        std::string local;
        for (const NodeSpec &node : spec.nodes)
            if (isLocalAddress(node.address))
                local = node.name;
        if (local.empty() && spec.nodes.size() == 1)
            local = spec.nodes.front().name;
        if (auto nvml = NvmlPowerLimitSetter::open(local))
            return std::unique_ptr<PowerLimitSetter>(std::move(*nvml));
    }
    std::map<std::string, std::unique_ptr<CommandRunner>> runners;
    for (const NodeSpec &node : spec.nodes) {
        if (isLocalAddress(node.address)) {
            runners[node.name] = std::make_unique<LocalCommandRunner>();
            continue;
        }
        auto target = parseSshTarget(node.address);
        if (!target)
            return invalidArgument("thermal protection: node " + node.name + ": " + target.error().message);
        SshOptions options = ssh;
        options.target = *target;
        runners[node.name] = std::make_unique<SshCommandRunner>(std::move(options));
    }
    return std::unique_ptr<PowerLimitSetter>(std::make_unique<NodeRunnersPowerLimitSetter>(std::move(runners)));
}

} // namespace sn
