#include "backend/setup/connection_probe.h"

#include "backend/ssh/ssh_command_runner.h"

#include <chrono>
#include <memory>

namespace sn::setup {

ConnectionProbe probeConnection(SshOptions options)
{
    ConnectionProbe probe;
    std::optional<SshHostKey> asked;
    auto previous = options.hostKeys.acceptUnknown;
    options.hostKeys.acceptUnknown = [&](const SshHostKey &key) {
        asked = key;
        return previous ? previous(key) : false;
    };
    const auto timeout = options.connectTimeout;
    auto session = std::make_shared<SshSession>(std::move(options));
    if (Status s = session->connect(); !s.ok()) {
        probe.error = s.error();
        // Refused because nobody accepted it yet: the user decides, with the fingerprint.
        if (asked && s.error().code == ErrorCode::PermissionDenied)
            probe.unknownKey = asked;
        return probe;
    }
    SshCommandRunner runner(session);
    auto out = runner.run({"true"}, timeout);
    if (!out) {
        probe.error = out.error();
        return probe;
    }
    if (out->exitCode != 0) {
        probe.error = {ErrorCode::FailedPrecondition, session->where() + ": `true` exited " +
                                                          std::to_string(out->exitCode) +
                                                          ": the login shell is broken"};
        return probe;
    }
    probe.ok = true;
    return probe;
}

} // namespace sn::setup
