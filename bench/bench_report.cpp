// How long a one-week report of 16 nodes / 128 GPUs takes (the target: at most 10 s).
// The data is real engine output: the embedded simulated super node (16 nodes of 8 GPUs,
// seed 1) lives through one week in virtual time, once, untimed; then the report is gathered
// from that engine through EngineApi, computed, and written as PDF, HTML and CSV - timed, the
// median of repeated runs. Also the parts alone, and a report built from a snapshot file.
#include "bench/bench_json.h"

#include "backend/report/csv_writer.h"
#include "backend/report/html_writer.h"
#include "backend/report/pdf_writer.h"
#include "backend/report/report_builder.h"
#include "backend/report/report_gatherer.h"
#include "backend/report/report_simulation.h"
#include "backend/report/snapshot_file.h"
#include "backend/sim/super_node_topology.h"

#include <QDir>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QTemporaryDir>

#include <cstdio>

using namespace sn;
using namespace sn::report;

namespace {

constexpr std::int64_t kWeekMs = 7LL * 24 * 3600 * 1000;

template <typename T> T orDie(Result<T> r, const char *what)
{
    if (!r) {
        std::fprintf(stderr, "bench_report: %s: %s\n", what, r.error().message.c_str());
        std::exit(1);
    }
    return std::move(*r);
}

void orDie(const Status &s, const char *what)
{
    if (!s) {
        std::fprintf(stderr, "bench_report: %s: %s\n", what, s.error().message.c_str());
        std::exit(1);
    }
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    QTemporaryDir dir;
    // SN_BENCH_REPORT_NODES and SN_BENCH_REPORT_SAMPLE_S shrink the run for a smoke test of the
    // benchmark itself (the figures' names then say so).
    const int nodes =
        qEnvironmentVariableIsSet("SN_BENCH_REPORT_NODES") ? qEnvironmentVariableIntValue("SN_BENCH_REPORT_NODES") : 16;
    const int sampleS = qEnvironmentVariableIsSet("SN_BENCH_REPORT_SAMPLE_S")
                            ? qEnvironmentVariableIntValue("SN_BENCH_REPORT_SAMPLE_S")
                            : 60;
    const std::string suffix = nodes == 16 && sampleS == 60
                                   ? ""
                                   : "_smoke_" + std::to_string(nodes * 8) + "gpu_" + std::to_string(sampleS) + "s";
    ClusterSpec spec = sim::defaultSimulatedSpec(nodes);
    spec.simulation.seed = 1;
    const std::int64_t start = kVirtualEpochMs, end = start + kWeekMs;
    LocalEngine engine(simulationOptions(spec, start, sampleS * 1000LL));
    QElapsedTimer simulated;
    simulated.start();
    orDie(simulateUntil(engine, start, end), "simulating the week");
    bench::printFigure("report", "simulate_week_128gpu_s" + suffix, double(simulated.elapsed()) / 1000, "s");

    GatherOptions options;
    options.startMs = start;
    options.endMs = end;
    rpb::ReportSnapshot snapshot;
    ReportData data;
    const auto writeAll = [&](const ReportData &d) {
        orDie(writePdf(d, dir.filePath("week.pdf")), "PDF");
        orDie(writeHtml(d, dir.filePath("week.html")), "HTML");
        orDie(writeCsvFolder(d, dir.filePath("csv")), "CSV");
    };
    const double whole = bench::medianSeconds(3, [&] {
        snapshot = orDie(gatherSnapshot(engine, options), "gathering");
        data = orDie(buildReport(snapshot), "building");
        writeAll(data);
    });
    bench::printFigure("report", "report_week_128gpu_s" + suffix, whole, "s");
    bench::printFigure("report", "report_week_128gpu_gather_s" + suffix,
                       bench::medianSeconds(3, [&] { snapshot = orDie(gatherSnapshot(engine, options), "gathering"); }),
                       "s");
    bench::printFigure("report", "report_week_128gpu_build_s" + suffix,
                       bench::medianSeconds(5, [&] { data = orDie(buildReport(snapshot), "building"); }), "s");
    bench::printFigure("report", "report_week_128gpu_pdf_s" + suffix,
                       bench::medianSeconds(3, [&] { orDie(writePdf(data, dir.filePath("week.pdf")), "PDF"); }), "s");
    bench::printFigure("report", "report_week_128gpu_html_s" + suffix,
                       bench::medianSeconds(3, [&] { orDie(writeHtml(data, dir.filePath("week.html")), "HTML"); }),
                       "s");
    bench::printFigure("report", "report_week_128gpu_csv_s" + suffix,
                       bench::medianSeconds(3, [&] { orDie(writeCsvFolder(data, dir.filePath("csv")), "CSV"); }), "s");
    const QString file = dir.filePath("week.snap");
    orDie(writeSnapshotFile(snapshot, file), "snapshot");
    bench::printFigure("report", "snapshot_week_128gpu_mb" + suffix, double(QFileInfo(file).size()) / 1e6, "MB");
    bench::printFigure(
        "report", "report_week_128gpu_from_snapshot_s" + suffix,
        bench::medianSeconds(
            3, [&] { writeAll(orDie(buildReport(orDie(readSnapshotFile(file), "reading")), "building")); }),
        "s");
    std::fprintf(stderr, "bench_report: %d jobs, %d events, %d series in the week\n", snapshot.jobs_size(),
                 snapshot.events_size(), snapshot.series_size());
    return 0;
}
