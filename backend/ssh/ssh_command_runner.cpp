#include "backend/ssh/ssh_command_runner.h"

#include "backend/ssh/shell_quote.h"

#include <array>
#include <cstdio>

namespace sn {

namespace {

using Clock = std::chrono::steady_clock;

// How long one wait holds the session lock: short, so a tunnel on the same session keeps moving.
constexpr int kSliceMs = 20;

struct Channel {
    ssh_channel ch = nullptr;
    ~Channel() { reset(); }
    // Before the session goes: ssh_free() frees the session's channels, so a channel freed
    // after it would be freed twice.
    void reset()
    {
        if (ch) {
            ssh_channel_close(ch);
            ssh_channel_free(ch);
            ch = nullptr;
        }
    }
};

// The remote side enforces the deadline too. OpenSSH refuses "signal" channel requests for
// sessions without post-auth privilege separation (every root login: "session signalling
// requires privilege separation"), so our SIGKILL may never arrive. coreutils' timeout kills the
// command's whole process group; it fires a little after our own deadline, so the caller still
// gets our error, and a node without timeout runs the command unguarded rather than not at all.
std::string withRemoteDeadline(const std::string &line, std::chrono::milliseconds timeout)
{
    const long long ms = timeout.count() + 1000;
    char seconds[32];
    std::snprintf(seconds, sizeof(seconds), "%lld.%03lld", ms / 1000, ms % 1000);
    return std::string("if command -v timeout >/dev/null 2>&1; then exec timeout -s KILL ") + seconds + " " + line +
           "; else exec " + line + "; fi";
}

} // namespace

SshCommandRunner::SshCommandRunner(SshOptions options) : m_session(std::make_shared<SshSession>(std::move(options))) {}

SshCommandRunner::SshCommandRunner(std::shared_ptr<SshSession> session) : m_session(std::move(session)) {}

Result<CommandOutput> SshCommandRunner::run(const std::vector<std::string> &argv, std::chrono::milliseconds timeout,
                                            const std::string &input)
{
    auto line = shellCommandLine(argv);
    if (!line)
        return line.error();
    const Clock::time_point deadline = Clock::now() + timeout;
    if (Status s = m_session->connect(); !s)
        return s.error();

    std::unique_lock lock(m_session->mutex());
    Channel channel;
    channel.ch = ssh_channel_new(m_session->handle());
    if (!channel.ch || ssh_channel_open_session(channel.ch) != SSH_OK) {
        Error e = m_session->lastError(ErrorCode::Unavailable, "SSH: cannot open a channel to run " + argv[0]);
        channel.reset();
        lock.unlock();
        m_session->disconnect(); // likely a dead connection: the next run reconnects
        return e;
    }
    if (ssh_channel_request_exec(channel.ch, withRemoteDeadline(*line, timeout).c_str()) != SSH_OK)
        return m_session->lastError(ErrorCode::Unavailable, "SSH: cannot run " + argv[0]);
    // Standard input is written whole, then EOF, before reading: the programs this feeds
    // (sbatch, kubectl apply -f -) read all their input before they print anything.
    for (std::size_t sent = 0; sent < input.size();) {
        const int n = ssh_channel_write(channel.ch, input.data() + sent, static_cast<uint32_t>(input.size() - sent));
        if (n == SSH_ERROR)
            return m_session->lastError(ErrorCode::Unavailable, "SSH: writing the input of " + argv[0]);
        sent += static_cast<std::size_t>(n);
    }
    if (ssh_channel_send_eof(channel.ch) != SSH_OK)
        return m_session->lastError(ErrorCode::Unavailable, "SSH: closing the input of " + argv[0]);

    CommandOutput output;
    std::array<char, 16384> buffer{};
    while (true) {
        bool gotData = false;
        for (const int isStderr : {0, 1}) {
            const int n = ssh_channel_read_nonblocking(channel.ch, buffer.data(), buffer.size(), isStderr);
            if (n == SSH_ERROR)
                return m_session->lastError(ErrorCode::Unavailable, "SSH: reading the output of " + argv[0]);
            if (n > 0) {
                std::string &to = isStderr ? output.err : output.out;
                to.append(buffer.data(), static_cast<std::size_t>(n));
                gotData = true;
                if (to.size() > kMaxCommandOutputBytes) {
                    ssh_channel_request_send_signal(channel.ch, "KILL");
                    return commandOutputTooLarge(argv[0], where());
                }
            }
        }
        if (gotData)
            continue;
        if (ssh_channel_is_eof(channel.ch))
            break;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) {
            ssh_channel_request_send_signal(channel.ch, "KILL");
            return Error{ErrorCode::Unavailable, argv[0] + " on " + where() + " did not finish within " +
                                                     std::to_string(timeout.count()) + " ms"};
        }
        // Waits for stdout; stderr arriving meanwhile is picked up at the next slice. Between
        // slices the lock is free for other users of the session.
        const int polled =
            ssh_channel_poll_timeout(channel.ch, static_cast<int>(std::min<long long>(left, kSliceMs)), 0);
        if (polled == SSH_ERROR)
            return m_session->lastError(ErrorCode::Unavailable, "SSH: waiting for " + argv[0]);
        lock.unlock();
        lock.lock();
    }
    const int status = ssh_channel_get_exit_status(channel.ch);
    if (status < 0)
        return Error{ErrorCode::Unavailable,
                     argv[0] + " on " + where() + " ended without an exit status (killed by a signal?)"};
    output.exitCode = status;
    return output;
}

} // namespace sn
