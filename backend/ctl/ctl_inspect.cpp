// supernodectl inspect SUBJECT ...: read a captured file offline and print what the engine makes
// of it. Each subject lives in its own file (inspect_topo.cpp, ...); this only dispatches.
#include "backend/ctl/ctl_context.h"

namespace sn::ctl {

int inspectCommand(Context &ctx)
{
    if (ctx.args.isEmpty())
        return usage(ctx, QStringLiteral("inspect needs a subject (topo)"));
    const QString subject = ctx.args.takeFirst();
    if (subject == QLatin1String("topo"))
        return inspectTopoCommand(ctx);
    return usage(ctx, QStringLiteral("unknown inspect subject '%1'").arg(subject));
}

} // namespace sn::ctl
