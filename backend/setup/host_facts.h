#pragma once
// Parsers for the host tools the setup wizard's discovery runs on each node: lscpu -J, free -b,
// lsblk -J -b, df -B1, nvidia-smi --version (and the CUDA version in its default table), lsmod,
// ldconfig -p, timedatectl show. Each error names the command and the line (or JSON element)
// that could not be read: an inventory is never built from misread output.

#include "backend/model/result.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace sn::setup {

struct CpuInfo {
    std::string model; // "Intel(R) Xeon(R) Platinum 8380 CPU @ 2.30GHz"
    int sockets = 0;
    int coresPerSocket = 0;
    int threads = 0; // "CPU(s)": logical CPUs
    int cores() const { return sockets * coresPerSocket; }
};
Result<CpuInfo> parseLscpuJson(std::string_view json, const std::string &source = "lscpu -J");

// The "Mem:" total of `free -b`, in bytes.
Result<std::int64_t> parseFreeBytes(std::string_view text, const std::string &source = "free -b");

struct BlockDevice {
    std::string name; // "nvme0n1"
    std::string type; // "disk", "part", "rom", ...
    std::int64_t sizeBytes = 0;
    bool rotational = false;
    std::string mountpoint; // empty: not mounted
};
// Disks and their partitions, flattened (children after their parent).
Result<std::vector<BlockDevice>> parseLsblkJson(std::string_view json, const std::string &source = "lsblk -J -b");

// `df -B1 --output=avail PATH`: the bytes available on PATH's filesystem.
Result<std::int64_t> parseDfAvailable(std::string_view text, const std::string &source = "df -B1 --output=avail");

struct DriverVersions {
    std::string driver; // "590.48.01"
    std::string cuda;   // "13.1": the newest CUDA this driver runs
};
// `nvidia-smi --version` (drivers since R535): "DRIVER version : 590.48.01", "CUDA Version : 13.1".
Result<DriverVersions> parseNvidiaSmiVersion(std::string_view text, const std::string &source = "nvidia-smi --version");
// The header of plain `nvidia-smi`: "| NVIDIA-SMI 590.48.01   Driver Version: 590.48.01   CUDA Version: 13.1 |".
Result<DriverVersions> parseNvidiaSmiTableHeader(std::string_view text, const std::string &source = "nvidia-smi");

// Module names of `lsmod` (the first column after the header).
Result<std::set<std::string>> parseLsmod(std::string_view text, const std::string &source = "lsmod");

// The NCCL library `ldconfig -p` lists ("libnccl.so.2 (libc6,x86-64) => /usr/lib/.../libnccl.so.2"):
// its path, or nullopt when NCCL is not installed.
Result<std::optional<std::string>> parseLdconfigNccl(std::string_view text, const std::string &source = "ldconfig -p");

// `timedatectl show -p NTPSynchronized --value` or the full `timedatectl show`: whether the
// system clock is synchronised.
Result<bool> parseTimedatectlSynchronized(std::string_view text, const std::string &source = "timedatectl show");

// "590.48.01" < "1000.1": compares dot-separated numbers; nullopt when either is not one.
std::optional<int> compareVersions(std::string_view a, std::string_view b);

} // namespace sn::setup
