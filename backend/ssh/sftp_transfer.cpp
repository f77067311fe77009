#include "backend/ssh/sftp_transfer.h"

#include <libssh/sftp.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace sn {

namespace {

constexpr std::size_t kChunk = 32 * 1024; // what sftp-server handles per request

struct SftpFree {
    void operator()(sftp_session s) const { sftp_free(s); }
};
struct FileClose {
    void operator()(sftp_file f) const { sftp_close(f); }
};
struct AttrFree {
    void operator()(sftp_attributes a) const { sftp_attributes_free(a); }
};
using SftpPtr = std::unique_ptr<std::remove_pointer_t<sftp_session>, SftpFree>;
using FilePtr = std::unique_ptr<std::remove_pointer_t<sftp_file>, FileClose>;
using AttrPtr = std::unique_ptr<std::remove_pointer_t<sftp_attributes>, AttrFree>;

struct Fd {
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

Error localError(const std::string &doing, const std::string &path)
{
    return Error{ErrorCode::Unavailable, doing + " " + path + ": " + std::strerror(errno)};
}

Error sftpError(SshSession &session, sftp_session sftp, const std::string &doing, const std::string &path)
{
    const int code = sftp ? sftp_get_error(sftp) : 0;
    const ErrorCode kind = code == SSH_FX_NO_SUCH_FILE || code == SSH_FX_NO_SUCH_PATH ? ErrorCode::NotFound
                           : code == SSH_FX_PERMISSION_DENIED                         ? ErrorCode::PermissionDenied
                                                                                      : ErrorCode::Unavailable;
    return session.lastError(kind, "SFTP: " + doing + " " + path + " (SFTP status " + std::to_string(code) + ")");
}

// Connects if needed, then takes the session lock (held by the caller for the whole transfer).
Result<SftpPtr> openSftp(SshSession &session, std::unique_lock<std::mutex> &lock)
{
    if (Status s = session.connect(); !s)
        return s.error();
    lock = std::unique_lock(session.mutex());
    SftpPtr sftp(sftp_new(session.handle()));
    if (!sftp)
        return session.lastError(ErrorCode::Unavailable, "SFTP: cannot open the sftp subsystem");
    if (sftp_init(sftp.get()) != SSH_OK)
        return sftpError(session, sftp.get(), "cannot start", "the sftp subsystem");
    return sftp;
}

} // namespace

Status sftpUpload(SshSession &session, const std::string &localPath, const std::string &remotePath,
                  std::optional<mode_t> mode)
{
    Fd in;
    in.fd = ::open(localPath.c_str(), O_RDONLY | O_CLOEXEC);
    if (in.fd < 0)
        return localError("cannot read", localPath);
    struct stat st {};
    if (::fstat(in.fd, &st) != 0)
        return localError("cannot stat", localPath);
    const mode_t bits = (mode ? *mode : st.st_mode) & 07777;

    std::unique_lock<std::mutex> lock;
    auto sftp = openSftp(session, lock);
    if (!sftp)
        return sftp.error();
    // Created 0600 whatever `bits` says, so nobody else can open it while it fills; the final
    // bits are set at the end (an existing file is first narrowed the same way).
    FilePtr file(sftp_open(sftp->get(), remotePath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600));
    if (!file)
        return sftpError(session, sftp->get(), "cannot create", remotePath);
    if (sftp_chmod(sftp->get(), remotePath.c_str(), 0600) != SSH_OK)
        return sftpError(session, sftp->get(), "cannot set the mode of", remotePath);
    std::vector<char> buffer(kChunk);
    while (true) {
        const ssize_t n = ::read(in.fd, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return localError("cannot read", localPath);
        if (n == 0)
            break;
        if (sftp_write(file.get(), buffer.data(), static_cast<size_t>(n)) != n)
            return sftpError(session, sftp->get(), "cannot write", remotePath);
    }
    file.reset();
    if (sftp_chmod(sftp->get(), remotePath.c_str(), bits) != SSH_OK)
        return sftpError(session, sftp->get(), "cannot set the mode of", remotePath);
    return success();
}

Status sftpDownload(SshSession &session, const std::string &remotePath, const std::string &localPath)
{
    std::unique_lock<std::mutex> lock;
    auto sftp = openSftp(session, lock);
    if (!sftp)
        return sftp.error();
    AttrPtr attributes(sftp_stat(sftp->get(), remotePath.c_str()));
    if (!attributes)
        return sftpError(session, sftp->get(), "cannot stat", remotePath);
    if (attributes->type != SSH_FILEXFER_TYPE_REGULAR)
        return invalidArgument("SFTP: " + remotePath + " on " + session.where() + " is not a regular file");
    const mode_t bits = attributes->permissions & 07777;
    FilePtr file(sftp_open(sftp->get(), remotePath.c_str(), O_RDONLY, 0));
    if (!file)
        return sftpError(session, sftp->get(), "cannot open", remotePath);

    // Written beside the target and renamed over it once complete.
    const std::string partial = localPath + ".sn-partial";
    Fd out;
    out.fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (out.fd < 0)
        return localError("cannot create", partial);
    std::vector<char> buffer(kChunk);
    while (true) {
        const ssize_t n = sftp_read(file.get(), buffer.data(), buffer.size());
        if (n < 0) {
            ::unlink(partial.c_str());
            return sftpError(session, sftp->get(), "cannot read", remotePath);
        }
        if (n == 0)
            break;
        for (ssize_t done = 0; done < n;) {
            const ssize_t w = ::write(out.fd, buffer.data() + done, static_cast<size_t>(n - done));
            if (w < 0 && errno == EINTR)
                continue;
            if (w < 0) {
                Error e = localError("cannot write", partial);
                ::unlink(partial.c_str());
                return e;
            }
            done += w;
        }
    }
    if (::fchmod(out.fd, bits) != 0 || ::fsync(out.fd) != 0) {
        Error e = localError("cannot finish", partial);
        ::unlink(partial.c_str());
        return e;
    }
    if (::rename(partial.c_str(), localPath.c_str()) != 0) {
        Error e = localError("cannot rename into place", localPath);
        ::unlink(partial.c_str());
        return e;
    }
    return success();
}

} // namespace sn
