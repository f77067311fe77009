#pragma once
// Latest values to the text exposition format 0.0.4, the way dcgm-exporter writes them: each
// metric once with its dcgm-exporter `# HELP` and `# TYPE` lines from the catalogue
// (backend/model/gpu_reading.h), its series sorted by labels, catalogue metrics first in
// catalogue order and the rest by name. Existing Grafana dashboards for dcgm-exporter and
// Prometheus scrape configs therefore work unchanged against the console's /metrics.

#include "backend/telemetry/metric_sample.h"
#include "backend/telemetry/prometheus/prometheus_text_parser.h"

#include <map>
#include <string>
#include <vector>

namespace sn {

struct PrometheusRenderOptions {
    // dcgm-exporter writes no timestamps (Prometheus stamps the scrape); a file export may
    // want them.
    bool timestamps = false;
    // Types and help for metrics the catalogue does not know (for example what a parse of
    // another exporter read); unknown metrics without an entry here are `untyped`.
    const std::map<std::string, MetricFamilyMeta> *extraFamilies = nullptr;
};

// One series per (metric, labels): where `latest` holds the same series twice the newer sample
// wins. Names that are not valid Prometheus names are made valid (invalid characters become
// '_', as the client libraries do) rather than producing text a scraper rejects.
std::string renderPrometheusText(const std::vector<MetricSample> &latest, const PrometheusRenderOptions &options = {});

// The pieces, for other writers (the OpenMetrics export of the benchmarks).
std::string escapeLabelValue(const std::string &value);
std::string formatPrometheusValue(double value); // shortest round-trip; NaN, +Inf, -Inf

} // namespace sn
