#pragma once
// The output of nccl-tests (all_reduce_perf, all_gather_perf, broadcast_perf, ...): the ranks
// and their hosts and GPUs, and one row per message size with out-of-place and in-place time,
// algbw and busbw. The reference measurements the cost model is calibrated and checked against.

#include "backend/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sn::comms {

struct NcclTestsTiming {
    double timeUs = 0;
    double algbwGBps = 0;
    double busbwGBps = 0;
    std::optional<std::int64_t> wrong; // N/A where the test does not validate (alltoall in-place)
};

struct NcclTestsRow {
    std::int64_t bytes = 0;
    std::int64_t count = 0;
    std::string type;  // "float"
    std::string redop; // "sum", "none"
    int root = -1;
    NcclTestsTiming outOfPlace;
    NcclTestsTiming inPlace;
    int line = 0;
};

struct NcclTestsRank {
    int rank = 0;
    std::string host;
    int device = 0;
    std::string busId; // "0000:04:00"
    std::string model; // "NVIDIA H100 80GB HBM3"
};

struct NcclTestsRun {
    std::string collective; // "all_reduce", from the program name (all_reduce_perf); empty unknown
    std::vector<NcclTestsRank> ranks;
    std::vector<NcclTestsRow> rows; // in the order printed (increasing size)
    std::optional<double> avgBusbwGBps;
    int nodes() const;                   // distinct hosts
    const NcclTestsRow *largest() const; // the largest message size; nullptr when no rows
};

// Errors name source:line:column and the field. Rows before the table header or outside it
// (shell prompts, mpirun lines) are skipped; a line inside the table that starts like a row but is
// not one is an error.
Result<NcclTestsRun> parseNcclTestsLog(std::string_view text, const std::string &source = "nccl-tests");

} // namespace sn::comms
