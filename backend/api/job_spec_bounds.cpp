#include "backend/api/job_spec_bounds.h"

#include <string>

namespace sn {

namespace {

using B = JobSpecBounds;

Error tooLong(const std::string &field, std::size_t size, std::size_t bound, const char *unit)
{
    return invalidArgument(field + " has " + std::to_string(size) + " " + unit + "; at most " + std::to_string(bound) +
                           " are accepted");
}

Status bounded(const std::string &field, const std::string &value, std::size_t bound)
{
    if (value.size() > bound)
        return tooLong(field, value.size(), bound, "bytes");
    return success();
}

template <typename List>
Status boundedList(const std::string &field, const List &list, std::size_t count, std::size_t each)
{
    if (static_cast<std::size_t>(list.size()) > count)
        return tooLong(field, static_cast<std::size_t>(list.size()), count, "entries");
    for (int i = 0; i < list.size(); ++i)
        if (auto ok = bounded(field + "[" + std::to_string(i) + "]", list.Get(i), each); !ok)
            return ok;
    return success();
}

Status checkModelBounds(const std::string &prefix, const pb::DeclaredModel &model)
{
    const std::pair<const char *, const std::string *> words[] = {
        {"precision", &model.precision()}, {"optimizer", &model.optimizer()}, {"checkpointing", &model.checkpointing()},
        {"weights", &model.weights()},     {"kv_cache", &model.kv_cache()},   {"compression", &model.compression()},
    };
    for (const auto &[field, value] : words)
        if (auto ok = bounded(prefix + field, *value, B::kModelWord); !ok)
            return ok;
    return success();
}

} // namespace

Status checkJobSpecBounds(const pb::JobSpec &spec)
{
    struct Word {
        const char *field;
        const std::string &value;
        std::size_t bound;
    };
    const Word words[] = {
        {"name", spec.name(), B::kWord},
        {"user", spec.user(), B::kWord},
        {"queue", spec.queue(), B::kWord},
        {"priority_class", spec.priority_class(), B::kWord},
        {"partition", spec.partition(), B::kWord},
        {"backend", spec.backend(), B::kBackend},
        {"working_directory", spec.working_directory(), B::kPath},
        {"container_image", spec.container_image(), B::kImage},
        {"command", spec.command(), B::kCommand},
    };
    for (const Word &w : words)
        if (auto ok = bounded(std::string("job spec ") + w.field, w.value, w.bound); !ok)
            return ok;
    if (auto ok = boundedList("job spec gpu_models", spec.gpu_models(), B::kGpuModels, B::kWord); !ok)
        return ok;
    if (auto ok = boundedList("job spec dependencies", spec.dependencies(), B::kDependencies, B::kDependency); !ok)
        return ok;
    if (static_cast<std::size_t>(spec.environment_size()) > B::kEnvironment)
        return tooLong("job spec environment", static_cast<std::size_t>(spec.environment_size()), B::kEnvironment,
                       "variables");
    std::size_t total = 0;
    for (const auto &[name, value] : spec.environment()) {
        // The name is cut in the message: it is the thing that is too long.
        if (name.size() > B::kEnvName)
            return tooLong("job spec environment name '" + name.substr(0, 32) + "…'", name.size(), B::kEnvName,
                           "bytes");
        if (auto ok = bounded("job spec environment " + name, value, B::kEnvValue); !ok)
            return ok;
        total += name.size() + value.size();
    }
    if (total > B::kEnvTotal)
        return tooLong("job spec environment", total, B::kEnvTotal, "bytes of names and values");
    if (static_cast<std::size_t>(spec.secret_environment_size()) > B::kEnvironment)
        return tooLong("job spec secret_environment", static_cast<std::size_t>(spec.secret_environment_size()),
                       B::kEnvironment, "names");
    for (const std::string &name : spec.secret_environment())
        if (!spec.environment().contains(name))
            return invalidArgument("job spec secret_environment names '" + name.substr(0, B::kEnvName) +
                                   "', which is not in the environment");
    return checkModelBounds("job spec declared_model.", spec.declared_model());
}

Status checkPlanRequestBounds(const pb::PlanJobRequest &request)
{
    if (auto ok = bounded("plan request gpu_model", request.gpu_model(), B::kWord); !ok)
        return ok;
    return checkModelBounds("plan request model.", request.model());
}

} // namespace sn
