// supernodectl inspect SUBJECT FILE: what the engine's parsers read from a captured file, for
// support cases and offline analysis, without a GPU or a cluster. Each subject has its own
// ctl_inspect_<subject>.cpp; this only dispatches.
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"

namespace sn::ctl {

int inspectCommand(Context &ctx)
{
    if (ctx.args.isEmpty())
        return usage(ctx, CtlText::tr("inspect needs a subject: metrics, nvidia-smi or topo"));
    const QString sub = ctx.args.takeFirst();
    if (sub == QLatin1String("metrics"))
        return inspectMetricsCommand(ctx);
    if (sub == QLatin1String("nvidia-smi"))
        return inspectNvidiaSmiCommand(ctx);
    if (sub == QLatin1String("topo"))
        return inspectTopoCommand(ctx);
    return usage(ctx, CtlText::tr("unknown inspect subject '%1'").arg(sub));
}

} // namespace sn::ctl
