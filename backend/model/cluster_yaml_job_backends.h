#pragma once
// cluster.yaml's `jobBackends:` section (which backend runs jobs, and how Slurm is reached):
// reader and writer. yaml-cpp types stay inside backend/model; nothing outside includes this header.

#include "backend/model/cluster_spec.h"
#include "backend/model/yaml_fields.h"

#include <yaml-cpp/yaml.h>

namespace sn::yaml_fields {

JobBackendsSpec readJobBackends(const Field &field);
void writeJobBackends(YAML::Emitter &out, const JobBackendsSpec &spec);

} // namespace sn::yaml_fields
