// The metric catalogue: one entry per GpuField, found again by its name, and the per-link
// NVLink names written and read back, with the names that only look like one refused.
#include "backend/api/metric_catalogue.h"

#include <QTest>

#include <set>
#include <string>

using namespace sn;

class TestMetricCatalogue : public QObject {
    Q_OBJECT

private slots:
    void everyFieldHasOneEntryFoundByItsName()
    {
        std::set<std::string> names;
        for (std::size_t i = 0; i < kGpuFieldCount; ++i) {
            const auto field = static_cast<GpuField>(i);
            const metric::Info &entry = metric::info(field);
            QCOMPARE(entry.field, field);
            QVERIFY(std::string(entry.name).starts_with("DCGM_FI_"));
            QVERIFY2(names.insert(entry.name).second, entry.name);
            QCOMPARE(metric::byName(entry.name), &entry);
        }
        QCOMPARE(std::string(metric::name(GpuField::Temperature)), std::string("DCGM_FI_DEV_GPU_TEMP"));
        QCOMPARE(std::string(metric::info(GpuField::Energy).unit), std::string("mJ"));
        QCOMPARE(std::string(metric::typeText(metric::info(GpuField::Energy).kind)), std::string("counter"));
        QCOMPARE(std::string(metric::typeText(metric::info(GpuField::Power).kind)), std::string("gauge"));
    }

    void namesThatAreNoFieldAreNotFound()
    {
        QCOMPARE(metric::byName(""), nullptr);
        QCOMPARE(metric::byName("DCGM_FI_DEV_GPU_TEMPX"), nullptr);
        QCOMPARE(metric::byName("dcgm_fi_dev_gpu_temp"), nullptr);
        QCOMPARE(metric::byName(metric::kNvlinkCrcFlitErrors), nullptr);
        QCOMPARE(metric::byName(metric::nvlinkLinkMetric(3, true)), nullptr);
    }

    void perLinkNamesRoundTrip()
    {
        QCOMPARE(metric::nvlinkLinkMetric(12, true), std::string("DCGM_FI_PROF_NVLINK_L12_TX_BYTES"));
        QCOMPARE(metric::nvlinkLinkMetric(0, false), std::string("DCGM_FI_PROF_NVLINK_L0_RX_BYTES"));
        for (int link : {0, 1, 17, 2147483647})
            for (bool tx : {true, false}) {
                const auto parsed = metric::parseNvlinkLinkMetric(metric::nvlinkLinkMetric(link, tx));
                QVERIFY(parsed);
                QCOMPARE(parsed->link, link);
                QCOMPARE(parsed->tx, tx);
            }
    }

    void malformedPerLinkNamesAreRefused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("prefix only") << "DCGM_FI_PROF_NVLINK_L";
        QTest::newRow("no number") << "DCGM_FI_PROF_NVLINK_L_TX_BYTES";
        QTest::newRow("negative") << "DCGM_FI_PROF_NVLINK_L-1_TX_BYTES";
        QTest::newRow("plus sign") << "DCGM_FI_PROF_NVLINK_L+1_TX_BYTES";
        QTest::newRow("overflow") << "DCGM_FI_PROF_NVLINK_L99999999999999999999_TX_BYTES";
        QTest::newRow("other suffix") << "DCGM_FI_PROF_NVLINK_L3_TX_BYTESX";
        QTest::newRow("no suffix") << "DCGM_FI_PROF_NVLINK_L3";
        QTest::newRow("whole-GPU name") << "DCGM_FI_PROF_NVLINK_TX_BYTES";
        QTest::newRow("lower case") << "dcgm_fi_prof_nvlink_l3_tx_bytes";
        QTest::newRow("empty") << "";
    }
    void malformedPerLinkNamesAreRefused()
    {
        QFETCH(QString, name);
        QVERIFY(!metric::parseNvlinkLinkMetric(name.toStdString()));
    }
};

QTEST_APPLESS_MAIN(TestMetricCatalogue)
#include "tst_metric_catalogue.moc"
