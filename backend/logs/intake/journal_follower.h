#pragma once
// Follows the systemd journal through `journalctl -f -o json` (or any command printing
// journalctl's JSON lines: `--file=...`, `-k` for the kernel, over SSH with `ssh node journalctl
// ...`). Lines are read as they come; each becomes a LogRecord (journal_json.h). A line that
// does not parse is counted and its error kept, never fatal.

#include "backend/model/log_record.h"
#include "backend/model/result.h"

#include <QProcess>

#include <memory>
#include <string>
#include <vector>

namespace sn::logs {

// The machine's journal from now on, as the engine and the agent follow it.
inline std::vector<std::string> liveJournalCommand()
{
    return {"journalctl", "-f", "-o", "json", "-n", "0"};
}

class JournalFollower {
public:
    // argv: the command, e.g. {"journalctl", "-f", "-o", "json", "-n", "0"}.
    JournalFollower(std::vector<std::string> argv, std::string defaultNode);
    ~JournalFollower(); // stops the process it started

    Status start();
    // Entries printed since the last call, waiting up to waitMs for the first.
    std::vector<LogRecord> take(int waitMs = 0);
    bool running() const;

    std::uint64_t badLines() const { return m_badLines; }
    const std::string &lastError() const { return m_lastError; }

private:
    std::vector<std::string> m_argv;
    std::string m_defaultNode;
    std::unique_ptr<QProcess> m_process;
    std::string m_partial;
    std::uint64_t m_badLines = 0;
    std::string m_lastError;
};

} // namespace sn::logs
