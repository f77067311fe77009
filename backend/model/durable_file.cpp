#include "backend/model/durable_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sn {

namespace {

Error ioError(const std::string &what, const std::string &path, int error)
{
    return Error{ErrorCode::Unavailable, what + " " + path + ": " + std::strerror(error)};
}

} // namespace

Status syncDirectory(const std::string &dir)
{
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return ioError("cannot open directory", dir, errno);
    const bool synced = ::fsync(fd) == 0;
    const int error = errno;
    ::close(fd);
    if (!synced)
        return ioError("cannot sync directory", dir, error);
    return success();
}

Status syncDirectoryOf(const std::string &path)
{
    const auto slash = path.rfind('/');
    return syncDirectory(slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash));
}

Status replaceFileDurably(const std::string &path, std::string_view bytes, unsigned mode)
{
    std::string temporary = path + ".tmp-XXXXXX";
    const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
    if (fd < 0)
        return ioError("cannot create a temporary file for", path, errno);
    auto fail = [&](const std::string &what, int error) {
        ::close(fd);
        ::unlink(temporary.c_str());
        return Status(ioError(what, path, error));
    };
    if (::fchmod(fd, mode) != 0)
        return fail("cannot set the mode of", errno);
    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return fail("cannot write", n < 0 ? errno : EIO);
        done += std::size_t(n);
    }
    if (::fsync(fd) != 0)
        return fail("cannot sync", errno);
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(temporary.c_str());
        return ioError("cannot write", path, error);
    }
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        const int error = errno;
        ::unlink(temporary.c_str());
        return ioError("cannot replace", path, error);
    }
    return syncDirectoryOf(path);
}

} // namespace sn
