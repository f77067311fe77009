#include "backend/logs/signature_repeats.h"

#include <algorithm>
#include <iterator>

namespace sn::logs {

namespace {
// A line's time is what its writer says: a clock stepped back counts as inside the window too.
bool within(std::int64_t a, std::int64_t b)
{
    const std::int64_t later = a > b ? a : b;
    const std::int64_t earlier = a > b ? b : a;
    return static_cast<std::uint64_t>(later) - static_cast<std::uint64_t>(earlier) <
           static_cast<std::uint64_t>(SignatureRepeats::kWindowMs);
}
} // namespace

std::optional<std::uint64_t> SignatureRepeats::raise(const std::string &signature, const std::string &node,
                                                     const std::string &device, std::int64_t timeMs)
{
    Key key{signature, node, device};
    auto it = m_seen.find(key);
    if (it != m_seen.end() && within(timeMs, it->second.raisedMs)) {
        ++it->second.folded;
        return std::nullopt;
    }
    if (it == m_seen.end()) {
        makeRoom(timeMs);
        it = m_seen.emplace(std::move(key), Seen{}).first;
    }
    const std::uint64_t folded = it->second.folded;
    it->second = Seen{timeMs, 0};
    return folded;
}

void SignatureRepeats::makeRoom(std::int64_t timeMs)
{
    if (m_seen.size() < kMaxKeys)
        return;
    for (auto it = m_seen.begin(); it != m_seen.end();)
        it = within(timeMs, it->second.raisedMs) ? std::next(it) : m_seen.erase(it);
    // Still full (thousands of keys in one window: a hostile writer more than a cluster): the
    // one raised longest ago goes, its next match raising again, so memory stays bounded.
    if (m_seen.size() >= kMaxKeys)
        m_seen.erase(std::min_element(m_seen.begin(), m_seen.end(), [](const auto &a, const auto &b) {
            return a.second.raisedMs < b.second.raisedMs;
        }));
}

} // namespace sn::logs
