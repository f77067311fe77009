#pragma once
// Where every device of a TopologyShape sits on the canvas: a pure function of the shape, so
// the same cluster always looks the same and tests can check positions.
//
// Nodes sit in a grid whose column count keeps the canvas near 16:10 (1 node: one box; 128
// nodes: 8 columns x 16 rows). Inside a node, as an HGX board is wired: NICs on top (towards
// the fabric), GPUs in rows of eight, NVSwitches below, so NVLinks fan down into a crossbar
// and PCIe paths go up to the NIC that shares the GPU's PCIe switch. Network switches sit in
// a row above the grid; a fabric link leaves its NIC upwards, runs along the gutter above its
// node row to the gap left of its column, up that gap to a bus under the switches, and into
// its switch, so fabric links never cross a node.

#include "widgets/topology_types.h"

#include <QHash>
#include <QPolygonF>
#include <QRectF>

namespace sn {

struct TopologyGeometry {
    QHash<QString, QRectF> nodes;   // by node name
    QHash<QString, QRectF> devices; // GPUs, NVSwitches, NICs and switches, by id
    QHash<QString, QString> nodeOf; // device id -> node name (switches: none)
    QVector<QPolygonF> links;       // one per TopologyShape::links entry; empty when an end is unknown
    QRectF bounds;                  // everything, with a margin
    int columns = 0;
    int rows = 0;
};

namespace topo_metrics {
inline constexpr double kGpuWidth = 64;
inline constexpr double kGpuHeight = 48;
inline constexpr double kGpuGap = 8;
inline constexpr int kGpusPerRow = 8;
inline constexpr double kPadding = 12;
inline constexpr double kHeaderHeight = 26;
inline constexpr double kNicHeight = 24;
inline constexpr double kNvSwitchHeight = 18;
inline constexpr double kRowGap = 22; // NICs to GPUs, GPUs to NVSwitches
inline constexpr double kNodeGapX = 48;
inline constexpr double kNodeGapY = 56;
inline constexpr double kSwitchWidth = 168;
inline constexpr double kSwitchHeight = 36;
inline constexpr double kSwitchGap = 48;
inline constexpr double kBusGap = 40; // switch row to the bus
} // namespace topo_metrics

TopologyGeometry layoutTopology(const TopologyShape &shape);

// How many node columns layoutTopology uses for n nodes of the given box size.
int topologyColumns(int nodeCount, double nodeWidth, double nodeHeight);

} // namespace sn
