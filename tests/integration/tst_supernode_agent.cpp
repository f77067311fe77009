// supernode-agent as an operator runs it on a GPU machine: `--probe [--json]` with no driver and
// no nvidia-smi (this machine), with a fake nvidia-smi that prints a real capture, and with a
// fake NVML library (tests/backend/telemetry/collectors/fake_nvml: this machine has no GPU; a mock); and
// `--interconnect`, alone and run by the comms discovery through the real command runner.
#include "backend/comms/node_discovery.h"
#include "backend/model/command_runner.h"
#include "backend/model/gpu_interconnect.h"
#include "tests/support/shared_data.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <dlfcn.h>

#include <algorithm>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// Runs the agent with PATH limited to `path` (so a real nvidia-smi on the machine is not found).
Run agent(const QStringList &args, const QString &path, const QMap<QString, QString> &env = {})
{
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert("PATH", path);
    e.remove("SN_NVML_LIBRARY");
    for (auto it = env.begin(); it != env.end(); ++it)
        e.insert(it.key(), it.value());
    p.setProcessEnvironment(e);
    p.start(qEnvironmentVariable("SN_BINARY_DIR") + "/app/supernode-agent/supernode-agent", args);
    if (!p.waitForFinished(60000))
        qFatal("supernode-agent did not finish");
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

QJsonObject json(const Run &r)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s (%s)", r.out.constData(), qPrintable(error.errorString()));
    return doc.object();
}

QString errorOf(const QJsonObject &o, const QString &source)
{
    for (const QJsonValue &e : o["errors"].toArray())
        if (e.toObject()["source"].toString() == source)
            return e.toObject()["message"].toString();
    return {};
}

bool machineHasNvml()
{
    void *h = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (h)
        dlclose(h);
    return h != nullptr;
}

// The header and first row of a `--query-gpu ... --format=csv` capture, read here on their own
// (not through the parser under test): column name -> value with its unit.
QMap<QString, QString> captureColumns(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file));
    const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
    const QStringList names = lines.value(0).split(", ");
    const QStringList values = lines.value(1).split(", ");
    QMap<QString, QString> out;
    for (int i = 0; i < names.size() && i < values.size(); ++i)
        out[names[i].trimmed()] = values[i].trimmed();
    return out;
}

double number(const QString &withUnit)
{
    return withUnit.section(' ', 0, 0).toDouble();
}

// A fake `nvidia-smi` (fake_nvidia_smi.sh) that answers `--query-gpu=FIELDS
// --format=csv,noheader,nounits` from a real capture of `nvidia-smi --query-gpu=<every field> --format=csv`: each asked
// field's value from the capture's column of that name, its unit cut off as nounits does; names are matched through the
// aliases of the real `nvidia-smi --help-query-gpu` (full-captures/ help_query_gpu_fields.txt), and a field the capture
// lacks is refused as the real program refuses it (`Field "x" is not a valid field to query.`, exit 2).
void writeFakeNvidiaSmi(const QString &dir, const QString &capture)
{
    QMap<QString, QStringList> aliases; // canonical name -> every name it answers to
    QFile help(sn::test::sharedDataPath("nvidia-smi/full-captures/help_query_gpu_fields.txt"));
    if (!help.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(help.fileName()));
    for (const QString &line : QString::fromUtf8(help.readAll()).split('\n')) {
        if (!line.startsWith('"'))
            continue;
        QStringList names;
        for (const QString &part : line.split(" or "))
            names << part.trimmed().remove('"');
        aliases[names.first()] = names;
    }
    QByteArray table;
    const QMap<QString, QString> columns = captureColumns(capture);
    for (auto it = columns.begin(); it != columns.end(); ++it) {
        const QString name = it.key().section(" [", 0, 0);
        const QString unit = it.key().contains(" [") ? it.key().section(" [", 1).chopped(1) : QString();
        QString value = it.value();
        if (!unit.isEmpty() && value.endsWith(" " + unit))
            value.chop(unit.size() + 1);
        for (const QString &alias : aliases.value(name, {name}))
            table += (alias + "\t" + value + "\n").toUtf8();
    }
    QFile t(dir + "/table.tsv");
    if (!t.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(t.fileName()));
    t.write(table);
    t.close();
    const QString script = dir + "/nvidia-smi";
    if (!QFile::copy(qEnvironmentVariable("SN_SOURCE_DIR") + "/tests/integration/fake_nvidia_smi.sh", script))
        qFatal("cannot copy the fake nvidia-smi to %s", qPrintable(script));
    QFile(script).setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

} // namespace

class TestSupernodeAgent : public QObject {
    Q_OBJECT
private slots:
    void withNeitherNvmlNorNvidiaSmiItSaysWhyAndExits4()
    {
        if (machineHasNvml())
            QSKIP("this machine has libnvidia-ml.so.1");
        QTemporaryDir emptyPath;
        const Run r = agent({"--probe", "--json"}, emptyPath.path());
        QCOMPARE(r.exitCode, 4);
        const QJsonObject o = json(r);
        QVERIFY(o["source"].isNull());
        QCOMPARE(o["gpus"].toArray().size(), 0);
        QVERIFY2(errorOf(o, "nvml").contains("libnvidia-ml.so.1"), r.out.constData());
        QVERIFY2(errorOf(o, "nvidia-smi").contains("nvidia-smi"), r.out.constData());
        // The plain answer says the same on stderr.
        const Run text = agent({"--probe"}, emptyPath.path());
        QCOMPARE(text.exitCode, 4);
        QVERIFY2(text.err.contains("libnvidia-ml.so.1") && text.err.contains("nvidia-smi"), text.err.constData());
    }

    void aFakeNvidiaSmiPrintingARealCaptureIsReadWhenNvmlIsMissing_data()
    {
        QTest::addColumn<QString>("capture");
        QTest::newRow("H100 under load") << "linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01__load.csv";
        QTest::newRow("L40S idle") << "linux-x86_64__nvidia-l40s__595.80__idle.csv";
    }
    void aFakeNvidiaSmiPrintingARealCaptureIsReadWhenNvmlIsMissing()
    {
        QFETCH(QString, capture);
        if (!sn::test::requireSharedData("nvidia-smi/query-csv"))
            return;
        const QString file = sn::test::sharedDataPath("nvidia-smi/query-csv/" + capture);
        QTemporaryDir bin;
        writeFakeNvidiaSmi(bin.path(), file);
        const Run r = agent({"--probe", "--json", "--nvml-library", "/nonexistent/libnvidia-ml.so.1"},
                            bin.path() + ":/usr/bin:/bin");
        QVERIFY2(r.exitCode == 0, r.out.constData());
        const QJsonObject o = json(r);
        QCOMPARE(o["source"].toString(), QString("nvidia-smi"));
        QVERIFY(errorOf(o, "nvml").contains("/nonexistent/libnvidia-ml.so.1")); // why NVML was not used
        const QMap<QString, QString> c = captureColumns(file);
        QCOMPARE(o["driver_version"].toString(), c["driver_version"]);
        const QJsonArray gpus = o["gpus"].toArray();
        QCOMPARE(gpus.size(), c["count"].toInt());
        const QJsonObject g = gpus[0].toObject();
        QCOMPARE(g["UUID"].toString(), c["uuid"]);
        QCOMPARE(g["modelName"].toString(), c["name"]);
        QCOMPARE(g["pci_bus_id"].toString(), c["pci.bus_id"]);
        const QJsonObject m = g["metrics"].toObject();
        QCOMPARE(m["DCGM_FI_DEV_GPU_UTIL"].toDouble(), number(c["utilization.gpu [%]"]));
        QCOMPARE(m["DCGM_FI_DEV_MEM_COPY_UTIL"].toDouble(), number(c["utilization.memory [%]"]));
        QCOMPARE(m["DCGM_FI_DEV_FB_USED"].toDouble(), number(c["memory.used [MiB]"]));
        QCOMPARE(m["DCGM_FI_DEV_FB_FREE"].toDouble(), number(c["memory.free [MiB]"]));
        QCOMPARE(m["DCGM_FI_DEV_FB_TOTAL"].toDouble(), number(c["memory.total [MiB]"]));
        QCOMPARE(m["DCGM_FI_DEV_GPU_TEMP"].toDouble(), number(c["temperature.gpu"]));
        QCOMPARE(m["DCGM_FI_DEV_POWER_USAGE"].toDouble(), number(c["power.draw [W]"]));
        QCOMPARE(m["DCGM_FI_DEV_SM_CLOCK"].toDouble(), number(c["clocks.current.sm [MHz]"]));
        QCOMPARE(m["DCGM_FI_DEV_MEM_CLOCK"].toDouble(), number(c["clocks.current.memory [MHz]"]));
    }

    void aFakeNvmlLibraryIsUsedFirst_data()
    {
        QTest::addColumn<bool>("throughEnvironment");
        QTest::newRow("--nvml-library") << false;
        QTest::newRow("SN_NVML_LIBRARY") << true;
    }
    void aFakeNvmlLibraryIsUsedFirst()
    {
        QFETCH(bool, throughEnvironment);
        QTemporaryDir emptyPath; // no nvidia-smi: NVML must be enough
        QStringList args{"--probe", "--json", "--nvlink-interval-ms", "100"};
        QMap<QString, QString> env;
        if (throughEnvironment)
            env["SN_NVML_LIBRARY"] = FAKE_NVML_MODERN;
        else
            args << "--nvml-library" << FAKE_NVML_MODERN;
        const Run r = agent(args, emptyPath.path(), env);
        QVERIFY2(r.exitCode == 0, r.out.constData());
        const QJsonObject o = json(r);
        QCOMPARE(o["source"].toString(), QString("nvml"));
        QCOMPARE(o["driver_version"].toString(), QString("550.54.15"));
        QCOMPARE(o["errors"].toArray().size(), 0);
        const QJsonArray gpus = o["gpus"].toArray();
        QCOMPARE(gpus.size(), 2);
        const QJsonObject g0 = gpus[0].toObject();
        QCOMPARE(g0["UUID"].toString(), QString("GPU-3f8a2c14-7b1e-4d2a-9c6e-0a1b2c3d4e5f"));
        QCOMPARE(g0["pci_bus_id"].toString(), QString("00000000:18:00.0"));
        QCOMPARE(g0["metrics"].toObject()["DCGM_FI_DEV_GPU_UTIL"].toDouble(), 87.0);
        // Exactly the milliwatts over 1000, not a double one step away (it would print 692.8770000000001).
        QVERIFY(g0["metrics"].toObject()["DCGM_FI_DEV_POWER_USAGE"].toDouble() == 692.877);
        QVERIFY(g0["not_reported"].toArray().contains(QJsonValue("DCGM_FI_DEV_FAN_SPEED")));
        QVERIFY(!g0["metrics"].toObject().contains("DCGM_FI_DEV_FAN_SPEED"));
        QCOMPARE(g0["nvlinks"].toArray().size(), 18); // two reads 100 ms apart give rates
        QVERIFY(g0["metrics"].toObject()["DCGM_FI_PROF_NVLINK_TX_BYTES"].toDouble() > 0);
        QVERIFY(gpus[1].toObject()["not_reported"].toArray().contains(QJsonValue("DCGM_FI_DEV_POWER_USAGE")));
    }

    // `--interconnect --json` over the 8 x H100 HGX stand-in: every GPU's links and far ends.
    void interconnectThroughNvml()
    {
        QTemporaryDir emptyPath;
        const Run r = agent({"--interconnect", "--json", "--nvml-library", FAKE_NVML_HGX}, emptyPath.path(),
                            {{"FAKE_NVML_HGX_DOWN", "5:17"}});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        auto ic = sn::parseGpuInterconnectJson(r.out.toStdString(), "agent");
        QVERIFY2(ic.ok(), ic.ok() ? "" : ic.error().message.c_str());
        QCOMPARE(ic->gpus.size(), std::size_t{8});
        QCOMPARE(ic->gpus[5].activeLinks(), 17);
        QCOMPARE(ic->gpus[0].links[0].remote, sn::NvlinkRemoteKind::Switch);
        QCOMPARE(ic->pcieAt(1, 6), sn::PcieLevel::System);
        const Run text = agent({"--interconnect", "--nvml-library", FAKE_NVML_HGX}, emptyPath.path());
        QVERIFY2(
            text.out.contains("GPU3  00000000:5D:00.0  NVIDIA H100 80GB HBM3  NVLinks 18/18 active (18 to switch)"),
            text.out.constData());
        const Run noDriver = agent({"--interconnect"}, emptyPath.path());
        QCOMPARE(noDriver.exitCode, 4);
        QVERIFY2(noDriver.err.contains("NVML unavailable"), noDriver.err.constData());
    }

    // `--power-limit GPU=WATTS|default` as an administrator checks thermal protection's action on
    // a node: set, read back, restore; refusals exit with supernodectl's codes and NVML's words.
    // (Against a real H200 as root: tests/data/nvidia-h200/README.md.)
    void powerLimitThroughNvml()
    {
        QTemporaryDir emptyPath;
        const Run set =
            agent({"--power-limit", "0=450.5", "--json", "--nvml-library", FAKE_NVML_MODERN}, emptyPath.path());
        QVERIFY2(set.exitCode == 0, set.err.constData());
        const QJsonObject change = json(set);
        QCOMPARE(change["before_w"].toDouble(), 700.0);
        QCOMPARE(change["requested_w"].toDouble(), 450.5);
        QCOMPARE(change["enforced_w"].toDouble(), 450.5);
        QCOMPARE(change["min_w"].toDouble(), 200.0);
        QCOMPARE(change["default_w"].toDouble(), 700.0);
        const Run restore = agent({"--power-limit", "0=default", "--nvml-library", FAKE_NVML_MODERN}, emptyPath.path());
        QVERIFY2(restore.exitCode == 0, restore.err.constData());
        QVERIFY2(restore.out.contains("GPU 0: power limit 700 W -> 700 W, enforced 700 W"), restore.out.constData());

        const struct {
            const char *request;
            int exitCode;
            const char *says;
        } refused[] = {
            {"0=abc", 2, "'abc' is not a positive number of watts"},
            {"0", 2, "no '='"},
            {"0=100", 3, "below the card's minimum power limit of 200 W"},
            {"0=900", 3, "900000 mW"},                // NVML: outside the card's range
            {"7=300", 3, "no GPU 7"},                 // no such GPU
            {"1=300", 1, "Insufficient Permissions"}, // NVML's answer to a caller that is not root
        };
        for (const auto &r : refused) {
            const Run run = agent({"--power-limit", r.request, "--nvml-library", FAKE_NVML_MODERN}, emptyPath.path());
            QVERIFY2(run.exitCode == r.exitCode,
                     qPrintable(QString("%1: exit %2: %3").arg(r.request).arg(run.exitCode).arg(run.err)));
            QVERIFY2(run.err.contains(r.says), qPrintable(QString("%1: %2").arg(r.request, run.err)));
        }
        const Run noDriver = agent({"--power-limit", "0=300"}, emptyPath.path());
        QCOMPARE(noDriver.exitCode, 4);
        QVERIFY2(noDriver.err.contains("NVML unavailable"), noDriver.err.constData());
    }

    // The comms discovery, with the real runner, finds the agent on the node's PATH and builds
    // the graph from NVML alone (no nvidia-smi on that PATH).
    void discoveryReadsTheInterconnectThroughTheAgent()
    {
        QTemporaryDir bin;
        QVERIFY(QFile::link(qEnvironmentVariable("SN_BINARY_DIR") + "/app/supernode-agent/supernode-agent",
                            bin.filePath("supernode-agent")));
        QVERIFY(QFile::link("/bin/cat", bin.filePath("cat")));
        const QByteArray oldPath = qgetenv("PATH");
        qputenv("PATH", bin.path().toUtf8());
        qputenv("SN_NVML_LIBRARY", FAKE_NVML_HGX);
        qputenv("FAKE_NVML_HGX_DOWN", "5:17");
        sn::LocalCommandRunner local;
        auto d = sn::comms::discoverNode(local, "hgx1");
        qputenv("PATH", oldPath);
        qunsetenv("SN_NVML_LIBRARY");
        qunsetenv("FAKE_NVML_HGX_DOWN");
        QVERIFY2(d.ok(), d.ok() ? "" : d.error().message.c_str());
        const auto agentStep = std::find_if(d->steps.begin(), d->steps.end(), [](const sn::comms::DiscoveryStep &s) {
            return s.command == "supernode-agent --interconnect --json";
        });
        QVERIFY(agentStep != d->steps.end());
        QVERIFY2(agentStep->used, agentStep->detail.c_str());
        const sn::comms::TopologyGraph &g = d->graph;
        QCOMPARE(g.count(sn::comms::DeviceKind::Gpu), 8);
        QCOMPARE(g.count(sn::comms::DeviceKind::NvSwitch), 1);
        QCOMPARE(g.device(g.find("hgx1/gpu5")).pciBusId, std::string("0000:ab:00.0"));
        QVERIFY(std::find(d->notes.begin(), d->notes.end(), "GPU5: 1 of 18 NVLinks inactive") != d->notes.end());
        for (int li : g.linksOf(g.find("hgx1/gpu5")))
            if (g.links()[static_cast<std::size_t>(li)].kind == sn::comms::LinkKind::NvLink)
                QCOMPARE(g.links()[static_cast<std::size_t>(li)].health, sn::comms::LinkHealth::Degraded);
    }

    // The systemd unit's default before agent.env names a daemon (--daemon= with no address):
    // the agent says what to configure, keeps running (no restart loop) and stops on SIGTERM.
    void unconfiguredDaemonModeWaitsWithAClearLine()
    {
        QTemporaryDir dir;
        QProcess agent;
        agent.setProcessChannelMode(QProcess::MergedChannels);
        agent.start(qEnvironmentVariable("SN_BINARY_DIR") + "/app/supernode-agent/supernode-agent",
                    {"--daemon=", "--buffer-dir", dir.filePath("buffer")});
        QVERIFY(agent.waitForStarted(5000));
        QByteArray said;
        QTRY_VERIFY2_WITH_TIMEOUT((said += agent.readAll()).contains("no daemon configured"), said.constData(), 5000);
        QTest::qWait(1500);
        QCOMPARE(agent.state(), QProcess::Running);
        agent.terminate(); // the PID this test started
        QVERIFY(agent.waitForFinished(5000));
    }

    // Plain gRPC would carry the agent's token in clear: refused unless the daemon is on loopback.
    void plainTextToAnotherMachineIsRefused()
    {
        QTemporaryDir dir;
        for (const char *daemon : {"10.0.0.5:7443", "head01:7443", "[fe80::1]:7443"}) {
            const Run r = agent({"--daemon", daemon, "--insecure-no-tls", "--buffer-dir", dir.filePath("buffer")},
                                "/usr/bin:/bin");
            QVERIFY2(r.exitCode == 2, daemon);
            QVERIFY2(r.err.contains("loopback only") && r.err.contains("plain text"), r.err.constData());
        }
        const Run noPort =
            agent({"--daemon", "head01", "--insecure-no-tls", "--buffer-dir", dir.filePath("buffer")}, "/usr/bin:/bin");
        QCOMPARE(noPort.exitCode, 2);
        QVERIFY2(noPort.err.contains("--daemon 'head01'"), noPort.err.constData());
    }

    void helpVersionAndUsageErrors()
    {
        const Run help = agent({"--help"}, "/usr/bin:/bin");
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("--probe") && help.out.contains("--json"));
        const Run version = agent({"--version"}, "/usr/bin:/bin");
        QCOMPARE(version.exitCode, 0);
        QVERIFY2(version.out.startsWith("supernode-agent "), version.out.constData());
        QCOMPARE(agent({}, "/usr/bin:/bin").exitCode, 2);
        QCOMPARE(agent({"--probe", "--bogus"}, "/usr/bin:/bin").exitCode, 2);
        QCOMPARE(agent({"--probe", "--nvlink-interval-ms", "soon"}, "/usr/bin:/bin").exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestSupernodeAgent)
#include "tst_supernode_agent.moc"
