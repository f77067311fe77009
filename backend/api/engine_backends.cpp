// The engine's job backends (backend/scheduler/backends): which one a spec goes to, and what it
// would be sent. The embedded backend is the engine's own scheduler; its "script" is the spec
// itself as JSON, the same a `supernodectl submit --file` would read back.
#include "backend/api/engine.h"

#include <google/protobuf/util/json_util.h>

namespace sn {

Result<pb::RenderJobResponse> Engine::renderJob(const pb::JobSpec &spec) const
{
    const std::string backend = spec.backend().empty() ? std::string("embedded") : spec.backend();
    if (backend != "embedded")
        return notFound("job backend '" + backend +
                        "' is not configured for this cluster (cluster.yaml jobBackends); known: embedded");
    pb::RenderJobResponse response;
    response.set_backend(backend);
    response.set_media_type("application/json");
    google::protobuf::util::JsonPrintOptions options;
    options.add_whitespace = true;
    options.preserve_proto_field_names = true;
    if (auto status = google::protobuf::util::MessageToJsonString(spec, response.mutable_text(), options); !status.ok())
        return Error{ErrorCode::Internal, "cannot write the job spec as JSON: " + status.ToString()};
    response.add_command("SubmitJob");
    return response;
}

} // namespace sn
