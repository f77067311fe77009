#include "backend/model/gpu_interconnect.h"

#include "backend/model/json_document.h"

#include <QJsonArray>

#include <algorithm>
#include <array>
#include <cmath>

namespace sn {

namespace {

constexpr std::array kRemoteKinds{NvlinkRemoteKind::Unknown, NvlinkRemoteKind::Gpu, NvlinkRemoteKind::Switch,
                                  NvlinkRemoteKind::Cpu};
constexpr std::array kPcieLevels{PcieLevel::Unknown,    PcieLevel::Internal, PcieLevel::Single, PcieLevel::Multiple,
                                 PcieLevel::HostBridge, PcieLevel::Node,     PcieLevel::System};

class Reader {
public:
    explicit Reader(std::string source) : m_source(std::move(source)) {}

    Error error(const std::string &where, const std::string &what) const
    {
        return invalidArgument(m_source + ": " + where + ": " + what);
    }

    Result<int> integer(const QJsonObject &o, const char *key, const std::string &where, int min, int max) const
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isDouble())
            return error(where + "." + key, v.isUndefined() ? "missing" : "not a number");
        const double d = v.toDouble();
        // The range first: converting a double beyond long long (1e25) is undefined behaviour.
        if (!(d >= min && d <= max) || d != std::floor(d))
            return error(where + "." + key,
                         "wants a whole number " + std::to_string(min) + " to " + std::to_string(max));
        return static_cast<int>(d);
    }

    Result<std::string> text(const QJsonObject &o, const char *key, const std::string &where, bool required) const
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined() && !required)
            return std::string();
        if (!v.isString())
            return error(where + "." + key, v.isUndefined() ? "missing" : "not a string");
        return v.toString().toStdString();
    }

private:
    std::string m_source;
};

template <typename Enum, std::size_t N>
Result<Enum> enumByName(const std::array<Enum, N> &values, const char *(*name)(Enum), const std::string &got,
                        const Reader &r, const std::string &where)
{
    std::string known;
    for (Enum e : values) {
        if (got == name(e))
            return e;
        known += (known.empty() ? "" : ", ") + std::string(name(e));
    }
    return r.error(where, "'" + got + "' is not one of " + known);
}

} // namespace

const char *nvlinkRemoteKindName(NvlinkRemoteKind kind)
{
    switch (kind) {
    case NvlinkRemoteKind::Gpu:
        return "gpu";
    case NvlinkRemoteKind::Switch:
        return "switch";
    case NvlinkRemoteKind::Cpu:
        return "cpu";
    case NvlinkRemoteKind::Unknown:
        break;
    }
    return "unknown";
}

const char *pcieLevelName(PcieLevel level)
{
    switch (level) {
    case PcieLevel::Internal:
        return "internal";
    case PcieLevel::Single:
        return "single";
    case PcieLevel::Multiple:
        return "multiple";
    case PcieLevel::HostBridge:
        return "host_bridge";
    case PcieLevel::Node:
        return "node";
    case PcieLevel::System:
        return "system";
    case PcieLevel::Unknown:
        break;
    }
    return "unknown";
}

int InterconnectGpu::activeLinks() const
{
    return static_cast<int>(
        std::count_if(links.begin(), links.end(), [](const NvlinkEndpoint &l) { return l.active; }));
}

QJsonObject gpuInterconnectToJson(const GpuInterconnect &ic)
{
    QJsonArray gpus;
    for (const InterconnectGpu &g : ic.gpus) {
        QJsonArray links;
        for (const NvlinkEndpoint &l : g.links) {
            QJsonObject o{{"link", l.link}, {"active", l.active}, {"remote", nvlinkRemoteKindName(l.remote)}};
            if (l.nvmlVersion > 0)
                o["nvml_version"] = l.nvmlVersion;
            if (!l.remotePciBusId.empty())
                o["remote_pci_bus_id"] = QString::fromStdString(l.remotePciBusId);
            links.append(o);
        }
        gpus.append(QJsonObject{{"index", g.index},
                                {"name", QString::fromStdString(g.name)},
                                {"uuid", QString::fromStdString(g.uuid)},
                                {"pci_bus_id", QString::fromStdString(g.pciBusId)},
                                {"active_links", g.activeLinks()},
                                {"links", links}});
    }
    QJsonArray pcie;
    for (std::size_t a = 0; a < ic.gpus.size(); ++a) {
        QJsonArray row;
        for (std::size_t b = 0; b < ic.gpus.size(); ++b)
            row.append(pcieLevelName(ic.pcieAt(a, b)));
        pcie.append(row);
    }
    return {{"source", QString::fromStdString(ic.source)}, {"gpus", gpus}, {"pcie", pcie}};
}

Result<GpuInterconnect> parseGpuInterconnectJson(std::string_view json, const std::string &source)
{
    auto parsed = parseJsonDocument(json, source);
    if (!parsed)
        return parsed.error();
    const QJsonDocument &doc = *parsed;
    if (!doc.isObject())
        return invalidArgument(source + ": the interconnect is a JSON object, not " +
                               (doc.isArray() ? "an array" : "empty"));
    const Reader r(source);
    const QJsonObject root = doc.object();
    GpuInterconnect ic;
    if (auto s = r.text(root, "source", "interconnect", false); s)
        ic.source = *s;
    else
        return s.error();
    const QJsonValue gpus = root.value("gpus");
    if (!gpus.isArray())
        return r.error("interconnect.gpus", gpus.isUndefined() ? "missing" : "not an array");
    for (qsizetype i = 0; i < gpus.toArray().size(); ++i) {
        const std::string where = "gpus[" + std::to_string(i) + "]";
        const QJsonValue gv = gpus.toArray().at(i);
        if (!gv.isObject())
            return r.error(where, "not an object");
        const QJsonObject go = gv.toObject();
        InterconnectGpu g;
        auto index = r.integer(go, "index", where, 0, 1023);
        auto name = r.text(go, "name", where, false);
        auto uuid = r.text(go, "uuid", where, false);
        auto bus = r.text(go, "pci_bus_id", where, true);
        if (!index)
            return index.error();
        if (!name)
            return name.error();
        if (!uuid)
            return uuid.error();
        if (!bus)
            return bus.error();
        g.index = *index;
        g.name = *name;
        g.uuid = *uuid;
        g.pciBusId = *bus;
        const QJsonValue links = go.value("links");
        if (!links.isArray())
            return r.error(where + ".links", links.isUndefined() ? "missing" : "not an array");
        for (qsizetype k = 0; k < links.toArray().size(); ++k) {
            const std::string lw = where + ".links[" + std::to_string(k) + "]";
            const QJsonValue lv = links.toArray().at(k);
            if (!lv.isObject())
                return r.error(lw, "not an object");
            const QJsonObject lo = lv.toObject();
            NvlinkEndpoint l;
            auto link = r.integer(lo, "link", lw, 0, 63);
            if (!link)
                return link.error();
            l.link = *link;
            if (!lo.value("active").isBool())
                return r.error(lw + ".active", lo.contains("active") ? "not true or false" : "missing");
            l.active = lo.value("active").toBool();
            if (lo.contains("nvml_version")) {
                auto v = r.integer(lo, "nvml_version", lw, 1, 32);
                if (!v)
                    return v.error();
                l.nvmlVersion = *v;
            }
            auto remoteBus = r.text(lo, "remote_pci_bus_id", lw, false);
            auto remote = r.text(lo, "remote", lw, true);
            if (!remoteBus)
                return remoteBus.error();
            if (!remote)
                return remote.error();
            l.remotePciBusId = *remoteBus;
            auto kind = enumByName(kRemoteKinds, nvlinkRemoteKindName, *remote, r, lw + ".remote");
            if (!kind)
                return kind.error();
            l.remote = *kind;
            g.links.push_back(l);
        }
        if (std::any_of(ic.gpus.begin(), ic.gpus.end(), [&](const InterconnectGpu &o) { return o.index == g.index; }))
            return r.error(where + ".index", "GPU " + std::to_string(g.index) + " is listed twice");
        ic.gpus.push_back(std::move(g));
    }
    const QJsonValue pcie = root.value("pcie");
    const std::size_t n = ic.gpus.size();
    ic.pcie.assign(n * n, PcieLevel::Unknown);
    if (pcie.isUndefined())
        return ic;
    if (!pcie.isArray() || static_cast<std::size_t>(pcie.toArray().size()) != n)
        return r.error("interconnect.pcie", "wants " + std::to_string(n) + " rows, one per GPU");
    for (std::size_t a = 0; a < n; ++a) {
        const QJsonValue row = pcie.toArray().at(static_cast<qsizetype>(a));
        const std::string rw = "pcie[" + std::to_string(a) + "]";
        if (!row.isArray() || static_cast<std::size_t>(row.toArray().size()) != n)
            return r.error(rw, "wants " + std::to_string(n) + " cells, one per GPU");
        for (std::size_t b = 0; b < n; ++b) {
            const QJsonValue cell = row.toArray().at(static_cast<qsizetype>(b));
            const std::string cw = rw + "[" + std::to_string(b) + "]";
            if (!cell.isString())
                return r.error(cw, "not a string");
            auto level = enumByName(kPcieLevels, pcieLevelName, cell.toString().toStdString(), r, cw);
            if (!level)
                return level.error();
            ic.pcie[a * n + b] = *level;
        }
    }
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < a; ++b)
            if (ic.pcieAt(a, b) != ic.pcieAt(b, a))
                return r.error("pcie[" + std::to_string(a) + "][" + std::to_string(b) + "]",
                               std::string("'") + pcieLevelName(ic.pcieAt(a, b)) + "' but pcie[" + std::to_string(b) +
                                   "][" + std::to_string(a) + "] says '" + pcieLevelName(ic.pcieAt(b, a)) + "'");
    return ic;
}

} // namespace sn
