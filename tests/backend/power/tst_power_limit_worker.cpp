// The power-limit worker over a real script run as `nvidia-smi` through the real
// LocalCommandRunner. The script blocks on a fifo this test holds, so the proof is by ordering,
// not timing: while the change is blocked, the caller's thread keeps running (it answers here,
// and sees no reply yet); the reply comes after the test releases the fifo, and replies keep the
// order of the requests. A full queue refuses a request.
#include "backend/power/nvidia_smi_power_limit_setter.h"
#include "backend/power/power_limit_worker.h"
#include "backend/model/command_runner.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include <fcntl.h>
#include <unistd.h>

using namespace sn;

namespace {

// nvidia-smi as far as the setter can tell: the range query answers at once; a change records
// its arguments, says it started, then waits for a line on the fifo.
const char *kScript = R"sh(#!/bin/sh
dir=$(dirname "$0")
case "$*" in
  *--query-gpu=*) echo "200.00, 700.00" ;;
  *-pl*)
    echo "$*" >> "$dir/calls"
    touch "$dir/started.$(wc -l < "$dir/calls" | tr -d ' ')"
    read line < "$dir/release"
    echo "Power limit for GPU 00000000:18:00.0 was set to $4.00 W from 700.00 W." ;;
esac
)sh";

class Fixture {
public:
    Fixture()
    {
        m_script = m_dir.filePath("nvidia-smi");
        QFile f(m_script);
        f.open(QIODevice::WriteOnly);
        f.write(kScript);
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        ::mkfifo(m_dir.filePath("release").toLocal8Bit().constData(), 0600);
    }
    std::unique_ptr<PowerLimitSetter> setter()
    {
        return std::make_unique<NvidiaSmiPowerLimitSetter>([this](const std::string &) { return &m_runner; },
                                                           m_script.toStdString());
    }
    bool started(int n) const { return QFile::exists(m_dir.filePath("started." + QString::number(n))); }
    // Lets the blocked change finish: a writer on the fifo ends the script's read.
    void release()
    {
        const int fd = ::open(m_dir.filePath("release").toLocal8Bit().constData(), O_WRONLY);
        QVERIFY(fd >= 0);
        QCOMPARE(::write(fd, "go\n", 3), ssize_t(3));
        ::close(fd);
    }
    QString calls() const
    {
        QFile f(m_dir.filePath("calls"));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

private:
    QTemporaryDir m_dir;
    QString m_script;
    LocalCommandRunner m_runner;
};

// Replies posted back to the test's thread, as the engine posts them to its own.
struct Inbox : QObject {
    std::vector<PowerLimitCallResult> replies;
    PowerLimitWorker::Deliver deliver()
    {
        return [this](PowerLimitCallResult r) {
            QMetaObject::invokeMethod(
                this, [this, r] { replies.push_back(r); }, Qt::QueuedConnection);
        };
    }
};

} // namespace

class TestPowerLimitWorker : public QObject {
    Q_OBJECT
private slots:
    void aBlockedChangeDoesNotHoldTheCaller()
    {
        Fixture fx;
        Inbox inbox;
        PowerLimitWorker worker(fx.setter(), inbox.deliver());
        QCOMPARE(worker.name(), std::string("nvidia-smi"));
        QVERIFY(worker.submit({PowerLimitCall::Kind::Range, "gpu01", 3, 0, 1}));
        QVERIFY(worker.submit({PowerLimitCall::Kind::Set, "gpu01", 3, 650, 2}));
        QVERIFY(worker.submit({PowerLimitCall::Kind::Set, "gpu01", 3, 600, 3}));

        // The first change is blocked in the script; this thread still runs and gets the range.
        QTRY_VERIFY_WITH_TIMEOUT(fx.started(1), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(inbox.replies.size(), std::size_t(1), 20000);
        QCOMPARE(inbox.replies[0].call.token, std::uint64_t(1));
        QVERIFY(inbox.replies[0].ok);
        QCOMPARE(inbox.replies[0].range.minW, 200.0);
        QCOMPARE(inbox.replies[0].range.defaultW, 700.0);
        QVERIFY(!fx.started(2)); // one call at a time: the second waits behind the first
        QCOMPARE(fx.calls(), QString("-i 3 -pl 650\n"));

        fx.release();
        QTRY_VERIFY_WITH_TIMEOUT(fx.started(2), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(inbox.replies.size(), std::size_t(2), 20000);
        QCOMPARE(inbox.replies[1].call.token, std::uint64_t(2));
        QVERIFY2(inbox.replies[1].ok, inbox.replies[1].error.c_str());
        fx.release();
        QTRY_COMPARE_WITH_TIMEOUT(inbox.replies.size(), std::size_t(3), 20000);
        QCOMPARE(inbox.replies[2].call.token, std::uint64_t(3));
        QCOMPARE(inbox.replies[2].call.watts, 600.0);
        QCOMPARE(fx.calls(), QString("-i 3 -pl 650\n-i 3 -pl 600\n"));
    }

    void aFullQueueRefuses()
    {
        Fixture fx;
        Inbox inbox;
        PowerLimitWorker worker(fx.setter(), inbox.deliver(), 2);
        QVERIFY(worker.submit({PowerLimitCall::Kind::Set, "gpu01", 0, 650, 1}));
        QTRY_VERIFY_WITH_TIMEOUT(fx.started(1), 20000); // in flight: out of the queue
        QVERIFY(worker.submit({PowerLimitCall::Kind::Set, "gpu01", 1, 650, 2}));
        QVERIFY(worker.submit({PowerLimitCall::Kind::Set, "gpu01", 2, 650, 3}));
        QVERIFY(!worker.submit({PowerLimitCall::Kind::Set, "gpu01", 3, 650, 4}));
        for (int i = 1; i <= 3; ++i) {
            QTRY_VERIFY_WITH_TIMEOUT(fx.started(i), 20000);
            fx.release();
        }
        QTRY_COMPARE_WITH_TIMEOUT(inbox.replies.size(), std::size_t(3), 20000);
    }

    void aFailedChangeSaysWhy()
    {
        Inbox inbox;
        PowerLimitWorker worker(
            std::make_unique<NvidiaSmiPowerLimitSetter>([](const std::string &) -> CommandRunner * { return nullptr; }),
            inbox.deliver());
        QVERIFY(worker.submit({PowerLimitCall::Kind::Set, "gpu09", 0, 650, 7}));
        QTRY_COMPARE_WITH_TIMEOUT(inbox.replies.size(), std::size_t(1), 20000);
        QVERIFY(!inbox.replies[0].ok);
        QVERIFY2(inbox.replies[0].error.find("gpu09") != std::string::npos, inbox.replies[0].error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPowerLimitWorker)
#include "tst_power_limit_worker.moc"
