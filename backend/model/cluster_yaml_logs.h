#pragma once
// cluster.yaml's `logs:` section (files to follow, the journal, kernel messages): reader and
// writer. yaml-cpp types stay inside backend/model; nothing outside includes this header.

#include "backend/model/cluster_spec.h"
#include "backend/model/yaml_fields.h"

#include <yaml-cpp/yaml.h>

namespace sn::yaml_fields {

LogsSpec readLogs(const Field &field);
void writeLogs(YAML::Emitter &out, const LogsSpec &spec);

} // namespace sn::yaml_fields
