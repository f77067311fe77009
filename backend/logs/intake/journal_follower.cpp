#include "backend/logs/intake/journal_follower.h"

#include "backend/logs/intake/journal_json.h"

namespace sn::logs {

namespace {
// A journal entry with a huge binary MESSAGE is still one JSON line; past this it is dropped.
constexpr std::size_t kMaxJsonLine = 4 * 1024 * 1024;
} // namespace

JournalFollower::JournalFollower(std::vector<std::string> argv, std::string defaultNode)
    : m_argv(std::move(argv)), m_defaultNode(std::move(defaultNode))
{
}

JournalFollower::~JournalFollower()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->terminate();
        if (!m_process->waitForFinished(2000)) {
            m_process->kill();
            m_process->waitForFinished(2000);
        }
    }
}

Status JournalFollower::start()
{
    if (m_argv.empty())
        return invalidArgument("no journal command given");
    m_process = std::make_unique<QProcess>();
    QStringList args;
    for (std::size_t i = 1; i < m_argv.size(); ++i)
        args << QString::fromStdString(m_argv[i]);
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_process->start(QString::fromStdString(m_argv[0]), args, QIODevice::ReadOnly);
    if (!m_process->waitForStarted(10000))
        return Error{ErrorCode::Unavailable, "cannot run " + m_argv[0] + ": " + m_process->errorString().toStdString()};
    return success();
}

bool JournalFollower::running() const
{
    return m_process && m_process->state() == QProcess::Running;
}

std::vector<LogRecord> JournalFollower::take(int waitMs)
{
    std::vector<LogRecord> out;
    if (!m_process)
        return out;
    if (m_process->bytesAvailable() == 0 && waitMs > 0)
        m_process->waitForReadyRead(waitMs);
    const QByteArray chunk = m_process->readAllStandardOutput();
    m_partial.append(chunk.constData(), static_cast<std::size_t>(chunk.size()));
    std::size_t from = 0;
    for (std::size_t nl; (nl = m_partial.find('\n', from)) != std::string::npos; from = nl + 1) {
        const std::string_view line(m_partial.data() + from, nl - from);
        if (line.empty())
            continue;
        auto record = parseJournalJson(line, m_defaultNode);
        if (record) {
            out.push_back(std::move(*record));
        } else {
            ++m_badLines;
            m_lastError = record.error().message;
        }
    }
    m_partial.erase(0, from);
    if (m_partial.size() > kMaxJsonLine) {
        ++m_badLines;
        m_lastError = "journal entry longer than " + std::to_string(kMaxJsonLine) + " bytes dropped";
        m_partial.clear();
    }
    return out;
}

} // namespace sn::logs
