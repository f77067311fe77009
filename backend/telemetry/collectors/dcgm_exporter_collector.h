#pragma once
// dcgm-exporter (or anything that speaks its names) scraped over HTTP: GET its /metrics,
// parse the text format, and return every sample plus the GPUs they describe.

#include "backend/telemetry/collectors/collector.h"
#include "backend/telemetry/prometheus/http_client.h"

#include <string>

namespace sn {

class DcgmExporterCollector : public Collector {
public:
    struct Options {
        std::string url = "http://localhost:9400/metrics"; // dcgm-exporter's default port
        HttpClientOptions http;
        // Hostname for GPUs whose samples carry no Hostname label; default: the URL's host.
        std::string defaultHostname;
    };

    explicit DcgmExporterCollector(Options options);

    std::string source() const override { return "dcgm-exporter"; }
    std::string target() const override { return m_options.url; }
    // Samples keep the exporter's timestamps where it wrote some, nowMs otherwise. Errors: a bad
    // URL (InvalidArgument), an unreachable endpoint or non-2xx reply (Unavailable), a malformed
    // text (InvalidArgument, "URL:LINE:COLUMN: ...").
    Result<Collection> collect(std::int64_t nowMs) override;

private:
    Options m_options;
};

} // namespace sn
