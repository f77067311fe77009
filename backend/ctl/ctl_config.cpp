// supernodectl config: check a cluster.yaml before it is applied.
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"
#include "translations/engine_message.h"

#include "backend/model/cluster_yaml.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace sn::ctl {

namespace {
int checkCommand(Context &ctx)
{
    if (ctx.args.size() != 1)
        return usage(ctx, CtlText::tr("config check needs exactly one file"));
    const QString path = ctx.args.front();
    auto spec = loadClusterYaml(path.toStdString());
    if (!spec) {
        const QString message = QString::fromStdString(spec.error().message);
        if (ctx.json) {
            QJsonObject o{{"valid", false}, {"file", path}, {"error", message}};
            static const QRegularExpression where(QStringLiteral(R"(:(\d+):(\d+): )"));
            if (const auto m = where.match(message); m.hasMatch()) {
                o.insert("line", m.captured(1).toInt());
                o.insert("column", m.captured(2).toInt());
            }
            ctx.out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
        } else {
            ctx.err << engineMessageText(message) << '\n'; // --json keeps the engine's English
        }
        return kInvalidInput;
    }
    const int nodes =
        spec->simulation.enabled && spec->nodes.empty() ? spec->simulation.nodes : static_cast<int>(spec->nodes.size());
    const int gpus = spec->simulation.enabled && spec->nodes.empty()
                         ? spec->simulation.nodes * spec->simulation.gpusPerNode
                         : spec->gpuCount();
    if (ctx.json) {
        QJsonObject o{{"valid", true},
                      {"file", path},
                      {"name", QString::fromStdString(spec->name)},
                      {"nodes", nodes},
                      {"gpus", gpus},
                      {"simulated", spec->simulation.enabled},
                      {"priority_classes", static_cast<int>(spec->schedulingPolicy.priorityClasses.size())}};
        ctx.out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
    } else {
        ctx.out << (spec->simulation.enabled
                        ? CtlText::tr("%1: valid: cluster '%2', %3 nodes, %4 GPUs (simulated), %5 priority classes")
                        : CtlText::tr("%1: valid: cluster '%2', %3 nodes, %4 GPUs, %5 priority classes"))
                       .arg(path, QString::fromStdString(spec->name))
                       .arg(nodes)
                       .arg(gpus)
                       .arg(spec->schedulingPolicy.priorityClasses.size())
                << '\n';
    }
    return kOk;
}
} // namespace

int configCommand(Context &ctx)
{
    if (ctx.args.isEmpty())
        return usage(ctx, CtlText::tr("config needs a subcommand: check"));
    const QString sub = ctx.args.takeFirst();
    if (sub == QLatin1String("check"))
        return checkCommand(ctx);
    return usage(ctx, CtlText::tr("unknown config subcommand '%1'").arg(sub));
}

} // namespace sn::ctl
