#include "backend/telemetry/collectors/nvidia_smi_collector.h"

#include "backend/telemetry/collectors/nvidia_smi_csv.h"
#include "backend/telemetry/collectors/nvidia_smi_xml.h"

#include <algorithm>

namespace sn {

namespace {

std::string join(const std::vector<std::string> &v)
{
    std::string out;
    for (const auto &s : v)
        out += (out.empty() ? "" : ",") + s;
    return out;
}

// nvidia-smi prints `Field "clocks_event_reasons.active" is not a valid field to query.` and
// exits 2 when a driver predates a field; the name between the quotes is the one to drop.
std::string rejectedField(const CommandOutput &out)
{
    for (const std::string *text : {&out.out, &out.err}) {
        const std::size_t marker = text->find("is not a valid field to query");
        if (marker == std::string::npos)
            continue;
        const std::size_t close = text->rfind('"', marker);
        const std::size_t open =
            close == std::string::npos || close == 0 ? std::string::npos : text->rfind('"', close - 1);
        if (open != std::string::npos)
            return text->substr(open + 1, close - open - 1);
    }
    return {};
}

std::string firstLine(std::string s)
{
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' '))
        s.pop_back();
    return s;
}

} // namespace

NvidiaSmiCollector::NvidiaSmiCollector(CommandRunner &runner, std::string hostName)
    : NvidiaSmiCollector(runner, std::move(hostName), Options{})
{
}

NvidiaSmiCollector::NvidiaSmiCollector(CommandRunner &runner, std::string hostName, Options options)
    : m_runner(runner), m_host(std::move(hostName)), m_options(std::move(options)), m_fields(nvidiaSmiQueryFields())
{
}

Error NvidiaSmiCollector::exitError(const CommandOutput &out) const
{
    const std::string why = firstLine(out.err.empty() ? out.out : out.err);
    return Error{ErrorCode::Unavailable, m_options.program + " on " + m_runner.where() + " exited with code " +
                                             std::to_string(out.exitCode) + (why.empty() ? "" : ": " + why)};
}

Result<std::string> NvidiaSmiCollector::runNvidiaSmi(const std::vector<std::string> &args)
{
    std::vector<std::string> argv{m_options.program};
    argv.insert(argv.end(), args.begin(), args.end());
    auto out = m_runner.run(argv, m_options.timeout);
    if (!out)
        return Error{ErrorCode::Unavailable,
                     m_options.program + " on " + m_runner.where() + ": " + out.error().message};
    if (out->exitCode != 0)
        return exitError(*out);
    return std::move(out->out);
}

Result<NvidiaSmiSnapshot> NvidiaSmiCollector::queryCsv()
{
    // At most one retry per field the driver rejects; the list only ever shrinks.
    while (true) {
        std::vector<std::string> argv{m_options.program, "--query-gpu=" + join(m_fields),
                                      "--format=csv,noheader,nounits"};
        auto out = m_runner.run(argv, m_options.timeout);
        if (!out)
            return Error{ErrorCode::Unavailable,
                         m_options.program + " on " + m_runner.where() + ": " + out.error().message};
        if (out->exitCode != 0) {
            const std::string field = rejectedField(*out);
            auto it = std::find(m_fields.begin(), m_fields.end(), field);
            if (!field.empty() && it != m_fields.end() && m_fields.size() > 1) {
                m_fields.erase(it);
                continue;
            }
            return exitError(*out);
        }
        return parseNvidiaSmiCsv(out->out, m_fields, m_options.program + " --query-gpu on " + m_runner.where());
    }
}

Result<Collection> NvidiaSmiCollector::collect(std::int64_t nowMs)
{
    auto csv = queryCsv();
    if (!csv)
        return csv.error();
    NvidiaSmiSnapshot snapshot = std::move(*csv);
    const bool runXml = m_options.xmlEvery > 0 && m_polls % m_options.xmlEvery == 0;
    ++m_polls;
    if (runXml) {
        auto text = runNvidiaSmi({"-q", "-x"});
        if (!text)
            return text.error();
        auto xml = parseNvidiaSmiXml(*text, m_options.program + " -q -x on " + m_runner.where());
        if (!xml)
            return xml.error();
        snapshot.cudaVersion = xml->cudaVersion;
        // The CSV's values stay; the XML adds only what CSV cannot say. GPUs are matched by PCI
        // bus id, which both print for every GPU.
        for (auto &gpu : snapshot.gpus) {
            auto it = std::find_if(xml->gpus.begin(), xml->gpus.end(), [&](const NvidiaSmiDevice &x) {
                return x.reading.pciBusId == gpu.reading.pciBusId;
            });
            if (it == xml->gpus.end())
                continue;
            for (std::size_t i = 0; i < kGpuFieldCount; ++i) {
                const auto f = static_cast<GpuField>(i);
                if (!gpu.reading.has(f) && it->reading.has(f))
                    gpu.reading.set(f, it->reading.get(f));
            }
            gpu.minorNumber = it->minorNumber;
            gpu.architecture = it->architecture;
            gpu.migModePending = it->migModePending;
            gpu.powerDrawAverageW = gpu.powerDrawAverageW ? gpu.powerDrawAverageW : it->powerDrawAverageW;
            gpu.powerDrawInstantW = gpu.powerDrawInstantW ? gpu.powerDrawInstantW : it->powerDrawInstantW;
            gpu.migDevices = it->migDevices;
        }
    }
    Collection c;
    for (auto &gpu : snapshot.gpus) {
        gpu.reading.node = m_host;
        gpu.reading.timeMs = nowMs;
        c.gpus.push_back(gpu.reading);
    }
    m_last = std::move(snapshot);
    return c;
}

} // namespace sn
