// The console's speed on the offscreen platform (scripts/bench ui): one JSON line per figure.
//   startup_ms             engine start to the Overview's first live frame (2 x 8 GPUs, the default)
//   topology_paint_ms_p95  TopologyView of 128 nodes / 1,024 GPUs: new readings for every GPU and
//                          link, then a full repaint, as each second of live updates brings
//   charts_initial_ms      64 small-multiple charts (SparkChart, as the GPUs page) over 24 h of 1 s samples: the
//   M4-downsampled
//                          range query from a real store, the charts built and filled, the first paint
//   charts_update_ms_p95   the same charts moved on by one refresh (query, setPoints(), repaint)
//   gui_busy_fraction      share of wall time the GUI thread is awake (not blocked waiting for events)
//                          while a real-time engine streams 1,024 GPUs (~30 metrics each) at 1 Hz
#include "backend/engine/local_engine.h"
#include "backend/sim/super_node_topology.h"
#include "backend/telemetry/store/store_query.h"
#include "backend/telemetry/store/time_series_store.h"
#include "bench/bench_json.h"
#include "ui/main_window.h"
#include "ui/overview_page.h"
#include "ui/topology_shape.h"
#include "widgets/gpu_heat_strip.h"
#include "widgets/spark_chart.h"
#include "widgets/topology_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QGridLayout>
#include <QRandomGenerator>
#include <QScrollArea>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>

using namespace sn;

namespace {
constexpr const char *kArea = "ui";

double percentile(std::vector<double> v, double q)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[std::min(v.size() - 1, static_cast<std::size_t>(q * (v.size() - 1) + 0.5))];
}

double msSince(const QElapsedTimer &t)
{
    return t.nsecsElapsed() / 1e6;
}

// CPU time of the calling thread: the GUI thread's own work, without time spent waiting for a core.
qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<qint64>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

void startupMs()
{
    std::vector<double> runs;
    for (int i = 0; i < 3; ++i) {
        QElapsedTimer t;
        t.start();
        LocalEngine::Options options;
        options.engine.spec = sim::defaultSimulatedSpec();
        LocalEngine engine(std::move(options));
        MainWindowOptions w;
        w.rememberState = false;
        MainWindow window(engine, w);
        window.resize(1400, 900);
        window.show();
        GpuHeatStrip *strip = window.overviewPage()->heatStrip();
        // The first live frame: every GPU's cell carries a reading from the engine.
        while (strip->gpus().isEmpty() || std::isnan(strip->gpus().constLast().tempC)) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            if (t.elapsed() > 30000)
                break;
        }
        window.repaint();
        runs.push_back(msSince(t));
    }
    bench::printFigure(kArea, "startup_ms", percentile(runs, 0.5), "ms");
}

void topologyPaint()
{
    const pb::Cluster cluster = [] {
        LocalEngine::Options options;
        options.engine.spec = sim::defaultSimulatedSpec(128);
        options.engine.virtualTime = true;
        LocalEngine engine(std::move(options));
        return *waitFor(engine.getCluster());
    }();
    TopologyView view;
    view.resize(1600, 1000);
    view.setShape(topologyShape(cluster));
    view.show();
    view.fit();
    QCoreApplication::processEvents();
    auto *rng = QRandomGenerator::global();
    std::vector<double> times, updates, paints, cpu;
    for (int second = 0; second < 60; ++second) {
        QHash<QString, TopoGpuLive> gpus;
        for (const TopoNode &n : view.shape().nodes)
            for (const TopoGpu &g : n.gpus) {
                TopoGpuLive v;
                v.utilPercent = rng->bounded(100.0);
                v.tempC = 30 + rng->bounded(60.0);
                v.powerW = rng->bounded(700.0);
                v.memUsedPercent = rng->bounded(100.0);
                gpus.insert(g.id, v);
            }
        QHash<QString, TopoLinkLive> links;
        for (const TopoLink &l : view.shape().links)
            links.insert(topoLinkKey(l.a, l.b), {rng->bounded(1.0), rng->bounded(100) != 0});
        const qint64 cpu0 = threadCpuNs();
        QElapsedTimer t;
        t.start();
        view.setGpuLive(gpus);
        view.setLinkLive(links);
        updates.push_back(msSince(t));
        view.viewport()->repaint(); // the whole canvas, synchronously
        times.push_back(msSince(t));
        paints.push_back(times.back() - updates.back());
        cpu.push_back((threadCpuNs() - cpu0) / 1e6);
    }
    bench::printFigure(kArea, "topology_paint_ms_p95", percentile(times, 0.95), "ms");
    // The parts, and the GUI thread's CPU time: on a loaded machine wall time includes waiting for a core.
    std::fprintf(stderr,
                 "topology_paint_ms_p95: median %.2f ms = new readings %.2f ms + repaint %.2f ms; CPU median %.2f ms\n",
                 percentile(times, 0.5), percentile(updates, 0.5), percentile(paints, 0.5), percentile(cpu, 0.5));
}

void charts()
{
    constexpr int kGpus = 64;
    constexpr qint64 kDayMs = 24 * 3600 * 1000LL;
    constexpr qint64 kEnd = 1'780'000'000'000LL;
    tsdb::StoreOptions so;
    so.retentionMs = 30 * kDayMs;
    auto opened = tsdb::TimeSeriesStore::open(so);
    if (!opened)
        qFatal("store: %s", opened.error().message.c_str());
    std::unique_ptr<tsdb::TimeSeriesStore> store = std::move(*opened);
    std::vector<tsdb::SeriesId> refs;
    for (int g = 0; g < kGpus; ++g)
        refs.push_back(store->seriesRef("DCGM_FI_DEV_GPU_UTIL", {{"Hostname", "node" + std::to_string(g / 8 + 1)},
                                                                 {"gpu", std::to_string(g % 8)}}));
    std::vector<tsdb::RefSample> batch;
    batch.reserve(kGpus);
    for (qint64 t = kEnd - kDayMs; t <= kEnd + 60'000; t += 1000) {
        batch.clear();
        for (int g = 0; g < kGpus; ++g)
            batch.push_back({refs[g], t, 50 + 45 * std::sin(t / 3.6e6 + g) + (t / 1000 % 7)});
        if (!store->append(batch.data(), batch.size()))
            qFatal("append failed");
    }

    // As on the GPUs page: 16 rows of 4 charts in a scroll area of a 1400 x 900 window.
    QScrollArea page;
    auto *content = new QWidget;
    auto *grid = new QGridLayout(content);
    page.setWidget(content);
    page.setWidgetResizable(true);
    page.resize(1400, 900);
    double queryMs = 0; // the engine thread's share: never on the GUI thread
    const auto fill = [&](std::vector<SparkChart *> &charts, qint64 end) {
        QElapsedTimer qt;
        qt.start();
        tsdb::RangeQuery q;
        q.matchers.push_back(tsdb::LabelMatcher::equal(tsdb::kMetricNameLabel, "DCGM_FI_DEV_GPU_UTIL"));
        q.startMs = end - kDayMs;
        q.endMs = end;
        q.pixelColumns = charts.front()->plotWidth();
        const auto series = tsdb::rangeQuery(*store, q);
        queryMs = msSince(qt);
        for (std::size_t i = 0; i < series->size() && i < charts.size(); ++i) {
            QList<QPointF> points;
            points.reserve(static_cast<qsizetype>((*series)[i].points.size()));
            for (const SeriesPoint &p : (*series)[i].points)
                points.append(QPointF(static_cast<qreal>(p.timeMs), p.value));
            charts[i]->setTimeRange(q.startMs, q.endMs);
            charts[i]->setPoints(points);
        }
    };
    std::vector<SparkChart *> charts;
    QElapsedTimer t;
    t.start();
    for (int g = 0; g < kGpus; ++g) {
        auto *c = new SparkChart;     // the GPUs page's small multiple
        c->setDeferWhileHidden(true); // as the GPUs page sets its small multiples
        c->setTitle(QStringLiteral("GPU %1").arg(g % 8));
        c->setUnit(QStringLiteral("%"));
        c->setValueRange(0, 100);
        grid->addWidget(c, g / 4, g % 4);
        charts.push_back(c);
    }
    page.show();
    QCoreApplication::processEvents(); // layout, so plotWidth() is the real one
    fill(charts, kEnd);
    page.repaint();
    bench::printFigure(kArea, "charts_initial_ms", msSince(t), "ms"); // query included

    bench::printFigure(kArea, "charts_query_ms", queryMs, "ms");

    // A live update as the GUI thread sees it: the answer is there (the engine thread ran the
    // query), the lines are replaced and the page repainted.
    std::vector<double> updates, queries;
    for (int i = 1; i <= 30; ++i) {
        QElapsedTimer u;
        u.start();
        fill(charts, kEnd + i * 2000);
        page.repaint();
        updates.push_back(msSince(u) - queryMs);
        queries.push_back(queryMs);
    }
    bench::printFigure(kArea, "charts_update_ms_p95", percentile(updates, 0.95), "ms");
    bench::printFigure(kArea, "charts_update_query_ms_p95", percentile(queries, 0.95), "ms");
}

void guiBusy()
{
    LocalEngine::Options options;
    options.engine.spec = sim::defaultSimulatedSpec(128);
    options.tickIntervalMs = 1000; // samples at 1 Hz, as the target says
    LocalEngine engine(std::move(options));
    MainWindowOptions w;
    w.rememberState = false;
    MainWindow window(engine, w);
    window.resize(1600, 1000);
    window.setCurrentPage(QStringLiteral("topology"));
    window.show();
    // Warm up: the cluster arrives, the canvas is built.
    QElapsedTimer warm;
    warm.start();
    while (warm.elapsed() < 5000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);

    // Busy = CPU time of the GUI thread over wall time (the engine and its simulator run on
    // their own threads and do not count).
    const qint64 cpu0 = threadCpuNs();
    QElapsedTimer wall;
    wall.start();
    QEventLoop loop;
    QTimer::singleShot(15000, &loop, &QEventLoop::quit);
    loop.exec();
    const qint64 busyNs = threadCpuNs() - cpu0;
    bench::printFigure(kArea, "gui_busy_fraction", static_cast<double>(busyNs) / wall.nsecsElapsed(), "fraction");
}
} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // SN_BENCH_ONLY=topology,charts picks parts (startup, topology, charts, busy), as bench_telemetry.
    const QStringList only = qEnvironmentVariable("SN_BENCH_ONLY").split(QLatin1Char(','), Qt::SkipEmptyParts);
    const auto wanted = [&only](const char *part) { return only.isEmpty() || only.contains(QLatin1String(part)); };
    if (wanted("startup"))
        startupMs();
    if (wanted("topology"))
        topologyPaint();
    if (wanted("charts"))
        charts();
    if (wanted("busy"))
        guiBusy();
    return 0;
}
