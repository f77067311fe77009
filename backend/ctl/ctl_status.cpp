// supernodectl status: the Overview page's numbers on the command line.
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"

namespace sn::ctl {

void printSummaryText(Context &ctx, const pb::ClusterSummary &s)
{
    const auto line = [&ctx](const QString &label, const QString &value) {
        ctx.out << padToColumns(label, 15) << value << '\n';
    };
    const auto gib = [](std::uint64_t bytes) { return QString::number(bytes / (1ull << 30), 'f', 0); };
    line(CtlText::tr("cluster"),
         QString::fromStdString(s.cluster_name()) + (s.simulated() ? CtlText::tr("  (simulated)") : QString()));
    line(CtlText::tr("nodes up"), CtlText::tr("%1 of %2").arg(s.nodes_up()).arg(s.nodes_total()));
    line(CtlText::tr("GPUs busy"),
         CtlText::tr("%1 of %2").arg(s.gpus_busy()).arg(s.gpus_total()) +
             (s.gpus_faulted() ? CtlText::tr(", %1 faulted").arg(s.gpus_faulted()) : QString()));
    line(CtlText::tr("GPU util"), CtlText::tr("mean %1 %, max %2 %")
                                      .arg(QString::number(s.gpu_util_mean_percent(), 'f', 1),
                                           QString::number(s.gpu_util_max_percent(), 'f', 0)));
    line(CtlText::tr("GPU temp max"), CtlText::tr("%1 C").arg(QString::number(s.gpu_temp_max_c(), 'f', 0)));
    line(CtlText::tr("power draw"), CtlText::tr("%1 kW").arg(QString::number(s.power_draw_watts() / 1000.0, 'f', 2)));
    line(CtlText::tr("GPU memory"),
         CtlText::tr("%1 of %2 GiB").arg(gib(s.gpu_memory_used_bytes()), gib(s.gpu_memory_total_bytes())));
    line(CtlText::tr("jobs"), CtlText::tr("%1 running, %2 pending").arg(s.jobs_running()).arg(s.jobs_pending()));
    line(CtlText::tr("anomalies"), CtlText::tr("%1 open").arg(s.anomalies_open()));
}

int statusCommand(Context &ctx)
{
    int code = kOk;
    // A remote daemon keeps its own clock: status there runs nothing forward unless asked.
    double after = ctx.remote.isEmpty() ? 5 : 0;
    if (!takeNumber(ctx, QStringLiteral("--after"), 0, 30 * 24 * 3600, &after, &code))
        return code;
    if (!ctx.args.isEmpty())
        return usage(ctx, CtlText::tr("status takes no argument '%1'").arg(ctx.args.front()));
    auto engine = openEngine(ctx, &code);
    if (!engine)
        return code;
    if (after > 0)
        if (auto advanced = waitFor(engine->advanceTime(static_cast<std::int64_t>(after * 1000))); !advanced)
            return fail(ctx, advanced.error());
    auto summary = waitFor(engine->getSummary());
    if (!summary)
        return fail(ctx, summary.error());
    if (ctx.json)
        printJson(ctx, *summary);
    else
        printSummaryText(ctx, *summary);
    return kOk;
}

} // namespace sn::ctl
