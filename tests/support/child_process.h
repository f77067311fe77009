#pragma once
// Servers a test starts (supernoded, sshd, prometheus, the Slurm daemons) are stopped by the PID
// the test started, but a test that crashes or is killed by ctest's timeout never gets there.
// Asking the kernel to SIGKILL the child when the test process dies (PR_SET_PDEATHSIG) keeps
// such a test from leaving a server running on a loopback port for the next one.
// Call it before QProcess::start; the thread that starts the process must outlive it.

#include <QProcess>

#include <csignal>
#include <sys/prctl.h>

namespace sn::test {

inline void dieWithTheTest(QProcess &process)
{
    process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
}

} // namespace sn::test
