// The telemetry store's figures, side by side with Prometheus 2.42 where one exists:
//   bytes_per_sample      our blocks vs promtool's blocks for the same samples (OpenMetrics backfill)
//   ingest_samples_per_s  single writer thread, by series ref, one batch per scrape tick
//   query_ms_24h          64 GPUs x 1 metric x 24 h at 1 s, M4 to 1,000 pixel columns
//   query_ms_5m           the last 5 minutes of 1,024 GPUs, one metric, raw points
//   ram_bytes_per_series  100,000 active series, heap (mallinfo2) beyond chunk data
// Environment: SN_BENCH_HOURS (6) and SN_BENCH_NODES (4) size the bytes-per-sample set;
// SN_BENCH_SET=exporter-default keeps only the fields dcgm-exporter exports by default
// (default-counters.csv in ../shared/data/dcgm-exporter; see exporterDefault below);
// SN_BENCH_ONLY=ram,5m,24h,bytes runs only the named parts (all when unset);
// SN_BENCH_PEER=0 skips the Prometheus peer (no OpenMetrics file, no promtool: repeated runs);
// SN_BENCH_QUERY_RUNS (9) repeats the 24 h query, so a profile of the run is mostly the query.
#include "bench/bench_json.h"
#include "bench/telemetry_workload.h"

#include "backend/api/metric_catalogue.h"
#include "backend/telemetry/readings_to_samples.h"
#include "backend/telemetry/store/chunk_encoding.h"
#include "backend/telemetry/store/store_query.h"
#include "backend/telemetry/store/time_series_store.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QTemporaryDir>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <malloc.h>
#include <map>
#include <thread>

using namespace sn;
using namespace sn::tsdb;
using Clock = std::chrono::steady_clock;

namespace {

int envInt(const char *name, int fallback)
{
    const char *v = std::getenv(name);
    return v && *v ? std::atoi(v) : fallback;
}

// CPU seconds of the whole process (all threads): with a shared machine, wall time alone
// cannot say whether a query was slow or waited for a core.
double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double processCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::uint64_t dirBytes(const QString &dir)
{
    std::uint64_t total = 0;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        total += static_cast<std::uint64_t>(QFileInfo(it.next()).size());
    return total;
}

// Series refs for one GPU and job, in appendGpuSamples' order, so each tick only copies values.
struct GpuSeries {
    std::map<std::string, std::vector<SeriesId>> refsByJob;
};

// Every series' samples, kept to write the same samples as OpenMetrics for promtool.
struct SeriesSamples {
    std::string metric;
    Labels labels;
    std::vector<std::int64_t> t;
    std::vector<double> v;
};

// dcgm-exporter's default-counters.csv (4.x, ../shared/data/dcgm-exporter/nvidia_dcgm_exporter_etc)
// enables, of our catalogue: clocks, temperatures, power, energy, PCIe replays, GPU and memory
// copy utilization, XID, FB used/free, DCGM_FI_PROF_PCIE_TX/RX_BYTES, remapped rows and the remap
// failure flag - and for NVLink one field, DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL (all links), for
// which our NVLink TX total stands in. Per-link NVLink, ECC, retired pages, the throttle reasons,
// power limit and FB total are commented out there.
bool exporterDefault(GpuField f)
{
    switch (f) {
    case GpuField::Utilization:
    case GpuField::MemoryCopyUtil:
    case GpuField::FbUsed:
    case GpuField::FbFree:
    case GpuField::Temperature:
    case GpuField::MemoryTemperature:
    case GpuField::Power:
    case GpuField::Energy:
    case GpuField::SmClock:
    case GpuField::MemClock:
    case GpuField::PcieTxBytes:
    case GpuField::PcieRxBytes:
    case GpuField::NvlinkTxBytes:
    case GpuField::XidLast:
    case GpuField::RemappedCorrectable:
    case GpuField::RemappedUncorrectable:
    case GpuField::RowRemapFailure:
    case GpuField::PcieReplay:
        return true;
    default:
        return false;
    }
}

void restrictToExporterDefaults(GpuReading &r)
{
    for (std::size_t f = 0; f < kGpuFieldCount; ++f)
        if (!exporterDefault(static_cast<GpuField>(f)))
            r.valid.reset(f);
    r.nvlinks.clear();
}

// Where the bytes are: every series re-chunked as a block does (720 samples) and its chunk
// bytes summed per metric family (the per-link NVLink series as one family); stderr only.
void printBytesByFamily(const std::vector<SeriesSamples> &series)
{
    struct Family {
        std::uint64_t samples = 0, bytes = 0;
    };
    std::map<std::string, Family> families;
    std::vector<std::uint8_t> chunk;
    for (const SeriesSamples &s : series) {
        std::string name = s.metric;
        if (name.rfind("DCGM_FI_PROF_NVLINK_L", 0) == 0)
            name = "DCGM_FI_PROF_NVLINK_L<n>_TX/RX_BYTES (per link)";
        Family &f = families[name];
        for (std::size_t i = 0; i < s.t.size(); i += 720) {
            const std::size_t n = std::min<std::size_t>(720, s.t.size() - i);
            chunk.clear();
            encodeChunk(s.t.data() + i, s.v.data() + i, n, chunk);
            f.bytes += chunk.size();
            f.samples += n;
        }
    }
    std::uint64_t samples = 0, bytes = 0;
    for (const auto &[name, f] : families) {
        samples += f.samples;
        bytes += f.bytes;
    }
    for (const auto &[name, f] : families)
        std::fprintf(stderr, "bytes by family: %-48s %10llu samples %11llu B  %6.3f B/sample  %5.1f%% of bytes\n",
                     name.c_str(), static_cast<unsigned long long>(f.samples), static_cast<unsigned long long>(f.bytes),
                     double(f.bytes) / double(f.samples), 100.0 * double(f.bytes) / double(bytes));
    std::fprintf(stderr, "bytes by family: all chunks %llu B / %llu samples = %.3f B/sample\n",
                 static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(samples),
                 double(bytes) / double(samples));
}

void writeOpenMetrics(const std::vector<SeriesSamples> &series, const std::string &path)
{
    std::map<std::string, std::vector<const SeriesSamples *>> families; // OpenMetrics: families must not interleave
    for (const SeriesSamples &s : series)
        families[s.metric].push_back(&s);
    std::FILE *f = std::fopen(path.c_str(), "w");
    std::vector<char> buf(1 << 20);
    std::setvbuf(f, buf.data(), _IOFBF, buf.size());
    for (const auto &[metric, members] : families) {
        const metric::Info *info = metric::byName(metric);
        std::fprintf(f, "# TYPE %s gauge\n", metric.c_str());
        if (info)
            std::fprintf(f, "# HELP %s %s\n", metric.c_str(), info->help);
        for (const SeriesSamples *s : members) {
            std::string prefix = metric + "{";
            bool first = true;
            for (const auto &[k, v] : s->labels) {
                prefix += (first ? "" : ",") + k + "=\"" + v + "\"";
                first = false;
            }
            prefix += "} ";
            for (std::size_t i = 0; i < s->t.size(); ++i) {
                char value[64];
                const auto end = std::to_chars(value, value + sizeof value, s->v[i]).ptr; // shortest exact form
                *end = 0;
                std::fprintf(f, "%s%s %lld\n", prefix.c_str(), value, static_cast<long long>(s->t[i] / 1000));
            }
        }
    }
    std::fputs("# EOF\n", f);
    std::fclose(f);
}

void bytesPerSampleAndIngest()
{
    const int hours = envInt("SN_BENCH_HOURS", 6);
    const int nodes = envInt("SN_BENCH_NODES", 4);
    const char *set = std::getenv("SN_BENCH_SET");
    const bool exporterDefaults = set && std::strcmp(set, "exporter-default") == 0;
    if (set && *set && !exporterDefaults) {
        std::fprintf(stderr, "SN_BENCH_SET: unknown set '%s' (known: exporter-default)\n", set);
        std::exit(2);
    }
    bench::WorkloadOptions wo;
    wo.nodes = nodes;
    bench::TelemetryWorkload workload(wo);
    QTemporaryDir tmp(QDir::tempPath() + QStringLiteral("/sn-bench-telemetry-XXXXXX"));
    StoreOptions diskOptions;
    diskOptions.dataDir = tmp.path() + QStringLiteral("/ours");
    auto disk = std::move(TimeSeriesStore::open(diskOptions).value());
    auto memory = std::move(TimeSeriesStore::open(StoreOptions{}).value());

    std::vector<GpuSeries> gpuSeries(static_cast<std::size_t>(workload.gpuCount()));
    std::vector<SeriesSamples> all;
    std::vector<GpuReading> readings;
    std::vector<RefSample> batch, memBatch;
    std::vector<MetricSample> labelled;
    double memSeconds = 0, diskSeconds = 0, memCpuSeconds = 0;
    std::uint64_t samples = 0;
    const std::int64_t ticks = static_cast<std::int64_t>(hours) * 3600 * 1000 / wo.intervalMs;
    for (std::int64_t tick = 0; tick < ticks; ++tick) {
        workload.readings(tick, readings);
        if (exporterDefaults)
            for (GpuReading &r : readings)
                restrictToExporterDefaults(r);
        batch.clear();
        for (std::size_t g = 0; g < readings.size(); ++g) {
            const GpuReading &r = readings[g];
            auto [it, inserted] = gpuSeries[g].refsByJob.try_emplace(r.job);
            if (inserted) { // a new label set: the real dcgm-exporter labels from appendGpuSamples
                labelled.clear();
                appendGpuSamples(r, labelled);
                for (const MetricSample &s : labelled) {
                    const SeriesId id = disk->seriesRef(s.metric, s.labels);
                    if (memory->seriesRef(s.metric, s.labels) != id || id != all.size())
                        std::abort();
                    all.push_back({s.metric, s.labels, {}, {}});
                    it->second.push_back(id);
                }
            }
            std::size_t k = 0;
            for (std::size_t f = 0; f < kGpuFieldCount; ++f) {
                if (!r.valid.test(f))
                    continue;
                const SeriesId id = it->second[k++];
                batch.push_back({id, r.timeMs, r.values[f]});
                all[id].t.push_back(r.timeMs);
                all[id].v.push_back(r.values[f]);
            }
            for (const NvlinkLinkReading &l : r.nvlinks) // after the fields, as appendGpuSamples orders them
                for (const double v : {l.txBytesPerSecond, l.rxBytesPerSecond}) {
                    const SeriesId id = it->second[k++];
                    batch.push_back({id, r.timeMs, v});
                    all[id].t.push_back(r.timeMs);
                    all[id].v.push_back(v);
                }
        }
        samples += batch.size();
        auto t0 = Clock::now();
        const double c0 = threadCpuSeconds();
        if (!memory->append(batch.data(), batch.size()))
            std::abort();
        memCpuSeconds += threadCpuSeconds() - c0;
        auto t1 = Clock::now();
        if (!disk->append(batch.data(), batch.size()))
            std::abort();
        auto t2 = Clock::now();
        memSeconds += std::chrono::duration<double>(t1 - t0).count();
        diskSeconds += std::chrono::duration<double>(t2 - t1).count();
    }
    std::fprintf(stderr, "ingest: %.0f samples/s by wall time, %.0f by the writer thread's CPU time\n",
                 samples / memSeconds, samples / memCpuSeconds);
    const std::string suffix = exporterDefaults ? "_exporter_default" : "";
    bench::printFigure("telemetry", "ingest_samples_per_s" + suffix, samples / memSeconds, "samples/s");
    bench::printFigure("telemetry", "ingest_samples_per_s_with_wal" + suffix, samples / diskSeconds, "samples/s");
    if (!disk->flushHead())
        std::abort();
    const std::uint64_t ours = dirBytes(diskOptions.dataDir + QStringLiteral("/blocks"));
    { // the blocks' bytes by file: chunks, rollups, index
        std::map<QString, std::uint64_t> byFile;
        QDirIterator it(diskOptions.dataDir + QStringLiteral("/blocks"), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QFileInfo f(it.next());
            byFile[f.fileName()] += static_cast<std::uint64_t>(f.size());
        }
        for (const auto &[name, bytes] : byFile)
            std::fprintf(stderr, "block files: %-8s %11llu B  %.3f B/sample\n", qPrintable(name),
                         static_cast<unsigned long long>(bytes), double(bytes) / double(samples));
    }

    // The peer: promtool writes Prometheus blocks from the same samples.
    const std::string om = (tmp.path() + QStringLiteral("/samples.om")).toStdString();
    const std::string promOut = (tmp.path() + QStringLiteral("/prometheus")).toStdString();
    printBytesByFamily(all);
    if (const char *peer = std::getenv("SN_BENCH_PEER"); peer && std::strcmp(peer, "0") == 0) {
        bench::printFigure("telemetry", exporterDefaults ? "bytes_per_sample_exporter_default" : "bytes_per_sample",
                           double(ours) / samples, "B/sample");
        return;
    }
    writeOpenMetrics(all, om);
    const auto omBytes = QFileInfo(QString::fromStdString(om)).size();
    all.clear();
    all.shrink_to_fit();
    const auto p0 = Clock::now();
    const std::string cmd = "promtool tsdb create-blocks-from openmetrics -q '" + om + "' '" + promOut + "' >&2";
    const int rc = std::system(cmd.c_str());
    const double promSeconds = std::chrono::duration<double>(Clock::now() - p0).count();
    QFile::remove(QString::fromStdString(om));
    if (rc != 0) {
        std::fprintf(stderr, "promtool failed (%d); no peer figure\n", rc);
        bench::printFigure("telemetry", exporterDefaults ? "bytes_per_sample_exporter_default" : "bytes_per_sample",
                           double(ours) / samples, "B/sample");
        return;
    }
    const std::uint64_t theirs = dirBytes(QString::fromStdString(promOut));
    std::fprintf(stderr,
                 "bytes_per_sample: %d nodes x %d GPUs x %d h at 1 s: %llu samples in %zu series; ours %llu B in %zu "
                 "blocks, Prometheus %llu B; OpenMetrics file %lld B; promtool took %.1f s\n",
                 nodes, wo.gpusPerNode, hours, static_cast<unsigned long long>(samples), disk->seriesCount(),
                 static_cast<unsigned long long>(ours), disk->stats().blocks, static_cast<unsigned long long>(theirs),
                 static_cast<long long>(omBytes), promSeconds);
    bench::printFigure("telemetry", exporterDefaults ? "bytes_per_sample_exporter_default" : "bytes_per_sample",
                       double(ours) / samples, "B/sample", "prometheus 2.42 promtool", double(theirs) / samples);
}

// A memory-only store holding one metric of `nodes` x 8 GPUs for `ticks` seconds, one series
// per GPU (no job label), and the number of series.
std::unique_ptr<TimeSeriesStore> oneMetricStore(int nodes, std::int64_t ticks, const char *metric, GpuField field,
                                                std::size_t &seriesCount)
{
    bench::WorkloadOptions wo;
    wo.nodes = nodes;
    bench::TelemetryWorkload workload(wo);
    auto store = std::move(TimeSeriesStore::open(StoreOptions{}).value());
    std::vector<SeriesId> refs;
    std::vector<GpuReading> readings;
    std::vector<RefSample> batch;
    for (std::int64_t tick = 0; tick < ticks; ++tick) {
        workload.readings(tick, readings);
        if (refs.empty())
            for (GpuReading &r : readings) {
                r.job.clear();
                refs.push_back(store->seriesRef(metric, gpuLabels(r)));
            }
        batch.clear();
        for (std::size_t g = 0; g < readings.size(); ++g)
            batch.push_back({refs[g], readings[g].timeMs, readings[g].get(field)});
        (void)store->append(batch.data(), batch.size());
    }
    seriesCount = refs.size();
    return store;
}

// 64 GPUs x power x 24 h, M4 to 1,000 columns.
void query24h()
{
    const bench::WorkloadOptions wo;
    const std::int64_t ticks = 24 * 3600;
    std::size_t seriesCount = 0;
    auto store = oneMetricStore(8, ticks, "DCGM_FI_DEV_POWER_USAGE", GpuField::Power, seriesCount);
    RangeQuery q;
    q.matchers.push_back(LabelMatcher::equal(kMetricNameLabel, "DCGM_FI_DEV_POWER_USAGE"));
    q.startMs = wo.startMs;
    q.endMs = wo.startMs + ticks * 1000 - 1;
    q.pixelColumns = 1000;
    std::size_t points = 0;
    const int runs = std::max(1, envInt("SN_BENCH_QUERY_RUNS", 9));
    const double cpu0 = processCpuSeconds();
    const double s = bench::medianSeconds(runs, [&] {
        auto r = rangeQuery(*store, q);
        points = 0;
        for (const auto &series : *r)
            points += series.points.size();
    });
    const double cpuMs = (processCpuSeconds() - cpu0) * 1000 / runs;
    std::fprintf(stderr, "query_ms_24h: %zu series, %lld samples -> %zu points; %.1f CPU ms per query\n", seriesCount,
                 static_cast<long long>(ticks) * static_cast<long long>(seriesCount), points, cpuMs);
    bench::printFigure("telemetry", "query_ms_24h", s * 1000, "ms");
}

// 1,024 GPUs x utilization, the last 5 minutes of an hour.
void query5m()
{
    const bench::WorkloadOptions wo;
    const std::int64_t ticks = 3600;
    std::size_t seriesCount = 0;
    auto store = oneMetricStore(128, ticks, "DCGM_FI_DEV_GPU_UTIL", GpuField::Utilization, seriesCount);
    RangeQuery q;
    q.matchers.push_back(LabelMatcher::equal(kMetricNameLabel, "DCGM_FI_DEV_GPU_UTIL"));
    q.endMs = wo.startMs + (ticks - 1) * 1000;
    q.startMs = q.endMs - 5 * 60 * 1000 + 1;
    std::size_t points = 0;
    const double cpu0 = processCpuSeconds();
    const double s = bench::medianSeconds(15, [&] {
        auto r = rangeQuery(*store, q);
        points = 0;
        for (const auto &series : *r)
            points += series.points.size();
    });
    const double cpuMs = (processCpuSeconds() - cpu0) * 1000 / 15;
    std::fprintf(stderr, "query_ms_5m: %zu series -> %zu points; %.1f CPU ms per query\n", seriesCount, points, cpuMs);
    bench::printFigure("telemetry", "query_ms_5m", s * 1000, "ms");
}

// 100,000 active series with dcgm-exporter label sets (3,704 GPUs x 27 metrics), 10 samples each.
void ramPerSeries()
{
    const int gpus = 3704;
    std::vector<std::string> metrics;
    for (std::size_t f = 0; f < kGpuFieldCount; ++f)
        if (static_cast<GpuField>(f) != GpuField::FanSpeed)
            metrics.emplace_back(metric::name(static_cast<GpuField>(f)));
    std::vector<SeriesId> refs;
    refs.reserve(gpus * metrics.size());
    std::vector<RefSample> batch;
    batch.reserve(gpus * metrics.size());
    malloc_trim(0);
    const std::size_t before = mallinfo2().uordblks;
    auto store = std::move(TimeSeriesStore::open(StoreOptions{}).value());
    for (int g = 0; g < gpus; ++g) {
        GpuReading r;
        r.node = "node" + std::to_string(g / 8 + 1);
        r.gpu = g % 8;
        r.uuid = "GPU-" + std::to_string(100000000 + g * 7919) + "-5a6b-7c8d-9e0f-a1b2c3d4e5f6";
        r.model = "NVIDIA H100 80GB HBM3";
        r.pciBusId = "00000000:" + std::to_string(10 + g % 8) + ":00.0";
        const Labels labels = gpuLabels(r);
        for (const std::string &m : metrics)
            refs.push_back(store->seriesRef(m, labels));
    }
    for (int tick = 0; tick < 10; ++tick) {
        batch.clear();
        for (SeriesId id : refs)
            batch.push_back({id, 1'700'000'000'000 + tick * 1000, 42.0 + tick});
        (void)store->append(batch.data(), batch.size());
    }
    const std::size_t after = mallinfo2().uordblks;
    const StoreStats st = store->stats();
    const double chunkData = static_cast<double>(st.headOpenBytes + st.headSealedBytes);
    const double perSeries = (static_cast<double>(after - before) - chunkData) / static_cast<double>(refs.size());
    std::fprintf(stderr,
                 "ram_bytes_per_series: %zu series; heap +%zu B (mallinfo2 uordblks), of which chunk data %.0f B "
                 "(open-chunk sample buffers %zu B, sealed %zu B); index estimate %zu B\n",
                 refs.size(), after - before, chunkData, st.headOpenBytes, st.headSealedBytes, st.indexBytes);
    bench::printFigure("telemetry", "ram_bytes_per_series", perSeries, "B/series");
}

} // namespace

int main()
{
    std::fprintf(stderr, "telemetry benchmarks: %u hardware threads\n", std::thread::hardware_concurrency());
    const char *only = std::getenv("SN_BENCH_ONLY");
    auto wanted = [&](const char *part) { return !only || !*only || std::strstr(only, part) != nullptr; };
    if (wanted("ram"))
        ramPerSeries();
    if (wanted("5m"))
        query5m();
    if (wanted("24h"))
        query24h();
    if (wanted("bytes"))
        bytesPerSampleAndIngest();
    return 0;
}
