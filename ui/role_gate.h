#pragma once
// What the console's user may do on the engine it shows, from WhoAmI. The least role of each
// action is the daemon's (backend/remote/daemon/engine_service.cpp's policy table): a page turns
// off what the role may not do, with a tooltip that says why, before the engine would refuse it.

#include "backend/api/engine_api.h"

#include <QString>

namespace sn {

// ROLE_UNSPECIFIED (not known yet, or a daemon too old to say) allows everything: the engine
// still refuses, and the page says so then.
bool roleAllows(pb::Role have, pb::Role needed);
// "viewer", "operator", "admin", translated; "unknown" for ROLE_UNSPECIFIED.
QString roleTitle(pb::Role role);
// Empty when the role allows it; otherwise why not: "Your role (viewer) may not submit jobs:
// that needs operator or admin."
QString roleRefusal(pb::Role have, pb::Role needed, const QString &action);

} // namespace sn
