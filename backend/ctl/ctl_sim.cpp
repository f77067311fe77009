// supernodectl sim: drive the simulated super node in virtual time from the command line.
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"

#include "backend/sim/fault.h"
#include "translations/event_text.h"

#include <algorithm>

namespace sn::ctl {

namespace {

struct PlannedFault {
    pb::InjectFaultRequest request;
    std::int64_t atMs = 0;
};

pb::FaultKind toProtoFault(sim::FaultKind kind)
{
    switch (kind) {
    case sim::FaultKind::GpuOverheat:
        return pb::FAULT_KIND_GPU_OVERHEAT;
    case sim::FaultKind::EccDoubleBit:
        return pb::FAULT_KIND_ECC_DOUBLE_BIT;
    case sim::FaultKind::Xid79:
        return pb::FAULT_KIND_XID_79;
    case sim::FaultKind::NvlinkDown:
        return pb::FAULT_KIND_NVLINK_DOWN;
    case sim::FaultKind::NodeDown:
        return pb::FAULT_KIND_NODE_DOWN;
    case sim::FaultKind::NicFlap:
        return pb::FAULT_KIND_NIC_FLAP;
    case sim::FaultKind::EccSbeStorm:
        return pb::FAULT_KIND_ECC_SBE_STORM;
    }
    return pb::FAULT_KIND_UNSPECIFIED;
}

constexpr sim::FaultKind kAllFaults[] = {
    sim::FaultKind::GpuOverheat, sim::FaultKind::EccDoubleBit, sim::FaultKind::Xid79,      sim::FaultKind::NvlinkDown,
    sim::FaultKind::NodeDown,    sim::FaultKind::NicFlap,      sim::FaultKind::EccSbeStorm};

// KIND:NODE[:INDEX][@SECOND], e.g. gpu-overheat:node01:3@10
bool parseInject(const QString &text, PlannedFault *fault, QString *error)
{
    QString spec = text;
    if (const qsizetype at = spec.indexOf('@'); at >= 0) {
        bool ok = false;
        const double s = spec.mid(at + 1).toDouble(&ok);
        if (!ok || s < 0) {
            *error = CtlText::tr("'%1': the time after @ must be seconds >= 0").arg(text);
            return false;
        }
        fault->atMs = static_cast<std::int64_t>(s * 1000);
        spec.truncate(at);
    }
    const QStringList parts = spec.split(':');
    const auto kind = parts.isEmpty() ? std::nullopt : sim::faultKindFromName(parts[0].toStdString());
    if (!kind || parts.size() < 2 || parts.size() > 3) {
        *error = CtlText::tr("'%1': expected KIND:NODE[:INDEX][@SECOND] with KIND one of the names "
                             "'supernodectl sim faults' lists")
                     .arg(text);
        return false;
    }
    fault->request.set_kind(toProtoFault(*kind));
    fault->request.set_node(parts[1].toStdString());
    if (parts.size() == 3) {
        bool ok = false;
        const int index = parts[2].toInt(&ok);
        if (!ok || index < 0) {
            *error = CtlText::tr("'%1': INDEX must be a GPU or NIC number >= 0").arg(text);
            return false;
        }
        fault->request.set_gpu(index);
    }
    return true;
}

int faultsCommand(Context &ctx)
{
    if (ctx.json) {
        ctx.out << "{\"faults\":[";
        bool first = true;
        for (sim::FaultKind k : kAllFaults) {
            ctx.out << (first ? "" : ",") << "{\"name\":\"" << sim::faultKindName(k)
                    << "\",\"default_duration_s\":" << sim::defaultFaultDurationMs(k) / 1000 << '}';
            first = false;
        }
        ctx.out << "]}\n";
        return kOk;
    }
    for (sim::FaultKind k : kAllFaults)
        ctx.out << CtlText::tr("%1  (lasts %2 s by default)")
                       .arg(QString::fromUtf8(sim::faultKindName(k)))
                       .arg(sim::defaultFaultDurationMs(k) / 1000)
                << '\n';
    return kOk;
}

int runCommand(Context &ctx)
{
    int code = kOk;
    double seconds = 60;
    if (!takeNumber(ctx, QStringLiteral("--seconds"), 0, 30 * 24 * 3600, &seconds, &code))
        return code;
    std::vector<PlannedFault> faults;
    while (true) {
        const qsizetype i = ctx.args.indexOf(QStringLiteral("--inject"));
        if (i < 0)
            break;
        if (i + 1 >= ctx.args.size())
            return usage(ctx, CtlText::tr("--inject needs KIND:NODE[:INDEX][@SECOND]"));
        PlannedFault fault;
        QString error;
        if (!parseInject(ctx.args[i + 1], &fault, &error))
            return usage(ctx, error);
        faults.push_back(fault);
        ctx.args.remove(i, 2);
    }
    if (!ctx.args.isEmpty())
        return usage(ctx, CtlText::tr("sim run takes no argument '%1'").arg(ctx.args.front()));
    std::stable_sort(faults.begin(), faults.end(), [](auto &a, auto &b) { return a.atMs < b.atMs; });

    auto engine = openEngine(ctx, &code);
    if (!engine)
        return code;
    const auto start = waitFor(engine->getSimulation());
    if (!start)
        return fail(ctx, start.error());
    std::int64_t elapsed = 0;
    const std::int64_t total = static_cast<std::int64_t>(seconds * 1000);
    for (const PlannedFault &fault : faults) {
        const std::int64_t at = std::min(fault.atMs, total);
        if (auto r = waitFor(engine->advanceTime(at - elapsed)); !r)
            return fail(ctx, r.error());
        elapsed = at;
        if (auto injected = waitFor(engine->injectFault(fault.request)); !injected)
            return fail(ctx, injected.error());
    }
    const auto end = waitFor(engine->advanceTime(total - elapsed));
    if (!end)
        return fail(ctx, end.error());
    const auto summary = waitFor(engine->getSummary());
    pb::ListEventsRequest eventsRequest;
    eventsRequest.set_since_ms(start->time_ms());
    const auto events = waitFor(engine->listEvents(eventsRequest));
    if (!summary || !events)
        return fail(ctx, !summary ? summary.error() : events.error());

    if (ctx.json) {
        ctx.out << "{\"simulation\":" << QString::fromStdString(messageToJson(*end))
                << ",\"summary\":" << QString::fromStdString(messageToJson(*summary))
                << ",\"events\":" << QString::fromStdString(messageToJson(*events)) << "}\n";
        return kOk;
    }
    ctx.out << CtlText::tr("simulated %1 s (seed %2, virtual time)").arg(seconds).arg(end->seed()) << "\n\n";
    printSummaryText(ctx, *summary);
    ctx.out << '\n' << CtlText::tr("events (%1):").arg(events->events_size()) << '\n';
    for (auto it = events->events().rbegin(); it != events->events().rend(); ++it)
        ctx.out << "  +"
                << CtlText::tr("%1 s").arg(QString::number((it->time_ms() - start->time_ms()) / 1000.0, 'f', 1)) << "  "
                << severityText(it->severity()) << "  " << eventMessageText(it->message()) << '\n';
    return kOk;
}

} // namespace

int simCommand(Context &ctx)
{
    if (ctx.args.isEmpty())
        return usage(ctx, CtlText::tr("sim needs a subcommand: faults or run, or --trace FILE"));
    if (ctx.args.contains(QStringLiteral("--trace")))
        return simTraceCommand(ctx);
    const QString sub = ctx.args.takeFirst();
    if (sub == QLatin1String("faults"))
        return faultsCommand(ctx);
    if (sub == QLatin1String("run"))
        return runCommand(ctx);
    return usage(ctx, CtlText::tr("unknown sim subcommand '%1'").arg(sub));
}

} // namespace sn::ctl
