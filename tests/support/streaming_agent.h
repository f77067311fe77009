#pragma once
// A real `supernode-agent --daemon` for the tests against a real supernoded: an operator token in
// a file, the GPUs of the given NVML library and nothing else (no nvidia-smi, ibstat or ip on its
// PATH, no host collector), its buffer in a directory of its own. Stopped by the PID this object
// started, never by name.
#include "tests/support/supernoded_process.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

namespace sn::test {

struct StreamingAgentOptions {
    QString node = QStringLiteral("agent-node");
    QString nvml;        // the library the agent loads (a fake NVML in tests)
    quint16 port = 0;    // the daemon's port to dial; 0: the daemon's own (a relay's otherwise)
    int intervalMs = 0;  // 0: the agent's default
    QStringList args;    // more: --no-register, --log-file F, ...
    QProcessEnvironment env; // added to this process's environment
    QString dir;         // token and buffer; empty: a temporary directory of its own
};

class StreamingAgent {
public:
    StreamingAgent(const SupernodedProcess &daemon, StreamingAgentOptions o)
        : m_dir(o.dir.isEmpty() ? m_temporary.path() : o.dir)
    {
        QFile token(m_dir + "/agent.token");
        if (token.open(QIODevice::WriteOnly))
            token.write(daemon.token("operator").toUtf8() + "\n");
        token.close();
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("PATH", "/nonexistent");
        env.insert(o.env);
        m_process.setProcessEnvironment(env);
        QStringList args{"--daemon",     QStringLiteral("127.0.0.1:%1").arg(o.port ? o.port : daemon.port()),
                         "--tls-ca",     daemon.path("certs/ca.pem"),
                         "--token-file", token.fileName(),
                         "--buffer-dir", m_dir + "/buffer",
                         "--node",       o.node,
                         "--nvml-library", o.nvml,
                         "--no-host"};
        if (o.intervalMs > 0)
            args << "--interval-ms" << QString::number(o.intervalMs);
        m_process.start(qEnvironmentVariable("SN_BINARY_DIR") + "/app/supernode-agent/supernode-agent", args + o.args);
    }
    ~StreamingAgent() { stop(); }
    StreamingAgent(const StreamingAgent &) = delete;
    StreamingAgent &operator=(const StreamingAgent &) = delete;

    bool started() { return m_process.waitForStarted(5000); }
    bool running() const { return m_process.state() == QProcess::Running; }
    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate(); // the PID this object started
        if (!m_process.waitForFinished(5000))
            m_process.kill();
        m_process.waitForFinished(2000);
    }
    // Everything it printed so far (standard output and error together).
    QString output() { return m_output += QString::fromLocal8Bit(m_process.readAll()); }
    QString dir() const { return m_dir; }

private:
    QTemporaryDir m_temporary;
    QString m_dir;
    QProcess m_process;
    QString m_output;
};

} // namespace sn::test
