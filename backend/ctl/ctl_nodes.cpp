// supernodectl nodes: one row per node of GetCluster, so that an operator sees which nodes
// cluster.yaml names, which registered themselves through their agent (RegisterNode) and which
// report telemetry now, embedded and against a remote supernoded alike.
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <vector>

namespace sn::ctl {

namespace {

// Where a node is known from; the --json token, which never changes with the language.
std::string sourceToken(const pb::Cluster &cluster, const pb::Node &node)
{
    if (node.unconfigured())
        return "unconfigured"; // only its agent knows it
    if (node.registered())
        return "registered"; // in cluster.yaml, and its agent registered what it has
    return cluster.simulated() ? "simulated" : "configured";
}

QString sourceText(const std::string &token)
{
    if (token == "unconfigured")
        return CtlText::tr("unconfigured");
    if (token == "registered")
        return CtlText::tr("registered");
    if (token == "simulated")
        return CtlText::tr("simulated");
    return CtlText::tr("configured");
}

// Telemetry is fresh: UP, or DRAINED (up, taking no new jobs). DOWN and unknown are not.
bool reporting(const pb::Node &node)
{
    return node.state() == pb::NODE_STATE_UP || node.state() == pb::NODE_STATE_DRAINED;
}

// The distinct GPU models in index order of first appearance.
std::vector<std::string> gpuModels(const pb::Node &node)
{
    std::vector<std::string> models;
    for (const pb::Gpu &g : node.gpus())
        if (std::find(models.begin(), models.end(), g.model()) == models.end())
            models.push_back(g.model());
    return models;
}

QString gpusText(const pb::Node &node)
{
    if (node.gpus_size() == 0)
        return QStringLiteral("0");
    QStringList parts;
    for (const std::string &model : gpuModels(node)) {
        const auto count = std::count_if(node.gpus().begin(), node.gpus().end(),
                                         [&model](const pb::Gpu &g) { return g.model() == model; });
        parts << CtlText::tr("%1 x %2").arg(count).arg(model.empty() ? CtlText::tr("unknown model")
                                                                     : QString::fromStdString(model));
    }
    return parts.join(QStringLiteral(", "));
}

QString timeText(std::int64_t ms)
{
    return ms > 0 ? QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate) : QStringLiteral("-");
}

QJsonObject nodeJson(const pb::Cluster &cluster, const pb::Node &node)
{
    QJsonArray models;
    for (const std::string &m : gpuModels(node))
        models.append(QString::fromStdString(m));
    QJsonObject o;
    o.insert(QStringLiteral("name"), QString::fromStdString(node.name()));
    o.insert(QStringLiteral("address"), QString::fromStdString(node.address()));
    o.insert(QStringLiteral("gpus"), node.gpus_size());
    o.insert(QStringLiteral("gpu_models"), models);
    o.insert(QStringLiteral("reporting"), reporting(node));
    o.insert(QStringLiteral("state"), QString::fromStdString(pb::NodeState_Name(node.state())));
    o.insert(QStringLiteral("source"), QString::fromStdString(sourceToken(cluster, node)));
    o.insert(QStringLiteral("registered_ms"), static_cast<qint64>(node.registered_ms()));
    return o;
}

void printTable(Context &ctx, const pb::Cluster &cluster)
{
    // Every column as wide as its widest cell by terminal columns, so Chinese headers and
    // words line up as English ones do.
    std::vector<QStringList> rows;
    rows.push_back({CtlText::tr("NAME"), CtlText::tr("ADDRESS"), CtlText::tr("GPUS"), CtlText::tr("REPORTING"),
                    CtlText::tr("KNOWN FROM"), CtlText::tr("REGISTERED (UTC)")});
    for (const pb::Node &n : cluster.nodes())
        rows.push_back({QString::fromStdString(n.name()),
                        n.address().empty() ? QStringLiteral("-") : QString::fromStdString(n.address()), gpusText(n),
                        reporting(n) ? CtlText::tr("yes") : CtlText::tr("no"), sourceText(sourceToken(cluster, n)),
                        timeText(n.registered_ms())});
    std::vector<int> widths(rows.front().size(), 0);
    for (const QStringList &row : rows)
        for (qsizetype c = 0; c < row.size(); ++c)
            widths[std::size_t(c)] = std::max(widths[std::size_t(c)], terminalColumns(row[c]));
    for (const QStringList &row : rows) {
        for (qsizetype c = 0; c + 1 < row.size(); ++c)
            ctx.out << padToColumns(row[c], widths[std::size_t(c)] + 2);
        ctx.out << row.back() << '\n';
    }
}

} // namespace

int nodesCommand(Context &ctx)
{
    if (!ctx.args.isEmpty())
        return usage(ctx, CtlText::tr("nodes takes no argument '%1'").arg(ctx.args.front()));
    int code = kOk;
    auto engine = openEngine(ctx, &code);
    if (!engine)
        return code;
    auto cluster = waitFor(engine->getCluster());
    if (!cluster)
        return fail(ctx, cluster.error());
    if (ctx.json) {
        QJsonArray nodes;
        for (const pb::Node &n : cluster->nodes())
            nodes.append(nodeJson(*cluster, n));
        QJsonObject o;
        o.insert(QStringLiteral("cluster"), QString::fromStdString(cluster->name()));
        o.insert(QStringLiteral("simulated"), cluster->simulated());
        o.insert(QStringLiteral("nodes"), nodes);
        ctx.out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
        return kOk;
    }
    printTable(ctx, *cluster);
    return kOk;
}

} // namespace sn::ctl
