#pragma once
// Runs tests/support/k8s-validate/validate.js (kubernetes-models: the Kubernetes OpenAPI schema)
// over manifests. The validator is installed into the build tree by the CTest fixture
// k8s_validate_install (tests/backend/scheduler/backends/CMakeLists.txt), from package-lock.json.

#include <QString>

namespace sn::test {

struct ManifestCheck {
    int exitCode = -1; // 0: every document valid; 1: schema errors; 2: unreadable YAML; -1: not run
    QString output;    // "ok N documents", or one line per error
};

// Validates YAML (or JSON) documents given as text; the answer says why when node or the
// validator could not be run.
ManifestCheck validateKubernetesManifests(const QString &manifests);

} // namespace sn::test
