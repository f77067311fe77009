#include "backend/telemetry/collectors/prometheus_server_collector.h"

#include "backend/telemetry/samples_to_readings.h"

namespace sn {

PrometheusServerCollector::PrometheusServerCollector(Options options)
    : m_options(std::move(options)), m_source(m_options.server)
{
}

Result<Collection> PrometheusServerCollector::collect(std::int64_t nowMs)
{
    (void)nowMs; // the server's own time: its samples are only as fresh as its last scrape
    auto series = m_source.query(m_options.selector);
    if (!series)
        return series.error();
    Collection out;
    out.gpusInSamples = true;
    out.samples.reserve(series->size());
    for (SeriesData &s : *series) {
        if (s.points.empty())
            continue;
        out.samples.push_back(
            {std::move(s.metric), std::move(s.labels), s.points.back().timeMs, s.points.back().value});
    }
    SamplesToReadingsOptions mapping;
    mapping.jobLabel = "exported_job";
    out.gpus = gpuReadingsFromSamples(out.samples, mapping);
    return out;
}

} // namespace sn
