// NvidiaSmiCollector through a real LocalCommandRunner: a fake `nvidia-smi` on PATH (a shell
// script in a temp dir) answers with a real capture, projected onto the fields the collector
// asks for, as nvidia_gpu_exporter's fake-nvidia-smi does.
#include "backend/telemetry/collectors/nvidia_smi_collector.h"

#include "backend/telemetry/collectors/nvidia_smi_csv.h"
#include "tests/support/nvidia_smi_capture.h"
#include "tests/support/shared_data.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sn;

namespace {

const char *kCapture = "nvidia-smi/query-csv/linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01__load.csv";

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

void writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
        qFatal("cannot write %s", qPrintable(path));
}

QByteArray project(const QByteArray &csv, const std::vector<std::string> &fields)
{
    return test::projectNvidiaSmiCapture(csv, fields);
}

QByteArray join(const std::vector<std::string> &fields)
{
    QByteArray out;
    for (const auto &f : fields)
        out += (out.isEmpty() ? "" : ",") + QByteArray::fromStdString(f);
    return out;
}

} // namespace

class TestNvidiaSmiCollector : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QByteArray m_path;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // The script logs each call, rejects clocks_throttle_reasons.active while `reject`
        // exists (as drivers before R450 do), and fails loudly on arguments it does not expect.
        const QByteArray script = "#!/bin/sh\n"
                                  "D='" +
                                  m_dir.path().toUtf8() +
                                  "'\n"
                                  "echo \"$*\" >> \"$D/calls\"\n"
                                  "if [ -f \"$D/reject\" ]; then case \"$*\" in *clocks_throttle_reasons.active*)\n"
                                  "  echo 'Field \"clocks_throttle_reasons.active\" is not a valid field to query.'\n"
                                  "  echo; echo 'Please run nvidia-smi --help-query-gpu for a list of valid fields.'\n"
                                  "  exit 2;; esac; fi\n"
                                  "if [ \"$1\" = -q ] && [ \"$2\" = -x ]; then cat \"$D/q.xml\"; exit 0; fi\n"
                                  "if [ \"$1\" = \"--query-gpu=$(cat \"$D/fields\")\" ] && "
                                  "[ \"$2\" = --format=csv,noheader,nounits ]; then cat \"$D/rows.csv\"; exit 0; fi\n"
                                  "echo \"unexpected arguments: $*\" >&2\n"
                                  "exit 9\n";
        writeFile(m_dir.filePath("nvidia-smi"), script);
        QFile::setPermissions(m_dir.filePath("nvidia-smi"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        m_path = qgetenv("PATH");
        qputenv("PATH", m_dir.path().toUtf8() + ":" + m_path);
    }
    void cleanupTestCase() { qputenv("PATH", m_path); }
    void init()
    {
        QFile::remove(m_dir.filePath("calls"));
        QFile::remove(m_dir.filePath("reject"));
    }

    void readsTheCaptureThroughTheRealProgramPath()
    {
        if (!test::requireSharedData(kCapture))
            return;
        const QByteArray csv = readFile(test::sharedDataPath(kCapture));
        writeFile(m_dir.filePath("fields"), join(nvidiaSmiQueryFields()));
        writeFile(m_dir.filePath("rows.csv"), project(csv, nvidiaSmiQueryFields()));

        LocalCommandRunner runner;
        NvidiaSmiCollector collector(runner, "node07");
        QCOMPARE(collector.source(), std::string("nvidia-smi"));
        auto c = collector.collect(1'700'000'000'000);
        QVERIFY2(c.ok(), c.ok() ? "" : c.error().message.c_str());
        QCOMPARE(c->gpus.size(), std::size_t(1));
        const GpuReading &r = c->gpus.front();
        // The same values the header CSV of that capture gives (proved against the exporter
        // in tst_nvidia_smi_csv), stamped with the host and the poll time.
        auto direct = parseNvidiaSmiCsv(std::string_view(csv.constData(), csv.size()), "capture");
        QVERIFY(direct.ok());
        const GpuReading &want = direct->gpus.front().reading;
        QCOMPARE(r.valid, want.valid);
        for (std::size_t i = 0; i < kGpuFieldCount; ++i)
            QCOMPARE(r.values[i], want.values[i]);
        QCOMPARE(r.node, std::string("node07"));
        QCOMPARE(r.timeMs, std::int64_t(1'700'000'000'000));
        QCOMPARE(r.uuid, std::string("GPU-00000000-0000-0000-0000-000000000000"));
        QCOMPARE(r.get(GpuField::Utilization), 100.0);
        QCOMPARE(r.get(GpuField::Power), 631.95);
        QVERIFY(!r.has(GpuField::FanSpeed)); // [N/A] on this passively cooled H100
        QCOMPARE(collector.lastSnapshot().driverVersion, std::string("590.48.01"));
        QCOMPARE(readFile(m_dir.filePath("calls")).count('\n'), 1); // no -q -x unless asked
    }

    void dropsAFieldTheDriverRejectsAndKeepsTheRest()
    {
        if (!test::requireSharedData(kCapture))
            return;
        std::vector<std::string> reduced = nvidiaSmiQueryFields();
        std::erase(reduced, std::string("clocks_throttle_reasons.active"));
        writeFile(m_dir.filePath("fields"), join(reduced));
        writeFile(m_dir.filePath("rows.csv"), project(readFile(test::sharedDataPath(kCapture)), reduced));
        writeFile(m_dir.filePath("reject"), "");
        LocalCommandRunner runner;
        NvidiaSmiCollector collector(runner, "node07");
        auto c = collector.collect(1);
        QVERIFY2(c.ok(), c.ok() ? "" : c.error().message.c_str());
        QVERIFY(!c->gpus.front().has(GpuField::ThrottleReasons));
        QVERIFY(c->gpus.front().has(GpuField::FbUsed));
        QCOMPARE(collector.queryFields(), reduced);
        QVERIFY(collector.collect(2).ok());
        QCOMPARE(readFile(m_dir.filePath("calls")).count('\n'), 3); // one rejected try, then the reduced list
    }

    // -q -x every 2nd poll; its values fill only what the CSV lacks. No capture holds both
    // formats of one machine, so the A100 XML is joined to the H100 CSV row by bus id here.
    void addsXmlOnlyFieldsEveryNthPoll()
    {
        if (!test::requireSharedData(kCapture) || !test::requireSharedData("nvidia-smi/xml/a100-sxm4-v12.xml"))
            return;
        writeFile(m_dir.filePath("fields"), join(nvidiaSmiQueryFields()));
        writeFile(m_dir.filePath("rows.csv"),
                  project(readFile(test::sharedDataPath(kCapture)), nvidiaSmiQueryFields()));
        QByteArray xml = readFile(test::sharedDataPath("nvidia-smi/xml/a100-sxm4-v12.xml"));
        xml.replace("<pci_bus_id>00000000:01:00.0</pci_bus_id>", "<pci_bus_id>00000000:00:09.0</pci_bus_id>");
        writeFile(m_dir.filePath("q.xml"), xml);
        LocalCommandRunner runner;
        NvidiaSmiCollector::Options options;
        options.xmlEvery = 2;
        NvidiaSmiCollector collector(runner, "node07", options);
        auto first = collector.collect(1);
        QVERIFY2(first.ok(), first.ok() ? "" : first.error().message.c_str());
        QCOMPARE(first->gpus.front().get(GpuField::PcieTxBytes), 4000.0 * 1024); // from the XML
        QCOMPARE(first->gpus.front().get(GpuField::FbUsed), 19818.0);            // the CSV's, not the XML's 50
        QCOMPARE(collector.lastSnapshot().cudaVersion, std::string("12.2"));
        QCOMPARE(collector.lastSnapshot().gpus.front().migDevices.size(), std::size_t(4));
        auto second = collector.collect(2);
        QVERIFY(second.ok());
        QVERIFY(!second->gpus.front().has(GpuField::PcieTxBytes)); // not carried over stale
        QVERIFY(collector.collect(3).ok());
        const QList<QByteArray> calls = readFile(m_dir.filePath("calls")).trimmed().split('\n');
        QCOMPARE(calls.size(), 5);
        QCOMPARE(calls[1], QByteArray("-q -x"));
        QCOMPARE(calls[4], QByteArray("-q -x"));
    }

    void aFailingProgramIsUnavailableWithItsMessage()
    {
        writeFile(m_dir.filePath("fields"), "something-else");
        LocalCommandRunner runner;
        NvidiaSmiCollector collector(runner, "node07");
        auto c = collector.collect(1);
        QVERIFY(!c.ok());
        QCOMPARE(c.error().code, ErrorCode::Unavailable);
        QVERIFY2(QString::fromStdString(c.error().message).contains("exited with code 9: unexpected arguments"),
                 c.error().message.c_str());
    }

    void aMissingProgramIsUnavailable()
    {
        LocalCommandRunner runner;
        NvidiaSmiCollector::Options options;
        options.program = "nvidia-smi-not-installed-here";
        NvidiaSmiCollector collector(runner, "node07", options);
        auto c = collector.collect(1);
        QVERIFY(!c.ok());
        QCOMPARE(c.error().code, ErrorCode::Unavailable);
        QVERIFY2(QString::fromStdString(c.error().message).contains("nvidia-smi-not-installed-here"),
                 c.error().message.c_str());
    }

    void malformedOutputIsAnErrorNamingTheCommand()
    {
        writeFile(m_dir.filePath("fields"), join(nvidiaSmiQueryFields()));
        writeFile(m_dir.filePath("rows.csv"), "0, GPU-x, NVIDIA H100\n");
        LocalCommandRunner runner;
        NvidiaSmiCollector collector(runner, "node07");
        auto c = collector.collect(1);
        QVERIFY(!c.ok());
        QCOMPARE(c.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(c.error().message).contains("nvidia-smi --query-gpu on local:1:1: row has 3"),
                 c.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestNvidiaSmiCollector)
#include "tst_nvidia_smi_collector.moc"
