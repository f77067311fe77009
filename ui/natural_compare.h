#pragma once
// "node2" before "node10": digit runs compare as numbers. Hand-written because QCollator's
// numeric mode does nothing in the C locale that services and tests often run in.

#include <QString>

namespace sn {

// < 0, 0 or > 0 as a sorts before, with or after b.
int naturalCompare(const QString &a, const QString &b);

} // namespace sn
