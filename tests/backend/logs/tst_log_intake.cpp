// Log intake against real peers: files written, renamed and truncated the way logrotate does it
// (rename+create and copytruncate), a journal written by systemd-journal-remote and read back by
// the real journalctl (`-o json`, also followed with -f), and this machine's /dev/kmsg; plus the
// malformed input each parser must report.
#include "backend/logs/intake/file_tailer.h"
#include "backend/logs/intake/journal_follower.h"
#include "backend/logs/intake/journal_json.h"
#include "backend/logs/intake/kmsg_record.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <unistd.h>

using namespace sn;
using namespace sn::logs;

namespace {
void append(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Append))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

QStringList texts(const std::vector<TailedLine> &lines)
{
    QStringList out;
    for (const TailedLine &l : lines)
        out << QString::fromStdString(l.text);
    return out;
}

std::vector<TailedLine> mustPoll(FileTailer &t)
{
    auto r = t.poll();
    if (!r)
        qFatal("poll failed: %s", r.error().message.c_str());
    return *r;
}

const char *kJournalRemote = "/lib/systemd/systemd-journal-remote";

// Export format (systemd's journal-export-formats): "KEY=value" lines, a binary field as KEY,
// newline, 64-bit little-endian length, the bytes, newline; entries end with an empty line.
QByteArray exportField(const QByteArray &key, const QByteArray &value)
{
    QByteArray out = key + "\n";
    quint64 n = static_cast<quint64>(value.size());
    for (int i = 0; i < 8; ++i)
        out += static_cast<char>((n >> (8 * i)) & 0xff);
    return out + value + "\n";
}

QString writeJournal(const QTemporaryDir &dir)
{
    QByteArray e;
    e += "__REALTIME_TIMESTAMP=1767225600123456\n__MONOTONIC_TIMESTAMP=1000\n"
         "_BOOT_ID=0123456789abcdef0123456789abcdef\n_HOSTNAME=gpu01\n_TRANSPORT=kernel\nPRIORITY=3\n"
         "SYSLOG_IDENTIFIER=kernel\n"
         "MESSAGE=NVRM: Xid (PCI:0000:18:00): 79, pid=1234, name=python, GPU has fallen off the bus.\n\n";
    e += "__REALTIME_TIMESTAMP=1767225601000000\n__MONOTONIC_TIMESTAMP=2000\n"
         "_BOOT_ID=0123456789abcdef0123456789abcdef\n_HOSTNAME=gpu01\nSYSLOG_IDENTIFIER=slurmd\nPRIORITY=6\n"
         "MESSAGE=launch task StepId=1001.0 request from UID:1001\n\n";
    e += "__REALTIME_TIMESTAMP=1767225602000000\n__MONOTONIC_TIMESTAMP=3000\n"
         "_BOOT_ID=0123456789abcdef0123456789abcdef\n_HOSTNAME=gpu02\n_COMM=python3\nPRIORITY=4\n";
    e += exportField("MESSAGE", QByteArray("bad \xff\x01 bytes", 11));
    e += "\n";
    const QString in = dir.filePath("in.export");
    append(in, e);
    const QString out = dir.filePath("test.journal");
    QProcess p;
    p.start(kJournalRemote, {"--output=" + out, in});
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        qFatal("systemd-journal-remote failed: %s", p.readAllStandardError().constData());
    return out;
}
} // namespace

class TestLogIntake : public QObject {
    Q_OBJECT
private slots:
    void tailerStartsAtTheEndAndReturnsCompleteLines()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("syslog");
        append(path, "old line before the engine started\n");
        FileTailer t(path.toStdString());
        QVERIFY(mustPoll(t).empty());
        append(path, "first\nsecond\r\nthird without newline");
        QCOMPARE(texts(mustPoll(t)), QStringList({"first", "second"}));
        append(path, " yet\n");
        QCOMPARE(texts(mustPoll(t)), QStringList({"third without newline yet"}));
        QVERIFY(mustPoll(t).empty());
    }

    void tailerFollowsRenameRotation()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("kern.log");
        append(path, "");
        FileTailer t(path.toStdString());
        (void)mustPoll(t);
        append(path, "a1\n");
        QCOMPARE(texts(mustPoll(t)), QStringList({"a1"}));
        append(path, "a2\n"); // written just before logrotate renames the file
        QVERIFY(QFile::rename(path, path + ".1"));
        append(path, "b1\nb2\n");
        QCOMPARE(texts(mustPoll(t)), QStringList({"a2", "b1", "b2"})); // nothing lost, in order
        QCOMPARE(t.rotations(), std::uint64_t(1));
        append(path, "b3\n");
        QCOMPARE(texts(mustPoll(t)), QStringList({"b3"}));
    }

    void tailerFollowsCopyTruncate()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("job.out");
        append(path, "");
        FileTailer t(path.toStdString());
        (void)mustPoll(t);
        append(path, "step 1 loss 2.5\nstep 2 loss 2.4\n");
        QCOMPARE(mustPoll(t).size(), std::size_t(2));
        QFile f(path);
        QVERIFY(f.resize(0));
        append(path, "after\n");
        QCOMPARE(texts(mustPoll(t)), QStringList({"after"}));
        QCOMPARE(t.truncations(), std::uint64_t(1));
    }

    void tailerWaitsForAMissingFileAndReadsItWhole()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("later.log");
        FileTailer t(path.toStdString());
        QVERIFY(mustPoll(t).empty()); // not there yet: no error
        append(path, "x\ny\n");
        QCOMPARE(texts(mustPoll(t)), QStringList({"x", "y"}));

        FileTailer unreadable("/proc/self/mem/nope");
        QVERIFY(!t.path().empty());
        auto r = unreadable.poll();
        QVERIFY(!r || r->empty());
    }

    void tailerCutsAMegabyteLineAndFlagsIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("flood.log");
        append(path, "");
        FileTailer t(path.toStdString(), false, 1024);
        (void)mustPoll(t);
        append(path, QByteArray(1 << 20, 'x') + "\nnext\n");
        const auto lines = mustPoll(t);
        QCOMPARE(lines.size(), std::size_t(2));
        QVERIFY(lines[0].truncated);
        QCOMPARE(lines[0].text.size(), std::size_t(1024));
        QVERIFY(!lines[1].truncated);
        QCOMPARE(lines[1].text, std::string("next"));
    }

    void offlineImportReadsFromTheStart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("import.log");
        append(path, "one\ntwo\nlast without newline");
        FileTailer t(path.toStdString(), true);
        auto lines = mustPoll(t);
        const auto rest = t.flush();
        lines.insert(lines.end(), rest.begin(), rest.end());
        QCOMPARE(texts(lines), QStringList({"one", "two", "last without newline"}));
    }

    void realJournalctlJsonParses()
    {
        if (!QFileInfo::exists(kJournalRemote) || QStandardPaths::findExecutable("journalctl").isEmpty())
            QSKIP("needs systemd-journal-remote and journalctl (scripts/deps installs them)");
        QTemporaryDir dir;
        const QString journal = writeJournal(dir);
        QProcess p;
        p.start("journalctl", {"--file=" + journal, "-o", "json", "--no-pager"});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), 3);

        auto xid = parseJournalJson(lines[0].toStdString());
        QVERIFY2(xid, xid ? "" : xid.error().message.c_str());
        QCOMPARE(xid->timeMs, std::int64_t(1767225600123));
        QCOMPARE(xid->node, std::string("gpu01"));
        QCOMPARE(xid->source, std::string("kernel"));
        QCOMPARE(xid->severity, Severity::Error);
        QVERIFY(xid->text.find("fallen off the bus") != std::string::npos);

        auto slurmd = parseJournalJson(lines[1].toStdString());
        QVERIFY(slurmd);
        QCOMPARE(slurmd->source, std::string("slurmd"));
        QCOMPARE(slurmd->severity, Severity::Info);

        // journalctl prints a MESSAGE that is not clean text as an array of byte values.
        QVERIFY(lines[2].contains("\"MESSAGE\":["));
        auto binary = parseJournalJson(lines[2].toStdString());
        QVERIFY(binary);
        QCOMPARE(binary->text, std::string("bad \xff\x01 bytes", 11));
        QCOMPARE(binary->source, std::string("python3"));
        QCOMPARE(binary->node, std::string("gpu02"));
        QCOMPARE(binary->severity, Severity::Warning);
    }

    void followsJournalctlDashF()
    {
        if (!QFileInfo::exists(kJournalRemote) || QStandardPaths::findExecutable("journalctl").isEmpty())
            QSKIP("needs systemd-journal-remote and journalctl (scripts/deps installs them)");
        QTemporaryDir dir;
        const QString journal = writeJournal(dir);
        JournalFollower follower({"journalctl", "--file=" + journal.toStdString(), "-f", "-o", "json", "-n", "all"},
                                 "head");
        QVERIFY(follower.start());
        std::vector<LogRecord> got;
        for (int i = 0; i < 50 && got.size() < 3; ++i) {
            auto more = follower.take(200);
            got.insert(got.end(), more.begin(), more.end());
        }
        QCOMPARE(got.size(), std::size_t(3));
        QVERIFY(follower.running()); // -f keeps following; the destructor stops it
        QCOMPARE(follower.badLines(), std::uint64_t(0));
    }

    void rejectsMalformedJournalLines_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("not json") << QByteArray("MESSAGE=hello") << "column 2: illegal value";
        QTest::newRow("cut short") << QByteArray("{\"MESSAGE\":\"x\",") << "column";
        QTest::newRow("array") << QByteArray("[1,2]") << "JSON object";
        QTest::newRow("no message") << QByteArray("{\"__REALTIME_TIMESTAMP\":\"1\"}") << "no MESSAGE";
        QTest::newRow("no time") << QByteArray("{\"MESSAGE\":\"x\"}") << "__REALTIME_TIMESTAMP";
        QTest::newRow("bad time") << QByteArray("{\"MESSAGE\":\"x\",\"__REALTIME_TIMESTAMP\":\"soon\"}") << "'soon'";
        QTest::newRow("bad priority") << QByteArray(
                                             "{\"MESSAGE\":\"x\",\"__REALTIME_TIMESTAMP\":\"1\",\"PRIORITY\":\"9\"}")
                                      << "PRIORITY";
        QTest::newRow("bytes out of range")
            << QByteArray("{\"MESSAGE\":[300],\"__REALTIME_TIMESTAMP\":\"1\"}") << "no MESSAGE";
    }
    void rejectsMalformedJournalLines()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, messagePart);
        auto r = parseJournalJson(line.toStdString());
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.error().message).contains(messagePart), r.error().message.c_str());
    }

    void parsesKmsgRecords_data()
    {
        QTest::addColumn<QByteArray>("record");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("severity");
        QTest::addColumn<qint64>("timeMs");
        QTest::addColumn<QString>("device");
        QTest::newRow("xid") << QByteArray("3,812,5123456789,-;NVRM: Xid (PCI:0000:18:00): 79, pid=1, name=x, GPU "
                                           "has fallen off the bus.")
                             << QByteArray("NVRM: Xid (PCI:0000:18:00): 79, pid=1, name=x, GPU has fallen off the bus.")
                             << int(Severity::Error) << qint64(1000000 + 5123456) << "";
        QTest::newRow("facility and continuation")
            << QByteArray("30,7,1000,c,extra;mlx5_core 0000:3b:00.0: Port module event\n SUBSYSTEM=pci\n "
                          "DEVICE=+pci:0000:3b:00.0\n")
            << QByteArray("mlx5_core 0000:3b:00.0: Port module event") << int(Severity::Info) << qint64(1000001)
            << "+pci:0000:3b:00.0";
        QTest::newRow("escaped bytes") << QByteArray("4,1,0,-;tab\\x09here \\xff") << QByteArray("tab\there \xff")
                                       << int(Severity::Warning) << qint64(1000000) << "";
    }
    void parsesKmsgRecords()
    {
        QFETCH(QByteArray, record);
        QFETCH(QByteArray, text);
        QFETCH(int, severity);
        QFETCH(qint64, timeMs);
        QFETCH(QString, device);
        auto r = parseKmsgRecord(record.toStdString(), 1000000, "gpu01");
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QCOMPARE(QByteArray::fromStdString(r->line.text), text);
        QCOMPARE(int(r->line.severity), severity);
        QCOMPARE(r->line.timeMs, timeMs);
        QCOMPARE(QString::fromStdString(r->device), device);
        QCOMPARE(r->line.source, std::string("kernel"));
        QCOMPARE(r->line.node, std::string("gpu01"));
    }

    void rejectsMalformedKmsgRecords_data()
    {
        QTest::addColumn<QByteArray>("record");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("no semicolon") << QByteArray("6,1,0,- hello") << "no ';'";
        QTest::newRow("short header") << QByteArray("6,1;hello") << "prefix,sequence,timestamp,flags";
        QTest::newRow("bad prefix") << QByteArray("x,1,0,-;hello") << "prefix 'x'";
        QTest::newRow("bad sequence") << QByteArray("6,-1,0,-;hello") << "sequence '-1'";
        QTest::newRow("bad timestamp") << QByteArray("6,1,1e3,-;hello") << "timestamp '1e3'";
    }
    void rejectsMalformedKmsgRecords()
    {
        QFETCH(QByteArray, record);
        QFETCH(QString, messagePart);
        auto r = parseKmsgRecord(record.toStdString(), 0, "n");
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.error().message).contains(messagePart), r.error().message.c_str());
    }

    void readsThisMachinesKmsg()
    {
        const int fd = ::open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
        if (fd < 0)
            QSKIP("/dev/kmsg is not readable here");
        char buf[8192];
        int parsed = 0;
        std::uint64_t lastSequence = 0;
        for (int i = 0; i < 200; ++i) {
            const ssize_t n = ::read(fd, buf, sizeof buf); // one record per read
            if (n < 0 && errno == EPIPE)
                continue; // records overwritten while reading: the next read resumes
            if (n <= 0)
                break;
            auto r = parseKmsgRecord(std::string_view(buf, static_cast<std::size_t>(n)), 0, "self");
            QVERIFY2(r, r ? "" : r.error().message.c_str());
            QVERIFY(parsed == 0 || r->sequence > lastSequence);
            lastSequence = r->sequence;
            ++parsed;
        }
        ::close(fd);
        if (parsed == 0)
            QSKIP("/dev/kmsg had no records to read");
    }
};

QTEST_GUILESS_MAIN(TestLogIntake)
#include "tst_log_intake.moc"
