// Log intake inside a real engine: a file named in cluster.yaml's `logs:` section is followed
// through rotation, each line reaches QueryLogs with its source, node, template, signature and
// the GPU its PCI address names; a failure signature raises an event on that GPU; and template
// ids stay the same when the engine restarts on the same data directory.
#include "backend/engine/engine.h"
#include "backend/model/cluster_yaml.h"
#include "backend/sim/super_node_topology.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sn;

namespace {
void append(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Append))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

Engine::Options options(const QTemporaryDir &dir)
{
    Engine::Options o;
    o.spec = sim::defaultSimulatedSpec(1);
    o.spec.simulation.jobArrivalsPerHour = 0;
    TelemetrySpec telemetry;
    telemetry.dataDir = dir.filePath("data").toStdString();
    o.spec.telemetry = telemetry;
    LogsSpec logs;
    logs.files.push_back({dir.filePath("kern.log").toStdString(), "node01", "kern.log", false});
    o.spec.logs = logs;
    o.virtualTime = true;
    return o;
}

pb::LogQueryResponse fromFile(Engine &engine)
{
    pb::LogQueryRequest q;
    q.set_source("kern.log");
    return engine.queryLogs(q);
}
} // namespace

class TestEngineLogIntake : public QObject {
    Q_OBJECT
private slots:
    void followsAFileThroughRotationAndCorrelatesGpus()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath("kern.log");
        append(log, "written before the engine started\n");
        Engine engine(options(dir));
        const pb::Cluster cluster = engine.cluster();
        const std::string node = cluster.nodes(0).name();
        const std::string pci = cluster.nodes(0).gpus(3).pci_bus_id(); // "00000000:xx:00.0"
        const std::string nvrm = "0000:" + pci.substr(9, 5);           // as NVRM writes it
        QVERIFY(engine.advanceTime(1000));

        std::vector<pb::Event> events;
        QObject::connect(&engine, &Engine::eventRaised, [&](const pb::Event &e) { events.push_back(e); });
        append(log, QByteArray::fromStdString("NVRM: Xid (PCI:" + nvrm +
                                              "): 79, pid=4242, name=python, GPU has fallen off the bus.\n"));
        append(log, "mlx5_core 0000:3b:00.0: mlx5_port_module_event: Port module event\n");
        (void)engine.advanceTime(1000);
        pb::LogQueryResponse got = fromFile(engine);
        QCOMPARE(got.lines_size(), 2); // not the line from before the start
        const pb::LogLine &xid = got.lines(0);
        QCOMPARE(xid.node(), node);
        QCOMPARE(xid.signature(), std::string("nvrm.xid.79"));
        QCOMPARE(xid.gpu(), 3);
        QVERIFY(!xid.simulated());
        QCOMPARE(xid.template_id().size(), std::size_t(8));
        bool raised = false;
        for (const pb::Event &e : events)
            raised |= e.kind() == "gpu.lost" && e.gpu() == 3 && e.node() == node && !e.simulated();
        QVERIFY(raised);

        // logrotate renames the file and a new one starts.
        append(log, "last line of the old file\n");
        QVERIFY(QFile::rename(log, log + ".1"));
        append(log, "first line of the new file\n");
        (void)engine.advanceTime(1000);
        got = fromFile(engine);
        QCOMPARE(got.lines_size(), 4);
        QCOMPARE(got.lines(2).text(), std::string("last line of the old file"));
        QCOMPARE(got.lines(3).text(), std::string("first line of the new file"));
    }

    void templateIdsSurviveAnEngineRestart()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath("kern.log");
        append(log, "");
        std::string id;
        {
            Engine engine(options(dir));
            (void)engine.advanceTime(1000);
            append(log, "nvidia-peermem: module loaded, version 535.104.05 for device 3\n");
            (void)engine.advanceTime(1000);
            const pb::LogQueryResponse got = fromFile(engine);
            QCOMPARE(got.lines_size(), 1);
            id = got.lines(0).template_id();
        }
        QVERIFY(QFile::exists(dir.filePath("data/log-templates.txt")));
        Engine again(options(dir));
        (void)again.advanceTime(1000);
        append(log, "nvidia-peermem: module loaded, version 550.54.15 for device 7\n");
        (void)again.advanceTime(1000);
        const pb::LogQueryResponse got = fromFile(again);
        QCOMPARE(got.lines_size(), 1);
        QCOMPARE(got.lines(0).template_id(), id);
    }

    void logsSectionRoundTripsThroughTheConfig()
    {
        QTemporaryDir dir;
        Engine engine(options(dir));
        const auto spec = parseClusterYaml(engine.config().yaml());
        QVERIFY(spec);
        QVERIFY(spec->logs);
        QCOMPARE(spec->logs->files.size(), std::size_t(1));
        QCOMPARE(spec->logs->files[0].source, std::string("kern.log"));
    }
};

QTEST_GUILESS_MAIN(TestEngineLogIntake)
#include "tst_engine_log_intake.moc"
