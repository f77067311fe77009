#include "backend/comms/nvidia_smi_topo.h"

#include "backend/comms/text_table.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>

namespace sn::comms {

namespace {

enum class Attribute { CpuAffinity, NumaAffinity, GpuNumaId };
constexpr std::pair<const char *, Attribute> kAttributes[] = {
    {"CPU Affinity", Attribute::CpuAffinity},
    {"NUMA Affinity", Attribute::NumaAffinity},
    {"GPU NUMA ID", Attribute::GpuNumaId},
};

std::optional<Attribute> attributeNamed(const std::string &name)
{
    for (const auto &[n, a] : kAttributes)
        if (name == n)
            return a;
    return std::nullopt;
}

// Device columns are names like GPU0, NIC1, mlx5_0, bnxt_re0: a letter, then name characters,
// ending in a digit.
bool looksLikeDeviceName(const std::string &s)
{
    if (s.empty() || !std::isalpha(static_cast<unsigned char>(s.front())) ||
        !std::isdigit(static_cast<unsigned char>(s.back())))
        return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

std::optional<int> trailingNumber(const std::string &s)
{
    std::size_t i = s.size();
    while (i > 0 && std::isdigit(static_cast<unsigned char>(s[i - 1])))
        --i;
    int v = 0;
    if (i == s.size() || std::from_chars(s.data() + i, s.data() + s.size(), v).ec != std::errc())
        return std::nullopt;
    return v;
}

bool isGpuLabel(const std::string &s)
{
    return s.size() > 3 && s.compare(0, 3, "GPU") == 0 && trailingNumber(s) &&
           std::all_of(s.begin() + 3, s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// The header in space-separated captures splits "CPU Affinity" into two words; join them back.
std::vector<Cell> joinAttributeWords(const std::vector<Cell> &words)
{
    std::vector<Cell> out;
    for (std::size_t i = 0; i < words.size(); ++i) {
        bool joined = false;
        for (const auto &[name, attr] : kAttributes) {
            (void)attr;
            std::string candidate;
            std::size_t j = i;
            std::string_view rest(name);
            while (j < words.size() && !rest.empty()) {
                const std::string &w = words[j].text;
                if (rest.compare(0, w.size(), w) != 0)
                    break;
                rest.remove_prefix(w.size());
                if (!rest.empty()) {
                    if (rest.front() != ' ')
                        break;
                    rest.remove_prefix(1);
                }
                ++j;
            }
            if (rest.empty() && j > i + 1) {
                out.push_back({name, words[i].column});
                i = j - 1;
                joined = true;
                break;
            }
        }
        if (!joined)
            out.push_back(words[i]);
    }
    return out;
}

bool isP2pStatusText(const std::string &s)
{
    return s == "OK" || s == "NS" || s == "CNS" || s == "GNS" || s == "TNS" || s == "U";
}

Result<TopoCell> parseCell(const Cell &cell, const std::string &at)
{
    const std::string &t = cell.text;
    if (t == "X")
        return TopoCell{TopoPath::Self, 0};
    if (t.size() > 2 && t.compare(0, 2, "NV") == 0) {
        int n = 0;
        const auto [ptr, ec] = std::from_chars(t.data() + 2, t.data() + t.size(), n);
        if (ec == std::errc() && ptr == t.data() + t.size() && n > 0)
            return TopoCell{TopoPath::NvLink, n};
        return invalidArgument(at + "'" + t + "' is not a bonded NVLink count (NV#, e.g. NV12)");
    }
    static const std::pair<const char *, TopoPath> kPaths[] = {
        {"PIX", TopoPath::Pix},   {"PXB", TopoPath::Pxb}, {"PHB", TopoPath::Phb},
        {"NODE", TopoPath::Node}, {"SYS", TopoPath::Sys}, {"SOC", TopoPath::Sys}, // SOC: SYS before driver 390
    };
    for (const auto &[name, path] : kPaths)
        if (t == name)
            return TopoCell{path, 0};
    if (isP2pStatusText(t))
        return invalidArgument(at + "'" + t +
                               "' is a peer-to-peer status: this is `nvidia-smi topo -p2p` output, not `topo -m`");
    if (t.empty())
        return invalidArgument(at + "empty cell (expected X, NV#, PIX, PXB, PHB, NODE or SYS)");
    return invalidArgument(at + "unknown connection '" + t + "' (expected X, NV#, PIX, PXB, PHB, NODE or SYS)");
}

Result<std::optional<int>> parseOptionalInt(const Cell &cell, const std::string &column, const std::string &at)
{
    if (cell.text.empty() || cell.text == "N/A")
        return std::optional<int>{};
    int v = 0;
    const auto [ptr, ec] = std::from_chars(cell.text.data(), cell.text.data() + cell.text.size(), v);
    if (ec != std::errc() || ptr != cell.text.data() + cell.text.size() || v < 0)
        return invalidArgument(at + column + " '" + cell.text + "' is not a number or N/A");
    return std::optional<int>{v};
}

bool isCpuList(const std::string &s)
{
    return !s.empty() && std::isdigit(static_cast<unsigned char>(s.front())) &&
           std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == ','; });
}

struct Header {
    std::vector<Cell> devices;
    std::vector<std::pair<Attribute, Cell>> attributes;
};

Result<Header> parseHeader(const TextLine &line, const std::string &source)
{
    const bool tabbed = line.text.find('\t') != std::string::npos;
    std::vector<Cell> cells = tabbed ? splitTabs(line.text) : joinAttributeWords(splitBlanks(line.text));
    if (tabbed && !cells.empty() && cells.front().text.empty())
        cells.erase(cells.begin()); // the row-label column has no name
    if (std::none_of(cells.begin(), cells.end(), [](const Cell &c) { return isGpuLabel(c.text); }))
        return invalidArgument(where(source, line.number, 1) +
                               "expected the matrix header (GPU0 GPU1 ... CPU Affinity NUMA Affinity), found " +
                               excerpt(line.text));
    Header h;
    for (const Cell &c : cells) {
        const std::string at = where(source, line.number, c.column);
        if (auto attr = attributeNamed(c.text)) {
            h.attributes.push_back({*attr, c});
            continue;
        }
        if (c.text.empty() && tabbed && &c == &cells.back())
            continue; // a trailing tab
        if (!h.attributes.empty())
            return invalidArgument(at + "device column '" + c.text + "' after the affinity columns");
        if (!looksLikeDeviceName(c.text))
            return invalidArgument(at + "unexpected column '" + c.text +
                                   "' (expected device names like GPU0 or NIC0, then CPU Affinity, NUMA Affinity)");
        for (const Cell &d : h.devices)
            if (d.text == c.text)
                return invalidArgument(at + "column '" + c.text + "' appears twice");
        h.devices.push_back(c);
    }
    return h;
}

} // namespace

const char *topoPathName(TopoPath path)
{
    switch (path) {
    case TopoPath::Self:
        return "X";
    case TopoPath::NvLink:
        return "NV";
    case TopoPath::Pix:
        return "PIX";
    case TopoPath::Pxb:
        return "PXB";
    case TopoPath::Phb:
        return "PHB";
    case TopoPath::Node:
        return "NODE";
    case TopoPath::Sys:
        return "SYS";
    }
    return "?";
}

std::string TopoCell::text() const
{
    return path == TopoPath::NvLink ? "NV" + std::to_string(nvlinks) : topoPathName(path);
}

int TopoMatrix::gpuCount() const
{
    return static_cast<int>(std::count_if(devices.begin(), devices.end(), [](const auto &d) { return d.isGpu; }));
}

int TopoMatrix::nicCount() const
{
    return static_cast<int>(devices.size()) - gpuCount();
}

Result<TopoMatrix> parseNvidiaSmiTopoMatrix(std::string_view text, const std::string &source)
{
    const std::vector<TextLine> lines = splitLines(text);
    std::size_t li = 0;
    while (li < lines.size() && isBlank(lines[li].text))
        ++li;
    if (li == lines.size())
        return invalidArgument(source + ": empty input (expected the output of nvidia-smi topo -m)");
    const TextLine &headerLine = lines[li];
    if (trimmed(headerLine.text).rfind("ERROR", 0) == 0 || trimmed(headerLine.text).rfind("Failed", 0) == 0)
        return invalidArgument(where(source, headerLine.number, 1) +
                               "nvidia-smi printed an error instead of a matrix: " + excerpt(headerLine.text));
    auto header = parseHeader(headerLine, source);
    if (!header)
        return header.error();
    const std::size_t n = header->devices.size();
    const std::size_t k = header->attributes.size();

    TopoMatrix m;
    for (const Cell &c : header->devices) {
        TopoMatrixDevice d;
        d.label = c.text;
        d.name = c.text;
        d.isGpu = isGpuLabel(c.text);
        d.index = trailingNumber(c.text).value_or(-1);
        m.devices.push_back(d);
    }
    m.cells.resize(n * n);
    std::vector<int> rowLine(n, 0);
    std::vector<std::vector<int>> cellColumn(n, std::vector<int>(n, 0));

    std::size_t row = 0;
    ++li;
    for (; li < lines.size() && row < n; ++li) {
        const TextLine &line = lines[li];
        if (isBlank(line.text) || trimmed(line.text).rfind("Legend", 0) == 0)
            break;
        const bool tabbed = line.text.find('\t') != std::string::npos;
        std::vector<Cell> cells = tabbed ? splitTabs(line.text) : splitBlanks(line.text);
        if (tabbed && !cells.empty() && cells.front().text.empty())
            cells.erase(cells.begin());
        const std::string rowAt = where(source, line.number, cells.empty() ? 1 : cells.front().column);
        TopoMatrixDevice &dev = m.devices[row];
        if (cells.empty() || cells.front().text != dev.label)
            return invalidArgument(rowAt + "expected the row of " + dev.label + ", found " + excerpt(line.text));
        if (cells.size() < n + 1)
            return invalidArgument(rowAt + "row " + dev.label + " has " + std::to_string(cells.size() - 1) + " of " +
                                   std::to_string(n) + " cells (truncated?)");
        for (std::size_t c = 0; c < n; ++c) {
            const Cell &cell = cells[c + 1];
            const std::string at = where(source, line.number, cell.column);
            auto parsed = parseCell(cell, at);
            if (!parsed)
                return parsed.error();
            if ((parsed->path == TopoPath::Self) != (c == row))
                return invalidArgument(
                    at + (c == row ? "the diagonal cell of " + dev.label + " is '" + cell.text + "', expected X"
                                   : "X (self) off the diagonal, at " + dev.label + "/" + m.devices[c].label));
            m.cells[row * n + c] = *parsed;
            cellColumn[row][c] = cell.column;
        }
        std::vector<Cell> values(cells.begin() + static_cast<std::ptrdiff_t>(n + 1), cells.end());
        // nvidia-smi writes two tabs before GPU NUMA ID; the empty field between is not a value.
        if (tabbed && k >= 2 && values.size() == k + 1 && header->attributes.back().first == Attribute::GpuNumaId &&
            values[k - 1].text.empty())
            values.erase(values.begin() + static_cast<std::ptrdiff_t>(k - 1));
        while (values.size() > k && values.back().text.empty())
            values.pop_back();
        if (values.size() > k)
            return invalidArgument(where(source, line.number, values[k].column) + "row " + dev.label + " has " +
                                   std::to_string(values.size() - k) + " value(s) more than the header's columns: '" +
                                   values[k].text + "'");
        if (!tabbed && dev.isGpu && values.size() < k)
            return invalidArgument(where(source, line.number, static_cast<int>(line.text.size()) + 1) + "row " +
                                   dev.label + " ends before its " + header->attributes[values.size()].second.text +
                                   " (truncated?)");
        for (std::size_t v = 0; v < values.size(); ++v) {
            const Cell &value = values[v];
            const std::string at = where(source, line.number, value.column);
            switch (header->attributes[v].first) {
            case Attribute::CpuAffinity:
                if (!value.text.empty() && value.text != "N/A" && !isCpuList(value.text))
                    return invalidArgument(at + "CPU Affinity '" + value.text + "' is not a CPU list like 0-23,48-71");
                dev.cpuAffinity = value.text == "N/A" ? "" : value.text;
                break;
            case Attribute::NumaAffinity: {
                auto numa = parseOptionalInt(value, "NUMA Affinity", at);
                if (!numa)
                    return numa.error();
                dev.numaNode = *numa;
                break;
            }
            case Attribute::GpuNumaId: {
                auto id = parseOptionalInt(value, "GPU NUMA ID", at);
                if (!id)
                    return id.error();
                dev.gpuNumaId = *id;
                break;
            }
            }
        }
        rowLine[row] = line.number;
        ++row;
    }
    if (row < n) {
        const int at = li < lines.size() ? lines[li].number : (lines.empty() ? 1 : lines.back().number + 1);
        return invalidArgument(where(source, at, 1) + "the header lists " + std::to_string(n) + " devices but only " +
                               std::to_string(row) + " rows follow (truncated?)");
    }
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            if (!(m.at(i, j) == m.at(j, i)))
                return invalidArgument(where(source, rowLine[j], cellColumn[j][i]) + m.devices[j].label + "/" +
                                       m.devices[i].label + " is " + m.at(j, i).text() + " but " + m.devices[i].label +
                                       "/" + m.devices[j].label + " is " + m.at(i, j).text() +
                                       " (the matrix must be symmetric)");

    // "NIC Legend:" maps NIC0.. to the RDMA device names (mlx5_0) that NCCL_IB_HCA and ibstat use.
    std::map<std::string, std::string> nicNames;
    bool inNicLegend = false;
    for (; li < lines.size(); ++li) {
        const std::string t = trimmed(lines[li].text);
        if (t == "NIC Legend:") {
            inNicLegend = true;
            continue;
        }
        if (!inNicLegend || t.empty())
            continue;
        const std::size_t colon = t.find(':');
        if (colon == std::string::npos)
            return invalidArgument(where(source, lines[li].number, 1) + "NIC legend line " + excerpt(t) +
                                   " is not 'NICn: name'");
        nicNames[trimmed(t.substr(0, colon))] = trimmed(t.substr(colon + 1));
    }
    for (TopoMatrixDevice &d : m.devices)
        if (auto it = nicNames.find(d.label); it != nicNames.end() && !it->second.empty())
            d.name = it->second;
    return m;
}

const char *p2pStatusName(P2pStatus status)
{
    switch (status) {
    case P2pStatus::Self:
        return "X";
    case P2pStatus::Ok:
        return "OK";
    case P2pStatus::ChipsetNotSupported:
        return "CNS";
    case P2pStatus::GpuNotSupported:
        return "GNS";
    case P2pStatus::TopologyNotSupported:
        return "TNS";
    case P2pStatus::NotSupported:
        return "NS";
    case P2pStatus::Unknown:
        return "U";
    }
    return "?";
}

bool P2pMatrix::allPairsOk() const
{
    for (int i = 0; i < gpus; ++i)
        for (int j = 0; j < gpus; ++j)
            if (i != j && at(i, j) != P2pStatus::Ok)
                return false;
    return gpus > 0;
}

Result<P2pMatrix> parseNvidiaSmiTopoP2p(std::string_view text, const std::string &source)
{
    const std::vector<TextLine> lines = splitLines(text);
    std::size_t li = 0;
    while (li < lines.size() && isBlank(lines[li].text))
        ++li;
    if (li == lines.size())
        return invalidArgument(source + ": empty input (expected the output of nvidia-smi topo -p2p)");
    const std::vector<Cell> header = splitBlanks(lines[li].text);
    for (std::size_t c = 0; c < header.size(); ++c)
        if (!isGpuLabel(header[c].text) || trailingNumber(header[c].text) != static_cast<int>(c))
            return invalidArgument(where(source, lines[li].number, header[c].column) + "expected GPU" +
                                   std::to_string(c) + " in the P2P header, found '" + header[c].text + "'");
    P2pMatrix m;
    m.gpus = static_cast<int>(header.size());
    if (m.gpus == 0)
        return invalidArgument(where(source, lines[li].number, 1) + "no GPU columns in the P2P header");
    static const std::pair<const char *, P2pStatus> kStatus[] = {
        {"X", P2pStatus::Self},
        {"OK", P2pStatus::Ok},
        {"CNS", P2pStatus::ChipsetNotSupported},
        {"GNS", P2pStatus::GpuNotSupported},
        {"TNS", P2pStatus::TopologyNotSupported},
        {"NS", P2pStatus::NotSupported},
        {"U", P2pStatus::Unknown},
    };
    int row = 0;
    for (++li; li < lines.size() && row < m.gpus; ++li) {
        if (isBlank(lines[li].text))
            break;
        const std::vector<Cell> cells = splitBlanks(lines[li].text);
        const std::string expected = "GPU" + std::to_string(row);
        if (cells.empty() || cells.front().text != expected)
            return invalidArgument(where(source, lines[li].number, cells.empty() ? 1 : cells.front().column) +
                                   "expected the row of " + expected + ", found " + excerpt(lines[li].text));
        if (cells.size() != static_cast<std::size_t>(m.gpus) + 1)
            return invalidArgument(where(source, lines[li].number, cells.front().column) + "row " + expected + " has " +
                                   std::to_string(cells.size() - 1) + " of " + std::to_string(m.gpus) + " cells");
        for (int c = 0; c < m.gpus; ++c) {
            const Cell &cell = cells[static_cast<std::size_t>(c) + 1];
            auto it = std::find_if(std::begin(kStatus), std::end(kStatus),
                                   [&](const auto &s) { return cell.text == s.first; });
            if (it == std::end(kStatus))
                return invalidArgument(where(source, lines[li].number, cell.column) + "unknown P2P status '" +
                                       cell.text + "' (expected X, OK, CNS, GNS, TNS, NS or U)");
            if ((it->second == P2pStatus::Self) != (c == row))
                return invalidArgument(where(source, lines[li].number, cell.column) + "X must be on the diagonal only");
            m.cells.push_back(it->second);
        }
        ++row;
    }
    if (row < m.gpus)
        return invalidArgument(source + ": the P2P header lists " + std::to_string(m.gpus) + " GPUs but only " +
                               std::to_string(row) + " rows follow (truncated?)");
    return m;
}

} // namespace sn::comms
