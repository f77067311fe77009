// The GPU table: every model the issue names is there with its datasheet, names nvidia-smi
// prints map onto it, and an unknown name lists the known ones.
#include "backend/planner/gpu_catalogue.h"

#include <QTest>

using namespace sn::planner;

class TestGpuCatalogue : public QObject {
    Q_OBJECT
private slots:
    void everyRowIsComplete()
    {
        for (const char *name : {"A100-40GB", "A100-80GB", "H100-SXM", "H100-PCIe", "H200", "L40S", "L4", "A10", "T4",
                                 "V100-16GB", "V100-32GB", "RTX-4090"}) {
            auto g = findGpuModel(name);
            QVERIFY2(g.ok(), name);
            QVERIFY(g->memoryGiB > 0);
            QVERIFY(g->memoryBandwidthGBps > 0);
            QVERIFY(g->fp32 > 0 && g->fp16 > 0);
            QVERIFY(!g->source.empty());
        }
    }

    void datasheetFigures()
    {
        // Spot checks against the datasheets (dense): H100 SXM BF16 989.5, FP8 1979; A100 BF16 312.
        QCOMPARE(findGpuModel("H100-SXM")->bf16, 989.5);
        QCOMPARE(findGpuModel("H100-SXM")->fp8, 1979.0);
        QCOMPARE(findGpuModel("A100-80GB")->bf16, 312.0);
        QCOMPARE(findGpuModel("H200")->memoryGiB, 141.0);
        QVERIFY(!findGpuModel("V100-32GB")->supports(MathPrecision::Bf16));
        QVERIFY(!findGpuModel("A100-80GB")->supports(MathPrecision::Fp8));
        QVERIFY(findGpuModel("L40S")->supports(MathPrecision::Fp8));
    }

    void driverNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        QTest::newRow("h100 hbm3") << "NVIDIA H100 80GB HBM3"
                                   << "H100-SXM";
        QTest::newRow("h100 pcie") << "NVIDIA H100 PCIe"
                                   << "H100-PCIe";
        QTest::newRow("a100 sxm 80") << "NVIDIA A100-SXM4-80GB"
                                     << "A100-80GB";
        QTest::newRow("a100 pcie 40") << "NVIDIA A100-PCIE-40GB"
                                      << "A100-40GB";
        QTest::newRow("v100") << "Tesla V100-SXM2-32GB"
                              << "V100-32GB";
        QTest::newRow("t4") << "Tesla T4"
                            << "T4";
        QTest::newRow("a10") << "NVIDIA A10"
                             << "A10";
        QTest::newRow("l4") << "NVIDIA L4"
                            << "L4";
        QTest::newRow("l40s") << "NVIDIA L40S"
                              << "L40S";
        QTest::newRow("4090") << "NVIDIA GeForce RTX 4090"
                              << "RTX-4090";
        QTest::newRow("h200") << "NVIDIA H200"
                              << "H200";
        QTest::newRow("planner name, any case") << "a100 80gb"
                                                << "A100-80GB";
    }
    void driverNames()
    {
        QFETCH(QString, name);
        QFETCH(QString, expected);
        auto g = findGpuModel(name.toStdString());
        QVERIFY2(g.ok(), name.toUtf8());
        QCOMPARE(QString::fromStdString(g->name), expected);
    }

    void unknownModelListsTheKnownOnes()
    {
        for (const char *bad : {"", "B300", "Radeon MI300X"}) {
            auto g = findGpuModel(bad);
            QVERIFY(!g.ok());
            QCOMPARE(g.error().code, sn::ErrorCode::InvalidArgument);
            const QString message = QString::fromStdString(g.error().message);
            QVERIFY2(message.contains("H100-SXM") && message.contains("RTX-4090"), qPrintable(message));
        }
    }
};

QTEST_GUILESS_MAIN(TestGpuCatalogue)
#include "tst_gpu_catalogue.moc"
