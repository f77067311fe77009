// supernodectl sim --trace FILE [--nodes NODES.csv] --policy NAME [--inflate [--seed N]] [--json]:
// replay a job trace on the scheduler in virtual time, or run FGD-style workload inflation.
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"

#include "backend/engine/engine_config.h"
#include "backend/scheduler/inflation.h"
#include "backend/scheduler/placement_policies.h"
#include "backend/scheduler/replay.h"
#include "backend/scheduler/trace_cluster.h"
#include "backend/sim/super_node_topology.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>

namespace sn::ctl {

namespace {

// The human labels of the result's keys. In English the label is the --json key itself, so a
// script reading either sees one vocabulary; other languages translate it.
QString traceLabel(const QString &key)
{
    static const std::map<QString, const char *> kLabels = {
        {"policy", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "policy")},
        {"mode", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "mode")},
        {"seed", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "seed")},
        {"jobs", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "jobs")},
        {"failed_jobs", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "failed_jobs")},
        {"rejected_jobs", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "rejected_jobs")},
        {"first_rejection", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "first_rejection")},
        {"completed_jobs", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "completed_jobs")},
        {"unallocated_gpu_fraction", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "unallocated_gpu_fraction")},
        {"failed_gpu_fraction", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "failed_gpu_fraction")},
        {"capacity_gpus", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "capacity_gpus")},
        {"requested_gpus", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "requested_gpus")},
        {"allocated_gpus", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "allocated_gpus")},
        {"utilization_mean", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "utilization_mean")},
        {"allocation_rate_mean", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "allocation_rate_mean")},
        {"wait_s_mean", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "wait_s_mean")},
        {"wait_s_p50", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "wait_s_p50")},
        {"wait_s_p95", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "wait_s_p95")},
        {"jct_s_mean", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "jct_s_mean")},
        {"jct_s_p50", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "jct_s_p50")},
        {"jct_s_p95", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "jct_s_p95")},
        {"makespan_s", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "makespan_s")},
        {"preemptions", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "preemptions")},
        {"preemptions_one_job_max", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "preemptions_one_job_max")},
        {"fragmentation_mean", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "fragmentation_mean")},
        {"recovery_s_mean", QT_TRANSLATE_NOOP("sn::ctl::CtlText", "recovery_s_mean")},
    };
    const auto it = kLabels.find(key);
    return it == kLabels.end() ? key : CtlText::tr(it->second);
}

QString traceValue(const QString &key, const QJsonValue &value)
{
    if (value.isNull())
        return QStringLiteral("-");
    if (key == QLatin1String("mode"))
        return value.toString() == QLatin1String("inflation") ? CtlText::tr("inflation") : CtlText::tr("replay");
    return value.toVariant().toString();
}

QJsonValue numberOrNull(double v, bool known)
{
    return known ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

} // namespace

int simTraceCommand(Context &ctx)
{
    int code = kOk;
    QString trace, nodesFile, policy = QStringLiteral("default"), seedText;
    if (!takeText(ctx, QStringLiteral("--trace"), &trace, &code) ||
        !takeText(ctx, QStringLiteral("--nodes"), &nodesFile, &code) ||
        !takeText(ctx, QStringLiteral("--policy"), &policy, &code) ||
        !takeText(ctx, QStringLiteral("--seed"), &seedText, &code))
        return code;
    const bool inflate = ctx.args.removeAll(QStringLiteral("--inflate")) > 0;
    if (!ctx.args.isEmpty())
        return usage(ctx, CtlText::tr("sim --trace takes no argument '%1'").arg(ctx.args.front()));
    if (!sched::makePlacementPolicy(policy.toStdString()))
        return usage(ctx, CtlText::tr("unknown policy '%1'; the policies are fifo, bestfit, default").arg(policy));
    std::uint64_t seed = 1;
    if (!seedText.isEmpty()) {
        bool ok = false;
        seed = seedText.toULongLong(&ok);
        if (!ok)
            return usage(ctx, CtlText::tr("--seed expects a whole number >= 0, got '%1'").arg(seedText));
    }
    if (!seedText.isEmpty() && !inflate)
        return usage(ctx, CtlText::tr("--seed is for --inflate (the time-based replay is deterministic)"));

    auto jobs = sched::readTrace(trace.toStdString());
    if (!jobs)
        return fail(ctx, jobs.error());
    sched::ClusterCapacity cluster;
    sched::SchedulerConfig config;
    if (!nodesFile.isEmpty()) {
        auto nodes = sched::readOpenbNodes(nodesFile.toStdString());
        if (!nodes)
            return fail(ctx, nodes.error());
        // Inflation is defined on the GPU nodes; a replay keeps CPU-only nodes for CPU-only jobs.
        cluster = sched::capacityFromTraceNodes(*nodes, inflate);
    } else {
        auto spec = engineClusterSpec(ctx.configPath.toStdString());
        if (!spec)
            return fail(ctx, spec.error());
        // A simulated cluster's nodes are generated from its simulation section, as the engine does.
        const ClusterSpec expanded = spec->simulation.enabled ? sim::expandSimulatedCluster(*spec) : *spec;
        cluster = sched::ClusterCapacity::fromClusterSpec(expanded);
        config = sched::SchedulerConfig::fromPolicy(spec->schedulingPolicy);
    }

    QJsonObject o;
    o["policy"] = policy;
    if (inflate) {
        auto placer = sched::makePlacementPolicy(policy.toStdString());
        const sched::InflationResult r = sched::runInflation(cluster, *jobs, *placer, seed);
        const double allocated = r.capacityGpus > 0 ? r.allocatedGpus / r.capacityGpus : 0;
        o["mode"] = "inflation";
        o["seed"] = static_cast<double>(seed);
        o["jobs"] = r.sampledJobs;
        o["failed_jobs"] = r.failedJobs;
        o["unallocated_gpu_fraction"] = r.unallocatedGpuFraction;
        o["failed_gpu_fraction"] = r.failedGpuFraction;
        o["capacity_gpus"] = r.capacityGpus;
        o["requested_gpus"] = r.requestedGpus;
        o["allocated_gpus"] = r.allocatedGpus;
        // Jobs never leave in inflation: utilization and allocation are the final allocation;
        // times and preemptions do not apply.
        o["utilization_mean"] = allocated;
        o["allocation_rate_mean"] = allocated;
        for (const char *k :
             {"wait_s_mean", "wait_s_p50", "wait_s_p95", "jct_s_mean", "jct_s_p50", "jct_s_p95", "makespan_s"})
            o[k] = QJsonValue(QJsonValue::Null);
        o["preemptions"] = 0;
    } else {
        sched::ReplayOptions options;
        options.policy = policy.toStdString();
        const sched::ReplayResult r = sched::replayTrace(cluster, *jobs, config, options);
        const bool any = r.completed > 0;
        o["mode"] = "replay";
        o["jobs"] = r.jobs;
        o["rejected_jobs"] = r.rejected;
        if (r.rejected > 0)
            o["first_rejection"] = QString::fromStdString(r.firstRejection);
        o["completed_jobs"] = r.completed;
        o["utilization_mean"] = r.utilizationMean;
        o["allocation_rate_mean"] = r.allocationRateMean;
        o["wait_s_mean"] = numberOrNull(r.waitSMean, any);
        o["wait_s_p50"] = numberOrNull(r.waitSP50, any);
        o["wait_s_p95"] = numberOrNull(r.waitSP95, any);
        o["jct_s_mean"] = numberOrNull(r.jctSMean, any);
        o["jct_s_p50"] = numberOrNull(r.jctSP50, any);
        o["jct_s_p95"] = numberOrNull(r.jctSP95, any);
        o["makespan_s"] = r.makespanS;
        o["preemptions"] = r.preemptions;
        o["preemptions_one_job_max"] = r.preemptionsOfOneJobMax;
        o["fragmentation_mean"] = r.fragmentationMean;
        o["recovery_s_mean"] = numberOrNull(r.recoverySMean, r.recoveries > 0);
        QJsonArray series;
        for (const auto &[t, rate] : r.allocationRate)
            series.append(QJsonArray{t, rate});
        o["allocation_rate"] = series;
        QJsonObject queues;
        for (const auto &[name, q] : r.queues)
            queues[QString::fromStdString(name)] = QJsonObject{{"jobs", q.jobs},
                                                               {"wait_s_mean", q.waitSMean},
                                                               {"jct_s_mean", q.jctSMean},
                                                               {"gpu_hours", q.gpuHours},
                                                               {"guarantee_gpus", q.guaranteeGpus},
                                                               {"starved_s", q.starvedS},
                                                               {"guarantee_owed_s", q.deniedGuaranteeS}};
        o["queues"] = queues;
    }
    if (ctx.json) {
        ctx.out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
        return kOk;
    }
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!it.value().isArray() && !it.value().isObject())
            ctx.out << CtlText::tr("%1: %2").arg(traceLabel(it.key()), traceValue(it.key(), it.value())) << '\n';
    return kOk;
}

} // namespace sn::ctl
