#include "ui/setup/setup_check_text.h"

#include "translations/message_patterns.h"

#include <QCoreApplication>

namespace sn::ui {

namespace {

constexpr const char *kContext = "sn::SetupCheck";

// Exactly as backend/setup/setup_checks.cpp and hardware_profile.cpp build them; a sentence that
// drifts from its source stops matching (tst_setup_check_text catches it).
const char *const kPatterns[] = {
    // the checks' titles
    QT_TRANSLATE_NOOP("sn::SetupCheck", "NVIDIA driver"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "CUDA and driver compatibility"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "NVLink"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "ECC memory"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Persistence mode"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Memory row remaps and retired pages"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Idle temperature and power limits"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Network link speed and MTU"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "RoCE lossless settings (PFC/ECN)"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "GPUDirect RDMA"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Clock synchronisation"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Disk for the state directory"),
    // what a check found on a node or GPU
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: nvidia-smi did not run"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: driver version '%2' not readable"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: driver %2 is older than %3"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "drivers differ: %1"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: the driver did not say which CUDA version it runs"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: CUDA %2 is not in this console's compatibility table"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: CUDA %2 needs driver %3, found %4"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "nodes run different CUDA versions (%1)"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: `nvidia-smi nvlink -s` did not run"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: %2 of %3 NVLinks down"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: ECC mode not reported"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: ECC %2 (enabled after a reset)"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: ECC %2"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: persistence mode %2"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "not reported"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: a row remap or page retirement is pending"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: row remapping has failed"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: %2 pages retired (limit %3)"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: %2 pages retired"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: temperature not reported"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: %2 C at idle"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: %2 C at idle (expected below %3 C)"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: power limit not reported"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: power limited to %2 W of %3 W"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: link down"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1 ports run at different speeds (%2)"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1 ports have different MTUs (%2)"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "no network port is up"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: PFC/ECN not visible from the host"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: PFC off on every priority"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: ECN for RoCE off"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: lsmod did not run"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: RDMA NICs but no nvidia_peermem module"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: synchronisation state not visible (no timedatectl)"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: clock not synchronised"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: clock %2 s off this machine's"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: free space of %2 not visible"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: %2 GiB free for %3"),
    // a check that passed
    QT_TRANSLATE_NOOP("sn::SetupCheck", "driver %1 on every node (at least %2)"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "CUDA %1 matches the driver on every node"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "no NVLink on these GPUs (PCIe only): nothing to check"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "all %1 NVLinks up"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "ECC enabled on every GPU"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "persistence mode on for every GPU"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "no pending row remaps and no retired-page limits reached"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "GPUs at most %1 C at idle, power limits at their defaults"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "every port alike: %1"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1 (speed not reported) MTU %2"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1 (speed not reported)"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "no RoCE ports: nothing to check"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "PFC and ECN on for all %1 RoCE ports"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "no RDMA NICs: GPUDirect RDMA not needed"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "nvidia_peermem loaded on every RDMA node"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "clocks synchronised on every node"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "enough free disk for the state directory on every node"),
    // what to do
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Install the NVIDIA driver (it provides nvidia-smi) and run discovery again."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check `nvidia-smi --version` on that node."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Install NVIDIA driver %1 or newer (the same on every node), then reboot."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Install the same driver version on every node: NCCL and CUDA behave "
                                        "differently between versions."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Run `nvidia-smi` on that node; a driver that prints no CUDA version is "
                                        "incomplete: reinstall it."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check NVIDIA's CUDA release notes (Table 3) for the driver it needs."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Install the driver that matches the CUDA version (or a newer one)."),
    QT_TRANSLATE_NOOP("sn::SetupCheck",
                      "Use the same driver on every node so a job built for the newest CUDA runs everywhere."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check that nvidia-smi works on that node."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Reseat or replace the GPU baseboard link (check `nvidia-smi nvlink -e` "
                                        "error counters and the fabric manager: `systemctl status "
                                        "nvidia-fabricmanager`), then reboot."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check `nvidia-smi -q -d ECC` on that node."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Enable ECC: `nvidia-smi -e 1`, then reset the GPU or reboot."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Enable the persistence daemon: `systemctl enable --now "
                                        "nvidia-persistenced` (jobs otherwise wait for the driver to load on every "
                                        "start)."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Reset the GPU (`nvidia-smi -r`) or reboot the node before it takes jobs."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "The GPU's memory is worn out: ask the vendor for an RMA."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "The GPU cannot retire more pages: ask the vendor for an RMA."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Watch this GPU; plan a replacement."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check `nvidia-smi -q -d TEMPERATURE` on that node."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check the server's fans and airflow (blanking panels, inlet temperature) "
                                        "before running jobs."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check the server's fans and airflow; a job may already be running on it."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check `nvidia-smi -q -d POWER` on that node."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Restore the default limit (`nvidia-smi -pl %1`) unless the cap is on purpose."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check the cable and the switch port, or leave the port unused."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Set every port of a fabric to the same speed (switch and NIC), or "
                                        "collectives run at the slowest."),
    QT_TRANSLATE_NOOP("sn::SetupCheck",
                      "Use one MTU on every node and switch port (9000 for RoCE/Ethernet data, 4096 IB)."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check that the nodes' data NICs are cabled and configured."),
    QT_TRANSLATE_NOOP("sn::SetupCheck",
                      "Check with `mlnx_qos -i %1` and on the switch that PFC is on priority 3 and ECN marks."),
    QT_TRANSLATE_NOOP("sn::SetupCheck",
                      "Turn PFC on for the RoCE priority (`mlnx_qos -i %1 --pfc 0,0,0,1,0,0,0,0`) and on the switch."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "echo 1 > /sys/class/net/%1/ecn/roce_np/enable/3 (and roce_rp), and enable "
                                        "ECN marking on the switch."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check `lsmod | grep peermem` on that node."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Load it (`modprobe nvidia_peermem`; add it to /etc/modules-load.d/) so "
                                        "NCCL moves GPU memory over RDMA directly."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check chrony or ntpd on that node."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Enable time sync: `apt install chrony && systemctl enable --now chrony`."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Point every node at the same NTP server; logs and telemetry from "
                                        "different nodes will not line up otherwise."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Check `df -h %1` on that node."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Free space or put the state directory on a larger disk (at least %1 GiB)."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Plan for more space: telemetry of a busy cluster grows by a few GiB a week."),
    // the hardware profile: a node against its reference, and what discovery cannot measure
    QT_TRANSLATE_NOOP("sn::SetupCheck", "0x no GPU"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1 GiB RAM"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1 GPU, the reference has %2"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1 GPUs, the reference has %2"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1 GiB per GPU, the reference has %2+"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "CPU %1, the reference has %2x Xeon %3"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "%1 CPU sockets, the reference has %2"),
    QT_TRANSLATE_NOOP("sn::SetupCheck",
                      "no reference configuration for %1: checks still apply, the profile cannot compare it"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Storage: the references expect about 20 GB/s aggregate read for checkpoints "
                                        "and datasets; discovery cannot measure it: run `fio --rw=read --bs=1M "
                                        "--numjobs=16` on the shared filesystem."),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "Switches: the references expect 25G/100G (or faster) switches with PFC for "
                                        "RoCE; a switch's own settings are not visible from the nodes: the RoCE check "
                                        "reads what the NICs show."),
    // what differs between nodes (hardware_profile.cpp differ())
    QT_TRANSLATE_NOOP("sn::SetupCheck", "GPU count"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "GPU model"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "driver"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "GPU memory"),
    QT_TRANSLATE_NOOP("sn::SetupCheck", "host memory"),
};

// Words the engine puts where a value would be: translated where they stand alone as a part.
const char *const kWords[] = {
    QT_TRANSLATE_NOOP("sn::SetupCheck", "unknown"), // a CPU model
    QT_TRANSLATE_NOOP("sn::SetupCheck", "none"),    // a value between nodes
};

// One value between nodes: "1 on node01 node02" (kept apart: it would match any text with "on").
const char *const kMismatchValue[] = {QT_TRANSLATE_NOOP("sn::SetupCheck", "%1 on %2")};

// How translated pieces are put together again (not matched against the engine's text).
const char *const kFindingJoint = QT_TRANSLATE_NOOP("sn::SetupCheck", "%1; %2");
const char *const kFixJoint = QT_TRANSLATE_NOOP("sn::SetupCheck", "%1 %2");
const char *const kListJoint = QT_TRANSLATE_NOOP("sn::SetupCheck", "%1, %2");
const char *const kLabelJoint = QT_TRANSLATE_NOOP("sn::SetupCheck", "%1: %2");

const MessagePatterns &patterns()
{
    static const MessagePatterns kCompiled(kContext, kPatterns);
    return kCompiled;
}

QString translatePart(const QString &part, int depth);

// `english` translated by `catalogue`, each filled-in part through translatePart().
QString translate(const QString &english, const MessagePatterns &catalogue = patterns(), int depth = 0)
{
    return catalogue.translate(english, [depth](const QString &part) { return translatePart(part, depth + 1); })
        .value_or(english);
}

// A part of several words is looked up again ("not reported"); one word is a name, a version or
// a number, kept as it is, unless it is one of kWords.
QString translatePart(const QString &part, int depth)
{
    for (const char *word : kWords)
        if (part == QLatin1String(word))
            return QCoreApplication::translate(kContext, word);
    return part.contains(QLatin1Char(' ')) && depth <= 2 ? translate(part, patterns(), depth) : part;
}

QString joined(const QStringList &pieces, const char *joint)
{
    if (pieces.isEmpty())
        return {};
    QString out = pieces.front();
    for (qsizetype i = 1; i < pieces.size(); ++i)
        out = substitutePlaceholders(QCoreApplication::translate(kContext, joint), {out, pieces[i]});
    return out;
}

QStringList translated(const std::vector<std::string> &english)
{
    QStringList out;
    for (const std::string &e : english)
        out << translate(QString::fromStdString(e));
    return out;
}

} // namespace

QString setupCheckTitle(const setup::CheckResult &check)
{
    return translate(QString::fromStdString(check.title));
}

QString setupCheckReason(const setup::CheckResult &check)
{
    if (check.findings.empty())
        return translate(QString::fromStdString(check.reason));
    return joined(translated(check.findings), kFindingJoint);
}

QString setupCheckFix(const setup::CheckResult &check)
{
    return joined(translated(check.fixes), kFixJoint);
}

QString hardwareSummaryText(const std::string &english)
{
    // "8x H100, 2x Xeon, 2015 GiB RAM" (hardware_profile.cpp); "0x no GPU" for a node without.
    QStringList pieces;
    for (const QString &piece : QString::fromStdString(english).split(QStringLiteral(", ")))
        pieces << translate(piece);
    return joined(pieces, kListJoint);
}

QString hardwareProfileText(const std::string &english)
{
    return translate(QString::fromStdString(english));
}

QString hardwareMismatchText(const std::string &english)
{
    // "WHAT: VALUE on NODE NODE; VALUE on NODE" (hardware_profile.cpp differ()).
    static const MessagePatterns kValue(kContext, kMismatchValue);
    const QString text = QString::fromStdString(english);
    const qsizetype colon = text.indexOf(QStringLiteral(": "));
    if (colon < 0)
        return text;
    QStringList values;
    for (const QString &value : text.mid(colon + 2).split(QStringLiteral("; ")))
        values << translate(value, kValue);
    return substitutePlaceholders(QCoreApplication::translate(kContext, kLabelJoint),
                                  {translate(text.left(colon)), joined(values, kFindingJoint)});
}

QStringList setupCheckPatterns()
{
    return patternSources(kPatterns) + patternSources(kWords) << QString::fromUtf8(kMismatchValue[0]);
}

} // namespace sn::ui
