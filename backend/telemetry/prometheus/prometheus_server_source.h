#pragma once
// An existing Prometheus server read through its HTTP API (/api/v1/query, /api/v1/query_range),
// so a site that already runs Prometheus + dcgm-exporter can point the console at it instead of
// scraping the exporters a second time.

#include "backend/model/result.h"
#include "backend/telemetry/metric_sample.h"
#include "backend/telemetry/prometheus/http_client.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sn {

struct PrometheusServerOptions {
    std::string baseUrl = "http://localhost:9090"; // a path prefix (http://host/prometheus) is kept
    HttpClientOptions http;
};

class PrometheusServerSource {
public:
    explicit PrometheusServerSource(PrometheusServerOptions options);

    // A range query: one SeriesData per result series, points at start, start+step, ... end.
    Result<std::vector<SeriesData>> queryRange(const std::string &promql, std::int64_t startMs, std::int64_t endMs,
                                               std::int64_t stepMs) const;
    // An instant query at timeMs (the server's now when empty): one point per series. A scalar
    // result is one series without name or labels.
    Result<std::vector<SeriesData>> query(const std::string &promql, std::optional<std::int64_t> timeMs = {}) const;

    const std::string &baseUrl() const { return m_options.baseUrl; }

private:
    Result<std::vector<SeriesData>> get(const std::string &endpoint, const std::string &query) const;

    PrometheusServerOptions m_options;
};

// The API's JSON reply ({"status":"success","data":{"resultType":...,"result":[...]}}) to series;
// `status: error` becomes an error quoting errorType and error. Public for tests.
Result<std::vector<SeriesData>> parsePrometheusApiReply(std::string_view json);

} // namespace sn
