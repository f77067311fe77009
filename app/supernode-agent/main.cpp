// supernode-agent: the node agent. Today it offers the probe (`--probe [--json]`), one reading of
// every local GPU; streaming to supernoded joins with the remote issue. Logic: backend/telemetry.
#include "backend/model/command_runner.h"
#include "backend/telemetry/collectors/gpu_probe.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QTextStream>

namespace {
// The exit codes supernodectl documents (docs/supernodectl.md).
constexpr int kExitUsage = 2;
constexpr int kExitUnavailable = 4;
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
    const QCommandLineOption json("json", "Print the probe's answer as JSON.");
    const QCommandLineOption nvml("nvml-library",
                                  "NVML library to load (default libnvidia-ml.so.1, or $SN_NVML_LIBRARY).", "path");
    const QCommandLineOption smi("nvidia-smi", "nvidia-smi program for the fallback (default: from PATH).", "program");
    const QCommandLineOption interval(
        "nvlink-interval-ms", "Read NVML twice this far apart for NVLink rates; 0 reads once (default 500).", "ms");
    parser.addOptions({probe, json, nvml, smi, interval});
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
    if (!parser.isSet(probe)) {
        err << "supernode-agent: only --probe is available yet (streaming to supernoded comes with the remote "
               "issue); see --help\n";
        return kExitUsage;
    }

    sn::GpuProbeOptions options;
    if (parser.isSet(nvml))
        options.nvmlLibrary = parser.value(nvml).toStdString();
    else if (!qEnvironmentVariableIsEmpty("SN_NVML_LIBRARY"))
        options.nvmlLibrary = qEnvironmentVariable("SN_NVML_LIBRARY").toStdString();
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
