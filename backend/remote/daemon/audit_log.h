#pragma once
// One audit record: who made which mutating call, from where, when, and how it ended. Records are
// committed with the call's own changes in the state database (state_store.h).

#include <cstdint>
#include <string>

namespace sn::rpc {

struct AuditRecord {
    std::int64_t timeMs = 0; // wall clock, not the engine's (virtual) clock
    std::string who;         // token name, "local" without tokens, "unauthenticated"
    std::string role;
    std::string peer;    // "ipv4:127.0.0.1:53422"
    std::string rpc;     // "SubmitJob"
    std::string what;    // the request, as short text
    std::string outcome; // "ok", or the gRPC code name and message
};

} // namespace sn::rpc
