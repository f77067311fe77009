#pragma once
// Job environment values that are secrets (issue 29, item 12): an access token in HF_TOKEN or
// WANDB_API_KEY reached every viewer through ListJobs and stayed in the audit log and the saved
// state. The engine hands the spec with its values to the backend that runs the job (Slurm,
// Kubernetes) and keeps only the spec without them; the daemon writes SubmitJob's request to
// the audit log without them.

#include "backend/api/supernode.pb.h"

#include <string_view>

namespace sn {

namespace pb = supernode::v1;

// What a secret value reads as wherever it is not needed.
inline constexpr std::string_view kSecretValue = "<secret>";

// Listed in spec.secret_environment, or a name whose words say it holds a secret (TOKEN,
// SECRET, PASSWORD, PASSWD, PASSPHRASE, APIKEY, CREDENTIAL(S), or API/ACCESS/PRIVATE/SECRET/
// SIGNING/ENCRYPTION followed by KEY; words split at '_', any case).
bool isSecretEnvironment(const pb::JobSpec &spec, std::string_view name);

// The spec with every secret value replaced by kSecretValue (names kept, so a user sees what
// the job had); the secret names are listed in secret_environment.
pb::JobSpec withoutSecrets(pb::JobSpec spec);
pb::Job withoutSecrets(pb::Job job);

} // namespace sn
