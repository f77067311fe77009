#pragma once
// `nvidia-smi --query-gpu=FIELDS --format=csv[,noheader][,nounits]` to a snapshot: one row per
// GPU, columns mapped to the catalogue by field name. nvidia-smi prints canonical names in the
// header ("clocks.current.sm [MHz]" for a query of "clocks.sm"), so names are matched through
// the aliases `nvidia-smi --help-query-gpu` lists.

#include "backend/model/result.h"
#include "backend/telemetry/collectors/nvidia_smi_snapshot.h"

#include <string>
#include <string_view>
#include <vector>

namespace sn {

// With a header line (the first non-empty line names the columns, units in brackets).
Result<NvidiaSmiSnapshot> parseNvidiaSmiCsv(std::string_view csv, std::string_view sourceName);

// Without a header (`noheader`): the columns are `fields`, in the order they were queried.
Result<NvidiaSmiSnapshot> parseNvidiaSmiCsv(std::string_view csv, const std::vector<std::string> &fields,
                                            std::string_view sourceName);

// The fields NvidiaSmiCollector queries every poll: every catalogue field and device fact the
// CSV interface offers, under names every driver since R450 accepts.
const std::vector<std::string> &nvidiaSmiQueryFields();

// The canonical name of a query field ("clocks.sm" -> "clocks.current.sm",
// "clocks_throttle_reasons.active" -> "clocks_event_reasons.active"); unknown names unchanged.
std::string canonicalNvidiaSmiField(std::string_view name);

} // namespace sn
