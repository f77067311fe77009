#pragma once
// The one place where words become a remote shell command line. OpenSSH runs an exec request
// through the user's login shell (`$SHELL -c LINE`), so every argument must be quoted for it.
// We assume a POSIX shell (sh, dash, bash, zsh, ksh); csh and fish quote differently and are
// not supported as login shells of cluster nodes (docs/ssh.md).

#include "backend/model/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace sn {

// One word, single-quoted: 'it'\''s'. Every byte other than ' stands for itself inside single
// quotes ($, `, \, !, *, newline, non-UTF-8 bytes), so this is exact; "" becomes ''.
std::string shellQuote(std::string_view word);

// argv as one command line, each word quoted. InvalidArgument when argv is empty or a word holds
// a NUL byte, which no argv can carry (it would silently cut the word short).
Result<std::string> shellCommandLine(const std::vector<std::string> &argv);

} // namespace sn
