#pragma once
// What the Jobs page tests share: a LocalEngine on the demo super node in virtual time, with no
// job arrivals of its own, and a Job message made by hand for the model tests.
#include "backend/engine/local_engine.h"
#include "backend/sim/super_node_topology.h"

#include <memory>

namespace sn::test {

inline std::unique_ptr<LocalEngine> virtualEngine()
{
    LocalEngine::Options options;
    options.engine.spec = sim::defaultSimulatedSpec();
    options.engine.spec.simulation.jobArrivalsPerHour = 0;
    options.engine.virtualTime = true;
    return std::make_unique<LocalEngine>(std::move(options));
}

inline pb::Job job(const std::string &id, pb::JobState state, int gpus)
{
    pb::Job j;
    j.set_id(id);
    j.mutable_spec()->set_name("j" + id);
    j.mutable_spec()->set_gpus_min(gpus);
    j.mutable_spec()->set_gpus_max(gpus);
    j.set_state(state);
    j.set_submit_time_ms(1000);
    if (state == pb::JOB_STATE_PENDING)
        j.set_pending_reason("needs 16 GPUs, 0 free");
    for (int i = 0; i < (state == pb::JOB_STATE_RUNNING ? gpus : 0); ++i) {
        pb::GpuRef &g = *j.add_gpus();
        g.set_node("node01");
        g.set_gpu(i);
    }
    return j;
}

} // namespace sn::test
