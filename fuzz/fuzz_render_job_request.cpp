// A RenderJob request as it arrives over gRPC (a serialized RenderJobRequest), down the path
// EngineService -> Engine::renderJob -> the Slurm backend takes: protobuf parsing, then
// renderSbatch, which must refuse what sbatch cannot express and never put user text into a shell
// string.
#include "backend/api/supernode.pb.h"
#include "backend/scheduler/backends/slurm_script.h"
#include "fuzz/fuzz_input.h"

#include <google/protobuf/stubs/logging.h>

SN_FUZZ_QUIET_QT_AND_PROTOBUF

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    supernode::v1::RenderJobRequest request;
    if (!request.ParseFromArray(data, static_cast<int>(size)))
        return 0;
    sn::SlurmSubmitOptions options;
    options.partition = "gpu";
    options.qosByPriorityClass = {{"high", "urgent"}};
    const auto rendered = sn::renderSbatch(request.spec(), options);
    if (rendered) {
        // The script goes to sbatch's stdin; the command is argv words, the first being sbatch.
        if (rendered->command.empty() || rendered->command.front() != options.sbatch)
            __builtin_trap();
    }
    return 0;
}
