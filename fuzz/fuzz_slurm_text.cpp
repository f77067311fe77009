// Slurm's text outputs as SlurmCliBackend reads them: `scontrol -o show node|partition`,
// `sbatch --parsable`, and the host and index lists inside them ("gpu[01-04,07]", "0-3,5").
#include "backend/scheduler/backends/slurm_hostlist.h"
#include "backend/scheduler/backends/slurm_scontrol.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text = sn::fuzz::text(data, size);
    (void)sn::parseScontrolNodes(text, "fuzz");
    (void)sn::parseScontrolPartitions(text, "fuzz");
    (void)sn::parseSbatchParsable(text, "fuzz");
    (void)sn::gpusInTres(text);
    const std::string_view firstLine = text.substr(0, text.find('\n'));
    (void)sn::expandSlurmHostlist(firstLine);
    (void)sn::expandSlurmIndexList(firstLine);
    return 0;
}
