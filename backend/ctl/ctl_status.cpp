// supernodectl status: the Overview page's numbers on the command line.
#include "backend/ctl/ctl_context.h"

namespace sn::ctl {

void printSummaryText(Context &ctx, const pb::ClusterSummary &s)
{
    QTextStream &o = ctx.out;
    o << "cluster        " << QString::fromStdString(s.cluster_name()) << (s.simulated() ? "  (simulated)" : "") << '\n'
      << "nodes up       " << s.nodes_up() << " of " << s.nodes_total() << '\n'
      << "GPUs busy      " << s.gpus_busy() << " of " << s.gpus_total()
      << (s.gpus_faulted() ? QStringLiteral(", %1 faulted").arg(s.gpus_faulted()) : QString()) << '\n'
      << "GPU util       mean " << QString::number(s.gpu_util_mean_percent(), 'f', 1) << " %, max "
      << QString::number(s.gpu_util_max_percent(), 'f', 0) << " %\n"
      << "GPU temp max   " << QString::number(s.gpu_temp_max_c(), 'f', 0) << " C\n"
      << "power draw     " << QString::number(s.power_draw_watts() / 1000.0, 'f', 2) << " kW\n"
      << "GPU memory     " << QString::number(s.gpu_memory_used_bytes() / (1ull << 30), 'f', 0) << " of "
      << QString::number(s.gpu_memory_total_bytes() / (1ull << 30), 'f', 0) << " GiB\n"
      << "jobs           " << s.jobs_running() << " running, " << s.jobs_pending() << " pending\n"
      << "anomalies      " << s.anomalies_open() << " open\n";
}

int statusCommand(Context &ctx)
{
    int code = kOk;
    // A remote daemon keeps its own clock: status there runs nothing forward unless asked.
    double after = ctx.remote.isEmpty() ? 5 : 0;
    if (!takeNumber(ctx, QStringLiteral("--after"), 0, 30 * 24 * 3600, &after, &code))
        return code;
    if (!ctx.args.isEmpty())
        return usage(ctx, QStringLiteral("status takes no argument '%1'").arg(ctx.args.front()));
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
