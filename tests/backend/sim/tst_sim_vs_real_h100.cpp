// The simulated H100 against a real one: nvidia-smi -q of an H100 80GB HBM3 idle and under
// gpu-burn (../shared/data/nvidia-smi/full-captures). Only the few values the model is fitted
// to are read here, with a line matcher; the nvidia-smi parsers proper live in telemetry.
#include "backend/model/clock.h"
#include "backend/sim/gpu_physics.h"
#include "backend/sim/simulated_cluster.h"
#include "backend/sim/super_node_topology.h"
#include "tests/support/shared_data.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace sn;
using namespace sn::sim;

namespace {

const char *kCapture = "nvidia-smi/full-captures/linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01.txt";

// The "nvidia-smi -q" sections of a capture, in order (idle first, then under load).
QStringList querySections(const QString &text)
{
    QStringList sections;
    const QStringList parts = text.split(QStringLiteral("# $ nvidia-smi -q\n"));
    for (qsizetype i = 1; i < parts.size(); ++i)
        sections << parts[i].section(QStringLiteral("\n# $ "), 0, 0);
    return sections;
}

double field(const QString &section, const QString &pattern)
{
    const QRegularExpression re(pattern);
    const auto m = re.match(section);
    if (!m.hasMatch())
        qFatal("capture has no line matching %s", qPrintable(pattern));
    return m.captured(1).toDouble();
}

} // namespace

class TestSimVsRealH100 : public QObject {
    Q_OBJECT
    QStringList m_sections;

private slots:
    void initTestCase()
    {
        if (!sn::test::requireSharedData(kCapture))
            return;
        QFile f(sn::test::sharedDataPath(kCapture));
        QVERIFY(f.open(QIODevice::ReadOnly));
        m_sections = querySections(QString::fromUtf8(f.readAll()));
        QCOMPARE(m_sections.size(), 2);
    }

    void limitsAndClocksMatchTheRealCard()
    {
        const QString idle = m_sections[0];
        const GpuPhysicsParams p;
        QCOMPARE(field(idle, R"(Max Power Limit\s+: ([\d.]+) W)"), p.maxPowerW);
        QCOMPARE(field(idle, R"(Min Power Limit\s+: ([\d.]+) W)"), p.minPowerLimitW);
        QCOMPARE(field(idle, R"(Max Clocks\s*\n\s+Graphics\s+: \d+ MHz\s*\n\s+SM\s+: (\d+) MHz)"), p.maxSmClockMhz);
        QCOMPARE(field(idle, R"(Clocks\s*\n\s+Graphics\s+: \d+ MHz\s*\n\s+SM\s+: (\d+) MHz)"), p.idleSmClockMhz);
        QCOMPARE(field(idle, R"(Max Clocks[\s\S]*?Memory\s+: (\d+) MHz)"), p.memClockMhz);
        // Idle power within 5 %.
        const double idlePower = field(idle, R"(GPU Power Readings\s*\n\s+Average Power Draw\s+: ([\d.]+) W)");
        QVERIFY(std::abs(idlePower - p.idlePowerW) / idlePower < 0.05);
    }

    void framebufferAndNameMatch()
    {
        ClusterSpec spec = expandSimulatedCluster(defaultSimulatedSpec(1));
        const GpuSpec &gpu = spec.nodes[0].gpus[0];
        QVERIFY(m_sections[0].contains(QStringLiteral("Product Name                                       : ") +
                                       QString::fromStdString(gpu.model)));
        const double totalMiB = field(m_sections[0], R"(FB Memory Usage\s*\n\s+Total\s+: (\d+) MiB)");
        QCOMPARE(static_cast<double>(gpu.memoryBytes) / (1024 * 1024), totalMiB);
    }

    void temperaturesAtIdleAndUnderLoadAreClose()
    {
        const GpuPhysicsParams p;
        for (const QString &section : m_sections) {
            const double power = field(section, R"(GPU Power Readings\s*\n\s+Average Power Draw\s+: ([\d.]+) W)");
            const double temp = field(section, R"(GPU Current Temp\s+: (\d+) C)");
            // The capture's air temperature is not recorded; 25 C is a typical machine room.
            const double model = steadyStateTemperatureC(p, power, 25, 1.0);
            QVERIFY2(std::abs(model - temp) <= 5,
                     qPrintable(QString("%1 W: real %2 C, model %3 C").arg(power).arg(temp).arg(model)));
        }
    }
};

QTEST_GUILESS_MAIN(TestSimVsRealH100)
#include "tst_sim_vs_real_h100.moc"
