#pragma once
// Slurm host lists and GPU index lists: "gpu[02-03],cpu1" -> gpu02 gpu03 cpu1, "0-1,4" -> 0 1 4.

#include "backend/model/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace sn {

// Errors (InvalidArgument) quote the list and say what is wrong: an unclosed bracket, a range
// that runs backwards, a non-number inside brackets. Zero padding is kept ("gpu[01-02]").
Result<std::vector<std::string>> expandSlurmHostlist(std::string_view hostlist);

// "0-1,4,6-7" (GRES IDX, CUDA_VISIBLE_DEVICES-like) -> {0, 1, 4, 6, 7}.
Result<std::vector<int>> expandSlurmIndexList(std::string_view list);

} // namespace sn
