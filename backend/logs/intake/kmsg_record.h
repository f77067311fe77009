#pragma once
// One record of /dev/kmsg (Documentation/ABI/testing/dev-kmsg): a header
//   "<prefix>,<sequence>,<timestamp us since boot>,<flags>[,more...];<message>"
// where prefix = facility * 8 + level, then optional continuation lines " KEY=value" (the
// device, e.g. " SUBSYSTEM=pci", " DEVICE=+pci:0000:18:00.0"). Each read() of /dev/kmsg returns
// exactly one record. The message escapes unprintable bytes as \xNN; they are decoded back.

#include "backend/model/log_record.h"
#include "backend/model/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace sn::logs {

struct KmsgRecord {
    LogRecord line;             // source "kernel"; time from bootTimeMs + the record's timestamp
    std::uint64_t sequence = 0; // gaps mean records were overwritten before they were read
    std::string device;         // DEVICE= of the continuation lines, when given
};

Result<KmsgRecord> parseKmsgRecord(std::string_view record, std::int64_t bootTimeMs, const std::string &node);

} // namespace sn::logs
