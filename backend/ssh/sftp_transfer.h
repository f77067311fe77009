#pragma once
// Copying one file to or from a node over SFTP, permissions kept: the agent binary arrives 0755,
// a key or token file 0600 (its mode is set before any byte is written, so a secret is never
// readable by others, even briefly, whatever the remote umask).

#include "backend/model/result.h"
#include "backend/ssh/ssh_session.h"

#include <optional>
#include <string>
#include <sys/types.h>

namespace sn {

// Uploads localPath to remotePath (replaced if it exists). mode: the remote permission bits;
// nullopt: those of the local file. The session connects if it is not connected.
Status sftpUpload(SshSession &session, const std::string &localPath, const std::string &remotePath,
                  std::optional<mode_t> mode = std::nullopt);

// Downloads remotePath to localPath with the remote file's permission bits. NotFound when the
// remote file does not exist; a partial download never replaces localPath.
Status sftpDownload(SshSession &session, const std::string &remotePath, const std::string &localPath);

} // namespace sn
