#include "backend/telemetry/collectors/nvidia_smi_xml.h"

#include "backend/telemetry/collectors/nvidia_smi_values.h"

#include <QByteArray>
#include <QXmlStreamReader>

#include <initializer_list>
#include <memory>
#include <unordered_map>
#include <vector>

namespace sn {

namespace {

// The document as a small tree: nvidia-smi output is a few hundred KiB at most, and looking a
// value up under every name it has had across DTDs is far simpler on a tree than on a stream.
struct Node {
    std::string name;
    std::string text; // trimmed character data directly inside the element
    std::string id;   // the id attribute (<gpu id="00000000:06:00.0">)
    const Node *parent = nullptr;
    int repeat = -1; // the [n] of its path: every gpu and mig_device, and a name's repeats
    qint64 line = 0;
    qint64 column = 0;
    std::vector<std::unique_ptr<Node>> children;

    const Node *child(std::string_view n) const
    {
        for (const auto &c : children)
            if (c->name == n)
                return c.get();
        return nullptr;
    }
    // "a/b/c" below this node.
    const Node *find(std::string_view relative) const
    {
        const Node *n = this;
        while (n && !relative.empty()) {
            const std::size_t slash = relative.find('/');
            n = n->child(relative.substr(0, slash));
            relative = slash == std::string_view::npos ? std::string_view{} : relative.substr(slash + 1);
        }
        return n;
    }
    // "nvidia_smi_log/gpu[1]/fb_memory_usage/used", for messages: built when one is written, not
    // kept per node (a path per node is quadratic in the depth of a hostile document).
    std::string path() const
    {
        std::vector<const Node *> up;
        for (const Node *n = this; n; n = n->parent)
            up.push_back(n);
        std::string out;
        for (auto it = up.rbegin(); it != up.rend(); ++it) {
            out += (out.empty() ? "" : "/") + (*it)->name;
            if ((*it)->repeat >= 0)
                out += "[" + std::to_string((*it)->repeat) + "]";
        }
        return out;
    }
};

// nvidia-smi nests seven levels deep (nvidia_smi_log/gpu/mig_devices/mig_device/...); a document
// nested deeper is not its output, and refusing it keeps the tree's cost linear in its size.
constexpr std::size_t kMaxDepth = 32;

Result<std::unique_ptr<Node>> readTree(std::string_view xml, std::string_view sourceName)
{
    if (nvsmi::trim(xml).empty())
        return invalidArgument(std::string(sourceName) + ":1:1: empty: no <nvidia_smi_log> element");
    QXmlStreamReader reader(QByteArray::fromRawData(xml.data(), static_cast<qsizetype>(xml.size())));
    std::unique_ptr<Node> root;
    // The open elements, each with how often each child name has been seen (for the [n] of paths).
    struct Open {
        Node *node;
        std::unordered_map<std::string, int> seen;
    };
    std::vector<Open> stack;
    auto where = [&](qint64 line, qint64 column) {
        return std::string(sourceName) + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
    };
    auto here = [&] { return where(reader.lineNumber(), reader.columnNumber() + 1); };
    while (!reader.atEnd()) {
        const auto token = reader.readNext();
        if (token == QXmlStreamReader::DTD) {
            // nvidia-smi names its DTD (<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v12.dtd">)
            // and declares nothing in the document: declarations are how entities get in.
            if (reader.text().contains(QLatin1Char('[')))
                return invalidArgument(here() + "the DOCTYPE declares entities or elements of its own: not nvidia-smi "
                                                "output (refused, not read)");
        } else if (token == QXmlStreamReader::EntityReference) {
            return invalidArgument(here() + "entity &" + reader.name().toString().toStdString() +
                                   "; refers to a definition outside the document: not nvidia-smi output "
                                   "(refused, not read)");
        } else if (token == QXmlStreamReader::StartElement) {
            if (stack.size() >= kMaxDepth)
                return invalidArgument(here() + "elements nested more than " + std::to_string(kMaxDepth) +
                                       " deep, in <" + stack.back().node->path() + ">: not nvidia-smi output");
            auto node = std::make_unique<Node>();
            node->name = reader.name().toString().toStdString();
            node->line = reader.lineNumber();
            // QXmlStreamReader counts columns from 0 and stands after the start tag: +1 is the
            // column where the element's text (the value a message is about) begins.
            node->column = reader.columnNumber() + 1;
            node->id = reader.attributes().value(QLatin1String("id")).toString().toStdString();
            if (stack.empty()) {
                if (node->name != "nvidia_smi_log")
                    return invalidArgument(where(node->line, node->column) + "root element is <" + node->name +
                                           ">, not <nvidia_smi_log>: not nvidia-smi -q -x output");
                root = std::move(node);
                stack.push_back({root.get(), {}});
                continue;
            }
            Open &parent = stack.back();
            const int sameName = parent.seen[node->name]++;
            if (node->name == "gpu" || node->name == "mig_device" || sameName > 0)
                node->repeat = sameName;
            node->parent = parent.node;
            parent.node->children.push_back(std::move(node));
            stack.push_back({parent.node->children.back().get(), {}});
        } else if (token == QXmlStreamReader::EndElement) {
            Node *n = stack.back().node;
            n->text = std::string(nvsmi::trim(n->text));
            stack.pop_back();
        } else if (token == QXmlStreamReader::Characters && !stack.empty()) {
            stack.back().node->text += reader.text().toString().toStdString();
        }
    }
    if (reader.hasError()) {
        std::string at = stack.empty() ? std::string("document") : "<" + stack.back().node->path() + ">";
        return invalidArgument(here() + "malformed XML in " + at + ": " + reader.errorString().toStdString());
    }
    if (!root)
        return invalidArgument(std::string(sourceName) +
                               ":1:1: no <nvidia_smi_log> element: not nvidia-smi -q -x output");
    return root;
}

// Reads one GPU's values, keeping the first error (with its line, column and element path).
class GpuExtractor {
public:
    GpuExtractor(const Node &gpu, std::string_view sourceName) : m_gpu(gpu), m_source(sourceName) {}

    const std::optional<Error> &error() const { return m_error; }

    const Node *first(std::initializer_list<std::string_view> paths) const
    {
        for (std::string_view p : paths)
            if (const Node *n = m_gpu.find(p))
                return n;
        return nullptr;
    }

    std::string text(std::initializer_list<std::string_view> paths) const
    {
        const Node *n = first(paths);
        return n && !nvsmi::isUnavailable(n->text) ? n->text : std::string();
    }

    std::optional<double> number(const Node *n, std::string_view unit)
    {
        if (!n)
            return std::nullopt;
        double v = 0;
        std::string why;
        switch (nvsmi::parseNumber(n->text, unit, &v, &why)) {
        case nvsmi::Parse::Ok:
            return v;
        case nvsmi::Parse::Unavailable:
            return std::nullopt;
        case nvsmi::Parse::Bad:
            fail(*n, why);
            return std::nullopt;
        }
        return std::nullopt;
    }
    std::optional<double> number(std::initializer_list<std::string_view> paths, std::string_view unit)
    {
        return number(first(paths), unit);
    }
    std::optional<double> flag(std::initializer_list<std::string_view> paths)
    {
        const Node *n = first(paths);
        if (!n)
            return std::nullopt;
        double v = 0;
        std::string why;
        const auto p = nvsmi::parseFlag(n->text, &v, &why);
        if (p == nvsmi::Parse::Bad)
            fail(*n, why);
        return p == nvsmi::Parse::Ok ? std::optional<double>(v) : std::nullopt;
    }
    void set(GpuReading &r, GpuField f, std::optional<double> v)
    {
        if (v)
            r.set(f, *v);
    }
    void fail(const Node &n, const std::string &why)
    {
        if (!m_error)
            m_error = invalidArgument(std::string(m_source) + ":" + std::to_string(n.line) + ":" +
                                      std::to_string(n.column) + ": <" + n.path() + ">: " + why);
    }

private:
    const Node &m_gpu;
    std::string_view m_source;
    std::optional<Error> m_error;
};

std::optional<int> toInt(std::optional<double> v)
{
    return v ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
}

// NVML clock throttle / event reason bits, by the suffix nvidia-smi gives each element.
struct ReasonBit {
    std::string_view suffix;
    std::uint32_t bit;
};
constexpr ReasonBit kReasonBits[] = {
    {"gpu_idle", 0x1},
    {"applications_clocks_setting", 0x2},
    {"sw_power_cap", 0x4},
    {"hw_slowdown", 0x8},
    {"sync_boost", 0x10},
    {"sw_thermal_slowdown", 0x20},
    {"hw_thermal_slowdown", 0x40},
    {"hw_power_brake_slowdown", 0x80},
    {"display_clocks_setting", 0x100},
};

void readThrottleReasons(GpuExtractor &x, const Node &gpu, GpuReading &r)
{
    const Node *reasons = gpu.child("clocks_event_reasons");
    std::string_view prefix = "clocks_event_reason_";
    if (!reasons) {
        reasons = gpu.child("clocks_throttle_reasons");
        prefix = "clocks_throttle_reason_";
    }
    if (!reasons)
        return;
    std::uint32_t mask = 0;
    bool any = false;
    for (const auto &c : reasons->children) {
        if (c->name.rfind(prefix, 0) != 0)
            continue;
        const std::string_view suffix = std::string_view(c->name).substr(prefix.size());
        for (const auto &rb : kReasonBits) {
            if (suffix != rb.suffix)
                continue;
            double v = 0;
            std::string why;
            const auto p = nvsmi::parseFlag(c->text, &v, &why);
            if (p == nvsmi::Parse::Bad)
                x.fail(*c, why);
            if (p == nvsmi::Parse::Ok) {
                any = true;
                if (v != 0)
                    mask |= rb.bit;
            }
        }
    }
    if (any)
        r.set(GpuField::ThrottleReasons, mask);
}

// Volatile ECC totals. Pre-Ampere DTDs give single_bit/total and double_bit/total; newer ones
// split by memory (sram_*, dram_*), and v13 splits SRAM uncorrectable into parity and SEC-DED.
void readEcc(GpuExtractor &x, const Node &gpu, GpuReading &r)
{
    const Node *vol = gpu.find("ecc_errors/volatile");
    if (!vol)
        return;
    auto sum = [&](std::initializer_list<std::string_view> names) -> std::optional<double> {
        std::optional<double> total;
        for (std::string_view n : names)
            if (auto v = x.number(vol->find(n), ""))
                total = total.value_or(0) + *v;
        return total;
    };
    if (vol->child("single_bit") || vol->child("double_bit")) {
        x.set(r, GpuField::EccSbeVolatile, x.number(vol->find("single_bit/total"), ""));
        x.set(r, GpuField::EccDbeVolatile, x.number(vol->find("double_bit/total"), ""));
        return;
    }
    x.set(r, GpuField::EccSbeVolatile, sum({"sram_correctable", "dram_correctable"}));
    x.set(r, GpuField::EccDbeVolatile,
          sum({"sram_uncorrectable", "sram_uncorrectable_parity", "sram_uncorrectable_secded", "dram_uncorrectable"}));
}

void readMigDevices(GpuExtractor &x, const Node &gpu, NvidiaSmiDevice &d)
{
    const Node *mig = gpu.child("mig_devices");
    if (!mig)
        return;
    for (const auto &c : mig->children) {
        if (c->name != "mig_device")
            continue;
        NvidiaSmiMigDevice m;
        m.index = toInt(x.number(c->child("index"), "")).value_or(static_cast<int>(d.migDevices.size()));
        m.gpuInstanceId = toInt(x.number(c->child("gpu_instance_id"), ""));
        m.computeInstanceId = toInt(x.number(c->child("compute_instance_id"), ""));
        m.multiprocessorCount = toInt(x.number(c->find("device_attributes/shared/multiprocessor_count"), ""));
        m.fbTotalMiB = x.number(c->find("fb_memory_usage/total"), "MiB");
        m.fbUsedMiB = x.number(c->find("fb_memory_usage/used"), "MiB");
        m.fbFreeMiB = x.number(c->find("fb_memory_usage/free"), "MiB");
        m.fbReservedMiB = x.number(c->find("fb_memory_usage/reserved"), "MiB");
        m.sramUncorrectable = x.number(c->find("ecc_error_count/volatile_count/sram_uncorrectable"), "");
        d.migDevices.push_back(m);
    }
}

Result<NvidiaSmiDevice> readGpu(const Node &gpu, int index, std::string_view sourceName)
{
    GpuExtractor x(gpu, sourceName);
    NvidiaSmiDevice d;
    GpuReading &r = d.reading;
    r.gpu = index;
    r.model = x.text({"product_name"});
    r.uuid = x.text({"uuid"});
    r.pciBusId = x.text({"pci/pci_bus_id"});
    d.minorNumber = toInt(x.number({"minor_number"}, ""));
    d.serial = x.text({"serial"});
    d.vbiosVersion = x.text({"vbios_version"});
    d.architecture = x.text({"product_architecture"});
    d.pstate = x.text({"performance_state"});
    d.computeMode = x.text({"compute_mode"});
    d.migModeCurrent = x.text({"mig_mode/current_mig"});
    d.migModePending = x.text({"mig_mode/pending_mig"});
    d.persistenceMode = x.text({"persistence_mode"});
    d.eccModeCurrent = x.text({"ecc_mode/current_ecc"});
    d.eccModePending = x.text({"ecc_mode/pending_ecc"});
    d.slowdownTemperatureC = x.number({"temperature/gpu_temp_slow_threshold"}, "C");
    if (const auto pending = x.flag({"remapped_rows/remapped_row_pending"}))
        d.remappedRowsPending = *pending != 0;
    d.pcieGenCurrent = toInt(x.number({"pci/pci_gpu_link_info/pcie_gen/current_link_gen"}, ""));
    d.pcieGenMax = toInt(x.number({"pci/pci_gpu_link_info/pcie_gen/max_link_gen"}, ""));
    d.pcieWidthCurrent = toInt(x.number({"pci/pci_gpu_link_info/link_widths/current_link_width"}, "x"));
    d.pcieWidthMax = toInt(x.number({"pci/pci_gpu_link_info/link_widths/max_link_width"}, "x"));

    x.set(r, GpuField::Utilization, x.number({"utilization/gpu_util"}, "%"));
    x.set(r, GpuField::MemoryCopyUtil, x.number({"utilization/memory_util"}, "%"));
    x.set(r, GpuField::FbTotal, x.number({"fb_memory_usage/total"}, "MiB"));
    x.set(r, GpuField::FbUsed, x.number({"fb_memory_usage/used"}, "MiB"));
    x.set(r, GpuField::FbFree, x.number({"fb_memory_usage/free"}, "MiB"));
    x.set(r, GpuField::Temperature, x.number({"temperature/gpu_temp"}, "C"));
    x.set(r, GpuField::MemoryTemperature, x.number({"temperature/memory_temp"}, "C"));
    x.set(r, GpuField::FanSpeed, x.number({"fan_speed"}, "%"));
    x.set(r, GpuField::SmClock, x.number({"clocks/sm_clock"}, "MHz"));
    x.set(r, GpuField::MemClock, x.number({"clocks/mem_clock"}, "MHz"));
    x.set(r, GpuField::PcieReplay, x.number({"pci/replay_counter"}, ""));
    if (auto tx = x.number({"pci/tx_util"}, "KB/s"))
        r.set(GpuField::PcieTxBytes, *tx * nvsmi::kBytesPerKb);
    if (auto rx = x.number({"pci/rx_util"}, "KB/s"))
        r.set(GpuField::PcieRxBytes, *rx * nvsmi::kBytesPerKb);

    // Power moved from <power_readings> (v10, v11 and v12 on older drivers) to
    // <gpu_power_readings> (v12 and later), and <power_draw> split into average and instant.
    const std::string_view power = gpu.child("gpu_power_readings") ? "gpu_power_readings" : "power_readings";
    auto under = [&](std::string_view leaf) { return std::string(power) + "/" + std::string(leaf); };
    const auto drawPath = under("power_draw"), avgPath = under("average_power_draw"),
               instPath = under("instant_power_draw"), limitPath = under("power_limit"),
               requestedPath = under("requested_power_limit"), currentPath = under("current_power_limit"),
               enforcedPath = under("enforced_power_limit");
    const auto draw = x.number({drawPath}, "W");
    d.powerDrawAverageW = x.number({avgPath}, "W");
    d.powerDrawInstantW = x.number({instPath}, "W");
    if (draw)
        r.set(GpuField::Power, *draw);
    else if (d.powerDrawAverageW)
        r.set(GpuField::Power, *d.powerDrawAverageW);
    else if (d.powerDrawInstantW)
        r.set(GpuField::Power, *d.powerDrawInstantW);
    // DCGM's POWER_MGMT_LIMIT is NVML's management limit: <power_limit>, later
    // <requested_power_limit>; the enforced one is <enforced_power_limit>, later <current_power_limit>.
    const Node *limit = x.first({limitPath, requestedPath});
    d.enforcedPowerLimitW = x.number({enforcedPath, currentPath}, "W");
    d.defaultPowerLimitW = x.number({under("default_power_limit")}, "W");
    d.maxPowerLimitW = x.number({under("max_power_limit")}, "W");
    if (auto l = x.number(limit, "W"))
        r.set(GpuField::PowerLimit, *l);
    else if (d.enforcedPowerLimitW)
        r.set(GpuField::PowerLimit, *d.enforcedPowerLimitW);

    readThrottleReasons(x, gpu, r);
    readEcc(x, gpu, r);
    x.set(r, GpuField::RetiredSbe, x.number({"retired_pages/multiple_single_bit_retirement/retired_count"}, ""));
    x.set(r, GpuField::RetiredDbe, x.number({"retired_pages/double_bit_retirement/retired_count"}, ""));
    x.set(r, GpuField::RetiredPending, x.flag({"retired_pages/pending_retirement"}));
    x.set(r, GpuField::RemappedCorrectable, x.number({"remapped_rows/remapped_row_corr"}, ""));
    x.set(r, GpuField::RemappedUncorrectable, x.number({"remapped_rows/remapped_row_unc"}, ""));
    x.set(r, GpuField::RowRemapFailure, x.flag({"remapped_rows/remapped_row_failure"}));
    readMigDevices(x, gpu, d);

    if (x.error())
        return *x.error();
    return d;
}

} // namespace

Result<NvidiaSmiSnapshot> parseNvidiaSmiXml(std::string_view xml, std::string_view sourceName)
{
    auto tree = readTree(xml, sourceName);
    if (!tree)
        return tree.error();
    const Node &root = **tree;
    NvidiaSmiSnapshot s;
    auto rootText = [&](std::string_view name) {
        const Node *n = root.child(name);
        return n && !nvsmi::isUnavailable(n->text) ? n->text : std::string();
    };
    s.timestamp = rootText("timestamp");
    s.driverVersion = rootText("driver_version");
    s.cudaVersion = rootText("cuda_version");
    int index = 0;
    for (const auto &c : root.children) {
        if (c->name != "gpu")
            continue;
        auto gpu = readGpu(*c, index++, sourceName);
        if (!gpu)
            return gpu.error();
        if (gpu->reading.pciBusId.empty()) // old DTDs may carry it only as the id attribute
            gpu->reading.pciBusId = c->id;
        s.gpus.push_back(std::move(*gpu));
    }
    return s;
}

} // namespace sn
