#include "backend/logs/intake/file_tailer.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace sn::logs {

FileTailer::FileTailer(std::string path, bool fromStart, std::size_t maxLineBytes)
    : m_path(std::move(path)), m_maxLineBytes(maxLineBytes), m_fromStart(fromStart)
{
}

FileTailer::~FileTailer()
{
    closeFile();
}

void FileTailer::closeFile()
{
    if (m_file)
        std::fclose(m_file);
    m_file = nullptr;
}

bool FileTailer::openCurrent(bool atEnd, std::string &error)
{
    closeFile();
    m_file = std::fopen(m_path.c_str(), "rb");
    if (!m_file) {
        if (errno != ENOENT)
            error = "cannot read " + m_path + ": " + std::strerror(errno);
        return false;
    }
    struct stat st {};
    if (fstat(fileno(m_file), &st) != 0) {
        error = "cannot stat " + m_path + ": " + std::strerror(errno);
        closeFile();
        return false;
    }
    m_inode = st.st_ino;
    m_device = st.st_dev;
    m_offset = atEnd ? st.st_size : 0;
    std::fseek(m_file, static_cast<long>(m_offset), SEEK_SET);
    return true;
}

void FileTailer::readAvailable(std::vector<TailedLine> &out)
{
    char buffer[64 * 1024];
    std::clearerr(m_file);
    for (;;) {
        const std::size_t n = std::fread(buffer, 1, sizeof buffer, m_file);
        if (n == 0)
            break;
        m_offset += static_cast<std::int64_t>(n);
        std::size_t from = 0;
        while (from < n) {
            const void *nl = std::memchr(buffer + from, '\n', n - from);
            const std::size_t end = nl ? static_cast<std::size_t>(static_cast<const char *>(nl) - buffer) : n;
            if (!m_dropping) {
                const std::size_t room = m_maxLineBytes - std::min(m_maxLineBytes, m_partial.size());
                const std::size_t take = std::min(room, end - from);
                m_partial.append(buffer + from, take);
                if (take < end - from) {
                    // Cut here; the rest of this line is dropped up to its newline.
                    out.push_back({std::move(m_partial), true});
                    m_partial.clear();
                    m_dropping = true;
                }
            }
            if (!nl)
                break;
            if (!m_dropping) {
                if (!m_partial.empty() && m_partial.back() == '\r')
                    m_partial.pop_back();
                out.push_back({std::move(m_partial), false});
            }
            m_partial.clear();
            m_dropping = false;
            from = end + 1;
        }
    }
}

Result<std::vector<TailedLine>> FileTailer::poll()
{
    std::vector<TailedLine> out;
    std::string error;
    if (!m_file) {
        // First poll: at the end unless fromStart; a file that appears later: from its start.
        const bool atEnd = !m_started && !m_fromStart;
        m_started = true;
        if (!openCurrent(atEnd, error)) {
            if (!error.empty())
                return Error{ErrorCode::Unavailable, error};
            return out;
        }
    }

    struct stat atPath {};
    const bool pathExists = ::stat(m_path.c_str(), &atPath) == 0;
    struct stat open {};
    fstat(fileno(m_file), &open);
    if (static_cast<std::int64_t>(open.st_size) < m_offset) {
        // copytruncate: the same file, shorter than what was read.
        ++m_truncations;
        m_offset = 0;
        m_partial.clear();
        m_dropping = false;
        std::fseek(m_file, 0, SEEK_SET);
    }
    readAvailable(out);
    if (pathExists && (static_cast<std::uint64_t>(atPath.st_ino) != m_inode ||
                       static_cast<std::uint64_t>(atPath.st_dev) != m_device)) {
        // Renamed away and a new file created: the old one is finished (its rest was read above).
        ++m_rotations;
        if (!m_partial.empty())
            out.push_back({std::move(m_partial), false});
        m_partial.clear();
        m_dropping = false;
        if (openCurrent(false, error))
            readAvailable(out);
        else if (!error.empty())
            return Error{ErrorCode::Unavailable, error};
    }
    return out;
}

std::vector<TailedLine> FileTailer::flush()
{
    std::vector<TailedLine> out;
    if (!m_partial.empty())
        out.push_back({std::move(m_partial), false});
    m_partial.clear();
    return out;
}

} // namespace sn::logs
