#pragma once
// Which matches of a failure signature raise an event: the first for a (signature, node, device),
// then none for that key within a window, the repeats counted and said in the next event for it.
// A GPU in an Xid storm, or an agent flooding one line, writes the same failure thousands of
// times a second; one event each (and one state.db row each in supernoded) buried every other
// event and grew the state without bound.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>

namespace sn::logs {

class SignatureRepeats {
public:
    static constexpr std::int64_t kWindowMs = 10 * 60 * 1000;
    static constexpr std::size_t kMaxKeys = 4096; // (signature, node, device) remembered at once

    // Whether a match at timeMs (the line's time) raises an event: nullopt when it is a repeat
    // within the window of the last one raised for its key; otherwise the repeats folded since.
    // device: the GPU as the line names it ("gpu3", or the PCI address of a kernel line), so
    // that one GPU's storm does not hide another GPU's first failure.
    std::optional<std::uint64_t> raise(const std::string &signature, const std::string &node, const std::string &device,
                                       std::int64_t timeMs);

private:
    struct Seen {
        std::int64_t raisedMs = 0;
        std::uint64_t folded = 0;
    };
    using Key = std::tuple<std::string, std::string, std::string>;
    void makeRoom(std::int64_t timeMs);

    std::map<Key, Seen> m_seen;
};

} // namespace sn::logs
