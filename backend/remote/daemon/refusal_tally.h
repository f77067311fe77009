#pragma once
// Refused calls are audited, but not one row each: a caller without a token could otherwise fill
// the disk with fsynced audit rows as fast as it can send (issue 29). Per caller (peer address
// and principal, "unauthenticated" without one) the first refusal in a window is recorded; the
// ones after it are counted, and the count rides on that caller's next recorded row, or on the
// row flush() writes (every window, and when the daemon stops). Every refusal is still counted in
// /metrics (service_metrics.h).

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace sn::rpc {

class RefusalTally {
public:
    using Clock = std::chrono::steady_clock;
    struct Options {
        std::chrono::milliseconds window{60000}; // one recorded refusal per caller per window
        std::size_t maxCallers = 4096;           // callers tracked at once; beyond, one shared entry
    };
    explicit RefusalTally(Options options) : m_options(options) {}
    RefusalTally() : RefusalTally(Options{}) {}

    struct Decision {
        bool record = false;          // write this refusal's audit row
        std::uint64_t unrecorded = 0; // refusals of this caller since its last row, not written
    };
    Decision note(const std::string &peerHost, const std::string &who, const std::string &rpc, Clock::time_point now);

    // The callers with refusals not yet written: one summary each, and the tally forgets them.
    struct Unrecorded {
        std::string peerHost, who, lastRpc;
        std::uint64_t count = 0;
    };
    std::vector<Unrecorded> flush();

    // The value used when the table is full: every new caller's refusals are counted under it.
    static constexpr const char *kOtherCallers = "(other callers)";

private:
    struct Entry {
        Clock::time_point lastRecorded;
        std::uint64_t unrecorded = 0;
        std::string lastRpc;
    };
    Options m_options;
    std::mutex m_mutex;
    std::map<std::pair<std::string, std::string>, Entry> m_callers;
};

// "ipv4:10.0.0.7:53422" -> "10.0.0.7", "ipv6:[::1]:5353" and "ipv6:%5B::1%5D:5353" -> "::1",
// "unix:/run/x" unchanged:
// the address a caller's refusals are counted under (a new port per connection is the same caller).
std::string peerHostOf(const std::string &peer);

} // namespace sn::rpc
