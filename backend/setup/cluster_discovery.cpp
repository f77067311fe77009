#include "backend/setup/cluster_discovery.h"

#include <algorithm>
#include <thread>

namespace sn::setup {

DeadlineCommandRunner::DeadlineCommandRunner(CommandRunner &inner, std::chrono::milliseconds budget)
    : m_inner(inner), m_budget(budget), m_deadline(std::chrono::steady_clock::now() + budget)
{
}

Result<CommandOutput> DeadlineCommandRunner::run(const std::vector<std::string> &argv,
                                                 std::chrono::milliseconds timeout, const std::string &input)
{
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(m_deadline - std::chrono::steady_clock::now());
    if (left <= std::chrono::milliseconds(0))
        return Error{ErrorCode::Unavailable, "timed out: discovery took longer than " +
                                                 std::to_string(m_budget.count() / 1000) + " s on this node"};
    return m_inner.run(argv, std::min(timeout, left), input);
}

std::vector<NodeOutcome> discoverCluster(const std::vector<NodeToDiscover> &nodes, const InventoryOptions &options,
                                         std::chrono::milliseconds budgetPerNode, const DiscoveryProgress &progress)
{
    std::vector<NodeOutcome> out(nodes.size());
    std::vector<std::thread> threads;
    threads.reserve(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        threads.emplace_back([&, i] {
            const NodeToDiscover &n = nodes[i];
            out[i].name = n.name;
            if (progress)
                progress(n.name, false, false);
            const auto start = std::chrono::steady_clock::now();
            std::unique_ptr<CommandRunner> runner = n.makeRunner ? n.makeRunner() : nullptr;
            if (!runner) {
                out[i].inventory = Error{ErrorCode::InvalidArgument, n.name + ": no way to reach this node"};
            } else {
                DeadlineCommandRunner bounded(*runner, budgetPerNode);
                out[i].inventory = discoverInventory(bounded, n.name, options);
            }
            out[i].took =
                std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
            if (progress)
                progress(n.name, true, out[i].inventory.ok());
        });
    }
    for (std::thread &t : threads)
        t.join();
    return out;
}

} // namespace sn::setup
