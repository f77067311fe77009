#include "ui/role_gate.h"

#include <QCoreApplication>

namespace sn {

bool roleAllows(pb::Role have, pb::Role needed)
{
    return have == pb::ROLE_UNSPECIFIED || have >= needed;
}

QString roleTitle(pb::Role role)
{
    switch (role) {
    case pb::ROLE_VIEWER:
        return QCoreApplication::translate("sn::RoleGate", "viewer");
    case pb::ROLE_OPERATOR:
        return QCoreApplication::translate("sn::RoleGate", "operator");
    case pb::ROLE_ADMIN:
        return QCoreApplication::translate("sn::RoleGate", "admin");
    default:
        return QCoreApplication::translate("sn::RoleGate", "unknown");
    }
}

QString roleRefusal(pb::Role have, pb::Role needed, const QString &action)
{
    if (roleAllows(have, needed))
        return {};
    const QString needs =
        needed >= pb::ROLE_ADMIN
            ? roleTitle(pb::ROLE_ADMIN)
            : QCoreApplication::translate("sn::RoleGate", "%1 or %2").arg(roleTitle(needed), roleTitle(pb::ROLE_ADMIN));
    return QCoreApplication::translate("sn::RoleGate", "Your role (%1) may not %2: that needs %3.")
        .arg(roleTitle(have), action, needs);
}

} // namespace sn
