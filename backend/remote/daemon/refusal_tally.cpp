#include "backend/remote/daemon/refusal_tally.h"

namespace sn::rpc {

RefusalTally::Decision RefusalTally::note(const std::string &peerHost, const std::string &who, const std::string &rpc,
                                          Clock::time_point now)
{
    std::lock_guard lock(m_mutex);
    auto key = std::make_pair(peerHost, who);
    auto it = m_callers.find(key);
    if (it == m_callers.end()) {
        if (m_callers.size() >= m_options.maxCallers) {
            // A flood from many addresses is counted, not tracked address by address.
            key = {kOtherCallers, kOtherCallers};
            it = m_callers.find(key);
        }
        if (it == m_callers.end()) {
            Entry fresh;
            fresh.lastRecorded = now;
            fresh.lastRpc = rpc;
            m_callers.emplace(std::move(key), std::move(fresh));
            return {true, 0};
        }
    }
    Entry &e = it->second;
    e.lastRpc = rpc;
    if (now - e.lastRecorded < m_options.window) {
        ++e.unrecorded;
        return {false, 0};
    }
    Decision d{true, e.unrecorded};
    e.unrecorded = 0;
    e.lastRecorded = now;
    return d;
}

std::vector<RefusalTally::Unrecorded> RefusalTally::flush()
{
    std::lock_guard lock(m_mutex);
    std::vector<Unrecorded> out;
    for (const auto &[key, e] : m_callers)
        if (e.unrecorded > 0)
            out.push_back({key.first, key.second, e.lastRpc, e.unrecorded});
    // Forgotten: a caller refused again after this starts a new window with a recorded row.
    m_callers.clear();
    return out;
}

std::string peerHostOf(const std::string &peer)
{
    const auto colon = peer.find(':');
    if (colon == std::string::npos)
        return peer;
    const std::string scheme = peer.substr(0, colon);
    if (scheme != "ipv4" && scheme != "ipv6")
        return peer;
    std::string rest = peer.substr(colon + 1);
    // gRPC writes IPv6 peers in brackets, percent-encoded in its URI form: "%5B::1%5D:5353".
    for (const auto &[open, close] : {std::pair<std::string, std::string>{"[", "]"}, {"%5B", "%5D"}})
        if (rest.compare(0, open.size(), open) == 0) {
            const auto end = rest.find(close, open.size());
            return end == std::string::npos ? rest : rest.substr(open.size(), end - open.size());
        }
    const auto port = rest.rfind(':');
    return port == std::string::npos ? rest : rest.substr(0, port);
}

} // namespace sn::rpc
