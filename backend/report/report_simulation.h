#pragma once
// "A report is always one command away": an embedded simulated super node that first lives
// through the report's range in virtual time (seeded, so the same command makes the same
// report). Shared by supernodectl report, the report tests and bench_report.

#include "backend/engine/local_engine.h"
#include "backend/model/cluster_spec.h"

#include <atomic>
#include <functional>
#include <memory>

namespace sn::report {

// The options of an embedded engine for a report starting at startMs. A report covers days:
// one sample a minute and a 10 s physics step keep a simulated week to seconds (the thermal
// model steps exactly, as an exponential, so the coarse step holds).
// sampleIntervalMs: how often the simulated GPUs are read; physicsStepMs: the model's step (a
// week's report has 5-minute windows, so tests may sample and step that coarsely).
LocalEngine::Options simulationOptions(ClusterSpec spec, std::int64_t startMs, std::int64_t sampleIntervalMs = 60000,
                                       std::int64_t physicsStepMs = 10000);

// Advances the engine's virtual clock from its start to endMs, an hour at a time (so that no
// single step holds a week of samples in memory), with progress 0..100; stops with an error
// once *cancel is true.
Status simulateUntil(EngineApi &engine, std::int64_t startMs, std::int64_t endMs,
                     const std::function<void(int percent)> &progress = {}, const std::atomic_bool *cancel = nullptr);

} // namespace sn::report
