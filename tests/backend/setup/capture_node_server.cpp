#include "tests/backend/setup/capture_node_server.h"

#include "backend/telemetry/collectors/nvidia_smi_csv.h"
#include "tests/support/nvidia_smi_capture.h"
#include "tests/support/nvidia_smi_full_capture.h"

#include <QDir>
#include <QFile>

namespace sn::test {

namespace {

bool writeFile(const QString &path, const QByteArray &data, bool executable = false)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    f.write(data);
    f.close();
    return !executable || f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

const char *kFakeNvidiaSmi = R"(#!/bin/sh
# nvidia-smi of a captured machine: prints what that machine printed for each command.
d="$(dirname "$0")/../capture"
case "$*" in
  "-q -x") echo "the capture of this machine has no -q -x output" >&2; exit 2 ;;
  "--query-gpu=index,pci.bus_id,name --format=csv,noheader") cat "$d/gpu-list.csv" ;;
  --query-gpu=*" --format=csv,noheader,nounits") cat "$d/collector-rows.csv" ;;
  --query-gpu=*) cat "$d/query-gpu.csv" ;;
  "--version") cat "$d/version.txt" ;;
  "topo -m") cat "$d/topo-m.txt" ;;
  "nvlink -s") cat "$d/nvlink-s.txt" ;;
  "") cat "$d/table.txt" ;;
  *) echo "the capture has no output for: nvidia-smi $*" >&2; exit 2 ;;
esac
)";

} // namespace

bool CaptureNodeServer::start(const QString &modelAndDriver, QString *why)
{
    m_model = modelAndDriver;
    QDir().mkpath(m_sshd.path("bin"));
    QDir().mkpath(m_sshd.path("capture"));
    resetCapture();
    if (!writeFile(m_sshd.path("bin/nvidia-smi"), kFakeNvidiaSmi, true) ||
        !writeFile(m_sshd.path("bin/timedatectl"), "#!/bin/sh\necho yes\n", true))
        return *why = "cannot write the fake tools", false;
    m_key = m_sshd.makeUserKey("id_user");
    if (m_key.isEmpty())
        return *why = "cannot make a user key", false;
    m_sshd.addConfig("SetEnv PATH=" + m_sshd.path("bin") + ":/usr/bin:/bin:/usr/sbin:/sbin");
    return m_sshd.start(why);
}

void CaptureNodeServer::resetCapture()
{
    const QString file = fullCapturePath(m_model);
    const QByteArray csv = fullCaptureSection(file, "idle :: query-gpu (csv, what the exporter parses)");
    setCapture("query-gpu.csv", csv);
    setCapture("gpu-list.csv", projectNvidiaSmiCapture(csv, {"index", "pci.bus_id", "name"}));
    // What the agent's nvidia-smi collector asks for (its fields, no header, no units).
    setCapture("collector-rows.csv", projectNvidiaSmiCapture(csv, nvidiaSmiQueryFields()));
    setCapture("version.txt", fullCaptureSection(file, "capabilities :: version"));
    setCapture("table.txt", fullCaptureSection(file, "idle :: nvidia-smi (default table)"));
    setCapture("topo-m.txt", fullCaptureSection(file, "capabilities :: topo -m"));
    setCapture("nvlink-s.txt", fullCaptureSection(file, "capabilities :: nvlink -s"));
}

void CaptureNodeServer::setCapture(const QString &file, const QByteArray &content)
{
    if (!writeFile(m_sshd.path("capture/" + file), content))
        qFatal("cannot write %s", qPrintable(file));
}

void CaptureNodeServer::replaceInCapture(const QString &file, const QByteArray &from, const QByteArray &to)
{
    QFile f(m_sshd.path("capture/" + file));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no capture file %s", qPrintable(file));
    QByteArray content = f.readAll();
    f.close();
    if (!content.contains(from))
        qFatal("%s has no '%s'", qPrintable(file), from.constData());
    setCapture(file, content.replace(from, to));
}

SshOptions CaptureNodeServer::options(const QString &knownHostsFile) const
{
    SshOptions o;
    o.target = {m_sshd.user().toStdString(), "127.0.0.1", m_sshd.port()};
    o.configFile = "";
    o.knownHostsFile = knownHostsFile.toStdString();
    o.globalKnownHostsFile = m_sshd.path("no_global_known_hosts").toStdString();
    o.useAgent = false;
    o.tryDefaultKeys = false;
    o.identityFiles = {m_key.toStdString()};
    o.connectTimeout = std::chrono::seconds(5);
    return o;
}

} // namespace sn::test
