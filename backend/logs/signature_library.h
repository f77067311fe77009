#pragma once
// The failures that matter on GPU clusters, recognized in raw log lines: NVRM Xid and
// NVSwitch SXid codes, ECC and row remapping, a GPU fallen off the bus, thermal slowdown,
// NCCL warnings and timeouts, CUDA out of memory, RoCE/InfiniBand links going down, PFC
// storms, the kernel's OOM killer, slurmd and kubelet failures. Each signature carries a
// severity, what it means and what to do, written for the operator who reads the event.
//
// Matching is a few substring tests per line plus a small parser for the lines that carry
// numbers (Xid code, PCI address, pid, process name), so it runs on every line of an intake.
// Xid meanings follow NVIDIA's "Xid Errors" catalogue (docs.nvidia.com/deploy/xid-errors).

#include "backend/model/event.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sn::logs {

struct Signature {
    std::string id;   // stable: "nvrm.xid.79", "nccl.timeout", "host.oom_killer", ...
    std::string kind; // the Event kind it raises: "gpu.xid", "gpu.ecc", "net.link", ...
    Severity severity = Severity::Warning;
    std::string title;   // a few words: "GPU has fallen off the bus"
    std::string meaning; // what happened, in one or two sentences
    std::string action;  // what the operator should do
};

struct SignatureMatch {
    const Signature *signature = nullptr;
    int code = -1;          // the Xid or SXid number, -1 for other signatures
    std::string pciAddress; // "0000:18:00" as NVRM writes it; empty when the line has none
    int pid = -1;
    std::string process; // NVRM's name=..., empty when unknown
    std::string device;  // a NIC or NVSwitch name when the line has one ("mlx5_0", "nvidia-nvswitch3")
};

// The message of the event a signature raises, in the engine's English:
// "TITLE[ on NODE][ GPU N]: MEANING ACTION" (node empty, gpu < 0: left out).
std::string signatureEventMessage(const Signature &signature, const std::string &node, int gpu);

class SignatureLibrary {
public:
    // The built-in library (the list in docs/logs-and-anomalies.md).
    static const SignatureLibrary &builtIn();

    // The first signature the line shows, most specific first; nullopt for an ordinary line.
    std::optional<SignatureMatch> match(std::string_view line) const;

    const std::vector<Signature> &signatures() const { return m_signatures; }
    const Signature *find(std::string_view id) const;

private:
    SignatureLibrary();
    std::optional<SignatureMatch> matchXid(std::string_view line) const;
    std::optional<SignatureMatch> matchSxid(std::string_view line) const;
    std::optional<SignatureMatch> matchOther(std::string_view line) const;

    std::vector<Signature> m_signatures;
};

} // namespace sn::logs
