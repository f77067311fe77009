// The Prometheus text exposition format (dcgm-exporter scrapes), and the JSON replies of a
// Prometheus server's query API, both of which arrive from the network.
#include "backend/telemetry/prometheus/prometheus_server_source.h"
#include "backend/telemetry/prometheus/prometheus_text_parser.h"
#include "fuzz/fuzz_input.h"

SN_FUZZ_QUIET_QT

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text = sn::fuzz::text(data, size);
    if (const auto parsed = sn::parsePrometheusText(text, 1000)) {
        for (const auto &sample : parsed->samples)
            (void)parsed->typeOf(sample.metric);
    }
    (void)sn::parsePrometheusApiReply(text);
    return 0;
}
