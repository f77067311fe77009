#include "backend/logs/signature_library.h"

#include "backend/logs/token_mask.h"

#include <algorithm>
#include <cctype>

namespace sn::logs {

std::vector<Signature> builtInSignatures(); // signature_catalogue.cpp

namespace {

bool has(std::string_view line, std::string_view s)
{
    return line.find(s) != std::string_view::npos;
}

// Case-insensitive find; `lowerNeedle` is already lower case.
bool hasNoCase(std::string_view line, std::string_view lowerNeedle)
{
    if (lowerNeedle.size() > line.size())
        return false;
    // ASCII folding inline: std::tolower is a locale-aware call per byte, and this runs over
    // every line about 20 times (it was two thirds of the engine's per-line cost).
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c; };
    const char first = lowerNeedle.front();
    const char firstUpper = first >= 'a' && first <= 'z' ? static_cast<char>(first - ('a' - 'A')) : first;
    const std::size_t last = line.size() - lowerNeedle.size();
    for (std::size_t i = 0; i <= last; ++i) {
        if (line[i] != first && line[i] != firstUpper)
            continue;
        std::size_t k = 1;
        while (k < lowerNeedle.size() && lower(line[i + k]) == lowerNeedle[k])
            ++k;
        if (k == lowerNeedle.size())
            return true;
    }
    return false;
}

int parseInt(std::string_view s, std::size_t pos)
{
    while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\''))
        ++pos;
    long v = 0;
    std::size_t digits = 0;
    while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])) && digits < 9) {
        v = v * 10 + (s[pos++] - '0');
        ++digits;
    }
    return digits ? static_cast<int>(v) : -1;
}

// "(PCI:0000:18:00): 79, pid=1234, name=python, ..." starting at the '('.
void parseNvrmTail(std::string_view line, std::size_t open, SignatureMatch &m)
{
    const std::size_t close = line.find(')', open);
    if (close == std::string_view::npos)
        return;
    std::string_view addr = line.substr(open + 1, close - open - 1);
    if (addr.starts_with("PCI:"))
        addr.remove_prefix(4);
    m.pciAddress = std::string(addr);
    if (close + 1 < line.size() && line[close + 1] == ':')
        m.code = parseInt(line, close + 2);
    if (const std::size_t p = line.find("pid=", close); p != std::string_view::npos)
        m.pid = parseInt(line, p + 4);
    if (const std::size_t n = line.find("name=", close); n != std::string_view::npos) {
        const std::size_t end = line.find(',', n);
        std::string_view name = line.substr(n + 5, end == std::string_view::npos ? end : end - n - 5);
        if (name != "<unknown>")
            m.process = std::string(name);
    }
}

std::string firstPciToken(std::string_view line)
{
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ')
            ++i;
        std::size_t j = line.find(' ', i);
        if (j == std::string_view::npos)
            j = line.size();
        const std::string_view t = line.substr(i, j - i);
        if (!t.empty() && tokenShape(t) == TokenShape::PciId) {
            std::string_view a = t;
            while (!a.empty() && (a.back() == ':' || a.back() == ')' || a.back() == ','))
                a.remove_suffix(1);
            while (!a.empty() && a.front() == '(')
                a.remove_prefix(1);
            if (a.starts_with("PCI:"))
                a.remove_prefix(4);
            return std::string(a);
        }
        i = j;
    }
    return {};
}

// The first token starting with `prefix` ("mlx5_", "nvidia-nvswitch"), without trailing ':'.
std::string deviceNamed(std::string_view line, std::string_view prefix)
{
    std::size_t p = 0;
    while ((p = line.find(prefix, p)) != std::string_view::npos) {
        if (p == 0 || line[p - 1] == ' ') {
            std::size_t e = p;
            while (e < line.size() && line[e] != ' ' && line[e] != ':' && line[e] != ',' && line[e] != ')')
                ++e;
            if (line.substr(p, e - p) != "mlx5_core")
                return std::string(line.substr(p, e - p));
        }
        p += prefix.size();
    }
    return {};
}

} // namespace

std::string signatureEventMessage(const Signature &signature, const std::string &node, int gpu)
{
    return signature.title + (node.empty() ? "" : " on " + node) + (gpu >= 0 ? " GPU " + std::to_string(gpu) : "") +
           ": " + signature.meaning + " " + signature.action;
}

SignatureLibrary::SignatureLibrary() : m_signatures(builtInSignatures()) {}

const SignatureLibrary &SignatureLibrary::builtIn()
{
    static const SignatureLibrary library;
    return library;
}

const Signature *SignatureLibrary::find(std::string_view id) const
{
    for (const Signature &s : m_signatures)
        if (s.id == id)
            return &s;
    return nullptr;
}

std::optional<SignatureMatch> SignatureLibrary::match(std::string_view line) const
{
    if (auto m = matchXid(line))
        return m;
    if (auto m = matchSxid(line))
        return m;
    return matchOther(line);
}

std::optional<SignatureMatch> SignatureLibrary::matchXid(std::string_view line) const
{
    // NVRM: Xid (PCI:0000:18:00): 79, pid=1234, name=python, GPU has fallen off the bus.
    // Older drivers: NVRM: Xid (0000:03:00): 13, ...
    const std::size_t at = line.find("NVRM: Xid");
    if (at == std::string_view::npos)
        return std::nullopt;
    const std::size_t open = line.find('(', at);
    if (open == std::string_view::npos || open > at + 12)
        return std::nullopt;
    SignatureMatch m;
    parseNvrmTail(line, open, m);
    if (m.code < 0)
        return std::nullopt;
    m.signature = find("nvrm.xid." + std::to_string(m.code));
    if (!m.signature)
        m.signature = find("nvrm.xid");
    return m;
}

std::optional<SignatureMatch> SignatureLibrary::matchSxid(std::string_view line) const
{
    // nvidia-nvswitch3: SXid (PCI:0000:c1:00.0): 12028, Non-fatal, Link 28 egress non-posted PRIV error ...
    const std::size_t at = line.find("SXid (");
    if (at == std::string_view::npos)
        return std::nullopt;
    SignatureMatch m;
    parseNvrmTail(line, at + 5, m);
    if (m.code < 0)
        return std::nullopt;
    const bool nonFatal = hasNoCase(line, "non-fatal");
    const bool fatal = !nonFatal && hasNoCase(line, "fatal");
    m.signature = find(fatal ? "nvswitch.sxid.fatal" : "nvswitch.sxid");
    m.device = deviceNamed(line, "nvidia-nvswitch");
    return m;
}

std::optional<SignatureMatch> SignatureLibrary::matchOther(std::string_view line) const
{
    const char *id = nullptr;
    std::string device;
    std::string process;
    int pid = -1;
    if (hasNoCase(line, "row remapping failure") || hasNoCase(line, "row remapper failure"))
        id = "gpu.row_remap_failure";
    else if (has(line, "fallen off the bus"))
        id = "gpu.fallen_off_bus";
    else if (hasNoCase(line, "uncorrectable ecc") || hasNoCase(line, "double bit ecc") ||
             hasNoCase(line, "double-bit ecc"))
        id = "gpu.ecc_uncorrectable";
    else if (hasNoCase(line, "thermal slowdown") || hasNoCase(line, "thermal throttl") ||
             (hasNoCase(line, "throttled") && hasNoCase(line, "thermal")))
        id = "gpu.thermal_slowdown";
    else if (hasNoCase(line, "unhandled system error"))
        id = "nccl.system_error";
    else if (has(line, "Watchdog caught collective operation timeout") ||
             (has(line, "NCCL") && (hasNoCase(line, "timeout") || hasNoCase(line, "timed out"))))
        id = "nccl.timeout";
    else if (has(line, "NCCL WARN"))
        id = "nccl.warn";
    else if ((hasNoCase(line, "cuda") && hasNoCase(line, "out of memory")) || has(line, "cudaErrorMemoryAllocation"))
        id = "cuda.oom";
    else if (hasNoCase(line, "pfc storm") || hasNoCase(line, "pause storm") || hasNoCase(line, "pause_storm"))
        id = "net.pfc_storm";
    else if (hasNoCase(line, "link down") || hasNoCase(line, "lost carrier") ||
             hasNoCase(line, "port state changed to down") || hasNoCase(line, "state: down"))
        id = "net.link_down";
    else if (has(line, "invoked oom-killer") || has(line, "Out of memory: Killed process") || has(line, "oom-kill:"))
        id = "host.oom_killer";
    else if (has(line, "slurmctld") && has(line, "not responding"))
        id = "slurm.node_not_responding";
    else if (has(line, "slurmd") && (hasNoCase(line, "error:") || hasNoCase(line, "fatal:")))
        id = "slurm.slurmd_error";
    else if (has(line, "kubelet") &&
             (hasNoCase(line, "failed") || hasNoCase(line, "error") || hasNoCase(line, "notready") ||
              hasNoCase(line, "not ready") || hasNoCase(line, "pleg is not healthy")))
        id = "k8s.kubelet_failure";
    if (!id)
        return std::nullopt;
    SignatureMatch m;
    m.signature = find(id);
    m.pciAddress = firstPciToken(line);
    if (std::string_view(id).starts_with("net.")) {
        device = deviceNamed(line, "mlx5_");
        if (device.empty())
            device = deviceNamed(line, "ib");
    }
    if (std::string_view(id) == "host.oom_killer") {
        // "Out of memory: Killed process 4242 (python) total-vm:..."
        if (const std::size_t k = line.find("Killed process "); k != std::string_view::npos) {
            pid = parseInt(line, k + 15);
            const std::size_t open = line.find('(', k), close = line.find(')', k);
            if (open != std::string_view::npos && close != std::string_view::npos && close > open)
                process = std::string(line.substr(open + 1, close - open - 1));
        }
    }
    m.device = device;
    m.pid = pid;
    m.process = process;
    return m;
}

} // namespace sn::logs
