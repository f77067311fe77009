// The built-in signatures: data, one row each. Xid rows follow NVIDIA's Xid catalogue
// (docs.nvidia.com/deploy/xid-errors) and its "GPU debug guidelines" for the actions.
// Titles, meanings and actions are marked for Qt Linguist (context sn::logs::Signature): the
// engine keeps them in English, the console and supernodectl show them in the reader's language
// (translations/signature_text.h).
#include "backend/logs/signature_library.h"

#include <QtGlobal>

namespace sn::logs {

namespace {

// Xid 79 and the driver's own "fallen off the bus" line are the same failure.
constexpr const char *kOffTheBusMeaning = QT_TRANSLATE_NOOP(
    "sn::logs::Signature",
    "The GPU stopped answering on PCIe: every job on it has failed and it is invisible until reboot.");
constexpr const char *kOffTheBusAction = QT_TRANSLATE_NOOP(
    "sn::logs::Signature",
    "Drain the node, check power, cooling and PCIe seating, reboot; replace the GPU if it falls off again.");

} // namespace

std::vector<Signature> builtInSignatures()
{
    using S = Severity;
    return {
        // NVRM Xid: kernel messages of the NVIDIA driver.
        {"nvrm.xid.13", "gpu.xid", S::Warning,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Graphics engine exception (Xid 13)"),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "The GPU's graphics/compute engine raised an exception, most often an application bug (out-of-range "
             "access, illegal instruction); rarely driver or hardware."),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Check the job's own errors (compute-sanitizer); if several jobs hit "
                                                  "it on this GPU, run dcgmi diag -r 3.")},
        {"nvrm.xid.31", "gpu.xid", S::Warning,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "GPU memory page fault (Xid 31)"),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "A process accessed GPU memory it does not own (an MMU fault), usually an application bug."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Look at the process named in the line; if it repeats across different jobs, run GPU diagnostics.")},
        {"nvrm.xid.43", "gpu.xid", S::Warning,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "GPU stopped processing (Xid 43)"),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "The driver stopped a channel after an application fault; the GPU itself stays healthy."),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Restart the failed job; no GPU action needed unless it repeats.")},
        {"nvrm.xid.45", "gpu.xid", S::Info, QT_TRANSLATE_NOOP("sn::logs::Signature", "Preemptive cleanup (Xid 45)"),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "The driver cleaned up channels of a process that was killed or failed after an earlier error."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Look for the earlier Xid or signal that caused it; nothing to do on its own.")},
        {"nvrm.xid.48", "gpu.ecc", S::Critical,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Double-bit ECC error (Xid 48)"),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "An uncorrectable (double-bit) ECC error in GPU memory; applications on the GPU got bad data or were "
             "stopped."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Drain the GPU, reset it (nvidia-smi -r) to retire the page / remap the row; replace it if DBEs recur.")},
        {"nvrm.xid.61", "gpu.xid", S::Error,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Internal micro-controller warning (Xid 61)"),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "The GPU's internal micro-controller (PMU) hit a breakpoint or warning; the GPU may stop responding."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Reset the GPU; update the driver; collect nvidia-bug-report.sh if it recurs.")},
        {"nvrm.xid.62", "gpu.xid", S::Critical,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Internal micro-controller halt (Xid 62)"),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "The GPU's internal micro-controller halted; the GPU no longer works until reset."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Drain the node's GPU, reset it or reboot; collect nvidia-bug-report.sh; RMA if it recurs.")},
        {"nvrm.xid.63", "gpu.ecc", S::Warning,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "ECC page retirement / row remapping recorded (Xid 63)"),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "The driver recorded a memory page retirement or a row remapping after ECC errors; it takes effect at the "
             "next GPU reset."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Schedule a GPU reset when idle; watch retired pages / remapped rows (nvidia-smi -q -d ROW_REMAPPER).")},
        {"nvrm.xid.64", "gpu.ecc", S::Error,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "ECC page retirement / row remapping failed (Xid 64)"),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "The driver could not record a page retirement or row remapping: the bad memory stays in use."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Drain and reset the GPU; if row remapping failed or is exhausted, replace the GPU.")},
        {"nvrm.xid.68", "gpu.xid", S::Warning,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Video decoder exception (Xid 68)"),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "The NVDEC video decoder raised an exception, usually because of bad input or an application bug."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Check the decoding application and its input; reset the GPU only if it repeats.")},
        {"nvrm.xid.69", "gpu.xid", S::Error,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Graphics engine class error (Xid 69)"),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "The graphics engine received an invalid class or method, a driver or hardware fault."),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Reset the GPU; update the driver; run dcgmi diag if it repeats.")},
        {"nvrm.xid.74", "gpu.nvlink", S::Error, QT_TRANSLATE_NOOP("sn::logs::Signature", "NVLink error (Xid 74)"),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "An NVLink link reported an error; collectives between GPUs may fail or fall back to PCIe."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Check nvidia-smi nvlink -e counters; reset the GPUs on the link; reseat or service the board if it "
             "recurs.")},
        {"nvrm.xid.79", "gpu.lost", S::Critical,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "GPU has fallen off the bus (Xid 79)"), kOffTheBusMeaning,
         kOffTheBusAction},
        {"nvrm.xid.92", "gpu.ecc", S::Warning,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "High single-bit ECC error rate (Xid 92)"),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "The GPU corrects single-bit ECC errors at a high rate: memory is degrading."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Watch volatile ECC counters; schedule diagnostics and a reset; plan a replacement if the rate grows.")},
        {"nvrm.xid.94", "gpu.ecc", S::Error, QT_TRANSLATE_NOOP("sn::logs::Signature", "Contained ECC error (Xid 94)"),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "An uncorrectable ECC error was contained: only the applications using that memory were stopped."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Restart the affected jobs; reset the GPU when idle so the row is remapped.")},
        {"nvrm.xid.95", "gpu.ecc", S::Critical,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Uncontained ECC error (Xid 95)"),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "An uncorrectable ECC error could not be contained: every application on the GPU is affected."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Drain the GPU and reset it now; replace it if uncontained errors recur.")},
        {"nvrm.xid.119", "gpu.gsp", S::Error, QT_TRANSLATE_NOOP("sn::logs::Signature", "GSP RPC timeout (Xid 119)"),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "The driver timed out waiting for the GPU System Processor (GSP); the GPU may hang."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Reset the GPU or reboot; update the driver; if it recurs, try the driver with GSP firmware disabled.")},
        {"nvrm.xid.120", "gpu.gsp", S::Error, QT_TRANSLATE_NOOP("sn::logs::Signature", "GSP error (Xid 120)"),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "The GPU System Processor reported an error."),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Reset the GPU; collect nvidia-bug-report.sh; update the driver.")},
        {"nvrm.xid", "gpu.xid", S::Warning, QT_TRANSLATE_NOOP("sn::logs::Signature", "NVIDIA driver error (Xid)"),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "The NVIDIA driver reported an Xid this library has no entry for."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Look the code up in NVIDIA's Xid catalogue; collect nvidia-bug-report.sh.")},
        // NVSwitch.
        {"nvswitch.sxid.fatal", "nvswitch.sxid", S::Critical,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "NVSwitch fatal error (SXid)"),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "An NVSwitch reported a fatal error: NVLink traffic through it stopped and jobs using it fail."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Drain the node, reset the fabric (reboot or nvidia-smi -r with Fabric Manager restart); collect "
             "nvidia-bug-report.sh.")},
        {"nvswitch.sxid", "nvswitch.sxid", S::Warning,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "NVSwitch error (SXid)"),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "An NVSwitch reported a non-fatal error on a port or link."),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Watch for repeats on the same link; check Fabric Manager logs.")},
        // Other GPU health.
        {"gpu.row_remap_failure", "gpu.ecc", S::Critical,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Row remapping failure"),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "The GPU has no spare rows left to remap failing memory."),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Replace the GPU: it will keep producing uncorrectable errors.")},
        {"gpu.ecc_uncorrectable", "gpu.ecc", S::Error,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Uncorrectable ECC error"),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "GPU memory reported an uncorrectable ECC error."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Drain and reset the GPU; check remapped rows; replace it if errors recur.")},
        {"gpu.fallen_off_bus", "gpu.lost", S::Critical,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "GPU has fallen off the bus"), kOffTheBusMeaning, kOffTheBusAction},
        {"gpu.thermal_slowdown", "gpu.thermal", S::Warning,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Thermal slowdown"),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "The GPU lowered its clocks because it is too hot; jobs run slower."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Check airflow, fans and inlet temperature; lower the power limit until it cools.")},
        // NCCL and CUDA.
        {"nccl.system_error", "nccl.error", S::Error,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "NCCL unhandled system error"),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "NCCL failed on a system call or the network (often an InfiniBand/RoCE or shared-memory problem)."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Rerun with NCCL_DEBUG=INFO; check the NICs' links and /dev/shm size on the ranks' nodes.")},
        {"nccl.timeout", "nccl.timeout", S::Error, QT_TRANSLATE_NOOP("sn::logs::Signature", "NCCL collective timeout"),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "A collective did not finish in time: a rank hung, died or lost its network."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Find the slow or dead rank (its node's GPU and NIC events); restart the job from its checkpoint.")},
        {"nccl.warn", "nccl.warn", S::Warning, QT_TRANSLATE_NOOP("sn::logs::Signature", "NCCL warning"),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "NCCL reported a problem; it may have fallen back to a slower path."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Read the rest of the line; check NVLink and NIC events on the same node.")},
        {"cuda.oom", "job.oom", S::Error, QT_TRANSLATE_NOOP("sn::logs::Signature", "CUDA out of memory"),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "A job asked for more GPU memory than is free."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Lower the batch size or model shard, or ask for GPUs with more memory.")},
        // Network.
        {"net.pfc_storm", "net.pfc", S::Error, QT_TRANSLATE_NOOP("sn::logs::Signature", "PFC pause storm"),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "A NIC or switch port is sending or receiving a storm of PFC pause frames: RoCE traffic stalls."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Find the port that sends pauses (a stuck host); check ECN/PFC settings and the switch's storm guard.")},
        {"net.link_down", "net.link", S::Error, QT_TRANSLATE_NOOP("sn::logs::Signature", "RoCE/InfiniBand link down"),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "A high-speed NIC port lost its link: collectives over it fail or slow down."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Check the cable, the transceiver and the switch port; ibstat / ip link on the node.")},
        // Host and schedulers.
        {"host.oom_killer", "host.oom", S::Error, QT_TRANSLATE_NOOP("sn::logs::Signature", "Kernel OOM killer"),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "The node ran out of memory and the kernel killed a process."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Find the killed process in the line; limit host memory per job (cgroups, --mem) or add memory.")},
        {"slurm.node_not_responding", "node.down", S::Error,
         QT_TRANSLATE_NOOP("sn::logs::Signature", "Slurm node not responding"),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "slurmctld lost contact with a node's slurmd; its jobs may be requeued."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Check that the node is up, slurmd runs (systemctl status slurmd) and the network reaches it.")},
        {"slurm.slurmd_error", "node.slurmd", S::Error, QT_TRANSLATE_NOOP("sn::logs::Signature", "slurmd failure"),
         QT_TRANSLATE_NOOP("sn::logs::Signature", "slurmd reported an error or a fatal condition."),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "Read slurmd's log on the node (journalctl -u slurmd); fix and restart slurmd.")},
        {"k8s.kubelet_failure", "node.kubelet", S::Error, QT_TRANSLATE_NOOP("sn::logs::Signature", "kubelet failure"),
         QT_TRANSLATE_NOOP("sn::logs::Signature",
                           "kubelet reported a failure (node not ready, PLEG unhealthy, eviction, device plugin)."),
         QT_TRANSLATE_NOOP(
             "sn::logs::Signature",
             "Read kubelet's log (journalctl -u kubelet); check the NVIDIA device plugin and container runtime.")},
    };
}

} // namespace sn::logs
