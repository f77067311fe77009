// The built-in signatures: data, one row each. Xid rows follow NVIDIA's Xid catalogue
// (docs.nvidia.com/deploy/xid-errors) and its "GPU debug guidelines" for the actions.
#include "backend/logs/signature_library.h"

namespace sn::logs {

std::vector<Signature> builtInSignatures()
{
    using S = Severity;
    return {
        // NVRM Xid: kernel messages of the NVIDIA driver.
        {"nvrm.xid.13", "gpu.xid", S::Warning, "Graphics engine exception (Xid 13)",
         "The GPU's graphics/compute engine raised an exception, most often an application bug (out-of-range "
         "access, illegal instruction); rarely driver or hardware.",
         "Check the job's own errors (compute-sanitizer); if several jobs hit it on this GPU, run dcgmi diag -r 3."},
        {"nvrm.xid.31", "gpu.xid", S::Warning, "GPU memory page fault (Xid 31)",
         "A process accessed GPU memory it does not own (an MMU fault), usually an application bug.",
         "Look at the process named in the line; if it repeats across different jobs, run GPU diagnostics."},
        {"nvrm.xid.43", "gpu.xid", S::Warning, "GPU stopped processing (Xid 43)",
         "The driver stopped a channel after an application fault; the GPU itself stays healthy.",
         "Restart the failed job; no GPU action needed unless it repeats."},
        {"nvrm.xid.45", "gpu.xid", S::Info, "Preemptive cleanup (Xid 45)",
         "The driver cleaned up channels of a process that was killed or failed after an earlier error.",
         "Look for the earlier Xid or signal that caused it; nothing to do on its own."},
        {"nvrm.xid.48", "gpu.ecc", S::Critical, "Double-bit ECC error (Xid 48)",
         "An uncorrectable (double-bit) ECC error in GPU memory; applications on the GPU got bad data or were "
         "stopped.",
         "Drain the GPU, reset it (nvidia-smi -r) to retire the page / remap the row; replace it if DBEs recur."},
        {"nvrm.xid.61", "gpu.xid", S::Error, "Internal micro-controller warning (Xid 61)",
         "The GPU's internal micro-controller (PMU) hit a breakpoint or warning; the GPU may stop responding.",
         "Reset the GPU; update the driver; collect nvidia-bug-report.sh if it recurs."},
        {"nvrm.xid.62", "gpu.xid", S::Critical, "Internal micro-controller halt (Xid 62)",
         "The GPU's internal micro-controller halted; the GPU no longer works until reset.",
         "Drain the node's GPU, reset it or reboot; collect nvidia-bug-report.sh; RMA if it recurs."},
        {"nvrm.xid.63", "gpu.ecc", S::Warning, "ECC page retirement / row remapping recorded (Xid 63)",
         "The driver recorded a memory page retirement or a row remapping after ECC errors; it takes effect at the "
         "next GPU reset.",
         "Schedule a GPU reset when idle; watch retired pages / remapped rows (nvidia-smi -q -d ROW_REMAPPER)."},
        {"nvrm.xid.64", "gpu.ecc", S::Error, "ECC page retirement / row remapping failed (Xid 64)",
         "The driver could not record a page retirement or row remapping: the bad memory stays in use.",
         "Drain and reset the GPU; if row remapping failed or is exhausted, replace the GPU."},
        {"nvrm.xid.68", "gpu.xid", S::Warning, "Video decoder exception (Xid 68)",
         "The NVDEC video decoder raised an exception, usually because of bad input or an application bug.",
         "Check the decoding application and its input; reset the GPU only if it repeats."},
        {"nvrm.xid.69", "gpu.xid", S::Error, "Graphics engine class error (Xid 69)",
         "The graphics engine received an invalid class or method, a driver or hardware fault.",
         "Reset the GPU; update the driver; run dcgmi diag if it repeats."},
        {"nvrm.xid.74", "gpu.nvlink", S::Error, "NVLink error (Xid 74)",
         "An NVLink link reported an error; collectives between GPUs may fail or fall back to PCIe.",
         "Check nvidia-smi nvlink -e counters; reset the GPUs on the link; reseat or service the board if it "
         "recurs."},
        {"nvrm.xid.79", "gpu.lost", S::Critical, "GPU has fallen off the bus (Xid 79)",
         "The GPU stopped answering on PCIe: every job on it has failed and it is invisible until reboot.",
         "Drain the node, check power, cooling and PCIe seating, reboot; replace the GPU if it falls off again."},
        {"nvrm.xid.92", "gpu.ecc", S::Warning, "High single-bit ECC error rate (Xid 92)",
         "The GPU corrects single-bit ECC errors at a high rate: memory is degrading.",
         "Watch volatile ECC counters; schedule diagnostics and a reset; plan a replacement if the rate grows."},
        {"nvrm.xid.94", "gpu.ecc", S::Error, "Contained ECC error (Xid 94)",
         "An uncorrectable ECC error was contained: only the applications using that memory were stopped.",
         "Restart the affected jobs; reset the GPU when idle so the row is remapped."},
        {"nvrm.xid.95", "gpu.ecc", S::Critical, "Uncontained ECC error (Xid 95)",
         "An uncorrectable ECC error could not be contained: every application on the GPU is affected.",
         "Drain the GPU and reset it now; replace it if uncontained errors recur."},
        {"nvrm.xid.119", "gpu.gsp", S::Error, "GSP RPC timeout (Xid 119)",
         "The driver timed out waiting for the GPU System Processor (GSP); the GPU may hang.",
         "Reset the GPU or reboot; update the driver; if it recurs, try the driver with GSP firmware disabled."},
        {"nvrm.xid.120", "gpu.gsp", S::Error, "GSP error (Xid 120)", "The GPU System Processor reported an error.",
         "Reset the GPU; collect nvidia-bug-report.sh; update the driver."},
        {"nvrm.xid", "gpu.xid", S::Warning, "NVIDIA driver error (Xid)",
         "The NVIDIA driver reported an Xid this library has no entry for.",
         "Look the code up in NVIDIA's Xid catalogue; collect nvidia-bug-report.sh."},
        // NVSwitch.
        {"nvswitch.sxid.fatal", "nvswitch.sxid", S::Critical, "NVSwitch fatal error (SXid)",
         "An NVSwitch reported a fatal error: NVLink traffic through it stopped and jobs using it fail.",
         "Drain the node, reset the fabric (reboot or nvidia-smi -r with Fabric Manager restart); collect "
         "nvidia-bug-report.sh."},
        {"nvswitch.sxid", "nvswitch.sxid", S::Warning, "NVSwitch error (SXid)",
         "An NVSwitch reported a non-fatal error on a port or link.",
         "Watch for repeats on the same link; check Fabric Manager logs."},
        // Other GPU health.
        {"gpu.row_remap_failure", "gpu.ecc", S::Critical, "Row remapping failure",
         "The GPU has no spare rows left to remap failing memory.",
         "Replace the GPU: it will keep producing uncorrectable errors."},
        {"gpu.ecc_uncorrectable", "gpu.ecc", S::Error, "Uncorrectable ECC error",
         "GPU memory reported an uncorrectable ECC error.",
         "Drain and reset the GPU; check remapped rows; replace it if errors recur."},
        {"gpu.fallen_off_bus", "gpu.lost", S::Critical, "GPU has fallen off the bus",
         "The GPU stopped answering on PCIe: every job on it has failed and it is invisible until reboot.",
         "Drain the node, check power, cooling and PCIe seating, reboot; replace the GPU if it falls off again."},
        {"gpu.thermal_slowdown", "gpu.thermal", S::Warning, "Thermal slowdown",
         "The GPU lowered its clocks because it is too hot; jobs run slower.",
         "Check airflow, fans and inlet temperature; lower the power limit until it cools."},
        // NCCL and CUDA.
        {"nccl.system_error", "nccl.error", S::Error, "NCCL unhandled system error",
         "NCCL failed on a system call or the network (often an InfiniBand/RoCE or shared-memory problem).",
         "Rerun with NCCL_DEBUG=INFO; check the NICs' links and /dev/shm size on the ranks' nodes."},
        {"nccl.timeout", "nccl.timeout", S::Error, "NCCL collective timeout",
         "A collective did not finish in time: a rank hung, died or lost its network.",
         "Find the slow or dead rank (its node's GPU and NIC events); restart the job from its checkpoint."},
        {"nccl.warn", "nccl.warn", S::Warning, "NCCL warning",
         "NCCL reported a problem; it may have fallen back to a slower path.",
         "Read the rest of the line; check NVLink and NIC events on the same node."},
        {"cuda.oom", "job.oom", S::Error, "CUDA out of memory", "A job asked for more GPU memory than is free.",
         "Lower the batch size or model shard, or ask for GPUs with more memory."},
        // Network.
        {"net.pfc_storm", "net.pfc", S::Error, "PFC pause storm",
         "A NIC or switch port is sending or receiving a storm of PFC pause frames: RoCE traffic stalls.",
         "Find the port that sends pauses (a stuck host); check ECN/PFC settings and the switch's storm guard."},
        {"net.link_down", "net.link", S::Error, "RoCE/InfiniBand link down",
         "A high-speed NIC port lost its link: collectives over it fail or slow down.",
         "Check the cable, the transceiver and the switch port; ibstat / ip link on the node."},
        // Host and schedulers.
        {"host.oom_killer", "host.oom", S::Error, "Kernel OOM killer",
         "The node ran out of memory and the kernel killed a process.",
         "Find the killed process in the line; limit host memory per job (cgroups, --mem) or add memory."},
        {"slurm.node_not_responding", "node.down", S::Error, "Slurm node not responding",
         "slurmctld lost contact with a node's slurmd; its jobs may be requeued.",
         "Check that the node is up, slurmd runs (systemctl status slurmd) and the network reaches it."},
        {"slurm.slurmd_error", "node.slurmd", S::Error, "slurmd failure",
         "slurmd reported an error or a fatal condition.",
         "Read slurmd's log on the node (journalctl -u slurmd); fix and restart slurmd."},
        {"k8s.kubelet_failure", "node.kubelet", S::Error, "kubelet failure",
         "kubelet reported a failure (node not ready, PLEG unhealthy, eviction, device plugin).",
         "Read kubelet's log (journalctl -u kubelet); check the NVIDIA device plugin and container runtime."},
    };
}

} // namespace sn::logs
