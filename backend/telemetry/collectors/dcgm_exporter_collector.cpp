#include "backend/telemetry/collectors/dcgm_exporter_collector.h"

#include "backend/telemetry/prometheus/prometheus_text_parser.h"
#include "backend/telemetry/samples_to_readings.h"

namespace sn {

DcgmExporterCollector::DcgmExporterCollector(Options options) : m_options(std::move(options)) {}

Result<Collection> DcgmExporterCollector::collect(std::int64_t nowMs)
{
    auto url = parseHttpUrl(m_options.url, 9400);
    if (!url)
        return url.error();
    auto body = httpGetBody(*url, m_options.http);
    if (!body)
        return body.error();
    auto parsed = parsePrometheusText(*body, nowMs);
    if (!parsed)
        return invalidArgument(url->toString() + ":" + parsed.error().message);
    Collection out;
    out.gpusInSamples = true;
    SamplesToReadingsOptions mapping;
    mapping.defaultHostname = m_options.defaultHostname.empty() ? url->host : m_options.defaultHostname;
    out.gpus = gpuReadingsFromSamples(parsed->samples, mapping);
    out.samples = std::move(parsed->samples);
    return out;
}

} // namespace sn
