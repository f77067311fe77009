// The widgets set and the contract's generated messages, for the console's pages and their tests
// (cmake/SnPch.cmake).
#pragma once

#include "cmake/pch/sn_pch_widgets.h"

#include "backend/api/supernode.pb.h"
