// Prometheus text in and out: parsing a dcgm-exporter scrape of one 8-GPU server (the whole
// catalogue plus 18 NVLink links per GPU, dcgm-exporter's labels) and rendering it again. The
// console scrapes every node each second, so a scrape must parse in well under a millisecond.
#include "bench/bench_json.h"

#include "backend/telemetry/prometheus/prometheus_text_parser.h"
#include "backend/telemetry/prometheus/prometheus_text_renderer.h"
#include "backend/telemetry/readings_to_samples.h"

#include <cstdio>

using namespace sn;

namespace {

std::vector<MetricSample> eightGpuScrape(int links)
{
    std::vector<MetricSample> out;
    for (int g = 0; g < 8; ++g) {
        GpuReading r;
        r.node = "gpu-node-017";
        r.gpu = g;
        r.uuid = "GPU-5f3b2c1a-9d8e-4f7a-b6c5-0e1d2c3b4a5" + std::to_string(g);
        r.model = "NVIDIA H100 80GB HBM3";
        r.pciBusId = "00000000:" + std::to_string(18 + 16 * g) + ":00.0";
        for (std::size_t i = 0; i < kGpuFieldCount; ++i)
            r.set(static_cast<GpuField>(i), 1000.0 * g + 13.37 * static_cast<double>(i));
        for (int l = 0; l < links; ++l)
            r.nvlinks.push_back({l, 1.234e9 + l, 2.345e9 + l});
        appendGpuSamples(r, out);
    }
    for (MetricSample &s : out) // what dcgm-exporter adds to every series
        s.labels.emplace("DCGM_FI_DRIVER_VERSION", "550.54.15");
    return out;
}

double parseSeconds(const std::string &text)
{
    return bench::medianSeconds(301, [&] { (void)parsePrometheusText(text, 0); });
}

} // namespace

int main()
{
    // The catalogue only, as dcgm-exporter's default counters give it.
    const std::string plain = renderPrometheusText(eightGpuScrape(0));
    const std::vector<MetricSample> samples = eightGpuScrape(18);
    const std::string text = renderPrometheusText(samples);
    std::size_t parsed = 0;
    const double parse = bench::medianSeconds(201, [&] {
        auto r = parsePrometheusText(text, 0);
        parsed = r.ok() ? r->samples.size() : 0;
    });
    if (parsed != samples.size()) {
        std::fprintf(stderr, "bench_prometheus: parsed %zu of %zu samples\n", parsed, samples.size());
        return 1;
    }
    std::string rendered;
    const double render = bench::medianSeconds(201, [&] { rendered = renderPrometheusText(samples); });
    bench::printFigure("prometheus", "parse_us_8gpu_catalogue", parseSeconds(plain) * 1e6, "us");
    bench::printFigure("prometheus", "parse_us_8gpu_with_nvlink_links", parse * 1e6, "us");
    bench::printFigure("prometheus", "parse_samples_per_s", static_cast<double>(samples.size()) / parse, "samples/s");
    bench::printFigure("prometheus", "parse_mb_per_s", static_cast<double>(text.size()) / parse / 1e6, "MB/s");
    bench::printFigure("prometheus", "render_us_8gpu_with_nvlink_links", render * 1e6, "us");
    bench::printFigure("prometheus", "scrape_bytes_8gpu_catalogue", static_cast<double>(plain.size()), "bytes");
    bench::printFigure("prometheus", "scrape_bytes_8gpu_with_nvlink_links", static_cast<double>(text.size()), "bytes");
    return 0;
}
