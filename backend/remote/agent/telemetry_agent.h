#pragma once
// supernode-agent's streaming mode: every interval it reads the node's GPUs (NVML, or
// nvidia-smi when NVML cannot be loaded) and host, turns the readings into dcgm-exporter
// series, takes the log lines its sources wrote since (journal, kernel messages, files),
// appends them as one batch to the disk buffer and wakes the pusher, which streams them to
// supernoded (sample_pusher.h). Log lines share the samples' buffer and order, so a daemon
// that was away gets them too, once each. Collection never waits for the network: a daemon that
// is away only makes the buffer grow (bounded).

#include "backend/api/supernode.pb.h"
#include "backend/logs/intake/log_intake.h"
#include "backend/remote/agent/agent_actions.h"
#include "backend/model/command_runner.h"
#include "backend/remote/agent/disk_buffer.h"
#include "backend/remote/agent/sample_pusher.h"
#include "backend/telemetry/collectors/collector.h"

#include <QObject>
#include <QTimer>

#include <memory>
#include <vector>

namespace sn::agent {

struct TelemetryAgentOptions {
    std::string nodeName;    // Hostname label and agent name; empty: this machine's name
    std::string nvmlLibrary; // empty: libnvidia-ml.so.1
    std::string nvidiaSmi = "nvidia-smi";
    bool host = true; // the host collector (/proc, /sys) as well
    int intervalMs = 1000;
    // Register the node's hardware (node_registration.h) with the daemon; selfProgram is this
    // program, which discovery runs for NVML's interconnect.
    bool registerNode = true;
    std::string selfProgram;
    std::string agentVersion;
    // The node's log sources (files, journal command, /dev/kmsg); none: no log lines are sent.
    // Their node is nodeName.
    logs::LogIntakeOptions logs;
    DiskBuffer::Options buffer;
    PusherOptions push;
};

class TelemetryAgent : public QObject {
    Q_OBJECT
public:
    static Result<std::unique_ptr<TelemetryAgent>> create(TelemetryAgentOptions options);
    ~TelemetryAgent() override;

    void start(); // collects now, then every interval; pushes on its own thread
    const std::vector<std::string> &bufferProblems() const { return m_buffer->problems(); }
    std::string describe() const;                               // "node01: nvml + host, 8 GPUs"
    std::string registration() const { return m_registration; } // what RegisterNode sends, in words

private:
    explicit TelemetryAgent(TelemetryAgentOptions options);
    void collectOnce();
    std::vector<LogRecord> takeLogLines();
    void buffer(supernode::v1::PushSamplesRequest batch);

    TelemetryAgentOptions m_options;
    LocalCommandRunner m_runner;
    std::vector<std::unique_ptr<Collector>> m_collectors;
    std::unique_ptr<DiskBuffer> m_buffer;
    std::unique_ptr<AgentActions> m_actions; // run by the pusher's thread (before it in destruction)
    std::unique_ptr<SamplePusher> m_pusher;
    std::unique_ptr<logs::LogIntake> m_logs;
    std::uint64_t m_run = 0; // drawn at start (PushSamplesRequest.run)
    QTimer m_timer;
    std::uint64_t m_sequence = 0;
    std::size_t m_lastGpus = 0;
    std::string m_registration;
};

} // namespace sn::agent
