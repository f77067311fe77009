#pragma once
// What GpuHeatStrip shows of one GPU: plain values, filled by whoever has them.

#include <QMetaType>
#include <QString>
#include <QVector>

#include <limits>

namespace sn {

// Why a GPU shows no reading: a cell says "node down" or "no data" rather than "fault" unless
// the GPU itself failed.
enum class GpuCellReason {
    None,     // reporting (or not yet heard, before any GPU reported)
    Lost,     // the GPU failed: it answers only its XID (fallen off the bus)
    NodeDown, // its node is down
    Silent,   // nothing heard from it for a while, while other GPUs report
};

struct GpuCell {
    QString node;                                             // host name; cells are grouped by it
    int index = 0;                                            // GPU minor number on the node
    double util = std::numeric_limits<double>::quiet_NaN();   // %, NaN: not reported
    double tempC = std::numeric_limits<double>::quiet_NaN();  // °C, NaN: not reported
    double powerW = std::numeric_limits<double>::quiet_NaN(); // W, NaN: not reported
    bool faulted = false;                                     // not usable (lost, retired, node down, silent)
    GpuCellReason reason = GpuCellReason::None;               // why, when faulted
};

} // namespace sn

Q_DECLARE_METATYPE(sn::GpuCell)
