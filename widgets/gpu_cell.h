#pragma once
// What GpuHeatStrip shows of one GPU: plain values, filled by whoever has them.

#include <QMetaType>
#include <QString>
#include <QVector>

#include <limits>

namespace sn {

struct GpuCell {
    QString node;                                             // host name; cells are grouped by it
    int index = 0;                                            // GPU minor number on the node
    double util = std::numeric_limits<double>::quiet_NaN();   // %, NaN: not reported
    double tempC = std::numeric_limits<double>::quiet_NaN();  // °C, NaN: not reported
    double powerW = std::numeric_limits<double>::quiet_NaN(); // W, NaN: not reported
    bool faulted = false;                                     // not usable (lost, retired, node down)
};

} // namespace sn

Q_DECLARE_METATYPE(sn::GpuCell)
