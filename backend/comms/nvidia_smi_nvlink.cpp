#include "backend/comms/nvidia_smi_nvlink.h"

#include "backend/comms/pci_address.h"
#include "backend/comms/text_table.h"

#include <charconv>
#include <optional>
#include <regex>

namespace sn::comms {

namespace {

// "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)"
const std::regex kGpuHeader(R"(^GPU (\d+): (.+) \(UUID: ([^)]+)\)$)");

Error at(const std::string &source, const TextLine &l, int column, const std::string &what)
{
    return invalidArgument(where(source, l.number, column) + what + " in " + excerpt(l.text));
}

constexpr int kMaxGpu = 1023;
constexpr int kMaxLink = 63;

int firstNonBlank(const std::string &s)
{
    const std::size_t i = s.find_first_not_of(" \t");
    return i == std::string::npos ? 1 : static_cast<int>(i) + 1;
}

template <typename Gpu>
Result<std::vector<Gpu>> parseBlocks(std::string_view text, const std::string &source,
                                     Error (*onLink)(Gpu &, const std::smatch &, const TextLine &, const std::string &),
                                     const std::regex &linkLine)
{
    std::vector<Gpu> out;
    for (const TextLine &l : splitLines(text)) {
        if (isBlank(l.text))
            continue;
        const std::string t = trimmed(l.text);
        std::smatch m;
        if (std::regex_match(t, m, kGpuHeader)) {
            Gpu g;
            const auto gpu = smallNumber(m[1], kMaxGpu);
            if (!gpu)
                return at(source, l, static_cast<int>(l.text.find(m[1].str())) + 1,
                          "GPU number '" + m[1].str() + "' is not 0 to " + std::to_string(kMaxGpu));
            g.gpu = *gpu;
            g.model = m[2];
            g.uuid = m[3];
            out.push_back(std::move(g));
        } else if (!out.empty() && t == "Device does not have or support Nvlink") {
            continue; // a PCIe-only GPU (L40S): listed, with no links
        } else if (std::regex_match(t, m, linkLine)) {
            if (out.empty())
                return at(source, l, firstNonBlank(l.text), "a link before any 'GPU n:' line");
            if (Error e = onLink(out.back(), m, l, source); !e.message.empty())
                return e;
        } else {
            return at(source, l, firstNonBlank(l.text), "neither a 'GPU n: NAME (UUID: ...)' nor a link line");
        }
    }
    // Nothing at all is what driver 580 printed, exit 0, for a GPU with no NVLink (a real H200
    // alone in a VM, tests/data/nvidia-h200): no GPU has links, which is no error.
    return out;
}

Error statusLink(NvlinkGpuStatus &g, const std::smatch &m, const TextLine &l, const std::string &source)
{
    const auto link = smallNumber(m[1], kMaxLink);
    if (!link)
        return at(source, l, static_cast<int>(l.text.find(m[1].str())) + 1,
                  "link number '" + m[1].str() + "' is not 0 to " + std::to_string(kMaxLink));
    NvlinkLinkState s{*link};
    const std::string v = m[2];
    if (v == "<inactive>") {
        s.active = false;
    } else {
        const std::size_t unit = v.find(" GB/s");
        double gbps = 0;
        const auto [p, ec] = std::from_chars(v.data(), v.data() + (unit == std::string::npos ? 0 : unit), gbps);
        if (unit == std::string::npos || ec != std::errc() || p != v.data() + unit || unit + 5 != v.size() || gbps <= 0)
            return at(source, l, static_cast<int>(l.text.find(v)) + 1,
                      "link speed '" + v + "' is not 'N GB/s' or <inactive>");
        s.active = true;
        s.gbps = gbps;
    }
    g.links.push_back(s);
    return {};
}

Error capabilityLink(NvlinkGpuCapabilities &g, const std::smatch &m, const TextLine &l, const std::string &source)
{
    const std::string v = m[3];
    if (v != "true" && v != "false")
        return at(source, l, static_cast<int>(l.text.rfind(v)) + 1, "capability value '" + v + "' is not true/false");
    const auto link = smallNumber(m[1], kMaxLink);
    if (!link)
        return at(source, l, static_cast<int>(l.text.find(m[1].str())) + 1,
                  "link number '" + m[1].str() + "' is not 0 to " + std::to_string(kMaxLink));
    g.links[*link][m[2]] = v == "true";
    return {};
}

} // namespace

int NvlinkGpuStatus::activeLinks() const
{
    int n = 0;
    for (const NvlinkLinkState &l : links)
        n += l.active;
    return n;
}

double NvlinkGpuStatus::activeGBps() const
{
    double s = 0;
    for (const NvlinkLinkState &l : links)
        s += l.gbps;
    return s;
}

bool NvlinkGpuCapabilities::p2pOnEveryLink() const
{
    for (const auto &[link, caps] : links) {
        const auto it = caps.find("P2P is supported");
        if (it == caps.end() || !it->second)
            return false;
    }
    return !links.empty();
}

Result<std::vector<NvlinkGpuStatus>> parseNvidiaSmiNvlinkStatus(std::string_view text, const std::string &source)
{
    static const std::regex link(R"(^Link (\d+): (.*)$)");
    return parseBlocks<NvlinkGpuStatus>(text, source, statusLink, link);
}

Result<std::vector<NvlinkGpuCapabilities>> parseNvidiaSmiNvlinkCapabilities(std::string_view text,
                                                                            const std::string &source)
{
    static const std::regex link(R"(^Link (\d+), ([^:]+): (.*)$)");
    return parseBlocks<NvlinkGpuCapabilities>(text, source, capabilityLink, link);
}

Result<std::vector<GpuListEntry>> parseNvidiaSmiGpuList(std::string_view csv, const std::string &source)
{
    std::vector<GpuListEntry> out;
    for (const TextLine &l : splitLines(csv)) {
        if (isBlank(l.text))
            continue;
        std::vector<std::string> cells;
        std::vector<int> columns;
        std::size_t start = 0;
        while (true) {
            const std::size_t comma = l.text.find(',', start);
            cells.push_back(trimmed(l.text.substr(start, comma - start)));
            columns.push_back(static_cast<int>(start) + 1);
            if (comma == std::string::npos)
                break;
            start = comma + 1;
        }
        if (cells.size() != 3)
            return at(source, l, 1, std::to_string(cells.size()) + " fields where index, pci.bus_id, name are 3");
        GpuListEntry e;
        const auto [p, ec] = std::from_chars(cells[0].data(), cells[0].data() + cells[0].size(), e.index);
        if (ec != std::errc() || p != cells[0].data() + cells[0].size() || e.index < 0)
            return at(source, l, columns[0], "index '" + cells[0] + "' is not a number");
        auto bus = normalizePciBusId(cells[1]);
        if (!bus)
            return at(source, l, columns[1], bus.error().message);
        e.pciBusId = *bus;
        if (cells[2].empty() || cells[2].front() == '[')
            return at(source, l, columns[2], "name '" + cells[2] + "' is not a GPU model");
        e.model = cells[2];
        out.push_back(std::move(e));
    }
    if (out.empty())
        return invalidArgument(source + ": no GPU in the output");
    return out;
}

} // namespace sn::comms
