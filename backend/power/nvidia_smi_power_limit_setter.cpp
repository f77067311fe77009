#include "backend/power/nvidia_smi_power_limit_setter.h"

#include <cmath>
#include <sstream>

namespace sn {

namespace {
std::string trimmed(std::string s)
{
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' '))
        s.pop_back();
    return s;
}
} // namespace

NvidiaSmiPowerLimitSetter::NvidiaSmiPowerLimitSetter(RunnerFor runnerFor, std::string program,
                                                     std::chrono::milliseconds timeout)
    : m_runnerFor(std::move(runnerFor)), m_program(std::move(program)), m_timeout(timeout)
{
}

Result<CommandOutput> NvidiaSmiPowerLimitSetter::run(const std::string &node, const std::vector<std::string> &args)
{
    CommandRunner *runner = m_runnerFor ? m_runnerFor(node) : nullptr;
    if (!runner)
        return notFound("no way to run commands on node '" + node + "'");
    std::vector<std::string> argv = {m_program};
    argv.insert(argv.end(), args.begin(), args.end());
    auto out = runner->run(argv, m_timeout);
    if (!out)
        return out.error();
    if (out->exitCode != 0) {
        std::string shown;
        for (const std::string &a : argv)
            shown += (shown.empty() ? "" : " ") + a;
        const std::string why = trimmed(out->err.empty() ? out->out : out->err + " " + out->out);
        return Error{ErrorCode::FailedPrecondition,
                     shown + " on " + runner->where() + " failed (exit " + std::to_string(out->exitCode) + "): " + why};
    }
    return out;
}

Result<PowerLimitRange> NvidiaSmiPowerLimitSetter::powerRange(const std::string &node, int gpu)
{
    auto out = run(node, {"-i", std::to_string(gpu), "--query-gpu=power.min_limit,power.default_limit",
                          "--format=csv,noheader,nounits"});
    if (!out)
        return out.error();
    // "200.00, 700.00"; "[N/A], [N/A]" on a card that cannot be capped.
    const std::string line = trimmed(out->out);
    const auto comma = line.find(',');
    PowerLimitRange range;
    try {
        if (comma == std::string::npos)
            throw std::invalid_argument("no comma");
        range.minW = std::stod(line.substr(0, comma));
        range.defaultW = std::stod(line.substr(comma + 1));
    } catch (const std::exception &) {
        return invalidArgument("nvidia-smi on " + node + " reported no power limit range for GPU " +
                               std::to_string(gpu) + " (expected 'MIN, DEFAULT' in watts, got '" + line +
                               "'): this card's power limit cannot be changed");
    }
    if (!(range.minW > 0) || !(range.defaultW >= range.minW))
        return invalidArgument("nvidia-smi on " + node + " reported an impossible power range '" + line + "'");
    return range;
}

Status NvidiaSmiPowerLimitSetter::setPowerLimit(const std::string &node, int gpu, double watts)
{
    if (gpu < 0)
        return invalidArgument("no GPU index given for the power limit on " + node);
    if (!std::isfinite(watts) || watts <= 0)
        return invalidArgument("power limit " + std::to_string(watts) + " W is not a positive number");
    // Whole watts: every driver accepts them.
    auto out = run(node, {"-i", std::to_string(gpu), "-pl", std::to_string(static_cast<long>(std::lround(watts)))});
    if (!out)
        return out.error();
    return success();
}

} // namespace sn
