// The host collector: node-exporter-named samples from this machine's real /proc and /sys, and
// from fixture trees written here, including malformed files that must fail with path:line.
#include "backend/telemetry/collectors/host_collector.h"
#include "backend/telemetry/collectors/host_proc_parsers.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include <map>
#include <set>

using namespace sn;

namespace {

const MetricSample *find(const std::vector<MetricSample> &samples, const std::string &metric, const Labels &match = {})
{
    for (const MetricSample &s : samples) {
        if (s.metric != metric)
            continue;
        bool ok = true;
        for (const auto &[k, v] : match)
            ok = ok && s.labels.count(k) && s.labels.at(k) == v;
        if (ok)
            return &s;
    }
    return nullptr;
}

void write(const QString &root, const QString &relative, const QByteArray &text)
{
    const QString path = root + "/" + relative;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text);
}

const QByteArray kStat = "cpu  300 10 200 5000 40 0 6 0 0 0\n"
                         "cpu0 150 5 100 2500 20 0 3 0 0 0\n"
                         "cpu1 150 5 100 2500 20 0 3 7 0 0\n"
                         "intr 12345 0 0\n"
                         "ctxt 987654\n"
                         "btime 1700000000\n"
                         "processes 4242\n"
                         "procs_running 3\n"
                         "procs_blocked 1\n";
const QByteArray kMeminfo = "MemTotal:       24683584 kB\n"
                            "MemAvailable:   20000000 kB\n"
                            "Active(anon):      12345 kB\n"
                            "HugePages_Total:       4\n";
const QByteArray kNetDev =
    "Inter-|   Receive                                                |  Transmit\n"
    " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier "
    "compressed\n"
    "    lo:    6534      58    0    0    0     0          0         0     6534      58    0    0    0     0       0 "
    "         0\n"
    "  eth0: 74311827    1807    2    3    0     0          0         0   117082    1382    4    5    0     0       0 "
    "         0\n";
const QByteArray kDiskstats =
    " 254       0 vda 71201 10585 4697626 51595 78548 29234 25649792 70929 0 33312 133755 59526 "
    "47 20849288 11090 2674 140\n"
    " 254       1 vda1 100 0 800 5 0 0 0 0 0 10 5\n"
    "   7       0 loop0 0 0 0 0 0 0 0 0 0 0 0\n"
    " 259       0 nvme0n1 10 0 16 1 20 0 32 2 0 2500 3\n";

} // namespace

class TestHostCollector : public QObject {
    Q_OBJECT
private slots:
    void thisMachinesProcAgreesWithTheKernelsOwnNumbers()
    {
        HostCollector c;
        const auto r = c.collect(1000);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const auto &s = r->samples;
        // MemTotal is the kernel's totalram, which sysconf also reports, in pages.
        const MetricSample *total = find(s, "node_memory_MemTotal_bytes");
        QVERIFY(total);
        QCOMPARE(total->value, double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGESIZE)));
        QVERIFY(find(s, "node_memory_MemAvailable_bytes"));
        // One CPU label per cpuN line of /proc/stat, read here independently.
        QFile stat("/proc/stat");
        QVERIFY(stat.open(QIODevice::ReadOnly));
        const int lines = QString::fromLatin1(stat.readAll())
                              .count(QRegularExpression("^cpu\\d+ ", QRegularExpression::MultilineOption));
        std::set<std::string> cpus;
        for (const MetricSample &m : s)
            if (m.metric == "node_cpu_seconds_total")
                cpus.insert(m.labels.at("cpu"));
        QCOMPARE(int(cpus.size()), lines);
        QCOMPARE(int(cpus.size()), int(sysconf(_SC_NPROCESSORS_ONLN)));
        QVERIFY(find(s, "node_load1") && find(s, "node_load15"));
        QVERIFY(find(s, "node_network_receive_bytes_total", {{"device", "lo"}}));
        QVERIFY(find(s, "node_cpu_seconds_total", {{"cpu", "0"}, {"mode", "idle"}}));
        QVERIFY(!s.front().labels.at("Hostname").empty());
    }

    void countersNeverGoBackwardsBetweenTwoReads()
    {
        HostCollector c;
        const auto a = c.collect(1000);
        QTest::qWait(50);
        const auto b = c.collect(2000);
        QVERIFY(a.ok() && b.ok());
        std::map<std::pair<std::string, Labels>, double> first;
        for (const MetricSample &m : a->samples)
            if (m.metric.ends_with("_total"))
                first[{m.metric, m.labels}] = m.value;
        int compared = 0;
        for (const MetricSample &m : b->samples) {
            const auto it = first.find({m.metric, m.labels});
            if (it == first.end())
                continue;
            ++compared;
            QVERIFY2(m.value >= it->second, qPrintable(QString::fromStdString(m.metric)));
        }
        QVERIFY(compared > 10);
    }

    void aFixtureTreeReadsAsNodeExporterWouldReportIt()
    {
        QTemporaryDir root;
        write(root.path(), "proc/stat", kStat);
        write(root.path(), "proc/loadavg", "1.29 0.79 0.81 1/87 5035\n");
        write(root.path(), "proc/meminfo", kMeminfo);
        write(root.path(), "proc/net/dev", kNetDev);
        write(root.path(), "proc/diskstats", kDiskstats);
        write(root.path(), "sys/class/infiniband/mlx5_0/ports/1/counters/port_rcv_data", "1000\n");
        write(root.path(), "sys/class/infiniband/mlx5_0/ports/1/counters/port_xmit_data", "250\n");
        write(root.path(), "sys/class/infiniband/mlx5_0/ports/1/counters/port_rcv_packets", "77\n");
        write(root.path(), "sys/class/hwmon/hwmon0/name", "coretemp\n");
        write(root.path(), "sys/class/hwmon/hwmon0/temp1_input", "45500\n");
        write(root.path(), "sys/class/hwmon/hwmon0/temp1_label", "Package id 0\n");
        HostCollectorOptions o;
        o.root = root.path().toStdString();
        o.hostname = "node01";
        o.ticksPerSecond = 100;
        const auto r = HostCollector(o).collect(42);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const auto &s = r->samples;
        const auto value = [&](const std::string &metric, const Labels &labels = {}) {
            const MetricSample *m = find(s, metric, labels);
            if (!m)
                qWarning("missing %s", metric.c_str());
            return m ? m->value : -1.0;
        };
        QCOMPARE(value("node_cpu_seconds_total", {{"cpu", "1"}, {"mode", "idle"}}), 25.0);
        QCOMPARE(value("node_cpu_seconds_total", {{"cpu", "1"}, {"mode", "steal"}}), 0.07);
        QVERIFY(!find(s, "node_cpu_seconds_total", {{"cpu", ""}})); // the summary line is not a CPU
        QCOMPARE(value("node_context_switches_total"), 987654.0);
        QCOMPARE(value("node_boot_time_seconds"), 1700000000.0);
        QCOMPARE(value("node_procs_running"), 3.0);
        QCOMPARE(value("node_load5"), 0.79);
        QCOMPARE(value("node_memory_MemTotal_bytes"), 24683584.0 * 1024);
        QCOMPARE(value("node_memory_Active_anon_bytes"), 12345.0 * 1024);
        QCOMPARE(value("node_memory_HugePages_Total"), 4.0);
        QCOMPARE(value("node_network_receive_bytes_total", {{"device", "eth0"}}), 74311827.0);
        QCOMPARE(value("node_network_receive_errs_total", {{"device", "eth0"}}), 2.0);
        QCOMPARE(value("node_network_receive_drop_total", {{"device", "eth0"}}), 3.0);
        QCOMPARE(value("node_network_transmit_packets_total", {{"device", "eth0"}}), 1382.0);
        QCOMPARE(value("node_network_transmit_errs_total", {{"device", "eth0"}}), 4.0);
        QCOMPARE(value("node_network_transmit_drop_total", {{"device", "eth0"}}), 5.0);
        QCOMPARE(value("node_disk_read_bytes_total", {{"device", "vda"}}), 4697626.0 * 512);
        QCOMPARE(value("node_disk_written_bytes_total", {{"device", "vda"}}), 25649792.0 * 512);
        QCOMPARE(value("node_disk_io_time_seconds_total", {{"device", "vda"}}), 33.312);
        QCOMPARE(value("node_disk_io_time_seconds_total", {{"device", "nvme0n1"}}), 2.5);
        QVERIFY(!find(s, "node_disk_read_bytes_total", {{"device", "vda1"}}));  // a partition
        QVERIFY(!find(s, "node_disk_read_bytes_total", {{"device", "loop0"}})); // a loop device
        // InfiniBand data counters count 4-byte words.
        QCOMPARE(value("node_infiniband_port_data_received_bytes_total", {{"device", "mlx5_0"}, {"port", "1"}}),
                 4000.0);
        QCOMPARE(value("node_infiniband_port_data_transmitted_bytes_total", {{"device", "mlx5_0"}, {"port", "1"}}),
                 1000.0);
        QCOMPARE(value("node_infiniband_port_packets_received_total", {{"device", "mlx5_0"}}), 77.0);
        QVERIFY(!find(s, "node_infiniband_port_packets_transmitted_total")); // that file is absent
        QCOMPARE(value("node_hwmon_temp_celsius", {{"chip", "coretemp"}, {"sensor", "temp1"}}), 45.5);
        for (const MetricSample &m : s) {
            QCOMPARE(m.labels.at("Hostname"), std::string("node01"));
            QCOMPARE(m.timeMs, std::int64_t(42));
        }
    }

    void aMachineWithoutTheFilesIsNotAnError()
    {
        QTemporaryDir root; // no /proc, no InfiniBand, no hwmon
        HostCollectorOptions o;
        o.root = root.path().toStdString();
        const auto r = HostCollector(o).collect(0);
        QVERIFY(r.ok());
        QVERIFY(r->samples.empty());
    }

    void aMalformedFileNamesPathLineAndWhat_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("what");
        QTest::newRow("stat truncated cpu line")
            << "proc/stat" << QByteArray("cpu  1 2 3 4 5 6 7 8\ncpu0 1 2 3") << "proc/stat:2:"
            << "expected at least 8";
        QTest::newRow("stat garbage tick count")
            << "proc/stat" << QByteArray("cpu0 1 2 x 4 5 6 7 8\n") << "proc/stat:1:"
            << "system 'x' is not a tick count";
        QTest::newRow("stat negative ticks") << "proc/stat" << QByteArray("cpu0 1 2 -3 4 5 6 7 8\n") << "proc/stat:1:"
                                             << "'-3'";
        QTest::newRow("stat bad cpu name") << "proc/stat" << QByteArray("cpuX 1 2 3 4 5 6 7 8\n") << "proc/stat:1:"
                                           << "'cpuX' is not cpu<N>";
        QTest::newRow("stat ctxt two values") << "proc/stat" << QByteArray("ctxt 1 2\n") << "proc/stat:1:"
                                              << "expected 1";
        QTest::newRow("loadavg garbage") << "proc/loadavg" << QByteArray("0.5 abc 0.1 1/2 3\n") << "proc/loadavg:1:"
                                         << "node_load5 'abc'";
        QTest::newRow("loadavg truncated") << "proc/loadavg" << QByteArray("0.5 0.4") << "proc/loadavg:1:"
                                           << "expected 3 load averages";
        QTest::newRow("meminfo no colon")
            << "proc/meminfo" << QByteArray("MemTotal: 1 kB\nMemFree 2 kB\n") << "proc/meminfo:2:"
            << "expected 'Key: value [kB]'";
        QTest::newRow("meminfo garbage number")
            << "proc/meminfo" << QByteArray("MemTotal: 12x4 kB\n") << "proc/meminfo:1:"
            << "'12x4' is not a number";
        QTest::newRow("meminfo unknown unit") << "proc/meminfo" << QByteArray("MemTotal: 12 MB\n") << "proc/meminfo:1:"
                                              << "optional 'kB'";
        QTest::newRow("meminfo [N/A]") << "proc/meminfo" << QByteArray("MemTotal: [N/A]\n") << "proc/meminfo:1:"
                                       << "'[N/A]' is not a number";
        QTest::newRow("net/dev wrong columns")
            << "proc/net/dev" << QByteArray("h1\nh2\n  eth0: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n")
            << "proc/net/dev:3:"
            << "has 15 counters, expected 16";
        QTest::newRow("net/dev garbage counter")
            << "proc/net/dev" << QByteArray("h1\nh2\n  eth0: 1 2 3 4 5 6 7 8 9 1e3 11 12 13 14 15 16\n")
            << "proc/net/dev:3:"
            << "column 10 '1e3' is not a counter";
        QTest::newRow("net/dev no colon") << "proc/net/dev" << QByteArray("h1\nh2\n  eth0 1 2\n") << "proc/net/dev:3:"
                                          << "expected 'interface: counters'";
        QTest::newRow("diskstats truncated")
            << "proc/diskstats" << QByteArray(" 8 0 sda 1 2 3\n") << "proc/diskstats:1:"
            << "expected at least 14 fields";
        QTest::newRow("diskstats garbage")
            << "proc/diskstats" << QByteArray(" 8 0 sda 1 2 3 4 5 6 7 8 9 ten 11\n") << "proc/diskstats:1:"
            << "'sda' field 13 'ten' is not a counter";
        QTest::newRow("infiniband counter garbage")
            << "sys/class/infiniband/mlx5_0/ports/1/counters/port_rcv_data" << QByteArray("N/A\n") << "port_rcv_data:1:"
            << "expected one unsigned counter, got 'N/A'";
        QTest::newRow("hwmon garbage") << "sys/class/hwmon/hwmon3/temp2_input" << QByteArray("4x\n") << "temp2_input:1:"
                                       << "expected one integer";
    }
    void aMalformedFileNamesPathLineAndWhat()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, text);
        QFETCH(QString, where);
        QFETCH(QString, what);
        QTemporaryDir root;
        write(root.path(), file, text);
        HostCollectorOptions o;
        o.root = root.path().toStdString();
        const auto r = HostCollector(o).collect(0);
        QVERIFY(!r.ok());
        const QString message = QString::fromStdString(r.error().message);
        QCOMPARE(r.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(message.contains(where) && message.contains(what), qPrintable(message));
        QVERIFY2(message.startsWith(root.path()), qPrintable(message)); // the full path of the file
    }

    void diskDevicesAreExcludedAsNodeExporterExcludesThem_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<bool>("excluded");
        for (const char *d : {"sda1", "vda2", "xvda1", "nvme0n1p1", "loop7", "ram0", "zram0", "fd0"})
            QTest::newRow(d) << d << true;
        for (const char *d : {"sda", "vda", "nvme0n1", "md0", "dm-0", "sr0"})
            QTest::newRow(d) << d << false;
    }
    void diskDevicesAreExcludedAsNodeExporterExcludesThem()
    {
        QFETCH(QString, device);
        QFETCH(bool, excluded);
        QCOMPARE(diskstatsDeviceExcluded(device.toStdString()), excluded);
    }
};

QTEST_GUILESS_MAIN(TestHostCollector)
#include "tst_host_collector.moc"
