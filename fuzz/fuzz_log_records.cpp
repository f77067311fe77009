// Log intake's record readers: one `journalctl -o json` line, and one /dev/kmsg record
// ("6,1234,5678,-;message\n DEVICE=+pci:0000:3b:00.0").
#include "backend/logs/intake/journal_json.h"
#include "backend/logs/intake/kmsg_record.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text = sn::fuzz::text(data, size);
    (void)sn::logs::parseJournalJson(text, "fuzz-node");
    (void)sn::logs::parseKmsgRecord(text, 1'700'000'000'000, "fuzz-node");
    return 0;
}
