#pragma once
// cluster.yaml's `anomaly:` section (detectors, static rules, thermal protection): its reader
// and writer, kept beside the main reader and writer so that file stays about nodes and network.
// yaml-cpp types stay inside backend/model; nothing outside includes this header.

#include "backend/model/cluster_spec.h"
#include "backend/model/yaml_fields.h"

#include <yaml-cpp/yaml.h>

namespace sn::yaml_fields {

AnomalySpec readAnomaly(const Field &field);
void writeAnomaly(YAML::Emitter &out, const AnomalySpec &spec);

} // namespace sn::yaml_fields
