#include "backend/comms/rdma_tools.h"

#include "backend/comms/json_input.h"
#include "backend/comms/text_table.h"

#include <charconv>
#include <regex>

namespace sn::comms {

namespace {

Error at(const std::string &source, const TextLine &l, const std::string &what)
{
    const std::size_t i = l.text.find_first_not_of(" \t");
    return invalidArgument(where(source, l.number, i == std::string::npos ? 1 : static_cast<int>(i) + 1) + what +
                           " in " + excerpt(l.text));
}

bool parseNumber(const std::string &s, double &out)
{
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc() && p == s.data() + s.size();
}

// "key: value" with the key trimmed; false when the line has no colon.
bool keyValue(const std::string &line, std::string &key, std::string &value)
{
    const std::size_t c = line.find(':');
    if (c == std::string::npos)
        return false;
    key = trimmed(line.substr(0, c));
    value = trimmed(line.substr(c + 1));
    return !key.empty();
}

std::optional<LinkKind> linkLayerOf(const std::string &v)
{
    if (v == "InfiniBand")
        return LinkKind::InfiniBand;
    if (v == "Ethernet")
        return LinkKind::Roce;
    return std::nullopt;
}

} // namespace

Result<std::vector<RdmaPort>> parseIbstat(std::string_view text, const std::string &source)
{
    static const std::regex ca(R"(^CA '([^']+)'$)"), port(R"(^Port (\d+):$)");
    std::vector<RdmaPort> out;
    std::string device, caType;
    bool inPort = false;
    for (const TextLine &l : splitLines(text)) {
        if (isBlank(l.text))
            continue;
        const std::string t = trimmed(l.text);
        std::smatch m;
        std::string key, value;
        if (std::regex_match(t, m, ca)) {
            device = m[1];
            caType.clear();
            inPort = false;
        } else if (std::regex_match(t, m, port)) {
            if (device.empty())
                return at(source, l, "a port before any CA line");
            const auto number = smallNumber(m[1], 255); // IB port numbers are 8 bits
            if (!number)
                return at(source, l, "port number '" + m[1].str() + "' is not 0 to 255");
            RdmaPort p;
            p.device = device;
            p.port = *number;
            p.caType = caType;
            out.push_back(p);
            inPort = true;
        } else if (keyValue(t, key, value)) {
            if (device.empty())
                return at(source, l, "a field before any CA line");
            if (!inPort) {
                if (key == "CA type")
                    caType = value;
                continue; // firmware, GUIDs of the CA: not needed
            }
            RdmaPort &p = out.back();
            if (key == "State") {
                p.state = value;
                p.active = value == "Active";
            } else if (key == "Rate") {
                double r = 0;
                if (!parseNumber(value, r) || r <= 0)
                    return at(source, l, "Rate '" + value + "' is not a number of Gb/s");
                p.rateGbps = r;
            } else if (key == "Link layer") {
                p.linkLayer = linkLayerOf(value);
                if (!p.linkLayer)
                    return at(source, l, "link layer '" + value + "' is neither InfiniBand nor Ethernet");
            } else if (key == "Port GUID") {
                if (value.rfind("0x", 0) != 0)
                    return at(source, l, "Port GUID '" + value + "' is not 0x...");
                p.portGuid = value;
            }
        } else {
            return at(source, l, "not a 'CA', 'Port' or 'key: value' line");
        }
    }
    if (out.empty())
        return invalidArgument(source + ": no CA port in the output");
    for (const RdmaPort &p : out)
        if (p.state.empty() || !p.linkLayer)
            return invalidArgument(source + ": " + p.device + " port " + std::to_string(p.port) +
                                   " has no State or Link layer (truncated output?)");
    return out;
}

Result<std::vector<RdmaPort>> parseIbvDevinfo(std::string_view text, const std::string &source)
{
    static const std::regex gid(R"(^GID\[\s*(\d+)\]:\s*(\S+), RoCE v(\d)$)");
    static const std::regex v4mapped(
        R"(^(::ffff:\d+\.\d+\.\d+\.\d+|0000:0000:0000:0000:0000:ffff:[0-9a-f]{4}:[0-9a-f]{4})$)");
    std::vector<RdmaPort> out;
    std::string device;
    int width = 0;
    double laneGbps = 0;
    auto finishRate = [&] {
        if (!out.empty() && width > 0 && laneGbps > 0)
            out.back().rateGbps = width * laneGbps;
        width = 0;
        laneGbps = 0;
    };
    for (const TextLine &l : splitLines(text)) {
        if (isBlank(l.text))
            continue;
        const std::string t = trimmed(l.text);
        std::string key, value;
        std::smatch m;
        if (std::regex_match(t, m, gid)) {
            if (out.empty() || out.back().device != device)
                return at(source, l, "a GID before any port");
            if (m[3] == "2" && std::regex_match(m[2].str(), v4mapped) && out.back().roceV2Ipv4GidIndex < 0) {
                const auto index = smallNumber(m[1], 65535); // GID table indices are 16 bits
                if (!index)
                    return at(source, l, "GID index '" + m[1].str() + "' is not 0 to 65535");
                out.back().roceV2Ipv4GidIndex = *index;
            }
            continue;
        }
        if (!keyValue(t, key, value)) {
            if (t.rfind("No IB devices found", 0) == 0)
                return invalidArgument(source + ": no RDMA device on this node");
            return at(source, l, "not a 'key: value' line");
        }
        if (key == "hca_id") {
            finishRate();
            device = value;
        } else if (device.empty()) {
            return at(source, l, "a field before any hca_id line");
        } else if (key == "port") {
            finishRate();
            RdmaPort p;
            p.device = device;
            int n = 0;
            const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
            if (ec != std::errc() || ptr != value.data() + value.size() || n <= 0)
                return at(source, l, "port '" + value + "' is not a port number");
            p.port = n;
            out.push_back(p);
        } else if (!out.empty() && out.back().device == device) {
            RdmaPort &p = out.back();
            const std::string first = value.substr(0, value.find(' '));
            if (key == "state") {
                p.state = first;
                p.active = first == "PORT_ACTIVE";
            } else if (key == "link_layer") {
                p.linkLayer = linkLayerOf(value);
                if (!p.linkLayer)
                    return at(source, l, "link layer '" + value + "' is neither InfiniBand nor Ethernet");
            } else if (key == "active_width") {
                if (first.size() < 2 || first.back() != 'X' ||
                    !parseNumber(first.substr(0, first.size() - 1), laneGbps))
                    return at(source, l, "active_width '" + value + "' is not like 4X");
                width = static_cast<int>(laneGbps);
                laneGbps = 0;
            } else if (key == "active_speed") {
                double s = 0;
                if (value.find(" Gbps") == std::string::npos || !parseNumber(first, s) || s <= 0)
                    return at(source, l, "active_speed '" + value + "' is not like '100.0 Gbps (128)'");
                laneGbps = s;
            }
        }
    }
    finishRate();
    if (out.empty())
        return invalidArgument(source + ": no port in the output");
    for (const RdmaPort &p : out)
        if (p.state.empty() || !p.linkLayer)
            return invalidArgument(source + ": " + p.device + " port " + std::to_string(p.port) +
                                   " has no state or link_layer (truncated output?)");
    return out;
}

Result<std::vector<RdmaNetdev>> parseRdmaLinkJson(std::string_view json, const std::string &source)
{
    auto array = parseJsonArray(json, source);
    if (!array)
        return array.error();
    std::vector<RdmaNetdev> out;
    for (qsizetype i = 0; i < array->size(); ++i) {
        const JsonField f(*array, i, source);
        RdmaNetdev d;
        auto name = f.string("ifname");
        auto port = f.integer("port");
        if (!name)
            return name.error();
        if (!port)
            return port.error();
        d.device = *name;
        d.port = static_cast<int>(*port);
        d.netdev = f.optionalString("netdev");
        out.push_back(std::move(d));
    }
    return out;
}

} // namespace sn::comms
