#include "backend/remote/agent/telemetry_agent.h"

#include "backend/remote/agent/node_registration.h"
#include "backend/remote/agent/push_batch.h"
#include "backend/telemetry/collectors/host_collector.h"
#include "backend/telemetry/collectors/nvidia_smi_collector.h"
#include "backend/telemetry/collectors/nvml_collector.h"
#include "backend/telemetry/readings_to_samples.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QSysInfo>

namespace sn::agent {

namespace pb = supernode::v1;

Q_LOGGING_CATEGORY(lcAgent, "sn.agent")

TelemetryAgent::TelemetryAgent(TelemetryAgentOptions options) : m_options(std::move(options)) {}

TelemetryAgent::~TelemetryAgent()
{
    m_timer.stop();
    if (m_pusher)
        m_pusher->stop(); // closes the stream: the daemon commits what it was sent
}

Result<std::unique_ptr<TelemetryAgent>> TelemetryAgent::create(TelemetryAgentOptions options)
{
    if (options.nodeName.empty())
        options.nodeName = QSysInfo::machineHostName().toStdString();
    std::unique_ptr<TelemetryAgent> agent(new TelemetryAgent(std::move(options)));
    TelemetryAgentOptions &o = agent->m_options;
    auto buffer = DiskBuffer::open(o.buffer);
    if (!buffer)
        return buffer.error();
    agent->m_buffer = std::move(*buffer);
    for (const std::string &p : agent->m_buffer->problems())
        qCWarning(lcAgent).noquote() << "buffer:" << QString::fromStdString(p);
    // Batches keep counting from what the buffer holds, so a restarted agent never reuses a number.
    agent->m_sequence = agent->m_buffer->lastSequence();
    // Never 0, so that a batch from an agent that sends no run (an older one) is told apart.
    do
        agent->m_run = QRandomGenerator::system()->generate64();
    while (agent->m_run == 0);

    NvmlCollectorOptions nvml;
    if (!o.nvmlLibrary.empty())
        nvml.libraryPath = o.nvmlLibrary;
    nvml.hostname = o.nodeName;
    auto gpus = std::make_unique<NvmlCollector>(nvml);
    if (gpus->available()) {
        agent->m_collectors.push_back(std::move(gpus));
    } else {
        qCWarning(lcAgent).noquote() << "NVML:" << QString::fromStdString(gpus->lastError()->message)
                                     << "- reading GPUs through" << QString::fromStdString(o.nvidiaSmi);
        NvidiaSmiCollector::Options smi;
        smi.program = o.nvidiaSmi;
        agent->m_collectors.push_back(std::make_unique<NvidiaSmiCollector>(agent->m_runner, o.nodeName, smi));
    }
    if (o.host) {
        HostCollectorOptions host;
        host.hostname = o.nodeName;
        agent->m_collectors.push_back(std::make_unique<HostCollector>(host));
    }
    if (o.registerNode) {
        RegistrationOptions r;
        r.nodeName = o.nodeName;
        r.nvmlLibrary = o.nvmlLibrary;
        r.nvidiaSmi = o.nvidiaSmi;
        r.selfProgram = o.selfProgram;
        r.agentVersion = o.agentVersion;
        const supernode::v1::RegisterNodeRequest request = discoverRegistration(r, agent->m_runner);
        agent->m_registration = describeRegistration(request);
        for (const std::string &note : request.notes())
            qCInfo(lcAgent).noquote() << "discovery:" << QString::fromStdString(note);
        o.push.registration = request.SerializeAsString();
    }
    if (!o.logs.files.empty() || !o.logs.journalCommand.empty() || !o.logs.kmsgPath.empty()) {
        o.logs.node = o.nodeName;
        for (logs::LogFileSource &f : o.logs.files)
            if (f.node.empty())
                f.node = o.nodeName;
        agent->m_logs = std::make_unique<logs::LogIntake>(o.logs, [] { return QDateTime::currentMSecsSinceEpoch(); });
    }
    agent->m_actions = std::make_unique<AgentActions>(o.nodeName, o.nvmlLibrary, o.push.allowedActions);
    agent->m_pusher = std::make_unique<SamplePusher>(o.push, *agent->m_buffer);
    agent->m_pusher->onProblem(
        [](const std::string &why) { qCWarning(lcAgent).noquote() << QString::fromStdString(why); });
    agent->m_pusher->onActions([actions = agent->m_actions.get()](const supernode::v1::AgentAction &a) {
        supernode::v1::AgentActionResult result = actions->run(a);
        if (result.ok() && a.kind() == supernode::v1::AgentAction::KIND_SET_POWER_LIMIT)
            qCInfo(lcAgent).noquote() << "power cap from the daemon: GPU" << a.gpu() << "limit" << a.watts()
                                      << "W, enforced" << result.enforced_watts() << "W";
        return result;
    });
    return agent;
}

std::string TelemetryAgent::describe() const
{
    std::string sources;
    for (const auto &c : m_collectors)
        sources += (sources.empty() ? "" : " + ") + c->source();
    if (m_logs) {
        const logs::LogIntakeOptions &l = m_options.logs;
        std::string names;
        if (!l.journalCommand.empty())
            names += "journal";
        if (!l.kmsgPath.empty())
            names += std::string(names.empty() ? "" : ", ") + "kernel";
        for (const logs::LogFileSource &f : l.files)
            names += (names.empty() ? "" : ", ") + f.path;
        sources += " + logs (" + names + ")";
    }
    std::string allows;
    for (const std::string &a : m_options.push.allowedActions)
        allows += (allows.empty() ? ", allows " : ", ") + a;
    return m_options.nodeName + ": " + sources + ", every " + std::to_string(m_options.intervalMs) + " ms to " +
           m_options.push.target + allows;
}

void TelemetryAgent::start()
{
    m_pusher->start();
    if (m_logs)
        m_logs->start(); // from now on: the journal and kernel messages start at their end
    connect(&m_timer, &QTimer::timeout, this, &TelemetryAgent::collectOnce);
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.start(m_options.intervalMs);
    collectOnce();
}

void TelemetryAgent::collectOnce()
{
    const std::int64_t now = QDateTime::currentMSecsSinceEpoch();
    std::vector<MetricSample> samples;
    for (const auto &collector : m_collectors) {
        auto collected = collector->collect(now);
        if (!collected) {
            qCWarning(lcAgent).noquote() << QString::fromStdString(collector->source()) << ":"
                                         << QString::fromStdString(collected.error().message);
            continue;
        }
        for (MetricSample &s : collected->samples)
            samples.push_back(std::move(s));
        for (const GpuReading &r : collected->gpus)
            if (!collected->gpusInSamples)
                appendGpuSamples(r, samples);
        for (const NicReading &r : collected->nics)
            appendNicSamples(r, samples);
    }
    std::vector<LogRecord> lines = takeLogLines();
    if (samples.empty() && lines.empty())
        return;
    // The samples and the first lines in one batch; a burst of lines in more, each bounded.
    pb::PushSamplesRequest batch = encodeBatch(m_sequence + 1, m_options.nodeName, std::move(samples));
    std::size_t from = 0;
    const std::vector<std::size_t> ends = logBatchEnds(lines);
    for (std::size_t end : ends) {
        appendLogLines(batch, std::span<const LogRecord>(lines).subspan(from, end - from));
        from = end;
        buffer(std::move(batch));
        batch = pb::PushSamplesRequest();
        batch.set_agent(m_options.nodeName);
    }
    if (ends.empty())
        buffer(std::move(batch));
    m_pusher->notify();
}

std::vector<LogRecord> TelemetryAgent::takeLogLines()
{
    if (!m_logs)
        return {};
    std::vector<LogRecord> lines = m_logs->poll();
    for (const std::string &problem : m_logs->takeProblems())
        qCWarning(lcAgent).noquote() << "logs:" << QString::fromStdString(problem);
    return lines;
}

void TelemetryAgent::buffer(pb::PushSamplesRequest batch)
{
    const std::uint64_t sequence = ++m_sequence;
    batch.set_sequence(sequence);
    batch.set_run(m_run);
    if (Status s = m_buffer->append(sequence, batch.SerializeAsString()); !s)
        qCWarning(lcAgent).noquote() << "batch" << sequence
                                     << "not buffered:" << QString::fromStdString(s.error().message);
}

} // namespace sn::agent
