#pragma once
// The latest dcgm-exporter series from an existing Prometheus server: one instant query per
// collection, samples and the GPUs they describe, as if the console scraped the exporters.

#include "backend/api/metric_catalogue.h"
#include "backend/telemetry/collectors/collector.h"
#include "backend/telemetry/prometheus/prometheus_server_source.h"

#include <string>

namespace sn {

class PrometheusServerCollector : public Collector {
public:
    struct Options {
        PrometheusServerOptions server;
        // Which series to read; narrow it (`{__name__=~"DCGM_FI_.*",cluster="a"}`) on a shared server.
        std::string selector = std::string(R"({__name__=~")") + metric::kDcgmPrefix + R"(.*"})";
    };

    explicit PrometheusServerCollector(Options options);

    std::string source() const override { return "prometheus"; }
    std::string target() const override { return m_options.server.baseUrl; }
    // Samples carry the server's evaluation time; the scrape's `job` and `instance` labels stay
    // on the samples, and the GPU's owning job is read from `exported_job`.
    Result<Collection> collect(std::int64_t nowMs) override;

private:
    Options m_options;
    PrometheusServerSource m_source;
};

} // namespace sn
