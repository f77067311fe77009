#pragma once
// The log sources of the machine the engine runs on, as cluster.yaml's `logs:` names them:
// files followed with rotation (file_tailer.h), the journal (`journalctl -f -o json`,
// journal_follower.h) and kernel messages (/dev/kmsg, kmsg_record.h). poll() gathers what each
// has written since the last poll as LogRecords carrying source, node and time; the engine adds
// GPU and job where a line names them. A source that fails reports it once, then keeps trying.

#include "backend/logs/intake/file_tailer.h"
#include "backend/logs/intake/journal_follower.h"
#include "backend/model/log_record.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sn::logs {

struct LogFileSource {
    std::string path;
    std::string node;
    std::string source; // empty: the file's base name
    bool fromStart = false;
};

struct LogIntakeOptions {
    std::vector<LogFileSource> files;
    std::vector<std::string> journalCommand; // empty: no journal
    std::string kmsgPath;                    // empty: no kernel messages; "/dev/kmsg"
    std::string node;                        // for the journal and kernel messages
};

class LogIntake {
public:
    LogIntake(LogIntakeOptions options, std::function<std::int64_t()> nowMs);
    ~LogIntake();

    // Starts the journal command and opens kernel messages at their end; files open on poll.
    void start();
    std::vector<LogRecord> poll();
    // What failed since the last call, once per failure ("cannot read /var/log/syslog: ...").
    std::vector<std::string> takeProblems();

private:
    struct File {
        LogFileSource spec;
        std::unique_ptr<FileTailer> tailer;
        bool failing = false;
    };
    void pollKmsg(std::vector<LogRecord> &out);
    void problem(bool &flag, bool failing, const std::string &message);

    LogIntakeOptions m_options;
    std::function<std::int64_t()> m_nowMs;
    std::vector<File> m_files;
    std::unique_ptr<JournalFollower> m_journal;
    int m_kmsg = -1;
    std::int64_t m_bootTimeMs = 0;
    bool m_journalFailing = false;
    bool m_kmsgFailing = false;
    std::vector<std::string> m_problems;
};

} // namespace sn::logs
