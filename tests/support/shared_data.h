#pragma once
// Where the real captured data of ../shared/data lives, for tests that read it in place.
// Set by the CMake cache variable SN_SHARED_DATA, or at run time by the SN_SHARED_DATA
// environment variable. When it is missing a test skips with a message saying so, except under
// CI=true, where missing data is a failure (a green run must have read the real data).

#include <QString>

namespace sn::test {

QString sharedDataDir();                         // absolute path, may not exist
QString sharedDataPath(const QString &relative); // sharedDataDir() + "/" + relative

// True when the data exists. Otherwise QSKIP()s or, under CI=true, QFAIL()s the current test:
// call as `if (!sn::test::requireSharedData("nvidia-smi/xml")) return;`.
bool requireSharedData(const QString &relative);

} // namespace sn::test
