#pragma once
// Log lines shaped like the real ones the simulated hardware and software would write, so that
// the log engine's parsers and signatures see what they will see on a real cluster.

#include <string>

namespace sn::sim {

// "00000000:18:00.0" -> "0000:18:00", the form NVRM prints.
std::string nvrmPciAddress(const std::string &pciBusId);

std::string xidLine(const std::string &pciBusId, int xid, int pid, const std::string &process,
                    const std::string &detail);
std::string xid79Line(const std::string &pciBusId, int pid, const std::string &process);
std::string xid48Line(const std::string &pciBusId, int pid, const std::string &process);
std::string xid92Line(const std::string &pciBusId, int pid, const std::string &process); // high SBE rate
std::string xid74Line(const std::string &pciBusId, int pid, const std::string &process, int link);
std::string thermalSlowdownLine(int gpu, const std::string &pciBusId, double temperatureC, double slowdownC);
std::string ncclInitLine(const std::string &node, int pid, int localRank, int rank, int nranks,
                         const std::string &pciBusId);
std::string ncclWarnNvlinkLine(const std::string &node, int pid, int localRank);
std::string ncclWarnNetLine(const std::string &node, int pid, int localRank, const std::string &nic);
std::string trainingStepLine(long step, double loss, double tokensPerS);
std::string slurmdLaunchLine(const std::string &jobId, int uid);
std::string slurmdDoneLine(const std::string &jobId, int exitCode);
std::string slurmctldNotRespondingLine(const std::string &node);
std::string mlx5LinkLine(const std::string &nic, int portBus, bool up);
std::string cudaErrorLine(const std::string &what);

} // namespace sn::sim
