// Telemetry batches (dcgm-exporter names and labels) into heat-strip cells: values per GPU,
// sorted as a person reads host names, and faults for lost or silent GPUs.
#include "ui/gpu_cell_table.h"

#include <QTest>

#include <cmath>

using namespace sn;

namespace {
void add(pb::SampleBatch &batch, const char *metric, const std::string &host, int gpu, double value)
{
    pb::Sample *s = batch.add_samples();
    s->set_metric(metric);
    (*s->mutable_labels())["Hostname"] = host;
    (*s->mutable_labels())["gpu"] = std::to_string(gpu);
    (*s->mutable_labels())["UUID"] = "GPU-" + host + "-" + std::to_string(gpu);
    s->set_time_ms(batch.time_ms());
    s->set_value(value);
}

pb::SampleBatch healthy(std::int64_t timeMs, const std::vector<std::string> &hosts, int gpus)
{
    pb::SampleBatch b;
    b.set_time_ms(timeMs);
    for (const std::string &h : hosts) {
        for (int g = 0; g < gpus; ++g) {
            add(b, kMetricGpuXid, h, g, 0);
            add(b, kMetricGpuUtil, h, g, 10 * g);
            add(b, kMetricGpuTemp, h, g, 50 + g);
            add(b, kMetricGpuPower, h, g, 400 + g);
        }
    }
    return b;
}
} // namespace

class TestGpuCellTable : public QObject {
    Q_OBJECT
private slots:
    void subscriptionAsksForUtilTempPowerAndXid()
    {
        const pb::SubscribeTelemetryRequest r = GpuCellTable::subscription();
        QStringList metrics;
        for (const std::string &m : r.metrics())
            metrics << QString::fromStdString(m);
        QVERIFY(metrics.contains(kMetricGpuUtil));
        QVERIFY(metrics.contains(kMetricGpuTemp));
        QVERIFY(metrics.contains(kMetricGpuPower));
        QVERIFY(metrics.contains(kMetricGpuXid));
    }

    void oneCellPerGpuSortedByNodeThenIndex()
    {
        GpuCellTable table;
        QVERIFY(table.apply(healthy(1000, {"node10", "node2"}, 8)));
        const QVector<GpuCell> cells = table.cells();
        QCOMPARE(cells.size(), 16);
        QCOMPARE(cells[0].node, QStringLiteral("node2")); // numbers compared as numbers
        QCOMPARE(cells[8].node, QStringLiteral("node10"));
        GpuCellTable padded;
        padded.apply(healthy(1000, {"gpu-b01", "gpu-a9", "gpu-a010"}, 1));
        QCOMPARE(padded.cells()[0].node, QStringLiteral("gpu-a9"));
        QCOMPARE(padded.cells()[1].node, QStringLiteral("gpu-a010"));
        QCOMPARE(padded.cells()[2].node, QStringLiteral("gpu-b01"));
        for (int i = 0; i < 8; ++i)
            QCOMPARE(cells[i].index, i);
        QCOMPARE(cells[3].util, 30.0);
        QCOMPARE(cells[3].tempC, 53.0);
        QCOMPARE(cells[3].powerW, 403.0);
        QVERIFY(!cells[3].faulted);
    }

    void anUnchangedBatchChangesNothing()
    {
        GpuCellTable table;
        QVERIFY(table.apply(healthy(1000, {"a"}, 2)));
        QVERIFY(!table.apply(healthy(2000, {"a"}, 2)));
    }

    void aLostGpuIsFaulted()
    {
        GpuCellTable table;
        table.apply(healthy(1000, {"a"}, 2));
        pb::SampleBatch b = healthy(2000, {"a"}, 1);
        add(b, kMetricGpuXid, "a", 1, 79); // fallen off the bus: NVML answers only the XID
        QVERIFY(table.apply(b));
        const QVector<GpuCell> cells = table.cells();
        QVERIFY(!cells[0].faulted);
        QVERIFY(cells[1].faulted);
        QCOMPARE(cells[1].reason, GpuCellReason::Lost);
        QVERIFY(std::isnan(cells[1].util));
    }

    void aSilentNodeIsFaulted()
    {
        GpuCellTable table;
        table.apply(healthy(1000, {"a", "b"}, 2));
        for (std::int64_t t = 2000; t <= 1000 + GpuCellTable::kSilentAfterMs; t += 1000)
            table.apply(healthy(t, {"a"}, 2));
        QVERIFY(!table.cells()[2].faulted); // not silent long enough yet
        QVERIFY(table.apply(healthy(2000 + GpuCellTable::kSilentAfterMs, {"a"}, 2)));
        const QVector<GpuCell> cells = table.cells();
        QVERIFY(!cells[0].faulted);
        QVERIFY(cells[2].faulted && cells[3].faulted);
        // It comes back when it reports again.
        QVERIFY(table.apply(healthy(3000 + GpuCellTable::kSilentAfterMs, {"a", "b"}, 2)));
        QVERIFY(!table.cells()[2].faulted);
    }

    void theTopologyGivesEveryGpuACell()
    {
        pb::Cluster cluster;
        for (const char *name : {"a", "b"}) {
            pb::Node *node = cluster.add_nodes();
            node->set_name(name);
            node->set_state(std::string(name) == "b" ? pb::NODE_STATE_DOWN : pb::NODE_STATE_UP);
            for (int i = 0; i < 4; ++i)
                node->add_gpus()->set_index(i);
        }
        GpuCellTable table;
        table.setTopology(cluster);
        QVector<GpuCell> cells = table.cells();
        QCOMPARE(cells.size(), 8);
        QVERIFY(std::isnan(cells[0].util) && !cells[0].faulted);
        QVERIFY(cells[4].faulted); // node b is down
        QCOMPARE(cells[4].reason, GpuCellReason::NodeDown);

        // A GPU that never reports goes faulted once the others have been heard long enough.
        for (std::int64_t t = 1000; t <= 2000 + GpuCellTable::kSilentAfterMs; t += 1000)
            table.apply(healthy(t, {"a"}, 3));
        cells = table.cells();
        QVERIFY(!cells[0].faulted && !cells[2].faulted);
        QVERIFY(cells[3].faulted);
        QCOMPARE(cells[3].reason, GpuCellReason::Silent);
        QCOMPARE(cells[4].reason, GpuCellReason::NodeDown); // still down, not merely silent
    }

    void samplesWithoutGpuLabelsAreIgnored()
    {
        GpuCellTable table;
        pb::SampleBatch b;
        b.set_time_ms(1);
        pb::Sample *s = b.add_samples();
        s->set_metric(kMetricGpuUtil);
        (*s->mutable_labels())["Hostname"] = "a";
        QVERIFY(!table.apply(b));
        QCOMPARE(table.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestGpuCellTable)
#include "tst_gpu_cell_table.moc"
