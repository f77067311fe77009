#include "translations/event_text.h"

namespace sn {

namespace {

constexpr const char *kContext = "sn::EventText";

// Exactly as the engine builds them: backend/sim/simulated_cluster*.cpp (the simulated faults),
// backend/anomaly/ (anomaly_event.cpp, thermal_protection.cpp, power_cap_audit.cpp),
// backend/api/engine.cpp.
const char *const kPatterns[] = {
    // the simulated super node's faults
    QT_TRANSLATE_NOOP("sn::EventText",
                      "GPU %1 on %2 is throttling at %3 C (slowdown %4 C): check its cooling, or cap its power"),
    QT_TRANSLATE_NOOP("sn::EventText",
                      "Xid 48 (uncorrectable ECC error) on GPU %1 on %2: its job was killed; reset the GPU before "
                      "reuse"),
    QT_TRANSLATE_NOOP("sn::EventText",
                      "Xid 79 on GPU %1 on %2: the GPU has fallen off the bus; drain the node and power-cycle it"),
    QT_TRANSLATE_NOOP("sn::EventText",
                      "NVLink down on GPU %1 on %2 (Xid 74): collectives fall back to PCIe and slow down"),
    QT_TRANSLATE_NOOP("sn::EventText",
                      "Xid 92 (high single-bit ECC error rate) on GPU %1 on %2: the memory still corrects them; plan "
                      "to drain and reset the GPU"),
    QT_TRANSLATE_NOOP("sn::EventText",
                      "Node %1 is not responding; its jobs were requeued from their last checkpoint"),
    QT_TRANSLATE_NOOP("sn::EventText", "Link down on %1 %2: RDMA traffic stalls until it returns"),
    QT_TRANSLATE_NOOP("sn::EventText", "Simulated fault injected: %1 on GPU %2 on %3 for %4 s"),
    QT_TRANSLATE_NOOP("sn::EventText", "Simulated fault injected: %1 on %2 for %3 s"),
    // anomalies: rules and learned bands
    QT_TRANSLATE_NOOP("sn::EventText", "%1: %2 outside its normal band [%3, %4] (%5 detector; worst %6, score %7)"),
    // a learned band's series that is not a metric as stored (load_aware_detectors.cpp)
    QT_TRANSLATE_NOOP("sn::EventText", "%1 unexplained by power"),
    // thermal protection's power caps, as events and as the action taken on the events they answer
    QT_TRANSLATE_NOOP("sn::EventText", "%1 (by %2 through %3)"),
    QT_TRANSLATE_NOOP("sn::EventText", "%1 (by %2 through %3): failed: %4"),
    QT_TRANSLATE_NOOP("sn::EventText", "GPU at %1 °C: lowering its power limit %2 W -> %3 W"),
    QT_TRANSLATE_NOOP("sn::EventText", "GPU cool at %1 °C: raising its power limit %2 W -> %3 W"),
    QT_TRANSLATE_NOOP("sn::EventText", "Dry run, not applied: %1"),
    QT_TRANSLATE_NOOP("sn::EventText", "dry run"), // the executor of a dry run
    QT_TRANSLATE_NOOP("sn::EventText", "%1 power-capped GPU %2 to %3 W (was %4 W)"),
    QT_TRANSLATE_NOOP("sn::EventText", "%1 raised GPU %2's power limit to %3 W (was %4 W)"),
    QT_TRANSLATE_NOOP("sn::EventText", "dry run: would have had %1 power-cap GPU %2 to %3 W (was %4 W)"),
    QT_TRANSLATE_NOOP("sn::EventText",
                      "dry run: would have had %1 raise GPU %2's power limit to %3 W (was %4 W)"),
    QT_TRANSLATE_NOOP("sn::EventText", "%1 could not power-cap GPU %2 to %3 W: %4"),
    QT_TRANSLATE_NOOP("sn::EventText", "%1 could not raise the power limit of GPU %2 to %3 W: %4"),
    // the engine's own
    QT_TRANSLATE_NOOP("sn::EventText",
                      "Configuration version %1 applied: %2 nodes, %3 GPUs, telemetry from %4"),
};

QString translated(const QString &text, int depth)
{
    if (depth > 2)
        return text;
    return eventTextCatalogue()
        .translate(text,
                   [depth](const QString &part) {
                       // Names and numbers are one word; a part of several may be a sentence.
                       return part.contains(QLatin1Char(' ')) ? translated(part, depth + 1) : part;
                   })
        .value_or(text);
}

} // namespace

const MessagePatterns &eventTextCatalogue()
{
    static const MessagePatterns kCompiled(kContext, kPatterns);
    return kCompiled;
}

QString eventMessageText(const std::string &message)
{
    return translated(QString::fromStdString(message), 0);
}

QString eventActionText(const std::string &action)
{
    return translated(QString::fromStdString(action), 0);
}

QStringList eventTextPatterns()
{
    return patternSources(kPatterns);
}

} // namespace sn
