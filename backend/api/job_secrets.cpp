#include "backend/api/job_secrets.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace sn {

namespace {

// Whether the name's words (split at '_' and other non-alphanumerics, any case) say it holds a
// credential, as the variables of ML tooling name them: HF_TOKEN, WANDB_API_KEY,
// AWS_SECRET_ACCESS_KEY, DB_PASSWORD. Whole words only: TOKENIZERS_PARALLELISM is no secret,
// and "KEY" alone is not one (tuning names would be hidden for nothing).
bool looksSecret(std::string_view name)
{
    static constexpr std::array kWords{"TOKEN",      "SECRET", "SECRETS",    "PASSWORD",   "PASSWD",
                                       "PASSPHRASE", "APIKEY", "CREDENTIAL", "CREDENTIALS"};
    static constexpr std::array kKeyOf{"API", "ACCESS", "PRIVATE", "SECRET", "SIGNING", "ENCRYPTION"};
    std::vector<std::string> words(1);
    for (const char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            words.back() += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        else if (!words.back().empty())
            words.emplace_back();
    }
    auto in = [](const auto &list, const std::string &w) {
        return std::find(list.begin(), list.end(), w) != list.end();
    };
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (in(kWords, words[i]))
            return true;
        if (i + 1 < words.size() && words[i + 1] == "KEY" && in(kKeyOf, words[i]))
            return true;
    }
    return false;
}

} // namespace

bool isSecretEnvironment(const pb::JobSpec &spec, std::string_view name)
{
    return looksSecret(name) || std::find(spec.secret_environment().begin(), spec.secret_environment().end(), name) !=
                                    spec.secret_environment().end();
}

pb::JobSpec withoutSecrets(pb::JobSpec spec)
{
    std::set<std::string> secret; // sorted, so the list reads the same every time
    for (const auto &[name, value] : spec.environment())
        if (isSecretEnvironment(spec, name))
            secret.insert(name);
    spec.clear_secret_environment();
    for (const std::string &name : secret) {
        (*spec.mutable_environment())[name] = std::string(kSecretValue);
        spec.add_secret_environment(name);
    }
    return spec;
}

pb::Job withoutSecrets(pb::Job job)
{
    if (job.has_spec())
        *job.mutable_spec() = withoutSecrets(std::move(*job.mutable_spec()));
    return job;
}

} // namespace sn
