#pragma once
// Follows a growing log file the way `tail -F` does, by polling: each poll() returns the
// complete lines written since the last one. Rotation is handled both ways logrotate does it:
//  - rename (create): the path now names another file (inode changed); the rest of the old
//    file is read to its end first, then the new file from its start;
//  - copytruncate: the file got shorter than what was read; reading starts again at 0.
// A file that is missing is not an error until it appears (a log not written yet). A line
// longer than `maxLineBytes` is cut there and returned flagged, the rest up to its newline
// dropped, so a runaway writer costs bounded memory. Polling rather than inotify keeps it
// working on NFS and in containers; the engine polls each second.

#include "backend/model/result.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace sn::logs {

struct TailedLine {
    std::string text; // without the newline
    bool truncated = false;
};

class FileTailer {
public:
    // fromStart: read what the file holds already (offline import, first start); otherwise
    // begin at its current end like tail -f.
    explicit FileTailer(std::string path, bool fromStart = false, std::size_t maxLineBytes = 16 * 1024);
    ~FileTailer();
    FileTailer(const FileTailer &) = delete;
    FileTailer &operator=(const FileTailer &) = delete;

    // New complete lines. An error (unreadable file) is returned once per failure, then retried.
    Result<std::vector<TailedLine>> poll();
    // The unfinished last line, for a file that ended without a newline (offline import).
    std::vector<TailedLine> flush();

    const std::string &path() const { return m_path; }
    std::uint64_t rotations() const { return m_rotations; }
    std::uint64_t truncations() const { return m_truncations; }

private:
    bool openCurrent(bool atEnd, std::string &error);
    void readAvailable(std::vector<TailedLine> &out);
    void closeFile();

    std::string m_path;
    std::size_t m_maxLineBytes;
    bool m_fromStart;
    std::FILE *m_file = nullptr;
    std::uint64_t m_inode = 0;
    std::uint64_t m_device = 0;
    std::int64_t m_offset = 0;
    std::string m_partial;
    bool m_dropping = false; // inside a line already cut at maxLineBytes
    bool m_started = false;
    std::uint64_t m_rotations = 0;
    std::uint64_t m_truncations = 0;
};

} // namespace sn::logs
