#pragma once
// Commits writes to supernoded's state store and waits until they are committed (or failed),
// for the tests that read the database right after.

#include "backend/remote/daemon/state_store.h"

#include <future>
#include <vector>

namespace sn::test {

inline Status commitNow(rpc::StateStore &store, std::vector<rpc::StateWrite> writes)
{
    std::promise<Status> done;
    store.commit(std::move(writes), [&done](const Status &s) { done.set_value(s); });
    return done.get_future().get();
}

} // namespace sn::test
