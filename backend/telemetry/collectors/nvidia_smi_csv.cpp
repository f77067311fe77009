#include "backend/telemetry/collectors/nvidia_smi_csv.h"

#include "backend/telemetry/collectors/nvidia_smi_values.h"

#include <algorithm>
#include <functional>

namespace sn {

namespace {

enum class Kind { Number, Flag, Bitmask, Text };

// What one column fills. `unit` is what nvidia-smi prints after the value without `nounits`.
struct Column {
    std::string_view name; // canonical, as nvidia-smi prints it in the header
    std::initializer_list<std::string_view> aliases;
    Kind kind;
    std::string_view unit;
    std::optional<GpuField> field;                                                      // a catalogue field, or
    void (*apply)(NvidiaSmiSnapshot &, NvidiaSmiDevice &, double, const std::string &); // a fact
};

void none(NvidiaSmiSnapshot &, NvidiaSmiDevice &, double, const std::string &) {}

#define SN_FACT(expr)                                                                                                  \
    [](NvidiaSmiSnapshot &s, NvidiaSmiDevice &d, double v, const std::string &t) {                                     \
        (void)s;                                                                                                       \
        (void)d;                                                                                                       \
        (void)v;                                                                                                       \
        (void)t;                                                                                                       \
        expr;                                                                                                          \
    }

// Names and aliases as `nvidia-smi --help-query-gpu` (driver 590) lists them.
const Column kColumns[] = {
    {"timestamp", {}, Kind::Text, "", {}, SN_FACT(s.timestamp = t)},
    {"driver_version", {}, Kind::Text, "", {}, SN_FACT(s.driverVersion = t)},
    {"index", {}, Kind::Number, "", {}, SN_FACT(d.reading.gpu = static_cast<int>(v))},
    {"name", {"gpu_name"}, Kind::Text, "", {}, SN_FACT(d.reading.model = t)},
    {"uuid", {"gpu_uuid"}, Kind::Text, "", {}, SN_FACT(d.reading.uuid = t)},
    {"pci.bus_id", {"gpu_bus_id"}, Kind::Text, "", {}, SN_FACT(d.reading.pciBusId = t)},
    {"serial", {"gpu_serial"}, Kind::Text, "", {}, SN_FACT(d.serial = t)},
    {"vbios_version", {}, Kind::Text, "", {}, SN_FACT(d.vbiosVersion = t)},
    {"pstate", {}, Kind::Text, "", {}, SN_FACT(d.pstate = t)},
    {"compute_mode", {}, Kind::Text, "", {}, SN_FACT(d.computeMode = t)},
    {"mig.mode.current", {}, Kind::Text, "", {}, SN_FACT(d.migModeCurrent = t)},
    {"mig.mode.pending", {}, Kind::Text, "", {}, SN_FACT(d.migModePending = t)},
    {"persistence_mode", {}, Kind::Text, "", {}, SN_FACT(d.persistenceMode = t)},
    {"ecc.mode.current", {}, Kind::Text, "", {}, SN_FACT(d.eccModeCurrent = t)},
    {"ecc.mode.pending", {}, Kind::Text, "", {}, SN_FACT(d.eccModePending = t)},
    {"power.default_limit", {}, Kind::Number, "W", {}, SN_FACT(d.defaultPowerLimitW = v)},
    {"power.max_limit", {}, Kind::Number, "W", {}, SN_FACT(d.maxPowerLimitW = v)},
    {"remapped_rows.pending", {}, Kind::Flag, "", {}, SN_FACT(d.remappedRowsPending = v != 0)},
    {"pcie.link.gen.current", {}, Kind::Number, "", {}, SN_FACT(d.pcieGenCurrent = static_cast<int>(v))},
    {"pcie.link.gen.max", {}, Kind::Number, "", {}, SN_FACT(d.pcieGenMax = static_cast<int>(v))},
    {"pcie.link.width.current", {}, Kind::Number, "", {}, SN_FACT(d.pcieWidthCurrent = static_cast<int>(v))},
    {"pcie.link.width.max", {}, Kind::Number, "", {}, SN_FACT(d.pcieWidthMax = static_cast<int>(v))},
    {"utilization.gpu", {}, Kind::Number, "%", GpuField::Utilization, none},
    {"utilization.memory", {}, Kind::Number, "%", GpuField::MemoryCopyUtil, none},
    {"memory.total", {}, Kind::Number, "MiB", GpuField::FbTotal, none},
    {"memory.used", {}, Kind::Number, "MiB", GpuField::FbUsed, none},
    {"memory.free", {}, Kind::Number, "MiB", GpuField::FbFree, none},
    {"temperature.gpu", {}, Kind::Number, "", GpuField::Temperature, none},
    {"temperature.memory", {}, Kind::Number, "", GpuField::MemoryTemperature, none},
    {"power.draw", {}, Kind::Number, "W", GpuField::Power, none},
    {"power.draw.average", {"gpu.power.draw.average"}, Kind::Number, "W", {}, SN_FACT(d.powerDrawAverageW = v)},
    {"power.draw.instant", {"gpu.power.draw.instant"}, Kind::Number, "W", {}, SN_FACT(d.powerDrawInstantW = v)},
    {"power.limit", {"gpu.power.requested_limit"}, Kind::Number, "W", GpuField::PowerLimit, none},
    {"enforced.power.limit", {"gpu.power.current_limit"}, Kind::Number, "W", {}, SN_FACT(d.enforcedPowerLimitW = v)},
    {"clocks.current.sm", {"clocks.sm"}, Kind::Number, "MHz", GpuField::SmClock, none},
    {"clocks.current.memory", {"clocks.mem"}, Kind::Number, "MHz", GpuField::MemClock, none},
    {"clocks_event_reasons.active",
     {"clocks_throttle_reasons.active"},
     Kind::Bitmask,
     "",
     GpuField::ThrottleReasons,
     none},
    {"fan.speed", {}, Kind::Number, "%", GpuField::FanSpeed, none},
    {"ecc.errors.corrected.volatile.total", {}, Kind::Number, "", GpuField::EccSbeVolatile, none},
    {"ecc.errors.uncorrected.volatile.total", {}, Kind::Number, "", GpuField::EccDbeVolatile, none},
    {"retired_pages.single_bit_ecc.count", {"retired_pages.sbe"}, Kind::Number, "", GpuField::RetiredSbe, none},
    {"retired_pages.double_bit.count", {"retired_pages.dbe"}, Kind::Number, "", GpuField::RetiredDbe, none},
    {"retired_pages.pending", {}, Kind::Flag, "", GpuField::RetiredPending, none},
    {"remapped_rows.correctable", {"remapped_rows.sbe"}, Kind::Number, "", GpuField::RemappedCorrectable, none},
    {"remapped_rows.uncorrectable", {"remapped_rows.dbe"}, Kind::Number, "", GpuField::RemappedUncorrectable, none},
    {"remapped_rows.failure", {}, Kind::Flag, "", GpuField::RowRemapFailure, none},
};
#undef SN_FACT

const Column *columnFor(std::string_view name)
{
    for (const auto &c : kColumns) {
        if (c.name == name)
            return &c;
        for (std::string_view a : c.aliases)
            if (a == name)
                return &c;
    }
    return nullptr;
}

struct Cell {
    std::string text;
    int column = 1; // 1-based character column where the cell starts
};

// One line of nvidia-smi CSV: cells separated by ",", spaces after the comma; a cell may be
// double-quoted (with "" for a quote), which nvidia-smi does not do today but CSV tools do.
Result<std::vector<Cell>> splitLine(std::string_view line, int lineNo, std::string_view source)
{
    std::vector<Cell> cells;
    std::size_t i = 0;
    while (true) {
        while (i < line.size() && line[i] == ' ')
            ++i;
        Cell cell;
        cell.column = static_cast<int>(i) + 1;
        if (i < line.size() && line[i] == '"') {
            ++i;
            bool closed = false;
            while (i < line.size()) {
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        cell.text += '"';
                        i += 2;
                        continue;
                    }
                    closed = true;
                    ++i;
                    break;
                }
                cell.text += line[i++];
            }
            if (!closed)
                return invalidArgument(std::string(source) + ":" + std::to_string(lineNo) + ":" +
                                       std::to_string(cell.column) + ": unterminated quoted cell");
            while (i < line.size() && line[i] == ' ')
                ++i;
            if (i < line.size() && line[i] != ',')
                return invalidArgument(std::string(source) + ":" + std::to_string(lineNo) + ":" +
                                       std::to_string(i + 1) + ": text after a quoted cell");
        } else {
            const std::size_t comma = line.find(',', i);
            const std::size_t end = comma == std::string_view::npos ? line.size() : comma;
            cell.text = std::string(nvsmi::trim(line.substr(i, end - i)));
            i = end;
        }
        cells.push_back(std::move(cell));
        if (i >= line.size())
            break;
        ++i; // the comma
    }
    return cells;
}

// "memory.used [MiB]" -> "memory.used"
std::string headerName(std::string_view cell)
{
    cell = nvsmi::trim(cell);
    if (const std::size_t bracket = cell.find(" ["); bracket != std::string_view::npos && cell.back() == ']')
        cell = cell.substr(0, bracket);
    return std::string(nvsmi::trim(cell));
}

struct Lines {
    std::vector<std::pair<int, std::string_view>> lines; // (1-based number, text) of non-empty lines
};

Lines splitLines(std::string_view csv)
{
    Lines out;
    int number = 0;
    while (!csv.empty()) {
        ++number;
        const std::size_t nl = csv.find('\n');
        std::string_view line = csv.substr(0, nl);
        csv = nl == std::string_view::npos ? std::string_view{} : csv.substr(nl + 1);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (!nvsmi::trim(line).empty())
            out.lines.emplace_back(number, line);
    }
    return out;
}

Result<NvidiaSmiSnapshot> parseRows(const Lines &lines, std::size_t firstRow, const std::vector<std::string> &names,
                                    const std::vector<std::string> &labels, std::string_view source)
{
    std::vector<const Column *> columns;
    for (const auto &n : names)
        columns.push_back(columnFor(canonicalNvidiaSmiField(n)));
    NvidiaSmiSnapshot s;
    for (std::size_t li = firstRow; li < lines.lines.size(); ++li) {
        const auto [lineNo, text] = lines.lines[li];
        auto cells = splitLine(text, lineNo, source);
        if (!cells)
            return cells.error();
        auto where = [&, lineNo = lineNo](int column) {
            return std::string(source) + ":" + std::to_string(lineNo) + ":" + std::to_string(column) + ": ";
        };
        if (cells->size() != names.size())
            return invalidArgument(where(1) + "row has " + std::to_string(cells->size()) + " columns, expected " +
                                   std::to_string(names.size()) + " (" + (names.empty() ? "" : names.front()) +
                                   " ... " + (names.empty() ? "" : names.back()) + ")");
        NvidiaSmiDevice d;
        d.reading.gpu = static_cast<int>(s.gpus.size());
        for (std::size_t c = 0; c < cells->size(); ++c) {
            const Column *col = columns[c];
            if (!col)
                continue; // a field the catalogue has no place for
            const Cell &cell = (*cells)[c];
            double v = 0;
            std::string why;
            nvsmi::Parse p = nvsmi::Parse::Ok;
            switch (col->kind) {
            case Kind::Text:
                if (nvsmi::isUnavailable(cell.text))
                    p = nvsmi::Parse::Unavailable;
                break;
            case Kind::Number:
                p = nvsmi::parseNumber(cell.text, col->unit, &v, &why);
                break;
            case Kind::Flag:
                p = nvsmi::parseFlag(cell.text, &v, &why);
                break;
            case Kind::Bitmask:
                p = nvsmi::parseBitmask(cell.text, &v, &why);
                break;
            }
            if (p == nvsmi::Parse::Bad)
                return invalidArgument(where(cell.column) + "column '" + labels[c] + "': " + why);
            if (p == nvsmi::Parse::Unavailable)
                continue;
            if (col->field)
                d.reading.set(*col->field, v);
            col->apply(s, d, v, cell.text);
        }
        // Older drivers have no power.draw split; newer ones may leave power.draw N/A on a MIG
        // slice while the average is there. The enforced limit stands in for a missing one.
        if (!d.reading.has(GpuField::Power) && d.powerDrawAverageW)
            d.reading.set(GpuField::Power, *d.powerDrawAverageW);
        if (!d.reading.has(GpuField::PowerLimit) && d.enforcedPowerLimitW)
            d.reading.set(GpuField::PowerLimit, *d.enforcedPowerLimitW);
        s.gpus.push_back(std::move(d));
    }
    return s;
}

} // namespace

std::string canonicalNvidiaSmiField(std::string_view name)
{
    name = nvsmi::trim(name);
    if (const Column *c = columnFor(name))
        return std::string(c->name);
    return std::string(name);
}

Result<NvidiaSmiSnapshot> parseNvidiaSmiCsv(std::string_view csv, std::string_view sourceName)
{
    const Lines lines = splitLines(csv);
    if (lines.lines.empty())
        return invalidArgument(std::string(sourceName) + ":1:1: empty: no header line naming the columns");
    const auto [lineNo, text] = lines.lines.front();
    auto header = splitLine(text, lineNo, sourceName);
    if (!header)
        return header.error();
    std::vector<std::string> names, labels;
    bool known = false;
    for (const Cell &cell : *header) {
        names.push_back(headerName(cell.text));
        labels.push_back(cell.text);
        known = known || columnFor(names.back());
        if (names.back().empty())
            return invalidArgument(std::string(sourceName) + ":" + std::to_string(lineNo) + ":" +
                                   std::to_string(cell.column) + ": empty column name in the header");
    }
    if (!known)
        return invalidArgument(std::string(sourceName) + ":" + std::to_string(lineNo) +
                               ":1: the first line names no nvidia-smi --query-gpu field: not a CSV with a header");
    return parseRows(lines, 1, names, labels, sourceName);
}

Result<NvidiaSmiSnapshot> parseNvidiaSmiCsv(std::string_view csv, const std::vector<std::string> &fields,
                                            std::string_view sourceName)
{
    return parseRows(splitLines(csv), 0, fields, fields, sourceName);
}

const std::vector<std::string> &nvidiaSmiQueryFields()
{
    static const std::vector<std::string> fields{
        "index",
        "uuid",
        "name",
        "pci.bus_id",
        "serial",
        "vbios_version",
        "driver_version",
        "pstate",
        "compute_mode",
        "mig.mode.current",
        "pcie.link.gen.current",
        "pcie.link.gen.max",
        "pcie.link.width.current",
        "pcie.link.width.max",
        "utilization.gpu",
        "utilization.memory",
        "memory.total",
        "memory.used",
        "memory.free",
        "temperature.gpu",
        "temperature.memory",
        "power.draw",
        "power.limit",
        "enforced.power.limit",
        "clocks.sm",
        "clocks.mem",
        "clocks_throttle_reasons.active",
        "fan.speed",
        "ecc.errors.corrected.volatile.total",
        "ecc.errors.uncorrected.volatile.total",
        "retired_pages.sbe",
        "retired_pages.dbe",
        "retired_pages.pending",
        "remapped_rows.correctable",
        "remapped_rows.uncorrectable",
        "remapped_rows.failure",
    };
    return fields;
}

} // namespace sn
