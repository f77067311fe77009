// LocalCommandRunner runs real programs: what they print, their exit code, and the errors for a
// program that is missing or does not finish in time.

#include "backend/model/command_runner.h"

#include <QtTest>

using namespace sn;
using namespace std::chrono_literals;

class TestLocalCommandRunner : public QObject {
    Q_OBJECT

private slots:
    void collectsOutputAndExitCode();
    void missingProgramIsUnavailable();
    void timeoutIsUnavailable();
    void emptyArgvIsInvalid();
    void feedsStandardInputByteExact();
    void endlessOutputIsStoppedAtTheLimit();
    void outputJustUnderTheLimitIsWhole();
};

void TestLocalCommandRunner::collectsOutputAndExitCode()
{
    LocalCommandRunner runner;
    const auto out = runner.run({"/bin/sh", "-c", "printf 'a b\\n'; echo oops >&2; exit 3"}, 10s);
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE(out->exitCode, 3);
    QCOMPARE(out->out, std::string("a b\n"));
    QCOMPARE(out->err, std::string("oops\n"));
    QCOMPARE(runner.where(), std::string("local"));
}

void TestLocalCommandRunner::missingProgramIsUnavailable()
{
    LocalCommandRunner runner;
    const auto out = runner.run({"/nonexistent/nvidia-smi", "-q", "-x"}, 5s);
    QVERIFY(!out.ok());
    QCOMPARE(out.error().code, ErrorCode::Unavailable);
    QVERIFY2(out.error().message.find("cannot run /nonexistent/nvidia-smi") != std::string::npos,
             out.error().message.c_str());
}

void TestLocalCommandRunner::timeoutIsUnavailable()
{
    LocalCommandRunner runner;
    const auto out = runner.run({"/bin/sleep", "10"}, 200ms);
    QVERIFY(!out.ok());
    QCOMPARE(out.error().code, ErrorCode::Unavailable);
    QVERIFY2(out.error().message.find("did not finish within 200 ms") != std::string::npos,
             out.error().message.c_str());
}

void TestLocalCommandRunner::emptyArgvIsInvalid()
{
    LocalCommandRunner runner;
    const auto out = runner.run({}, 1s);
    QVERIFY(!out.ok());
    QCOMPARE(out.error().code, ErrorCode::InvalidArgument);
}

void TestLocalCommandRunner::feedsStandardInputByteExact()
{
    LocalCommandRunner runner;
    // A script full of shell syntax and a NUL byte travels as data: `cat` gives it back unchanged.
    std::string input = "#!/bin/sh\necho \"$(id)\" `date`; rm -rf / ;\n'quoted'\n";
    input.push_back('\0');
    input += std::string(300000, 'x'); // more than a pipe buffer
    const auto out = runner.run({"/bin/cat"}, 10s, input);
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE(out->exitCode, 0);
    QVERIFY(out->out == input);
    // Without input the program sees EOF at once rather than waiting for it.
    const auto none = runner.run({"/bin/cat"}, 10s);
    QVERIFY2(none.ok(), none.ok() ? "" : none.error().message.c_str());
    QCOMPARE(none->out, std::string());
}

void TestLocalCommandRunner::endlessOutputIsStoppedAtTheLimit()
{
    // A broken or hostile program printing without end: stopped near the limit, not buffered
    // until memory runs out (before the limit, `yes` filled memory until the 60 s timeout).
    LocalCommandRunner runner;
    for (const char *stream : {"", " >&2"}) {
        const auto out = runner.run({"/bin/sh", "-c", std::string("exec yes") + stream}, 60s);
        QVERIFY(!out.ok());
        QCOMPARE(out.error().code, ErrorCode::Unavailable);
        QVERIFY2(out.error().message.find("printed more than 64 MiB") != std::string::npos,
                 out.error().message.c_str());
    }
}

void TestLocalCommandRunner::outputJustUnderTheLimitIsWhole()
{
    LocalCommandRunner runner;
    const std::string size = std::to_string(kMaxCommandOutputBytes);
    const auto out = runner.run({"/usr/bin/head", "-c", size, "/dev/zero"}, 60s);
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE(out->out.size(), kMaxCommandOutputBytes);
}

QTEST_GUILESS_MAIN(TestLocalCommandRunner)
#include "tst_local_command_runner.moc"
