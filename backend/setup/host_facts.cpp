#include "backend/setup/host_facts.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <charconv>
#include <functional>

namespace sn::setup {

namespace {

std::string trim(std::string_view s)
{
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos)
        return {};
    return std::string(s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1));
}

std::vector<std::string_view> lines(std::string_view text)
{
    std::vector<std::string_view> out;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        out.push_back(text.substr(0, nl));
        if (nl == std::string_view::npos)
            break;
        text.remove_prefix(nl + 1);
    }
    return out;
}

std::optional<std::int64_t> toInt64(std::string_view s)
{
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size())
        return std::nullopt;
    return v;
}

Error at(const std::string &source, std::size_t line, const std::string &what)
{
    return invalidArgument(source + ":" + std::to_string(line) + ": " + what);
}

// A JSON object document; a syntax error as source:line:column.
Result<QJsonObject> parseObject(std::string_view json, const std::string &source)
{
    const QByteArray bytes(json.data(), static_cast<qsizetype>(json.size()));
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &err);
    if (err.error != QJsonParseError::NoError) {
        int line = 1, column = 1;
        for (int i = 0; i < err.offset && i < bytes.size(); ++i) {
            if (bytes[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        return invalidArgument(source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                               err.errorString().toStdString());
    }
    if (!doc.isObject())
        return invalidArgument(source + ":1:1: expected a JSON object");
    return doc.object();
}

// "GB/s", "C" etc. are not involved here: a version is digits and dots only.
std::optional<std::vector<long>> versionParts(std::string_view v)
{
    std::vector<long> parts;
    while (true) {
        const auto dot = v.find('.');
        const std::string_view part = v.substr(0, dot);
        long n = 0;
        const auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
        if (part.empty() || ec != std::errc() || p != part.data() + part.size())
            return std::nullopt;
        parts.push_back(n);
        if (dot == std::string_view::npos)
            return parts;
        v.remove_prefix(dot + 1);
    }
}

} // namespace

Result<CpuInfo> parseLscpuJson(std::string_view json, const std::string &source)
{
    auto root = parseObject(json, source);
    if (!root)
        return root.error();
    const QJsonValue list = root->value("lscpu");
    if (!list.isArray())
        return invalidArgument(source + ": no \"lscpu\" array: not lscpu -J output");
    CpuInfo cpu;
    std::optional<Error> bad;
    // util-linux 2.38 nests some fields under "children"; older ones are flat.
    std::function<void(const QJsonArray &)> walk = [&](const QJsonArray &entries) {
        for (qsizetype i = 0; i < entries.size() && !bad; ++i) {
            const QJsonObject e = entries[i].toObject();
            const std::string field = e.value("field").toString().toStdString();
            const std::string data = e.value("data").toString().toStdString();
            auto number = [&](int *out) {
                const auto v = toInt64(trim(data));
                if (!v || *v < 0)
                    bad = invalidArgument(source + ": \"" + field + "\": '" + data + "' is not a count");
                else
                    *out = static_cast<int>(*v);
            };
            if (field == "Model name:")
                cpu.model = trim(data);
            else if (field == "Socket(s):")
                number(&cpu.sockets);
            else if (field == "Core(s) per socket:")
                number(&cpu.coresPerSocket);
            else if (field == "CPU(s):")
                number(&cpu.threads);
            if (e.value("children").isArray())
                walk(e.value("children").toArray());
        }
    };
    walk(list.toArray());
    if (bad)
        return *bad;
    if (cpu.threads == 0)
        return invalidArgument(source + ": no \"CPU(s):\" field");
    return cpu;
}

Result<std::int64_t> parseFreeBytes(std::string_view text, const std::string &source)
{
    const auto ls = lines(text);
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const std::string line = trim(ls[i]);
        if (line.rfind("Mem:", 0) != 0)
            continue;
        const std::string rest = trim(std::string_view(line).substr(4));
        const std::string total = rest.substr(0, rest.find_first_of(" \t"));
        const auto v = toInt64(total);
        if (!v || *v <= 0)
            return at(source, i + 1, "total '" + total + "' is not a number of bytes");
        return *v;
    }
    return invalidArgument(source + ": no \"Mem:\" line");
}

Result<std::vector<BlockDevice>> parseLsblkJson(std::string_view json, const std::string &source)
{
    auto root = parseObject(json, source);
    if (!root)
        return root.error();
    if (!root->value("blockdevices").isArray())
        return invalidArgument(source + ": no \"blockdevices\" array: not lsblk -J output");
    std::vector<BlockDevice> out;
    std::optional<Error> bad;
    std::function<void(const QJsonArray &)> walk = [&](const QJsonArray &devices) {
        for (qsizetype i = 0; i < devices.size() && !bad; ++i) {
            const QJsonObject o = devices[i].toObject();
            BlockDevice d;
            d.name = o.value("name").toString().toStdString();
            d.type = o.value("type").toString().toStdString();
            const QJsonValue size = o.value("size");
            // With -b the size is a number (a string in util-linux before 2.33).
            const auto bytes = size.isDouble() ? std::optional<std::int64_t>(size.toInteger())
                                               : toInt64(size.toString().toStdString());
            if (d.name.empty() || !bytes || *bytes < 0) {
                bad = invalidArgument(source + ": device " + std::to_string(out.size()) + " (" +
                                      (d.name.empty() ? "no name" : d.name) +
                                      "): size is not a number of bytes (run with -b)");
                return;
            }
            d.sizeBytes = *bytes;
            const QJsonValue rota = o.value("rota");
            d.rotational = rota.isBool() ? rota.toBool() : rota.toString() == "1";
            d.mountpoint = o.value("mountpoint").toString().toStdString();
            out.push_back(d);
            if (o.value("children").isArray())
                walk(o.value("children").toArray());
        }
    };
    walk(root->value("blockdevices").toArray());
    if (bad)
        return *bad;
    return out;
}

Result<std::int64_t> parseDfAvailable(std::string_view text, const std::string &source)
{
    const auto ls = lines(text);
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const std::string line = trim(ls[i]);
        if (line.empty() || line == "Avail")
            continue;
        const auto v = toInt64(line);
        if (!v || *v < 0)
            return at(source, i + 1, "'" + line + "' is not a number of bytes");
        return *v;
    }
    return invalidArgument(source + ": no value after the \"Avail\" header");
}

namespace {

// "KEY : value" or "KEY: value" anywhere in text.
std::string valueAfter(std::string_view text, std::string_view key)
{
    const auto k = text.find(key);
    if (k == std::string_view::npos)
        return {};
    std::string_view rest = text.substr(k + key.size());
    const auto colon = rest.find(':');
    if (colon == std::string_view::npos || rest.substr(0, colon).find_first_not_of(' ') != std::string_view::npos)
        return {};
    rest.remove_prefix(colon + 1);
    const std::string value = trim(rest.substr(0, rest.find_first_of("|\n")));
    return value.substr(0, value.find_first_of(" \t"));
}

Status checkVersion(const std::string &value, const char *what, const std::string &source)
{
    if (!versionParts(value))
        return invalidArgument(source + ": " + what + " '" + value + "' is not a version");
    return success();
}

} // namespace

Result<DriverVersions> parseNvidiaSmiVersion(std::string_view text, const std::string &source)
{
    DriverVersions v{valueAfter(text, "DRIVER version"), valueAfter(text, "CUDA Version")};
    if (v.driver.empty())
        return invalidArgument(source + ": no \"DRIVER version :\" line");
    if (auto s = checkVersion(v.driver, "driver version", source); !s.ok())
        return s.error();
    if (!v.cuda.empty())
        if (auto s = checkVersion(v.cuda, "CUDA version", source); !s.ok())
            return s.error();
    return v;
}

Result<DriverVersions> parseNvidiaSmiTableHeader(std::string_view text, const std::string &source)
{
    DriverVersions v{valueAfter(text, "Driver Version"), valueAfter(text, "CUDA Version")};
    if (v.driver.empty())
        return invalidArgument(source + ": no \"Driver Version:\" in the table header");
    if (auto s = checkVersion(v.driver, "driver version", source); !s.ok())
        return s.error();
    if (!v.cuda.empty())
        if (auto s = checkVersion(v.cuda, "CUDA version", source); !s.ok())
            return s.error();
    return v;
}

Result<std::set<std::string>> parseLsmod(std::string_view text, const std::string &source)
{
    const auto ls = lines(text);
    if (ls.empty() || trim(ls.front()).rfind("Module", 0) != 0)
        return invalidArgument(source + ":1: expected the header \"Module Size Used by\"");
    std::set<std::string> modules;
    for (std::size_t i = 1; i < ls.size(); ++i) {
        const std::string line = trim(ls[i]);
        if (line.empty())
            continue;
        const std::string name = line.substr(0, line.find_first_of(" \t"));
        if (name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") !=
            std::string::npos)
            return at(source, i + 1, "'" + name + "' is not a module name");
        modules.insert(name);
    }
    return modules;
}

Result<std::optional<std::string>> parseLdconfigNccl(std::string_view text, const std::string &source)
{
    const auto ls = lines(text);
    if (ls.empty() || trim(ls.front()).find("libs found in cache") == std::string::npos)
        return invalidArgument(source + ":1: expected \"N libs found in cache\"");
    for (std::size_t i = 1; i < ls.size(); ++i) {
        const std::string line = trim(ls[i]);
        if (line.rfind("libnccl.so", 0) != 0)
            continue;
        const auto arrow = line.find("=> ");
        if (arrow == std::string::npos)
            return at(source, i + 1, "no \"=> PATH\" after " + line.substr(0, line.find(' ')));
        return std::optional<std::string>(trim(std::string_view(line).substr(arrow + 3)));
    }
    return std::optional<std::string>();
}

Result<bool> parseTimedatectlSynchronized(std::string_view text, const std::string &source)
{
    const auto ls = lines(text);
    for (std::size_t i = 0; i < ls.size(); ++i) {
        std::string line = trim(ls[i]);
        if (line.rfind("NTPSynchronized=", 0) == 0)
            line = line.substr(16);
        else if (ls.size() > 2 || line.find('=') != std::string::npos)
            continue; // the full `show`: other keys
        if (line == "yes")
            return true;
        if (line == "no")
            return false;
        if (!line.empty())
            return at(source, i + 1, "NTPSynchronized '" + line + "' is neither yes nor no");
    }
    return invalidArgument(source + ": no NTPSynchronized value");
}

std::optional<int> compareVersions(std::string_view a, std::string_view b)
{
    const auto pa = versionParts(a), pb = versionParts(b);
    if (!pa || !pb)
        return std::nullopt;
    for (std::size_t i = 0; i < std::max(pa->size(), pb->size()); ++i) {
        const long x = i < pa->size() ? (*pa)[i] : 0, y = i < pb->size() ? (*pb)[i] : 0;
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

} // namespace sn::setup
