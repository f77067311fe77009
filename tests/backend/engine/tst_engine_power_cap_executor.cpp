// Thermal protection on a real cluster's executor does not stall the engine: the engine lives on
// this test's thread, a scripted collector reports a GPU at 95 °C, and the power limit is set by
// a real script run as `nvidia-smi` through the real LocalCommandRunner. The script blocks on a
// fifo the test holds. Proof by ordering: the script has started and is blocked, yet the engine
// (this thread) goes on ticking and answering; the audit is empty and no second change is
// started for that GPU while the first is in flight; once the test releases the fifo, the audit
// and the timeline get the result. Were the change run on the engine thread, this thread would
// be stuck inside the script and none of that could be observed.
#include "backend/power/nvidia_smi_power_limit_setter.h"
#include "backend/engine/engine.h"
#include "backend/model/command_runner.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>

#include <sys/stat.h>

#include <fcntl.h>
#include <unistd.h>

using namespace sn;

namespace {

const char *kScript = R"sh(#!/bin/sh
dir=$(dirname "$0")
case "$*" in
  *--query-gpu=*) echo "200.00, 700.00" ;;
  *-pl*)
    echo "$*" >> "$dir/calls"
    touch "$dir/started.$(wc -l < "$dir/calls" | tr -d ' ')"
    read line < "$dir/release"
    echo "Power limit was set to $4.00 W." ;;
esac
)sh";

class HotGpuCollector final : public Collector {
public:
    explicit HotGpuCollector(std::shared_ptr<std::atomic<bool>> hot) : m_hot(std::move(hot)) {}
    std::string source() const override { return "dcgm-exporter"; }
    std::string target() const override { return "http://node01:9400/metrics"; }
    std::string node() const override { return "node01"; }
    Result<Collection> collect(std::int64_t nowMs) override
    {
        Collection c;
        GpuReading r;
        r.node = "node01";
        r.gpu = 0;
        r.uuid = "GPU-node01-0";
        r.model = "NVIDIA H100 80GB HBM3";
        r.timeMs = nowMs;
        r.set(GpuField::Utilization, 100);
        r.set(GpuField::Temperature, *m_hot ? 95 : 60);
        r.set(GpuField::Power, 690);
        r.set(GpuField::PowerLimit, 700);
        c.gpus.push_back(r);
        return c;
    }

private:
    std::shared_ptr<std::atomic<bool>> m_hot;
};

ClusterSpec oneHotNode()
{
    ClusterSpec spec;
    spec.name = "lab";
    NodeSpec node;
    node.name = "node01";
    node.address = "node01.lab";
    node.gpus.push_back(GpuSpec{0, "NVIDIA H100 80GB HBM3", 80LL << 30, "", "", -1});
    spec.nodes.push_back(node);
    TelemetrySpec telemetry;
    telemetry.source = TelemetrySource::DcgmExporter;
    telemetry.intervalMs = 100;
    spec.telemetry = telemetry;
    AnomalySpec anomaly;
    anomaly.thermalProtection.enabled = true;
    anomaly.thermalProtection.holdMs = 100; // a step per sample, were it not waiting for the first
    spec.anomaly = anomaly;
    return spec;
}

int countEvents(const Engine &engine, const std::string &kind)
{
    int n = 0;
    const pb::ListEventsResponse events = engine.listEvents({});
    for (const pb::Event &e : events.events())
        n += e.kind() == kind;
    return n;
}

} // namespace

class TestEnginePowerCapExecutor : public QObject {
    Q_OBJECT
private slots:
    void aBlockedChangeDoesNotStallTheEngine()
    {
        QTemporaryDir dir;
        const QString script = dir.filePath("nvidia-smi");
        {
            QFile f(script);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(kScript);
            f.close();
            f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        }
        QCOMPARE(::mkfifo(dir.filePath("release").toLocal8Bit().constData(), 0600), 0);
        auto runner = std::make_shared<LocalCommandRunner>();

        Engine::Options options;
        options.spec = oneHotNode();
        auto hot = std::make_shared<std::atomic<bool>>(true);
        options.makeCollectors = [hot](const ClusterSpec &) -> Result<std::vector<std::unique_ptr<Collector>>> {
            std::vector<std::unique_ptr<Collector>> out;
            out.push_back(std::make_unique<HotGpuCollector>(hot));
            return out;
        };
        options.makePowerLimitSetter = [&](const ClusterSpec &) -> Result<std::unique_ptr<PowerLimitSetter>> {
            return std::unique_ptr<PowerLimitSetter>(std::make_unique<NvidiaSmiPowerLimitSetter>(
                [runner](const std::string &) { return runner.get(); }, script.toStdString()));
        };
        Engine engine(std::move(options));
        int batches = 0;
        QObject::connect(&engine, &Engine::telemetry, [&](const SharedSampleBatch &) { ++batches; });

        // The first step down (700 -> 650 W) is in the script, blocked on the fifo.
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(dir.filePath("started.1")), 20000);
        // The engine goes on: more samples of the hot GPU arrive and it answers calls...
        const int seen = batches;
        QTRY_VERIFY_WITH_TIMEOUT(batches >= seen + 5, 20000);
        QCOMPARE(engine.summary().gpu_temp_max_c(), 95.0);
        // ...with nothing audited yet, and no second change started for the GPU in flight.
        QVERIFY(engine.powerCapAudit().empty());
        QCOMPARE(countEvents(engine, "action.power_cap"), 0);
        QVERIFY(!QFile::exists(dir.filePath("started.2")));

        const int fd = ::open(dir.filePath("release").toLocal8Bit().constData(), O_WRONLY);
        QVERIFY(fd >= 0);
        QCOMPARE(::write(fd, "go\n", 3), ssize_t(3));
        ::close(fd);

        QTRY_VERIFY_WITH_TIMEOUT(!engine.powerCapAudit().empty(), 20000);
        const anomaly::PowerCapAuditRecord first = engine.powerCapAudit().front();
        QVERIFY2(first.ok, first.error.c_str());
        QCOMPARE(first.executor, std::string("nvidia-smi"));
        QCOMPARE(first.decision.fromW, 700.0);
        QCOMPARE(first.decision.toW, 650.0);
        QVERIFY(countEvents(engine, "action.power_cap") >= 1);
        // The next step follows only now, in order.
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(dir.filePath("started.2")), 20000);
        QFile calls(dir.filePath("calls"));
        QVERIFY(calls.open(QIODevice::ReadOnly));
        QCOMPARE(calls.readAll(), QByteArray("-i 0 -pl 650\n-i 0 -pl 600\n"));
        // Cool now (no third step), and let the second finish so the worker is idle at the end.
        *hot = false;
        const int fd2 = ::open(dir.filePath("release").toLocal8Bit().constData(), O_WRONLY);
        QVERIFY(fd2 >= 0);
        QCOMPARE(::write(fd2, "go\n", 3), ssize_t(3));
        ::close(fd2);
        QTRY_VERIFY_WITH_TIMEOUT(engine.powerCapAudit().size() >= 2, 20000);
        QCOMPARE(engine.powerCapAudit()[1].decision.toW, 600.0);
    }
};

QTEST_GUILESS_MAIN(TestEnginePowerCapExecutor)
#include "tst_engine_power_cap_executor.moc"
