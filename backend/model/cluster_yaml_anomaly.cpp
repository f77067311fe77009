#include "backend/model/cluster_yaml_anomaly.h"

#include "backend/model/quantity.h"
#include "backend/model/static_rule_text.h"

namespace sn::yaml_fields {

namespace {

RuleSpec readRule(const Field &e, UniqueCheck<std::string> &names)
{
    const MapFields m(e, "in a rule", {"name", "rule"});
    const Field &nameField = m.require("name", "name: gpu_too_hot");
    RuleSpec r;
    r.name = readName(nameField);
    names.add(r.name, nameField.mark(), "'" + r.name + "'");
    const Field &ruleField = m.require("rule", "rule: DCGM_FI_DEV_GPU_TEMP > 85 for 30s clear 82 severity error");
    r.rule = readString(ruleField);
    if (auto parsed = parseStaticRule(r.name, r.rule); !parsed)
        fail(ruleField.mark(), quote(ruleField.path) + ": " + parsed.error().message);
    return r;
}

ThermalProtectionSpec readThermalProtection(const Field &f)
{
    ThermalProtectionSpec t;
    t.enabled = true; // writing the section turns it on unless it says otherwise
    const MapFields m(f, "in 'anomaly.thermalProtection'",
                      {"enabled", "limit", "clear", "stepWatts", "hold", "coolDown", "dryRun"});
    if (const Field *v = m.find("enabled"))
        t.enabled = readBool(*v);
    if (const Field *v = m.find("limit"))
        t.limitC = readNumber(*v, 30, 110, " of degrees Celsius");
    t.clearC = t.limitC - 5;
    const Field *clear = m.find("clear");
    if (clear)
        t.clearC = readNumber(*clear, 20, 110, " of degrees Celsius");
    if (t.clearC >= t.limitC)
        fail(clear ? clear->mark() : f.mark(), "'anomaly.thermalProtection.clear' must be below its limit (" +
                                                   std::to_string(static_cast<int>(t.limitC)) +
                                                   " °C) so capping does not flap");
    if (const Field *v = m.find("stepWatts"))
        t.stepW = readNumber(*v, 5, 500, " of watts");
    if (const Field *v = m.find("hold"))
        t.holdMs = readDurationMs(*v, 1000, 3600LL * 1000);
    if (const Field *v = m.find("coolDown"))
        t.coolDownMs = readDurationMs(*v, 1000, 24LL * 3600 * 1000);
    if (const Field *v = m.find("dryRun"))
        t.dryRun = readBool(*v);
    return t;
}

} // namespace

AnomalySpec readAnomaly(const Field &f)
{
    AnomalySpec spec;
    const MapFields m(f, "in 'anomaly'", {"defaultDetectors", "detectors", "rules", "thermalProtection"});
    if (const Field *v = m.find("defaultDetectors"))
        spec.defaultDetectors = readBool(*v);
    if (const Field *v = m.find("detectors")) {
        requireSequence(*v, " of metric names like [DCGM_FI_DEV_GPU_TEMP]");
        UniqueCheck<std::string> names("detector metric");
        for (std::size_t i = 0; i < v->value.size(); ++i) {
            const Field e = entry(*v, i);
            spec.detectors.push_back(readName(e));
            names.add(spec.detectors.back(), e.mark(), "'" + spec.detectors.back() + "'");
        }
    }
    if (const Field *rules = m.find("rules")) {
        requireSequence(*rules, " of rules like '- {name: gpu_too_hot, rule: \"DCGM_FI_DEV_GPU_TEMP > 85 for 30s\"}'");
        UniqueCheck<std::string> names("rule name");
        for (std::size_t i = 0; i < rules->value.size(); ++i)
            spec.rules.push_back(readRule(entry(*rules, i), names));
    }
    if (const Field *v = m.find("thermalProtection"))
        spec.thermalProtection = readThermalProtection(*v);
    return spec;
}

void writeAnomaly(YAML::Emitter &out, const AnomalySpec &a)
{
    const ThermalProtectionSpec defaults;
    out << YAML::Key << "anomaly" << YAML::Value << YAML::BeginMap;
    if (!a.defaultDetectors)
        out << YAML::Key << "defaultDetectors" << YAML::Value << false;
    if (!a.detectors.empty())
        out << YAML::Key << "detectors" << YAML::Value << YAML::Flow << a.detectors;
    if (!a.rules.empty()) {
        out << YAML::Key << "rules" << YAML::Value << YAML::BeginSeq;
        for (const RuleSpec &r : a.rules)
            out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << r.name << YAML::Key << "rule" << YAML::Value
                << r.rule << YAML::EndMap;
        out << YAML::EndSeq;
    }
    const ThermalProtectionSpec &t = a.thermalProtection;
    if (t != defaults) {
        out << YAML::Key << "thermalProtection" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "enabled" << YAML::Value << t.enabled;
        out << YAML::Key << "limit" << YAML::Value << t.limitC;
        out << YAML::Key << "clear" << YAML::Value << t.clearC;
        out << YAML::Key << "stepWatts" << YAML::Value << t.stepW;
        out << YAML::Key << "hold" << YAML::Value << formatDurationMs(t.holdMs);
        out << YAML::Key << "coolDown" << YAML::Value << formatDurationMs(t.coolDownMs);
        if (t.dryRun)
            out << YAML::Key << "dryRun" << YAML::Value << true;
        out << YAML::EndMap;
    }
    out << YAML::EndMap;
}

} // namespace sn::yaml_fields
