#pragma once
// The Prometheus text exposition format 0.0.4, as dcgm-exporter, node_exporter and every client
// library write it (https://prometheus.io/docs/instrumenting/exposition_formats/). OpenMetrics'
// `# UNIT` and `# EOF` lines are tolerated so an OpenMetrics text of plain gauges and counters
// also reads. Errors say line:column and what was expected there.

#include "backend/model/result.h"
#include "backend/telemetry/metric_sample.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sn {

enum class MetricType { Untyped, Gauge, Counter, Histogram, Summary };
const char *metricTypeName(MetricType type); // "untyped", "gauge", ...

// What `# HELP`, `# TYPE` and `# UNIT` said about one metric family.
struct MetricFamilyMeta {
    MetricType type = MetricType::Untyped;
    std::string help;
    std::string unit;
    bool hasHelp = false;
    bool hasType = false;
};

struct ParsedMetrics {
    // In the order of the text. A sample without a timestamp carries the parse call's default
    // time; sampleHasTimestamp says which had one, sampleLines where each was (1-based).
    std::vector<MetricSample> samples;
    std::vector<bool> sampleHasTimestamp;
    std::vector<int> sampleLines;
    // Keyed by family name (a histogram's `x_bucket`, `x_sum`, `x_count` belong to family `x`).
    std::map<std::string, MetricFamilyMeta> families;

    // The family a sample name belongs to: `x` for `x_bucket` when `x` is a declared histogram,
    // otherwise the name itself.
    std::string familyOf(const std::string &sampleName) const;
    MetricType typeOf(const std::string &sampleName) const;
};

// Parses `text`; samples without a timestamp get defaultTimeMs. A missing final newline is
// accepted (captured files are often cut that way). Duplicate series, a TYPE or HELP line after
// the family's samples or twice, invalid names, bad escapes and malformed values are errors:
// the error message is "LINE:COLUMN: ...".
Result<ParsedMetrics> parsePrometheusText(std::string_view text, std::int64_t defaultTimeMs = 0);

bool isValidMetricName(std::string_view name);
bool isValidLabelName(std::string_view name);

} // namespace sn
