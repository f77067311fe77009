#include "tests/support/supernoded_process.h"

#include "tests/support/child_process.h"

#include "backend/model/cluster_yaml.h"
#include "backend/remote/common/access_tokens.h"
#include "backend/remote/common/certificate_authority.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QRegularExpression>

#include <csignal>

namespace sn::test {

SupernodedProcess::SupernodedProcess()
{
    m_process.setProcessChannelMode(QProcess::MergedChannels);
}

SupernodedProcess::~SupernodedProcess()
{
    stop();
}

QString SupernodedProcess::binary()
{
    return qEnvironmentVariable("SN_BINARY_DIR") + QStringLiteral("/app/supernoded/supernoded");
}

bool SupernodedProcess::prepare(QString *why)
{
    if (m_prepared)
        return true;
    auto certs = rpc::initCertificates(path("certs").toStdString(), {});
    if (!certs) {
        *why = QString::fromStdString(certs.error().message);
        return false;
    }
    for (const char *role : {"viewer", "operator", "admin"}) {
        auto t = rpc::createToken(std::string("test-") + role, *rpc::parseRole(role));
        if (!t || !rpc::appendToken(path("tokens").toStdString(), t->entry)) {
            *why = QStringLiteral("could not create the %1 token").arg(role);
            return false;
        }
        m_tokens.insert(QString::fromLatin1(role), QString::fromStdString(t->token));
    }
    m_prepared = true;
    return true;
}

bool SupernodedProcess::start(const Options &options, QString *why)
{
    if (!prepare(why))
        return false;
    m_options = options;
    QFile yaml(path("cluster.yaml"));
    if (!yaml.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        yaml.write(QByteArray::fromStdString(writeClusterYaml(options.spec))) < 0) {
        *why = QStringLiteral("cannot write %1").arg(yaml.fileName());
        return false;
    }
    yaml.close();
    QStringList args{"--listen",    QStringLiteral("127.0.0.1:%1").arg(options.port),
                     "--state-dir", stateDir(),
                     "--config",    path("cluster.yaml")};
    if (options.tls)
        args << "--tls-cert"
             << (options.serverCertificate.isEmpty() ? path("certs/server.pem") : options.serverCertificate)
             << "--tls-key" << (options.serverKey.isEmpty() ? path("certs/server.key") : options.serverKey);
    else
        args << "--insecure-no-tls";
    if (options.mutualTls)
        args << "--tls-ca" << path("certs/ca.pem");
    if (options.tokens)
        args << "--tokens" << path("tokens");
    if (options.virtualTime)
        args << "--virtual-time";
    args << options.extraArguments;
    m_output.clear();
    m_port = 0;
    dieWithTheTest(m_process);
    m_process.start(binary(), args);
    if (!m_process.waitForStarted(5000)) {
        *why = QStringLiteral("cannot start %1: %2").arg(binary(), m_process.errorString());
        return false;
    }
    static const QRegularExpression listening(QStringLiteral("listening on 127\\.0\\.0\\.1:(\\d+)"));
    QDeadlineTimer deadline(15000);
    while (!deadline.hasExpired()) {
        m_process.waitForReadyRead(100);
        m_output += QString::fromLocal8Bit(m_process.readAll());
        if (const auto m = listening.match(m_output); m.hasMatch()) {
            m_port = static_cast<quint16>(m.captured(1).toUInt());
            return true;
        }
        if (m_process.state() == QProcess::NotRunning)
            break;
    }
    *why = QStringLiteral("supernoded did not start listening: %1").arg(m_output);
    stop();
    return false;
}

void SupernodedProcess::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate(); // SIGTERM to the PID started here
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    m_output += QString::fromLocal8Bit(m_process.readAll());
}

void SupernodedProcess::kill9()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.kill(); // SIGKILL to the PID started here
    m_process.waitForFinished(5000);
}

QString SupernodedProcess::output()
{
    m_output += QString::fromLocal8Bit(m_process.readAll());
    return m_output;
}

rpc::RemoteEngine::Options SupernodedProcess::client(const QString &role) const
{
    rpc::RemoteEngine::Options o;
    o.host = "127.0.0.1";
    o.port = m_port;
    o.tls = m_options.tls;
    QFile ca(path("certs/ca.pem"));
    if (ca.open(QIODevice::ReadOnly))
        o.caPem = ca.readAll().toStdString();
    if (m_options.mutualTls) {
        QFile cert(path("certs/client.pem")), key(path("certs/client.key"));
        if (cert.open(QIODevice::ReadOnly) && key.open(QIODevice::ReadOnly)) {
            o.clientCertPem = cert.readAll().toStdString();
            o.clientKeyPem = key.readAll().toStdString();
        }
    }
    o.token = m_tokens.value(role).toStdString();
    o.callTimeoutMs = 30000;
    return o;
}

} // namespace sn::test

namespace sn::test {

int SupernodedProcess::checkState(QString *report) const
{
    QProcess check;
    check.setProcessChannelMode(QProcess::MergedChannels);
    check.start(binary(), {"--check-state", "--state-dir", stateDir(), "--config", path("cluster.yaml")});
    if (!check.waitForFinished(60000)) {
        check.kill();
        check.waitForFinished();
        *report = QStringLiteral("supernoded --check-state did not finish in 60 s");
        return -1;
    }
    *report = QString::fromLocal8Bit(check.readAll());
    return check.exitStatus() == QProcess::NormalExit ? check.exitCode() : -1;
}

} // namespace sn::test
