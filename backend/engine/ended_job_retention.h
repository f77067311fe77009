#pragma once
// How many ended jobs (completed, failed, cancelled) the engine's job backends remember: the
// ones that ended first go beyond it. Pending and running jobs are always kept. supernoded's
// state.db keeps as many by default (--ended-jobs; StateStore::Retention::endedJobRows).

#include <cstddef>

namespace sn {

inline constexpr std::size_t kEndedJobsKept = 50000;

} // namespace sn
