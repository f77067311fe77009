// supernode-agent: the node agent. `--daemon HOST:PORT ...` streams the node's telemetry to
// supernoded (backend/remote/agent), `--probe [--json]` prints one reading of every local GPU,
// and `--interconnect [--json]` the GPUs' NVLinks and PCIe pairs from NVML, which the comms
// discovery runs on each node. Logic: backend/telemetry, backend/remote/agent.
#include "backend/model/command_runner.h"
#include "backend/model/host_port.h"
#ifdef SN_AGENT_STREAMING
#include "backend/remote/agent/telemetry_agent.h"
#endif
#include "backend/telemetry/collectors/gpu_probe.h"
#include "backend/telemetry/collectors/nvml_interconnect_reader.h"
#include "backend/power/power_limit_command.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSysInfo>
#include <QTextStream>

#include <map>

namespace {
// The exit codes supernodectl documents (docs/supernodectl.md).
constexpr int kExitRefused = 1;
constexpr int kExitUsage = 2;
constexpr int kExitInvalidInput = 3;
constexpr int kExitUnavailable = 4;

// One line per GPU: its NVLinks and where they lead, for a person at the node's shell.
QString interconnectText(const sn::GpuInterconnect &ic)
{
    QString text = QString::fromStdString(ic.source) + "\n";
    for (const sn::InterconnectGpu &g : ic.gpus) {
        std::map<std::string, int> farEnds; // "switch" -> active links to NVSwitches
        for (const sn::NvlinkEndpoint &l : g.links)
            if (l.active)
                ++farEnds[sn::nvlinkRemoteKindName(l.remote)];
        QString ends;
        for (const auto &[kind, links] : farEnds)
            ends +=
                QString(ends.isEmpty() ? "" : ", ") + QString::number(links) + " to " + QString::fromStdString(kind);
        text += QString("GPU%1  %2  %3  NVLinks %4/%5 active%6\n")
                    .arg(g.index)
                    .arg(QString::fromStdString(g.pciBusId), QString::fromStdString(g.name))
                    .arg(g.activeLinks())
                    .arg(g.links.size())
                    .arg(ends.isEmpty() ? QString() : " (" + ends + ")");
    }
    return text;
}

[[maybe_unused]] QString readFile(const QString &path, QString *why)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *why = path + ": " + f.errorString();
        return {};
    }
    return QString::fromUtf8(f.readAll());
}

// `--daemon=` (empty, the systemd unit's default before agent.env names the head node): nothing
// to stream to, so say once what to configure and wait to be stopped. Exiting instead would make
// systemd restart the unit every few seconds and fill the journal.
int waitUnconfigured(QTextStream &err)
{
    err << "supernode-agent: no daemon configured (--daemon is empty): set SUPERNODE_AGENT_ARGS in "
           "/etc/supernode/agent.env (--daemon HOST:PORT --tls-ca ... --token-file ...) and restart; "
           "waiting\n";
    err.flush();
    return QCoreApplication::exec();
}

#ifndef SN_AGENT_STREAMING
int runStreaming(const QCommandLineParser &parser, const std::string &, QTextStream &err)
{
    if (parser.value("daemon").isEmpty())
        return waitUnconfigured(err);
    err << "supernode-agent: built without gRPC (SN_AGENT_ONLY without grpc/protobuf): --daemon is not "
           "available; --probe and --interconnect are\n";
    return kExitUnavailable;
}
#else
// --daemon mode: runs until SIGTERM/SIGINT-free exit of the event loop (systemd stops it).
int runStreaming(const QCommandLineParser &parser, const std::string &nvmlPath, QTextStream &err)
{
    if (parser.value("daemon").isEmpty())
        return waitUnconfigured(err);
    sn::agent::TelemetryAgentOptions o;
    o.nvmlLibrary = nvmlPath;
    o.push.target = parser.value("daemon").toStdString();
    o.push.tls = !parser.isSet("insecure-no-tls");
    // Plain gRPC carries the agent's token in clear: only to a daemon on this machine.
    if (!o.push.tls) {
        const auto target = sn::parseHostPort(o.push.target, "--daemon");
        if (!target) {
            err << "supernode-agent: " << QString::fromStdString(target.error().message) << "\n";
            return kExitUsage;
        }
        if (!sn::isLoopbackHost(target->host)) {
            err << "supernode-agent: --insecure-no-tls is accepted for a daemon on loopback only, not "
                << QString::fromStdString(target->host)
                << ": the token would cross the network in plain text; use --tls-ca\n";
            return kExitUsage;
        }
    }
    QString why;
    if (o.push.tls) {
        if (!parser.isSet("tls-ca")) {
            err << "supernode-agent: --daemon needs --tls-ca (or --insecure-no-tls for a loopback daemon)\n";
            return kExitUsage;
        }
        o.push.caPem = readFile(parser.value("tls-ca"), &why).toStdString();
    }
    if (why.isEmpty() && parser.isSet("token-file"))
        o.push.token = readFile(parser.value("token-file"), &why).trimmed().toStdString();
    if (!why.isEmpty()) {
        err << "supernode-agent: " << why << "\n";
        return kExitUsage;
    }
    if (!parser.isSet("buffer-dir")) {
        err << "supernode-agent: --daemon needs --buffer-dir, where batches wait while the daemon is away\n";
        return kExitUsage;
    }
    o.buffer.dir = parser.value("buffer-dir");
    bool ok = true;
    if (parser.isSet("buffer-max-mb")) {
        const qint64 mb = parser.value("buffer-max-mb").toLongLong(&ok);
        if (!ok || mb < 1 || mb > 1024 * 1024) {
            err << "supernode-agent: --buffer-max-mb wants 1 to 1048576, got '" << parser.value("buffer-max-mb")
                << "'\n";
            return kExitUsage;
        }
        o.buffer.maxBytes = std::uint64_t(mb) << 20;
        o.buffer.segmentBytes = std::min<std::uint64_t>(o.buffer.segmentBytes, o.buffer.maxBytes / 4);
    }
    if (parser.isSet("interval-ms")) {
        o.intervalMs = parser.value("interval-ms").toInt(&ok);
        if (!ok || o.intervalMs < 10 || o.intervalMs > 3600000) {
            err << "supernode-agent: --interval-ms wants 10 to 3600000, got '" << parser.value("interval-ms") << "'\n";
            return kExitUsage;
        }
    }
    if (parser.isSet("node"))
        o.nodeName = parser.value("node").toStdString();
    if (parser.isSet("nvidia-smi"))
        o.nvidiaSmi = parser.value("nvidia-smi").toStdString();
    o.host = !parser.isSet("no-host");
    for (const QString &path : parser.values("log-file"))
        o.logs.files.push_back({path.toStdString(), {}, {}, false});
    if (parser.isSet("log-journal"))
        o.logs.journalCommand = sn::logs::liveJournalCommand();
    if (parser.isSet("log-kernel"))
        o.logs.kmsgPath = "/dev/kmsg";
    o.registerNode = !parser.isSet("no-register");
    std::vector<std::string> allow;
    for (const QString &a : parser.values("allow"))
        allow.push_back(a.toStdString());
    auto allowed = sn::agent::parseAllowedActions(allow);
    if (!allowed) {
        err << "supernode-agent: " << QString::fromStdString(allowed.error().message) << "\n";
        return kExitUsage;
    }
    o.push.allowedActions = std::move(*allowed);
    o.selfProgram = QCoreApplication::applicationFilePath().toStdString();
    o.agentVersion = SN_VERSION;
    auto agent = sn::agent::TelemetryAgent::create(std::move(o));
    if (!agent) {
        err << "supernode-agent: " << QString::fromStdString(agent.error().message) << "\n";
        return kExitUnavailable;
    }
    for (const std::string &p : (*agent)->bufferProblems())
        err << "supernode-agent: buffer: " << QString::fromStdString(p) << "\n";
    err << "supernode-agent: streaming " << QString::fromStdString((*agent)->describe()) << "\n";
    if (!(*agent)->registration().empty())
        err << "supernode-agent: registering " << QString::fromStdString((*agent)->registration()) << "\n";
    err.flush();
    (*agent)->start();
    return QCoreApplication::exec();
}
#endif

int printInterconnect(const std::string &nvmlPath, bool json, QTextStream &out, QTextStream &err)
{
    auto library = sn::NvmlLibrary::open(nvmlPath);
    if (!library) {
        err << "supernode-agent: " << QString::fromStdString(library.error().message) << "\n";
        return kExitUnavailable;
    }
    auto ic = sn::readNvmlInterconnect(**library);
    if (!ic) {
        err << "supernode-agent: " << QString::fromStdString(ic.error().message) << "\n";
        return kExitUnavailable;
    }
    if (json)
        out << QJsonDocument(sn::gpuInterconnectToJson(*ic)).toJson(QJsonDocument::Indented);
    else
        out << interconnectText(*ic);
    return 0;
}
// --power-limit GPU=WATTS|default: NVML only; nvidia-smi -pl is the fallback an operator has.
int setPowerLimit(const std::string &nvmlPath, const QString &text, bool json, QTextStream &out, QTextStream &err)
{
    auto request = sn::parsePowerLimitRequest(text.toStdString());
    if (!request) {
        err << "supernode-agent: " << QString::fromStdString(request.error().message) << "\n";
        return kExitUsage;
    }
    const std::string node = QSysInfo::machineHostName().toStdString();
    auto setter = sn::NvmlPowerLimitSetter::open(node, nvmlPath);
    if (!setter) {
        err << "supernode-agent: " << QString::fromStdString(setter.error().message) << "\n";
        return kExitUnavailable;
    }
    auto change = sn::applyPowerLimit(**setter, node, *request);
    if (!change) {
        err << "supernode-agent: " << QString::fromStdString(change.error().message) << "\n";
        const sn::ErrorCode code = change.error().code;
        return code == sn::ErrorCode::InvalidArgument || code == sn::ErrorCode::NotFound ? kExitInvalidInput
                                                                                         : kExitRefused;
    }
    if (json)
        out << QJsonDocument(sn::powerLimitChangeToJson(*change)).toJson(QJsonDocument::Indented);
    else
        out << QString::fromStdString(sn::powerLimitChangeToText(*change)) << "\n";
    return 0;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("supernode-agent");
    QCoreApplication::setApplicationVersion(QStringLiteral(SN_VERSION));
    // Setup messages go into the probe's answer; the log would say them twice.
    if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
        QLoggingCategory::setFilterRules(QStringLiteral("sn.*.info=false"));
    QTextStream out(stdout);
    QTextStream err(stderr);

    QCommandLineParser parser;
    parser.setApplicationDescription("SuperNode node agent. --probe prints one reading of every local GPU, "
                                     "through NVML or else nvidia-smi.");
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption probe("probe", "Read every local GPU once and print what was read.");
    const QCommandLineOption interconnect(
        "interconnect", "Print the GPUs' NVLinks (state, version, far end) and PCIe pairs, read through NVML.");
    const QCommandLineOption json("json", "Print the answer as JSON.");
    const QCommandLineOption nvml("nvml-library",
                                  "NVML library to load (default libnvidia-ml.so.1, or $SN_NVML_LIBRARY).", "path");
    const QCommandLineOption smi("nvidia-smi", "nvidia-smi program for the fallback (default: from PATH).", "program");
    const QCommandLineOption interval(
        "nvlink-interval-ms", "Read NVML twice this far apart for NVLink rates; 0 reads once (default 500).", "ms");
    const QCommandLineOption powerLimit(
        "power-limit",
        "Set one GPU's power limit through NVML (as thermal protection does) and print what the driver then "
        "enforces; GPU=default restores the card's default. Needs root.",
        "gpu=watts");
    parser.addOptions({probe, interconnect, json, nvml, smi, interval, powerLimit});
    parser.addOptions({
        {"daemon", "Stream telemetry to supernoded at HOST:PORT.", "host:port"},
        {"tls-ca", "The CA that signed the daemon's certificate.", "file"},
        {"token-file", "The agent's bearer token (operator role), one line.", "file"},
        {"insecure-no-tls", "Plain gRPC, for a daemon on loopback started with --insecure-no-tls."},
        {"buffer-dir", "Where batches wait until the daemon has them.", "dir"},
        {"buffer-max-mb", "Disk buffer bound; the oldest batches go first (default 256).", "mb"},
        {"interval-ms", "How often to read the GPUs and host (default 1000).", "ms"},
        {"node", "Node name (Hostname label); default this machine's name.", "name"},
        {"no-host", "Do not read the host (/proc, /sys), only GPUs."},
        {"no-register", "Do not register the node's hardware and topology with the daemon."},
        {"allow",
         "Let the daemon ask this agent for an action: power-cap (thermal protection sets GPU power limits through "
         "NVML here; needs root). May be repeated.",
         "action"},
        {"log-file", "Send the lines written to this file (followed across rotation); may be repeated.", "path"},
        {"log-journal", "Send the journal's new entries (journalctl -f -o json)."},
        {"log-kernel", "Send new kernel messages (/dev/kmsg; Xid lines), when the journal is not read."},
    });
    if (!parser.parse(QCoreApplication::arguments())) {
        err << parser.errorText() << "\n";
        return kExitUsage;
    }
    if (parser.isSet("help")) {
        out << parser.helpText();
        return 0;
    }
    if (parser.isSet("version")) {
        out << "supernode-agent " << SN_VERSION << "\n";
        return 0;
    }
    std::string nvmlPath = sn::NvmlLibrary::kDefaultPath;
    if (parser.isSet(nvml))
        nvmlPath = parser.value(nvml).toStdString();
    else if (!qEnvironmentVariableIsEmpty("SN_NVML_LIBRARY"))
        nvmlPath = qEnvironmentVariable("SN_NVML_LIBRARY").toStdString();
    if (parser.isSet(interconnect))
        return printInterconnect(nvmlPath, parser.isSet(json), out, err);
    if (parser.isSet(powerLimit))
        return setPowerLimit(nvmlPath, parser.value(powerLimit), parser.isSet(json), out, err);
    if (parser.isSet("daemon"))
        return runStreaming(parser, nvmlPath, err);
    if (!parser.isSet(probe)) {
        err << "supernode-agent: say --daemon HOST:PORT (stream), --probe, --interconnect or --power-limit; see "
               "--help\n";
        return kExitUsage;
    }

    sn::GpuProbeOptions options;
    options.nvmlLibrary = nvmlPath;
    if (parser.isSet(smi))
        options.nvidiaSmi = parser.value(smi).toStdString();
    if (parser.isSet(interval)) {
        bool ok = false;
        const int ms = parser.value(interval).toInt(&ok);
        if (!ok || ms < 0 || ms > 60000) {
            err << "supernode-agent: --nvlink-interval-ms wants 0 to 60000, got '" << parser.value(interval) << "'\n";
            return kExitUsage;
        }
        options.nvlinkInterval = std::chrono::milliseconds(ms);
    }

    sn::LocalCommandRunner runner;
    const sn::GpuProbeReport report = sn::runGpuProbe(options, runner);
    if (parser.isSet(json))
        out << QJsonDocument(sn::gpuProbeReportToJson(report)).toJson(QJsonDocument::Indented);
    else
        (report.ok() ? out : err) << QString::fromStdString(sn::gpuProbeReportToText(report));
    return report.ok() ? 0 : kExitUnavailable;
}
