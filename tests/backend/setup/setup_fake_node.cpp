#include "tests/backend/setup/setup_fake_node.h"

#include "tests/support/nvidia_smi_capture.h"
#include "tests/support/nvidia_smi_full_capture.h"
#include "tests/support/shared_data.h"

#include <QDateTime>
#include <QFile>

namespace sn::test {

Result<CommandOutput> CaptureRunner::run(const std::vector<std::string> &argv, std::chrono::milliseconds,
                                         const std::string &)
{
    std::string line;
    for (const auto &a : argv)
        line += (line.empty() ? "" : " ") + a;
    ran.push_back(line);
    if (const auto it = outputs.find(line); it != outputs.end())
        return it->second;
    for (const auto &[key, out] : outputs)
        if (!key.empty() && key.back() == '*' && line.rfind(key.substr(0, key.size() - 1), 0) == 0)
            return out;
    return Error{ErrorCode::Unavailable, argv.front() + ": not found on PATH"};
}

namespace {

std::string local(const std::vector<std::string> &argv)
{
    LocalCommandRunner r;
    auto out = r.run(argv, std::chrono::seconds(10));
    if (!out || out->exitCode != 0)
        qFatal("this build machine cannot run %s", argv.front().c_str());
    return out->out;
}

std::string repoFile(const QString &relative)
{
    QFile f(qEnvironmentVariable("SN_SOURCE_DIR") + "/" + relative);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return f.readAll().toStdString();
}

// The host tools every fake node shares: what they print on this machine, read at test time.
void addHost(CaptureRunner &r)
{
    r.outputs["date +%s.%N"] = {0, QString::number(QDateTime::currentMSecsSinceEpoch() / 1000.0, 'f', 3).toStdString() +
                                       "\n"};
    r.outputs["lscpu -J"] = {0, local({"lscpu", "-J"})};
    r.outputs["free -b"] = {0, local({"free", "-b"})};
    r.outputs["lsblk -J -b -o NAME,SIZE,TYPE,ROTA,MOUNTPOINT"] = {
        0, local({"lsblk", "-J", "-b", "-o", "NAME,SIZE,TYPE,ROTA,MOUNTPOINT"})};
    r.outputs["ldconfig -p"] = {0, local({"ldconfig", "-p"})};
    r.outputs["df -B1 --output=avail *"] = {0, local({"df", "-B1", "--output=avail", "/"})};
    r.outputs["test -d *"] = {0, ""};
    r.outputs["timedatectl show -p NTPSynchronized --value"] = {0, "yes\n"};
    r.outputs["ip -j link"] = {0, repoFile("tests/data/comms/ip-j-link_build-machine.json")};
    r.outputs["ip -j -d link"] = {0, repoFile("tests/data/comms/ip-j-d-link_build-machine.json")};
}

} // namespace

CaptureRunner captureNode(const std::string &modelAndDriver)
{
    CaptureRunner r;
    addHost(r);
    const QString file = fullCapturePath(QString::fromStdString(modelAndDriver));
    auto section = [&](const char *title) { return fullCaptureSection(file, title).toStdString(); };
    r.outputs["nvidia-smi --query-gpu=*"] = {0, section("idle :: query-gpu (csv, what the exporter parses)")};
    // comms::discoverNode's own query, as nvidia-smi prints it for those fields.
    r.outputs["nvidia-smi --query-gpu=index,pci.bus_id,name --format=csv,noheader"] = {
        0, projectNvidiaSmiCapture(QByteArray::fromStdString(r.outputs["nvidia-smi --query-gpu=*"].out),
                                   {"index", "pci.bus_id", "name"})
               .toStdString()};
    r.outputs["nvidia-smi --version"] = {0, section("capabilities :: version")};
    r.outputs["nvidia-smi"] = {0, section("idle :: nvidia-smi (default table)")};
    r.outputs["nvidia-smi topo -m"] = {0, section("capabilities :: topo -m")};
    r.outputs["nvidia-smi nvlink -s"] = {0, section("capabilities :: nvlink -s")};
    return r;
}

CaptureRunner xmlNode(const std::string &xmlFile)
{
    CaptureRunner r;
    addHost(r);
    QFile f(sharedDataPath("nvidia-smi/xml/" + QString::fromStdString(xmlFile)));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    r.outputs["nvidia-smi -q -x"] = {0, f.readAll().toStdString()};
    return r;
}

} // namespace sn::test
