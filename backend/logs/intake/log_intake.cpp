#include "backend/logs/intake/log_intake.h"

#include "backend/logs/intake/kmsg_record.h"

#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace sn::logs {

namespace {
std::string baseName(const std::string &path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// /dev/kmsg stamps records with the monotonic clock since boot.
std::int64_t bootTimeMs(std::int64_t nowMs)
{
    timespec mono{};
    clock_gettime(CLOCK_MONOTONIC, &mono);
    return nowMs - (static_cast<std::int64_t>(mono.tv_sec) * 1000 + mono.tv_nsec / 1000000);
}
} // namespace

LogIntake::LogIntake(LogIntakeOptions options, std::function<std::int64_t()> nowMs)
    : m_options(std::move(options)), m_nowMs(std::move(nowMs))
{
    for (const LogFileSource &f : m_options.files)
        m_files.push_back({f, std::make_unique<FileTailer>(f.path, f.fromStart), false});
}

LogIntake::~LogIntake()
{
    if (m_kmsg >= 0)
        ::close(m_kmsg);
}

void LogIntake::problem(bool &flag, bool failing, const std::string &message)
{
    if (failing && !flag)
        m_problems.push_back(message);
    flag = failing;
}

void LogIntake::start()
{
    if (!m_options.journalCommand.empty()) {
        m_journal = std::make_unique<JournalFollower>(m_options.journalCommand, m_options.node);
        const Status started = m_journal->start();
        problem(m_journalFailing, !started, started ? "" : "journal: " + started.error().message);
    }
    if (!m_options.kmsgPath.empty()) {
        m_kmsg = ::open(m_options.kmsgPath.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (m_kmsg < 0) {
            problem(m_kmsgFailing, true,
                    "kernel messages: cannot read " + m_options.kmsgPath + ": " + std::strerror(errno));
        } else {
            ::lseek(m_kmsg, 0, SEEK_END); // only what the kernel writes from now on
            m_bootTimeMs = bootTimeMs(m_nowMs());
        }
    }
}

void LogIntake::pollKmsg(std::vector<LogRecord> &out)
{
    if (m_kmsg < 0)
        return;
    char buf[8192];
    for (int i = 0; i < 10000; ++i) {
        const ssize_t n = ::read(m_kmsg, buf, sizeof buf); // one record per read
        if (n < 0 && errno == EPIPE)
            continue; // overwritten before we read them: resume at the next
        if (n <= 0)
            break;
        auto record = parseKmsgRecord(std::string_view(buf, static_cast<std::size_t>(n)), m_bootTimeMs, m_options.node);
        if (record)
            out.push_back(std::move(record->line));
    }
}

std::vector<LogRecord> LogIntake::poll()
{
    std::vector<LogRecord> out;
    const std::int64_t now = m_nowMs();
    for (File &f : m_files) {
        auto lines = f.tailer->poll();
        problem(f.failing, !lines, lines ? "" : lines.error().message);
        if (!lines)
            continue;
        for (TailedLine &l : *lines) {
            LogRecord r;
            r.timeMs = now; // when it was read; a file line's own stamp is in its text
            r.node = f.spec.node.empty() ? m_options.node : f.spec.node;
            r.source = f.spec.source.empty() ? baseName(f.spec.path) : f.spec.source;
            r.text = std::move(l.text);
            r.truncated = l.truncated;
            out.push_back(std::move(r));
        }
    }
    if (m_journal) {
        auto entries = m_journal->take(0);
        out.insert(out.end(), std::make_move_iterator(entries.begin()), std::make_move_iterator(entries.end()));
        problem(m_journalFailing, !m_journal->running(), "journal: the journal command stopped");
    }
    pollKmsg(out);
    return out;
}

std::vector<std::string> LogIntake::takeProblems()
{
    return std::exchange(m_problems, {});
}

} // namespace sn::logs
