#include "backend/comms/pci_address.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <vector>

namespace sn::comms {

namespace {

bool allHex(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isxdigit(c) != 0; });
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

bool parseInt(std::string_view s, int &out)
{
    if (s.empty())
        return false;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && out >= 0;
}

// The CPU numbers of "0-23,48-71", or false where the list is malformed.
bool expandCpuList(std::string_view list, std::vector<int> &cpus)
{
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        const std::string_view part = list.substr(0, comma);
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
        const std::size_t dash = part.find('-');
        int lo = 0, hi = 0;
        if (!parseInt(part.substr(0, dash), lo))
            return false;
        hi = lo;
        if (dash != std::string_view::npos && !parseInt(part.substr(dash + 1), hi))
            return false;
        if (hi < lo || hi > 65535)
            return false;
        for (int c = lo; c <= hi; ++c)
            cpus.push_back(c);
    }
    return true;
}

} // namespace

Result<std::string> normalizePciBusId(std::string_view busId)
{
    // domain:bus:device.function, the domain optional and 4 or 8 hex digits wide.
    const std::string id = lower(busId);
    const std::size_t dot = id.rfind('.');
    const std::size_t c2 = id.rfind(':');
    if (dot == std::string::npos || c2 == std::string::npos || c2 > dot)
        return invalidArgument("PCI bus id '" + id + "' is not domain:bus:device.function");
    const std::size_t c1 = c2 == 0 ? std::string::npos : id.rfind(':', c2 - 1);
    std::string domain = c1 == std::string::npos ? "0000" : id.substr(0, c1);
    const std::string bus =
        id.substr(c1 == std::string::npos ? 0 : c1 + 1, c2 - (c1 == std::string::npos ? 0 : c1 + 1));
    const std::string dev = id.substr(c2 + 1, dot - c2 - 1);
    const std::string fn = id.substr(dot + 1);
    if (!allHex(domain) || domain.size() > 8 || !allHex(bus) || bus.size() > 2 || !allHex(dev) || dev.size() > 2 ||
        fn.size() != 1 || fn[0] < '0' || fn[0] > '7')
        return invalidArgument("PCI bus id '" + id + "' is not domain:bus:device.function in hex");
    // nvidia-smi's 8-digit domain has leading zeros NCCL does not write; a wider domain cannot be.
    if (domain.size() > 4) {
        if (domain.find_first_not_of('0') < domain.size() - 4)
            return invalidArgument("PCI bus id '" + id + "' has a domain wider than 16 bits");
        domain = domain.substr(domain.size() - 4);
    }
    domain.insert(0, 4 - domain.size(), '0');
    const auto pad2 = [](std::string s) { return s.size() < 2 ? "0" + s : s; };
    return domain + ":" + pad2(bus) + ":" + pad2(dev) + "." + fn;
}

int highestCpu(std::string_view list)
{
    std::vector<int> cpus;
    if (!expandCpuList(list, cpus) || cpus.empty())
        return -1;
    return *std::max_element(cpus.begin(), cpus.end());
}

Result<std::string> cpuListToMask(std::string_view list, int words)
{
    std::vector<int> cpus;
    if (!expandCpuList(list, cpus) || cpus.empty())
        return invalidArgument("CPU list '" + std::string(list) + "' is not like 0-23,48-71");
    std::vector<std::uint32_t> bits(static_cast<std::size_t>(std::max(words, 1)), 0);
    for (int c : cpus) {
        const std::size_t w = static_cast<std::size_t>(c / 32);
        if (w >= bits.size())
            return invalidArgument("CPU " + std::to_string(c) + " of '" + std::string(list) + "' does not fit " +
                                   std::to_string(words) + " 32-bit mask words");
        bits[w] |= 1u << (c % 32);
    }
    std::string out;
    for (std::size_t i = bits.size(); i-- > 0;) {
        char word[9];
        std::snprintf(word, sizeof word, "%08x", bits[i]);
        out += word;
        if (i > 0)
            out += ',';
    }
    return out;
}

Result<std::string> cpuMaskToList(std::string_view mask)
{
    std::vector<std::uint32_t> words; // most significant first, as written
    std::string_view rest = mask;
    while (true) {
        const std::size_t comma = rest.find(',');
        const std::string_view w = rest.substr(0, comma);
        if (!allHex(w) || w.size() > 8)
            return invalidArgument("CPU mask '" + std::string(mask) + "' is not comma-separated 32-bit hex words");
        std::uint32_t v = 0;
        std::from_chars(w.data(), w.data() + w.size(), v, 16);
        words.push_back(v);
        if (comma == std::string_view::npos)
            break;
        rest = rest.substr(comma + 1);
    }
    std::string out;
    int runStart = -1;
    const int total = static_cast<int>(words.size()) * 32;
    for (int c = 0; c <= total; ++c) {
        const bool set = c < total && ((words[words.size() - 1 - static_cast<std::size_t>(c / 32)] >> (c % 32)) & 1u);
        if (set && runStart < 0)
            runStart = c;
        if (!set && runStart >= 0) {
            if (!out.empty())
                out += ',';
            out += std::to_string(runStart);
            if (c - 1 > runStart)
                out += "-" + std::to_string(c - 1);
            runStart = -1;
        }
    }
    return out;
}

std::string pcieLinkSpeedText(int generation)
{
    switch (generation) {
    case 1:
        return "2.5 GT/s";
    case 2:
        return "5 GT/s";
    case 3:
        return "8 GT/s";
    case 4:
        return "16 GT/s";
    case 5:
        return "32 GT/s";
    case 6:
        return "64.0 GT/s PCIe"; // the short form is not in every NCCL's table
    default:
        return "";
    }
}

int pcieGenerationFromLinkSpeed(std::string_view text)
{
    static constexpr std::pair<std::string_view, int> rates[] = {{"2.5", 1},  {"5", 2},  {"5.0", 2},  {"8", 3},
                                                                 {"8.0", 3},  {"16", 4}, {"16.0", 4}, {"32", 5},
                                                                 {"32.0", 5}, {"64", 6}, {"64.0", 6}};
    const std::size_t space = text.find(' ');
    if (space == std::string_view::npos || text.substr(space).rfind(" GT/s", 0) != 0)
        return 0;
    for (const auto &[rate, gen] : rates)
        if (text.substr(0, space) == rate)
            return gen;
    return 0;
}

} // namespace sn::comms
