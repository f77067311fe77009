// How a ClusterSummary reads on the Overview's tiles: values, units, secondary lines and the
// thresholds that turn a tile amber or red.
#include "ui/overview_kpis.h"

#include <QTest>

using namespace sn;

namespace {
pb::ClusterSummary sample()
{
    pb::ClusterSummary s;
    s.set_cluster_name("demo-supernode");
    s.set_simulated(true);
    s.set_nodes_total(2);
    s.set_nodes_up(2);
    s.set_gpus_total(16);
    s.set_gpus_busy(12);
    s.set_gpu_util_mean_percent(63.4);
    s.set_gpu_util_max_percent(99.6);
    s.set_gpu_temp_max_c(71);
    s.set_power_draw_watts(8420);
    s.set_jobs_running(5);
    s.set_jobs_pending(3);
    s.set_gpu_memory_total_bytes(16 * 80.0 * 1024 * 1024 * 1024);
    s.set_gpu_memory_used_bytes(640.0 * 1024 * 1024 * 1024);
    return s;
}
} // namespace

Q_DECLARE_METATYPE(sn::Health)

class TestOverviewKpis : public QObject {
    Q_OBJECT
private slots:
    void everyTileHasATitleAndAnId()
    {
        QSet<QString> ids;
        for (Kpi kpi : kAllKpis) {
            QVERIFY(!kpiTitle(kpi).isEmpty());
            ids.insert(kpiId(kpi));
        }
        QCOMPARE(ids.size(), static_cast<int>(kAllKpis.size()));
    }

    void readings()
    {
        const pb::ClusterSummary s = sample();
        KpiReading r = readKpi(Kpi::GpusBusy, s);
        QCOMPARE(r.value, QStringLiteral("12"));
        QCOMPARE(r.detail, QStringLiteral("of 16"));

        r = readKpi(Kpi::UtilMean, s);
        QCOMPARE(r.value, QStringLiteral("63"));
        QCOMPARE(r.unit, QStringLiteral("%"));
        QCOMPARE(readKpi(Kpi::UtilMax, s).value, QStringLiteral("100"));

        r = readKpi(Kpi::Power, s);
        QCOMPARE(r.value, QStringLiteral("8.42"));
        QCOMPARE(r.unit, QStringLiteral("kW"));

        r = readKpi(Kpi::GpuMemory, s);
        QCOMPARE(r.value, QStringLiteral("0.63"));
        QCOMPARE(r.unit, QStringLiteral("TiB"));
        QCOMPARE(r.detail, QStringLiteral("of 1.25 TiB (50 %)"));

        QCOMPARE(readKpi(Kpi::JobsRunning, s).value, QStringLiteral("5"));
        QCOMPARE(readKpi(Kpi::JobsPending, s).value, QStringLiteral("3"));
        QCOMPARE(readKpi(Kpi::NodesUp, s).value, QStringLiteral("2"));
        QCOMPARE(readKpi(Kpi::NodesUp, s).detail, QStringLiteral("of 2"));
    }

    void smallClustersReadInGiB()
    {
        pb::ClusterSummary s;
        s.set_gpu_memory_total_bytes(8 * 24.0 * 1024 * 1024 * 1024);
        s.set_gpu_memory_used_bytes(96.0 * 1024 * 1024 * 1024);
        const KpiReading r = readKpi(Kpi::GpuMemory, s);
        QCOMPARE(r.value, QStringLiteral("96"));
        QCOMPARE(r.unit, QStringLiteral("GiB"));
        QCOMPARE(r.detail, QStringLiteral("of 192 GiB (50 %)"));
    }

    void temperatureThresholds_data()
    {
        QTest::addColumn<double>("celsius");
        QTest::addColumn<Health>("health");
        QTest::newRow("cool") << 65.0 << Health::Normal;
        QTest::newRow("just below warning") << 79.9 << Health::Normal;
        QTest::newRow("warning") << 80.0 << Health::Warning;
        QTest::newRow("just below critical") << 86.9 << Health::Warning;
        QTest::newRow("critical") << 87.0 << Health::Critical;
    }
    void temperatureThresholds()
    {
        QFETCH(double, celsius);
        QFETCH(Health, health);
        pb::ClusterSummary s = sample();
        s.set_gpu_temp_max_c(celsius);
        QCOMPARE(readKpi(Kpi::TempMax, s).health, health);
    }

    void openAnomaliesWarn()
    {
        pb::ClusterSummary s = sample();
        QCOMPARE(readKpi(Kpi::AnomaliesOpen, s).health, Health::Normal);
        s.set_anomalies_open(2);
        QCOMPARE(readKpi(Kpi::AnomaliesOpen, s).health, Health::Warning);
        QCOMPARE(readKpi(Kpi::AnomaliesOpen, s).value, QStringLiteral("2"));
    }

    void aNodeDownIsCritical()
    {
        pb::ClusterSummary s = sample();
        s.set_nodes_up(1);
        const KpiReading r = readKpi(Kpi::NodesUp, s);
        QCOMPARE(r.health, Health::Critical);
        QCOMPARE(r.value, QStringLiteral("1"));
        QVERIFY2(r.detail.contains(QStringLiteral("of 2")) && r.detail.contains(QStringLiteral("1 down")),
                 qPrintable(r.detail));
    }

    void faultedGpusAreCritical()
    {
        pb::ClusterSummary s = sample();
        QCOMPARE(readKpi(Kpi::GpusFaulted, s).health, Health::Normal);
        s.set_gpus_faulted(1);
        QCOMPARE(readKpi(Kpi::GpusFaulted, s).health, Health::Critical);
    }
};

QTEST_GUILESS_MAIN(TestOverviewKpis)
#include "tst_overview_kpis.moc"
