#include "backend/remote/agent/telemetry_agent.h"

#include "backend/remote/agent/node_registration.h"
#include "backend/remote/agent/push_batch.h"
#include "backend/telemetry/collectors/host_collector.h"
#include "backend/telemetry/collectors/nvidia_smi_collector.h"
#include "backend/telemetry/collectors/nvml_collector.h"
#include "backend/telemetry/readings_to_samples.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QSysInfo>

namespace sn::agent {

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
    agent->m_pusher = std::make_unique<SamplePusher>(o.push, *agent->m_buffer);
    agent->m_pusher->onProblem(
        [](const std::string &why) { qCWarning(lcAgent).noquote() << QString::fromStdString(why); });
    return agent;
}

std::string TelemetryAgent::describe() const
{
    std::string sources;
    for (const auto &c : m_collectors)
        sources += (sources.empty() ? "" : " + ") + c->source();
    return m_options.nodeName + ": " + sources + ", every " + std::to_string(m_options.intervalMs) + " ms to " +
           m_options.push.target;
}

void TelemetryAgent::start()
{
    m_pusher->start();
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
    if (samples.empty())
        return;
    const std::uint64_t sequence = ++m_sequence;
    const std::string payload = encodeBatch(sequence, m_options.nodeName, std::move(samples)).SerializeAsString();
    if (Status s = m_buffer->append(sequence, payload); !s) {
        qCWarning(lcAgent).noquote() << "batch" << sequence
                                     << "not buffered:" << QString::fromStdString(s.error().message);
        return;
    }
    m_pusher->notify();
}

} // namespace sn::agent
