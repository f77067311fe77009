// The cost model against real measurements: every calibration case (nccl-tests logs in shared
// data and the published figures) within 15% of the measured large-message busbw, and the
// compiled-in parameters being what calibration fits to those cases.
#include "backend/comms/calibration.h"
#include "tests/support/shared_data.h"

#include <QTest>

using namespace sn::comms;

class TestCalibration : public QObject {
    Q_OBJECT
private slots:
    void everyCaseWithinFifteenPercent()
    {
        if (!sn::test::requireSharedData("nccl/nccl-tests") || !sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        auto cases = calibrationCases(sn::test::sharedDataDir().toStdString());
        QVERIFY2(cases.ok(), cases.ok() ? "" : cases.error().message.c_str());
        QCOMPARE(static_cast<int>(cases->size()), 9);
        for (const CaseResult &r : evaluate(*cases, defaultCostParams())) {
            qInfo("%-48s measured %8.2f predicted %8.2f GB/s (%s) error %.3f", r.c.name.c_str(), r.c.measuredBusbwGBps,
                  r.predicted.busbwGBps, algorithmName(r.predicted.algorithm), r.relativeError);
            QVERIFY2(r.relativeError <= 0.15, r.c.name.c_str());
        }
    }

    void casesUseTheAlgorithmNcclPicks()
    {
        if (!sn::test::requireSharedData("nccl/nccl-tests") || !sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        auto cases = calibrationCases(sn::test::sharedDataDir().toStdString());
        QVERIFY(cases.ok());
        for (const CaseResult &r : evaluate(*cases, defaultCostParams())) {
            const bool h100 = r.c.name.find("H100") != std::string::npos;
            QCOMPARE(r.predicted.algorithm, h100 ? Algorithm::Nvls : Algorithm::Ring);
        }
    }

    void defaultsAreWhatCalibrationFits()
    {
        if (!sn::test::requireSharedData("nccl/nccl-tests") || !sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        auto cases = calibrationCases(sn::test::sharedDataDir().toStdString());
        QVERIFY(cases.ok());
        CostParams start = defaultCostParams();
        start.nvlink.efficiency = start.nvls.efficiency = start.pcieHostStaged.efficiency = 0.5;
        start.pcieHostStaged.duplexShare = start.net.efficiency = 0.5;
        const CostParams fitted = calibrateCostParams(*cases, start);
        const CostParams d = defaultCostParams();
        const std::pair<double, double> knobs[] = {
            {fitted.nvlink.efficiency, d.nvlink.efficiency},
            {fitted.nvls.efficiency, d.nvls.efficiency},
            {fitted.pcieHostStaged.efficiency, d.pcieHostStaged.efficiency},
            {fitted.pcieHostStaged.duplexShare, d.pcieHostStaged.duplexShare},
            {fitted.net.efficiency, d.net.efficiency},
        };
        for (const auto &[got, compiled] : knobs)
            QVERIFY2(std::abs(got - compiled) <= 0.01,
                     qPrintable(QString("fitted %1, compiled-in %2").arg(got).arg(compiled)));
        QVERIFY(maxRelativeError(evaluate(*cases, fitted)) <= 0.15);
    }

    void aWrongModelFailsTheCheck()
    {
        if (!sn::test::requireSharedData("nccl/nccl-tests") || !sn::test::requireSharedData("nvidia-smi/topo"))
            return;
        auto cases = calibrationCases(sn::test::sharedDataDir().toStdString());
        QVERIFY(cases.ok());
        // Ignoring host staging (full duplex, as NVLink) must miss the 2080 Ti all-reduce badly.
        CostParams wrong = defaultCostParams();
        wrong.pcieHostStaged.duplexShare = 1;
        QVERIFY(maxRelativeError(evaluate(*cases, wrong)) > 0.5);
        // So must treating H100 like A100 (no in-switch reduction).
        std::vector<CalibrationCase> noNvls = *cases;
        for (CalibrationCase &c : noNvls)
            c.shape.nvls = false;
        QVERIFY(maxRelativeError(evaluate(noNvls, defaultCostParams())) > 0.15);
    }

    void missingDataIsAnErrorNamingTheFile()
    {
        auto cases = calibrationCases("/nonexistent");
        QVERIFY(!cases.ok());
        QVERIFY2(cases.error().message.find("/nonexistent/nvidia-smi/topo/") != std::string::npos,
                 cases.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
