#pragma once
// Files that must survive a crash or power loss whole, and not be redirected by whoever can
// write the directory (issue 29, item 11): certificates and keys, the log template store, the
// telemetry WAL's new segments.
//
// A rename or a new file is durable only once its directory is fsynced: without it, a power
// loss can keep the removal of the old WAL segments and lose the new one, or bring back an old
// certificate. Temporary files are made with mkostemp (O_CREAT|O_EXCL, a random name), so a
// symbolic link planted at a predictable "path.tmp" is never followed and never truncated.

#include "backend/model/result.h"

#include <string>
#include <string_view>

namespace sn {

// fsync on the directory itself; Unavailable naming it when it cannot be opened or synced.
Status syncDirectory(const std::string &dir);
// The same for the directory that holds `path` (after creating or renaming it).
Status syncDirectoryOf(const std::string &path);

// Writes `bytes` to a fresh temporary beside `path`, sets `mode` (the umask neither widens nor
// narrows it), fsyncs, renames over `path` and fsyncs the directory. On failure `path` is left
// as it was and the temporary removed; the message names the file and the system's reason.
Status replaceFileDurably(const std::string &path, std::string_view bytes, unsigned mode);

} // namespace sn
