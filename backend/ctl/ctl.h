#pragma once
// supernodectl: the command line on the same EngineApi as the console, so that every
// capability is usable and testable without the GUI. Each subject adds its commands here.
//
// Exit codes (documented in docs/supernodectl.md):
//   0 success, 1 the engine refused or failed the request, 2 usage error,
//   3 invalid input (a bad file or value), 4 engine unavailable.

#include <QStringList>
#include <QTextStream>

namespace sn::ctl {

enum ExitCode { kOk = 0, kFailed = 1, kUsage = 2, kInvalidInput = 3, kUnavailable = 4 };

int run(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace sn::ctl
