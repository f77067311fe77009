#pragma once
// The cluster as configured: nodes and their hardware, the network, the scheduling policy and,
// for the simulated super node, how to generate it. Read and written as cluster.yaml
// (cluster_yaml.h). Plain values so that every engine area can share them.

#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sn {

enum class LinkType { NvLink, Pcie, Roce, InfiniBand, Ethernet };
const char *linkTypeName(LinkType type); // "nvlink", "pcie", "roce", "infiniband", "ethernet"
std::optional<LinkType> linkTypeFromName(const std::string &name);

struct GpuSpec {
    int index = 0;     // minor number on its node (nvidia-smi -i)
    std::string model; // as nvidia-smi names it: "NVIDIA H100 80GB HBM3"
    std::int64_t memoryBytes = 0;
    std::string uuid;     // "GPU-..."; empty when not known yet
    std::string pciBusId; // "00000000:18:00.0"; empty when not known yet
    int numaNode = -1;    // -1: unknown
    auto operator<=>(const GpuSpec &) const = default;
};

struct NvSwitchSpec {
    int index = 0;
    std::string model; // "NVSwitch gen3"
    auto operator<=>(const NvSwitchSpec &) const = default;
};

struct NicSpec {
    std::string name; // RDMA device: "mlx5_0"
    LinkType type = LinkType::Roce;
    double speedGbps = 0; // per port, one direction
    int numaNode = -1;
    auto operator<=>(const NicSpec &) const = default;
};

struct NodeSpec {
    std::string name;    // short host name, unique in the cluster
    std::string address; // host or IP the engine reaches it at; empty in simulation
    int cpuCores = 0;
    std::int64_t memoryBytes = 0;
    std::vector<GpuSpec> gpus;
    std::vector<NvSwitchSpec> nvswitches;
    std::vector<NicSpec> nics;
    auto operator<=>(const NodeSpec &) const = default;
};

struct SwitchSpec {
    std::string name;
    LinkType type = LinkType::Ethernet; // fabric it switches: roce/ethernet or infiniband
    int ports = 0;
    double portSpeedGbps = 0;
    auto operator<=>(const SwitchSpec &) const = default;
};

// An explicit link between two endpoints named "node/gpu3", "node/nvswitch0", "node/mlx5_0"
// or "switchName". Links inside a standard 8-GPU node are derived, not written.
struct LinkSpec {
    std::string a;
    std::string b;
    LinkType type = LinkType::Ethernet;
    int lanes = 1;            // NVLink links or PCIe lanes
    double bandwidthGBps = 0; // per direction, gigabytes per second
    double latencyUs = 0;
    auto operator<=>(const LinkSpec &) const = default;
};

struct NetworkSpec {
    LinkType fabric = LinkType::Roce; // what joins the nodes
    std::vector<SwitchSpec> switches;
    std::vector<LinkSpec> links;
    auto operator<=>(const NetworkSpec &) const = default;
};

struct PriorityClass {
    std::string name;
    int value = 0; // higher wins
    auto operator<=>(const PriorityClass &) const = default;
};

struct ResourceQuota {
    int gpuMin = 0;                    // guaranteed GPUs
    int gpuMax = 0;                    // borrowable up to; 0: no limit
    std::int64_t memoryLimitBytes = 0; // 0: no limit
    auto operator<=>(const ResourceQuota &) const = default;
};

// A named queue (a team): its own quota and its weight in the fair share between queues.
struct QueueSpec {
    std::string name;
    ResourceQuota quota;
    double weight = 1;
    auto operator<=>(const QueueSpec &) const = default;
};

struct SchedulingPolicy {
    std::vector<PriorityClass> priorityClasses;     // in the order written
    std::optional<ResourceQuota> resourceQuota;     // every queue that `queues` does not name
    std::vector<QueueSpec> queues;                  // empty: any queue name, each with resourceQuota
    std::int64_t fairShareHalfLifeMs = 3600 * 1000; // decay of past usage in the fair share
    bool preemption = true;                         // of lower priority, and of borrowed GPUs
    bool backfill = true;                           // EASY backfill behind a reserved job
    bool elastic = true;                            // resize elastic jobs between min and max
    auto operator<=>(const SchedulingPolicy &) const = default;
};

// How the simulated super node is generated when no explicit nodes are given.
struct SimulationSpec {
    bool enabled = false;
    int nodes = 2; // 1..128
    int gpusPerNode = 8;
    std::string gpuModel = "NVIDIA H100 80GB HBM3";
    int nicsPerNode = 4;
    double nicSpeedGbps = 100;
    std::uint64_t seed = 1;
    double inletTemperatureC = 25;
    double jobArrivalsPerHour = 40; // the workload generator's mean arrival rate
    auto operator<=>(const SimulationSpec &) const = default;
};

// Where the engine reads GPU telemetry from, and how long it keeps it.
enum class TelemetrySource {
    Simulator,    // the simulated super node (the default when the file has a simulation section)
    Nvml,         // libnvidia-ml on the machine the engine runs on (supernoded on a node)
    NvidiaSmi,    // nvidia-smi on each node, run over SSH (or locally for a node without address)
    DcgmExporter, // each node's dcgm-exporter /metrics endpoint
    Prometheus,   // an existing Prometheus server that already scrapes dcgm-exporter
};
const char *telemetrySourceName(TelemetrySource source); // "simulator", "nvml", "nvidia-smi", ...
std::optional<TelemetrySource> telemetrySourceFromName(const std::string &name);

struct TelemetrySpec {
    TelemetrySource source = TelemetrySource::Simulator;
    std::int64_t intervalMs = 1000;                     // how often each source is read
    std::int64_t retentionMs = 15LL * 24 * 3600 * 1000; // raw samples; rollups live longer
    std::string dataDir;                                // where the store keeps its WAL and blocks; empty: memory only
    int dcgmExporterPort = 9400;                        // http://<node address>:<port>/metrics
    std::string prometheusUrl;                          // source prometheus: "http://prometheus:9090"
    int maxSeries = 500000; // live series the store keeps at most (tsdb::StoreOptions::maxSeries)
    auto operator<=>(const TelemetrySpec &) const = default;
};

// A static rule as cluster.yaml names it (the text is checked when read: static_rule_text.h).
struct RuleSpec {
    std::string name;
    std::string rule; // "DCGM_FI_DEV_GPU_TEMP > 85 for 30s clear 82 severity error"
    auto operator<=>(const RuleSpec &) const = default;
};

// Power-capping a GPU that runs hot (backend/anomaly/thermal_protection.h).
struct ThermalProtectionSpec {
    bool enabled = false;
    double limitC = 85;
    double clearC = 80;
    double stepW = 50;
    std::int64_t holdMs = 15000;
    std::int64_t coolDownMs = 60000;
    bool dryRun = false;
    auto operator<=>(const ThermalProtectionSpec &) const = default;
};

// What the engine watches for (cluster.yaml `anomaly:`).
struct AnomalySpec {
    // The load-aware learned bands (backend/anomaly/load_aware_detectors.h): temperature beyond
    // what the power explains, error counters' rates, power and fan at idle. On by default.
    bool defaultDetectors = true;
    // More metrics that get a plain learned band (series_detector.h) on every GPU. None by
    // default: load-following metrics shift with every job start and would raise an event
    // each time; name the ones whose normal is stable on this cluster.
    std::vector<std::string> detectors;
    std::vector<RuleSpec> rules;
    ThermalProtectionSpec thermalProtection;
    auto operator<=>(const AnomalySpec &) const = default;
};

// A log file the engine follows (cluster.yaml `logs.files`).
struct LogFileSpec {
    std::string path;
    std::string node;       // empty: the node the engine runs on
    std::string source;     // empty: the file's base name ("syslog", "kern.log")
    bool fromStart = false; // read what it holds already (offline import); else only new lines
    auto operator<=>(const LogFileSpec &) const = default;
};

// Logs the engine reads on the machine it runs on (cluster.yaml `logs:`).
struct LogsSpec {
    std::vector<LogFileSpec> files;
    bool journal = false; // journalctl -f -o json
    bool kernel = false;  // /dev/kmsg
    auto operator<=>(const LogsSpec &) const = default;
};

// How the engine reaches Slurm (cluster.yaml `jobBackends.slurm`).
struct SlurmBackendSpec {
    std::string via = "cli";  // cli (this machine's sbatch...), ssh (the same on `host`), rest (slurmrestd)
    std::string host;         // ssh: the head node, `user@host:port` as node addresses are written
    std::string user;         // ssh: login name; empty: the host's or the current user
    std::string identityFile; // ssh: private key; empty: agent and default keys
    std::string restUrl;      // rest: http://head:6820
    std::string tokenFile;    // rest: a file holding the JWT (SLURM_JWT=...), never the token itself
    std::string partition;    // used when a job names none; empty: Slurm's default partition
    std::map<std::string, std::string> qos; // priority class -> QOS
    auto operator<=>(const SlurmBackendSpec &) const = default;
};

// A toleration the Kubernetes backend puts on GPU pods (cluster.yaml `jobBackends.kubernetes.tolerations`).
struct KubernetesTolerationSpec {
    std::string key;
    std::string op = "Exists"; // Exists | Equal
    std::string value;         // with Equal
    std::string effect;        // NoSchedule | PreferNoSchedule | NoExecute; empty: every effect
    auto operator<=>(const KubernetesTolerationSpec &) const = default;
};

// How the engine reaches Kubernetes (cluster.yaml `jobBackends.kubernetes`): kubectl with the
// user's kubeconfig.
struct KubernetesBackendSpec {
    std::string kubeconfig;                // empty: kubectl's own (KUBECONFIG, ~/.kube/config)
    std::string context;                   // empty: the kubeconfig's current context
    std::string namespaceName = "default"; // for jobs that name no queue
    std::string image;                     // for jobs that name no container image
    std::string queueing = "none";         // none | kueue | volcano
    std::string localQueue;                // kueue: LocalQueue; empty: the job's namespace name
    std::string volcanoQueue;              // volcano: queue; empty: Volcano's default
    std::string gpuProductLabel = "nvidia.com/gpu.product";
    // Unset: the GPU operator's taint (nvidia.com/gpu, Exists, NoSchedule); empty: none.
    std::optional<std::vector<KubernetesTolerationSpec>> tolerations;
    bool applyPolicy = true; // send PriorityClass and ResourceQuota objects with the jobs
    auto operator<=>(const KubernetesBackendSpec &) const = default;
};

// Where jobs run (cluster.yaml `jobBackends:`): the embedded scheduler, Slurm or Kubernetes.
struct JobBackendsSpec {
    std::string defaultBackend = "embedded"; // embedded | slurm | kubernetes
    std::optional<SlurmBackendSpec> slurm;
    std::optional<KubernetesBackendSpec> kubernetes;
    auto operator<=>(const JobBackendsSpec &) const = default;
};

struct ClusterSpec {
    std::string name;
    std::vector<NodeSpec> nodes;
    NetworkSpec network;
    SchedulingPolicy schedulingPolicy;
    SimulationSpec simulation;
    // Unset: the simulator when simulation is enabled, otherwise nvidia-smi on each node.
    std::optional<TelemetrySpec> telemetry;
    // Unset: no learned bands, no static rules, no thermal protection.
    std::optional<AnomalySpec> anomaly;
    // Unset: no log intake beyond the simulator's lines.
    std::optional<LogsSpec> logs;
    // Unset: every job runs on the embedded scheduler.
    std::optional<JobBackendsSpec> jobBackends;
    auto operator<=>(const ClusterSpec &) const = default;

    TelemetrySpec effectiveTelemetry() const;

    int gpuCount() const;
    const NodeSpec *findNode(const std::string &name) const;
};

// Topology ids used in links and the API: "node01/gpu3", "node01/nvswitch0", "node01/mlx5_0";
// a network switch's id is its name.
std::string gpuId(const std::string &node, int gpu);
std::string nvswitchId(const std::string &node, int index);
std::string nicId(const std::string &node, const std::string &nic);

} // namespace sn
