#include "translations/event_text.h"

#include "translations/signature_text.h"

#include <QCoreApplication>

namespace sn {

namespace {

constexpr const char *kContext = "sn::EventText";
constexpr const char *kHardwareChanged = QT_TRANSLATE_NOOP("sn::EventText", "%1 hardware changed: %2");

// Exactly as the engine builds them: backend/sim/simulated_cluster*.cpp (the simulated faults),
// backend/anomaly/ (anomaly_event.cpp, thermal_protection.cpp, power_cap_audit.cpp),
// backend/engine/engine.cpp.
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
    QT_TRANSLATE_NOOP("sn::EventText", "Node %1 is not responding; its jobs were requeued from their last checkpoint"),
    QT_TRANSLATE_NOOP("sn::EventText", "Link down on %1 %2: RDMA traffic stalls until it returns"),
    QT_TRANSLATE_NOOP("sn::EventText", "Simulated fault injected: %1 on GPU %2 on %3 for %4 s"),
    QT_TRANSLATE_NOOP("sn::EventText", "Simulated fault injected: %1 on %2 for %3 s"),
    // anomalies: rules and learned bands
    QT_TRANSLATE_NOOP("sn::EventText", "%1: %2 outside its normal band [%3, %4] (%5 detector; worst %6, score %7)"),
    // a learned band's series that is not a metric as stored (load_aware_detectors.cpp): the
    // thermal detector's residual, and power and fan speed judged only while the GPU is idle
    QT_TRANSLATE_NOOP("sn::EventText", "%1 unexplained by power"),
    QT_TRANSLATE_NOOP("sn::EventText", "%1 at idle"),
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
    QT_TRANSLATE_NOOP("sn::EventText", "dry run: would have had %1 raise GPU %2's power limit to %3 W (was %4 W)"),
    QT_TRANSLATE_NOOP("sn::EventText", "%1 could not power-cap GPU %2 to %3 W: %4"),
    QT_TRANSLATE_NOOP("sn::EventText", "%1 could not raise the power limit of GPU %2 to %3 W: %4"),
    // log anomalies (backend/logs/log_anomaly_detector.cpp); a template's text is the log's own
    QT_TRANSLATE_NOOP("sn::EventText", "New kind of log line from %1 (%2), template %3: %4"),
    QT_TRANSLATE_NOOP("sn::EventText", "Log template %1 from %2 at %3 lines in %4 s, usually about %5: %6"),
    QT_TRANSLATE_NOOP("sn::EventText", "%1 error lines from %2 within %3 s; the latest (%4): %5"),
    QT_TRANSLATE_NOOP("sn::EventText", "the cluster"), // a log line's origin when it names no node
    // telemetry sources (backend/engine/engine_collectors.cpp); an error's detail is the source's own
    QT_TRANSLATE_NOOP("sn::EventText", "No telemetry: %1"),
    QT_TRANSLATE_NOOP("sn::EventText", "Cannot read %1: %2"),
    QT_TRANSLATE_NOOP("sn::EventText", "Reading %1 again"),
    // node agents' registrations (backend/engine/engine_registration.cpp, node_registry.cpp)
    QT_TRANSLATE_NOOP("sn::EventText", "%1 registered by its agent: %2 GPUs, %3 NVSwitches, %4 NICs"),
    QT_TRANSLATE_NOOP("sn::EventText",
                      "%1 registered by its agent: %2 GPUs, %3 NVSwitches, %4 NICs (not in cluster.yaml)"),
    kHardwareChanged, // its changes, joined by "; ", each one of the patterns below
    QT_TRANSLATE_NOOP("sn::EventText", "cpu_cores %1 -> %2"),
    QT_TRANSLATE_NOOP("sn::EventText", "memory %1 -> %2"),
    QT_TRANSLATE_NOOP("sn::EventText", "GPU%1 gone (%2)"),
    QT_TRANSLATE_NOOP("sn::EventText", "GPU%1 added (%2, %3)"),
    QT_TRANSLATE_NOOP("sn::EventText", "GPU%1 uuid %2 -> %3"),
    QT_TRANSLATE_NOOP("sn::EventText", "GPU%1 model %2 -> %3"),
    QT_TRANSLATE_NOOP("sn::EventText", "GPU%1 memory %2 -> %3"),
    QT_TRANSLATE_NOOP("sn::EventText", "GPU%1 bus id %2 -> %3"),
    QT_TRANSLATE_NOOP("sn::EventText", "NVSwitches %1 -> %2"),
    QT_TRANSLATE_NOOP("sn::EventText", "NIC %1 gone"),
    QT_TRANSLATE_NOOP("sn::EventText", "NIC %1 added"),
    QT_TRANSLATE_NOOP("sn::EventText", "NIC %1 %2 -> %3 Gb/s"),
    // the engine's own
    QT_TRANSLATE_NOOP("sn::EventText", "Configuration version %1 applied: %2 nodes, %3 GPUs, telemetry from %4"),
    QT_TRANSLATE_NOOP("sn::EventText", "Job backends not started: %1"),
    QT_TRANSLATE_NOOP("sn::EventText", "Thermal protection runs as a dry run: %1"),
    // its executor cannot tell a GPU's power range (engine_anomaly.cpp); the reason is the executor's
    QT_TRANSLATE_NOOP("sn::EventText", "Thermal protection cannot cap GPU %1 on %2: %3"),
};

// `text` matched and translated, and the parts the engine filled in: names and numbers (one word)
// kept, a part of several words looked up again (a power cap's reason, "the cluster"), a hardware
// change's list item by item. `used` collects the patterns that took part.
QString translated(const QString &text, int depth, QStringList *used)
{
    if (depth > 2)
        return text;
    const auto m = eventTextCatalogue().match(text);
    if (!m)
        return text;
    if (used)
        used->append(QString::fromUtf8(m->source));
    const bool changes = qstrcmp(m->source, kHardwareChanged) == 0;
    QStringList parts;
    for (const QString &part : m->parts) {
        if (changes && &part == &m->parts.back()) {
            QStringList items;
            for (const QString &item : part.split(QStringLiteral("; ")))
                items << translated(item, depth + 1, used);
            //: Between the items of a list of hardware changes.
            parts << items.join(QCoreApplication::translate("sn::EventText", "; "));
        } else {
            parts << (part.contains(QLatin1Char(' ')) ? translated(part, depth + 1, used) : part);
        }
    }
    return eventTextCatalogue().translated(m->source, parts);
}

} // namespace

const MessagePatterns &eventTextCatalogue()
{
    static const MessagePatterns kCompiled(kContext, kPatterns);
    return kCompiled;
}

QString eventMessageText(const std::string &message)
{
    const QString text = QString::fromStdString(message);
    return signatureEventText(text).value_or(translated(text, 0, nullptr));
}

QString eventActionText(const std::string &action)
{
    return translated(QString::fromStdString(action), 0, nullptr);
}

QStringList eventTextPatternsUsed(const std::string &text)
{
    QStringList used;
    (void)translated(QString::fromStdString(text), 0, &used);
    return used;
}

QStringList eventTextPatterns()
{
    return patternSources(kPatterns);
}

} // namespace sn
