#pragma once
// The value grammar nvidia-smi shares between its XML and CSV output: "81559 MiB", "631.95 W",
// "16x", "0x0000000000000004", "Yes"/"No", "Active"/"Not Active", and the many ways it says a
// value is not there ("N/A", "[N/A]", "[Not Supported]", "Unknown Error",
// "[Requested functionality has been deprecated]"). Used by both parsers; not a public API.

#include <string>
#include <string_view>

namespace sn::nvsmi {

std::string_view trim(std::string_view s);

// True when nvidia-smi printed one of its "no value" texts instead of a value.
bool isUnavailable(std::string_view text);

enum class Parse { Ok, Unavailable, Bad };

// A decimal number with an optional unit after it ("81559 MiB", "16x", "45 C"); the unit must
// be `unit` when given (an empty unit accepts a bare number only). `why` says what was wrong.
Parse parseNumber(std::string_view text, std::string_view unit, double *value, std::string *why);
// Like parseNumber, accepting any unit word from a small known list (for CSV with units whose
// header unit we may not know).
Parse parseNumberAnyUnit(std::string_view text, double *value, std::string *why);
// "0x1F" (the throttle/event reason masks) or a decimal integer.
Parse parseBitmask(std::string_view text, double *value, std::string *why);
// Yes/No, Active/Not Active, Enabled/Disabled, True/False -> 1/0.
Parse parseFlag(std::string_view text, double *value, std::string *why);

// KB/s as nvidia-smi prints PCIe throughput (NVML's KB is 1024 bytes) to bytes/s.
inline constexpr double kBytesPerKb = 1024.0;

} // namespace sn::nvsmi
