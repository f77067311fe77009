// The core set and the contract's generated messages, for targets that link sn_proto
// (cmake/SnPch.cmake): supernode.pb.h alone takes longer to parse than most files that include it.
#pragma once

#include "cmake/pch/sn_pch_core.h"

#include "backend/api/supernode.pb.h"
