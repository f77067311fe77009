#pragma once
// What TopologyView draws, as plain values: the devices of a cluster and the links between
// them (the shape, set rarely), and the live readings of GPUs and links (set every second).
// ui/ fills these from the engine's Cluster and telemetry; the view knows nothing else.

#include <QHash>
#include <QString>
#include <QVector>

#include <limits>

namespace sn {

enum class TopoLinkKind { NvLink, Pcie, Fabric };

// How loud a marker on an item is; None draws nothing.
enum class TopoSeverity { None, Warning, Error, Critical };

struct TopoGpu {
    QString id; // "node01/gpu3"
    int index = 0;
    QString model; // "NVIDIA H100 80GB HBM3"
};

struct TopoDevice {
    QString id;    // "node01/nvswitch0", "node01/mlx5_0", "leaf01"
    QString label; // what the item says when there is room: "NVSwitch 0", "mlx5_0 100G"
};

struct TopoNode {
    QString name;
    bool down = false;
    QVector<TopoGpu> gpus;          // in index order
    QVector<TopoDevice> nvswitches; // in index order
    QVector<TopoDevice> nics;       // in name order
};

struct TopoLink {
    QString a, b; // device ids as in the nodes and switches
    TopoLinkKind kind = TopoLinkKind::Fabric;
    double bandwidthBytesPerS = 0; // per direction
    bool healthy = true;
    QString label; // "NVLink x4", "PCIe Gen5 x16", "RoCE 100G"
};

struct TopologyShape {
    QVector<TopoNode> nodes;      // in display order
    QVector<TopoDevice> switches; // network switches between the nodes
    QVector<TopoLink> links;
};

// The metric a GPU tile is coloured by.
enum class TopoMetric { Utilization, Temperature, Power, Memory };

struct TopoGpuLive {
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    double utilPercent = kNaN;
    double tempC = kNaN;
    double powerW = kNaN;
    double powerLimitW = kNaN;
    double memUsedPercent = kNaN;
    bool faulted = false; // lost, or its node is down
    QString job;          // empty: idle
};

struct TopoLinkLive {
    double load = std::numeric_limits<double>::quiet_NaN(); // 0..1 of bandwidth; NaN: unknown
    bool healthy = true;
};

// The link a pair of ids names, either way round.
inline QString topoLinkKey(const QString &a, const QString &b)
{
    return a < b ? a + QLatin1Char('|') + b : b + QLatin1Char('|') + a;
}

// The value a GPU shows for a metric, in the metric's unit (%, °C, W); NaN when not reported.
double topoMetricValue(const TopoGpuLive &live, TopoMetric metric);

} // namespace sn
