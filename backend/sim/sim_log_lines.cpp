#include "backend/sim/sim_log_lines.h"

#include <cctype>
#include <cstdio>

namespace sn::sim {

namespace {
template <typename... Args> std::string format(const char *fmt, Args... args)
{
    char buf[512];
    std::snprintf(buf, sizeof buf, fmt, args...);
    return buf;
}
} // namespace

std::string nvrmPciAddress(const std::string &pciBusId)
{
    // nvidia-smi: 00000000:18:00.0 ; NVRM: 0000:18:00
    std::string s = pciBusId.size() > 4 ? pciBusId.substr(4) : pciBusId;
    if (const auto dot = s.rfind('.'); dot != std::string::npos)
        s.resize(dot);
    for (char &c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string xidLine(const std::string &pciBusId, int xid, int pid, const std::string &process,
                    const std::string &detail)
{
    return format("NVRM: Xid (PCI:%s): %d, pid=%d, name=%s, %s", nvrmPciAddress(pciBusId).c_str(), xid, pid,
                  process.c_str(), detail.c_str());
}

std::string xid79Line(const std::string &pciBusId, int pid, const std::string &process)
{
    return xidLine(pciBusId, 79, pid, process, "GPU has fallen off the bus.");
}

std::string xid48Line(const std::string &pciBusId, int pid, const std::string &process)
{
    return xidLine(pciBusId, 48, pid, process,
                   "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at "
                   "partition 0, subpartition 0.");
}

std::string xid92Line(const std::string &pciBusId, int pid, const std::string &process)
{
    return xidLine(pciBusId, 92, pid, process, "High single-bit ECC error rate");
}

std::string xid74Line(const std::string &pciBusId, int pid, const std::string &process, int link)
{
    return xidLine(pciBusId, 74, pid, process,
                   format("NVLink: fatal error detected on link %d(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)", link));
}

std::string thermalSlowdownLine(int gpu, const std::string &pciBusId, double temperatureC, double slowdownC)
{
    return format("dcgm: GPU %d (%s) clocks throttled by HW thermal slowdown: temperature %.0f C is above the "
                  "slowdown threshold %.0f C",
                  gpu, pciBusId.c_str(), temperatureC, slowdownC);
}

std::string ncclInitLine(const std::string &node, int pid, int localRank, int rank, int nranks,
                         const std::string &pciBusId)
{
    return format("%s:%d:%d [%d] NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d busId %s - Init COMPLETE",
                  node.c_str(), pid, pid, localRank, 0x55d0c0 + pid, rank, nranks, localRank,
                  nvrmPciAddress(pciBusId).c_str());
}

std::string ncclWarnNvlinkLine(const std::string &node, int pid, int localRank)
{
    return format("%s:%d:%d [%d] NCCL WARN Cuda failure 'an illegal memory access was encountered' after NVLink "
                  "error; falling back to P2P over PCIe",
                  node.c_str(), pid, pid, localRank);
}

std::string ncclWarnNetLine(const std::string &node, int pid, int localRank, const std::string &nic)
{
    return format("%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer with error 12, opcode 0, len 0, "
                  "vendor err 129 (%s)",
                  node.c_str(), pid, pid, localRank, nic.c_str());
}

std::string trainingStepLine(long step, double loss, double tokensPerS)
{
    return format("step %ld | loss %.4f | lr 3.00e-04 | tokens/s %.0f", step, loss, tokensPerS);
}

std::string slurmdLaunchLine(const std::string &jobId, int uid)
{
    return format("slurmd: Launching batch job %s for UID %d", jobId.c_str(), uid);
}

std::string slurmdDoneLine(const std::string &jobId, int exitCode)
{
    return format("slurmd: job %s completed with slurm_rc = 0, job_rc = %d", jobId.c_str(), exitCode);
}

std::string slurmctldNotRespondingLine(const std::string &node)
{
    return format("slurmctld: error: Nodes %s not responding", node.c_str());
}

std::string mlx5LinkLine(const std::string &nic, int portBus, bool up)
{
    return format("mlx5_core 0000:%02x:00.0 %s: Link %s", portBus, nic.c_str(), up ? "up" : "down");
}

std::string cudaErrorLine(const std::string &what)
{
    return "RuntimeError: CUDA error: " + what;
}

} // namespace sn::sim
