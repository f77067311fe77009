#pragma once
// Discovery of every node at once, one thread per node, each within its own time budget: a node
// that hangs (a firewall dropping packets, a wedged nvidia-smi) is reported as timed out when its
// budget is spent, and never holds up the others' results.

#include "backend/model/command_runner.h"
#include "backend/setup/node_inventory.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sn::setup {

// Caps every command's timeout to what is left of a budget that starts at construction; once the
// budget is spent, run() fails (Unavailable) without running anything.
class DeadlineCommandRunner final : public CommandRunner {
public:
    DeadlineCommandRunner(CommandRunner &inner, std::chrono::milliseconds budget);
    using CommandRunner::run;
    Result<CommandOutput> run(const std::vector<std::string> &argv, std::chrono::milliseconds timeout,
                              const std::string &input) override;
    std::string where() const override { return m_inner.where(); }

private:
    CommandRunner &m_inner;
    std::chrono::milliseconds m_budget;
    std::chrono::steady_clock::time_point m_deadline;
};

struct NodeToDiscover {
    std::string name;
    // Made on the node's own thread (an SSH session connects there, lazily).
    std::function<std::unique_ptr<CommandRunner>()> makeRunner;
};

struct NodeOutcome {
    std::string name;
    Result<NodeInventory> inventory;
    std::chrono::milliseconds took{0};
};

// Called from the nodes' threads when one starts and when it ends; must be thread-safe.
using DiscoveryProgress = std::function<void(const std::string &node, bool finished, bool ok)>;

// In the order given. budgetPerNode bounds each node's whole discovery.
std::vector<NodeOutcome> discoverCluster(const std::vector<NodeToDiscover> &nodes, const InventoryOptions &options,
                                         std::chrono::milliseconds budgetPerNode,
                                         const DiscoveryProgress &progress = {});

} // namespace sn::setup
