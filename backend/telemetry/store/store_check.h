#pragma once
// The store's consistency check: reads a data directory in place, changes nothing, and names
// every broken invariant with the file and the place in it. Opening a store repairs what it
// can (a torn WAL tail is cut, a corrupt block set aside) and says so once in its OpenReport;
// the check is for after the fact - a crash test, an operator who wants to know before a
// restart (`supernoded --check-state`). Invariants (docs/telemetry-store.md, Consistency check):
//   blocks  - each opens (index, chunk and rollup CRCs); its name matches its index's range;
//             every chunk decodes, has the sample times its index entry says, inside the
//             block's range; times strictly increase within a series; no series twice; every
//             chunk record in the chunks file belongs to exactly one series (index <-> chunks);
//             the stored rollups equal the ones computed from the raw samples; no two blocks
//             overlap in time
//   WAL     - every record before the newest segment's tail is whole and checksummed; samples
//             name declared series; a sample the head would refuse on replay (older than the
//             newest block's end) is in the block that covers its time, so none is lost
// A torn record at the very end of the newest segment is a note, not a finding: it is the
// batch that was being written when the process died, never acknowledged, and replay drops it.
// Run it on a store that no process is writing, or accept findings about the newest segment.

#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace sn::tsdb {

struct StoreFinding {
    std::string where; // a path below the data directory, and the series, chunk or byte
    std::string what;
};

struct StoreCheckReport {
    std::vector<StoreFinding> findings; // broken invariants
    std::vector<std::string> notes;     // states a restart handles as designed
    std::uint64_t blocks = 0;
    std::uint64_t blockSeries = 0;
    std::uint64_t chunks = 0;
    std::uint64_t blockSamples = 0;
    std::uint64_t walSegments = 0;
    std::uint64_t walSamples = 0;
    bool ok() const { return findings.empty(); }
    // One line per finding and note, and a summary line.
    std::string text() const;
};

StoreCheckReport checkStore(const QString &dataDir);

} // namespace sn::tsdb
