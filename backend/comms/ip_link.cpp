#include "backend/comms/ip_link.h"

#include "backend/comms/json_input.h"

namespace sn::comms {

bool NetInterface::isPhysical() const
{
    if (linkType == "loopback" || !kind.empty())
        return false;
    return detailed ? !parentBus.empty() : true;
}

Result<std::vector<NetInterface>> parseIpLinkJson(std::string_view json, const std::string &source)
{
    auto array = parseJsonArray(json, source);
    if (!array)
        return array.error();
    std::vector<NetInterface> out;
    bool detailed = false;
    for (qsizetype i = 0; i < array->size(); ++i) {
        const JsonField f(*array, i, source);
        auto name = f.string("ifname");
        if (!name)
            return name.error();
        auto state = f.string("operstate");
        if (!state)
            return state.error();
        auto mtu = f.integer("mtu");
        if (!mtu)
            return mtu.error();
        NetInterface n;
        n.name = *name;
        n.operState = *state;
        n.mtu = static_cast<int>(*mtu);
        n.linkType = f.optionalString("link_type");
        n.address = f.optionalString("address");
        const QJsonObject o = f.object();
        if (!o.value("flags").isArray())
            return f.error("field flags is not an array");
        for (const QJsonValue &flag : o.value("flags").toArray()) {
            n.adminUp = n.adminUp || flag.toString() == "UP";
            n.carrier = n.carrier || flag.toString() == "LOWER_UP";
        }
        n.kind = o.value("linkinfo").toObject().value("info_kind").toString().toStdString();
        n.parentBus = f.optionalString("parentbus");
        n.parentDev = f.optionalString("parentdev");
        detailed = detailed || o.contains("linkinfo") || o.contains("parentbus") || o.contains("promiscuity");
        out.push_back(std::move(n));
    }
    for (NetInterface &n : out)
        n.detailed = detailed;
    return out;
}

} // namespace sn::comms
