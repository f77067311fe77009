// supernodectl inspect topo FILE: the topology graph read from a captured `nvidia-smi topo -m`
// (devices, the link type of every pair, NIC and NUMA affinity). Malformed input exits 3 with
// the parser's error, which names line and column. --nccl-env prints the NCCL environment the
// graph calls for, each with its reason; --nccl-xml the NCCL_TOPO_FILE (which needs bus ids the
// matrix does not have, so it says how to get them instead of guessing).
#include "backend/comms/nccl_env.h"
#include "backend/comms/nccl_topo_xml.h"
#include "backend/comms/nvidia_smi_topo.h"
#include "backend/comms/topology_json.h"
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"
#include "translations/nccl_advice_text.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace sn::ctl {

namespace {

QString takeOption(Context &ctx, const QString &name, const QString &fallback)
{
    const qsizetype i = ctx.args.indexOf(name);
    if (i < 0 || i + 1 >= ctx.args.size())
        return fallback;
    const QString v = ctx.args[i + 1];
    ctx.args.remove(i, 2);
    return v;
}

void printText(Context &ctx, const comms::TopoMatrix &m, const comms::TopologyGraph &g)
{
    ctx.out << CtlText::tr("%1 GPU(s), %2 NIC(s), %3 NUMA domain(s)")
                   .arg(m.gpuCount())
                   .arg(m.nicCount())
                   .arg(g.count(comms::DeviceKind::Cpu))
            << "\n\n";
    for (std::size_t i = 0; i < m.devices.size(); ++i)
        for (std::size_t j = i + 1; j < m.devices.size(); ++j)
            ctx.out << QString::fromStdString(m.devices[i].name).leftJustified(8) << " "
                    << QString::fromStdString(m.devices[j].name).leftJustified(8) << " "
                    << QString::fromStdString(m.at(i, j).text()) << '\n';
    ctx.out << '\n';
    for (const comms::Device &d : g.devices())
        if (d.kind == comms::DeviceKind::Gpu || d.kind == comms::DeviceKind::Nic)
            ctx.out << QString::fromStdString(d.id).leftJustified(20) << " NUMA "
                    << (d.numaNode >= 0 ? QString::number(d.numaNode) : CtlText::tr("unknown"))
                    << (d.cpuAffinity.empty()
                            ? QString()
                            : "  " + CtlText::tr("CPUs %1").arg(QString::fromStdString(d.cpuAffinity)))
                    << '\n';
}

} // namespace

int inspectTopoCommand(Context &ctx)
{
    const QString host = takeOption(ctx, QStringLiteral("--host"), QStringLiteral("node"));
    const QString gpuModel = takeOption(ctx, QStringLiteral("--gpu-model"), QString());
    const bool ncclEnv = ctx.args.removeAll(QStringLiteral("--nccl-env")) > 0;
    const bool ncclXml = ctx.args.removeAll(QStringLiteral("--nccl-xml")) > 0;
    if (ctx.args.size() != 1)
        return usage(ctx, CtlText::tr("inspect topo needs one FILE (the output of nvidia-smi topo -m)"));
    QFile file(ctx.args.front());
    if (!file.open(QIODevice::ReadOnly))
        return fail(ctx,
                    notFound(CtlText::tr("cannot read %1: %2").arg(file.fileName(), file.errorString()).toStdString()));
    auto matrix = comms::parseNvidiaSmiTopoMatrix(file.readAll().toStdString(), file.fileName().toStdString());
    if (!matrix)
        return fail(ctx, matrix.error());
    const comms::TopologyGraph graph = comms::graphFromTopoMatrix(*matrix, host.toStdString(), gpuModel.toStdString());
    if (ncclXml) {
        auto xml = comms::ncclTopologyXml(graph, host.toStdString());
        if (!xml)
            return fail(ctx, {xml.error().code, "--nccl-xml: " + xml.error().message});
        ctx.out << QString::fromStdString(*xml) << '\n';
        return kOk;
    }
    if (ncclEnv) {
        const comms::NcclEnvAdvice advice = comms::recommendNcclEnv(graph, host.toStdString());
        if (ctx.json) {
            QJsonArray settings;
            for (const comms::NcclEnvSetting &s : advice.settings)
                settings.append(QJsonObject{{"name", QString::fromStdString(s.name)},
                                            {"value", QString::fromStdString(s.value)},
                                            {"reason", QString::fromStdString(s.reason)}});
            QJsonArray notes;
            for (const std::string &n : advice.notes)
                notes.append(QString::fromStdString(n));
            ctx.out
                << QJsonDocument(QJsonObject{{"settings", settings}, {"notes", notes}}).toJson(QJsonDocument::Compact)
                << '\n';
        } else {
            ctx.out << ncclAdviceShell(advice);
        }
        return kOk;
    }
    if (ctx.json) {
        QJsonObject o = comms::topoMatrixToJson(*matrix, graph);
        o["source"] = file.fileName();
        o["host"] = host;
        ctx.out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
    } else {
        printText(ctx, *matrix, graph);
    }
    return kOk;
}

} // namespace sn::ctl
