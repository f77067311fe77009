#pragma once
// LEB128 varints and zig-zag signed integers: the byte-level integers of every store file
// (chunk headers, WAL records, block index). Reads are bounds-checked and say so on failure.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace sn::tsdb {

inline std::uint64_t zigzag(std::int64_t v)
{
    return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
inline std::int64_t unzigzag(std::uint64_t u)
{
    return static_cast<std::int64_t>(u >> 1) ^ -static_cast<std::int64_t>(u & 1);
}

inline void putVarint(std::vector<std::uint8_t> &out, std::uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(static_cast<std::uint8_t>(v | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(v));
}
inline void putSigned(std::vector<std::uint8_t> &out, std::int64_t v)
{
    putVarint(out, zigzag(v));
}
inline void putFixed64(std::vector<std::uint8_t> &out, std::uint64_t v)
{
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
inline void putFixed32(std::vector<std::uint8_t> &out, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
inline void putString(std::vector<std::uint8_t> &out, std::string_view s)
{
    putVarint(out, s.size());
    out.insert(out.end(), s.begin(), s.end());
}
inline std::uint64_t doubleBits(double v)
{
    std::uint64_t u;
    std::memcpy(&u, &v, 8);
    return u;
}
inline double bitsDouble(std::uint64_t u)
{
    double v;
    std::memcpy(&v, &u, 8);
    return v;
}

// A bounds-checked cursor over bytes. After the first failed read ok() is false, every later
// read returns 0, and error() names the field and byte offset that failed.
class ByteReader {
public:
    ByteReader(const std::uint8_t *data, std::size_t size) : m_data(data), m_size(size) {}

    bool ok() const { return m_error.empty(); }
    const std::string &error() const { return m_error; }
    std::size_t offset() const { return m_pos; }
    std::size_t remaining() const { return m_size - m_pos; }
    const std::uint8_t *here() const { return m_data + m_pos; }

    std::uint64_t varint(const char *field)
    {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_pos >= m_size)
                return fail(field, "ends inside a varint");
            const std::uint8_t b = m_data[m_pos++];
            v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
            if (!(b & 0x80))
                return v;
        }
        return fail(field, "varint longer than 10 bytes");
    }
    std::int64_t signedVarint(const char *field) { return unzigzag(varint(field)); }
    std::uint8_t byte(const char *field)
    {
        if (m_pos >= m_size)
            return static_cast<std::uint8_t>(fail(field, "missing"));
        return m_data[m_pos++];
    }
    std::uint64_t fixed64(const char *field)
    {
        if (remaining() < 8)
            return fail(field, "needs 8 bytes");
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i)
            v |= static_cast<std::uint64_t>(m_data[m_pos + i]) << (8 * i);
        m_pos += 8;
        return v;
    }
    std::uint32_t fixed32(const char *field)
    {
        if (remaining() < 4)
            return static_cast<std::uint32_t>(fail(field, "needs 4 bytes"));
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i)
            v |= static_cast<std::uint32_t>(m_data[m_pos + i]) << (8 * i);
        m_pos += 4;
        return v;
    }
    // `size` bytes in place; nullptr (and an error) when fewer remain.
    const std::uint8_t *bytes(std::size_t size, const char *field)
    {
        if (remaining() < size) {
            fail(field, "is longer than the bytes left");
            return nullptr;
        }
        const std::uint8_t *p = m_data + m_pos;
        m_pos += size;
        return p;
    }
    std::string string(const char *field)
    {
        const std::uint64_t size = varint(field);
        const std::uint8_t *p = ok() ? bytes(size, field) : nullptr;
        return p ? std::string(reinterpret_cast<const char *>(p), size) : std::string();
    }
    std::uint64_t fail(const char *field, const char *what)
    {
        if (m_error.empty())
            m_error = std::string(field) + " " + what + " at byte " + std::to_string(m_pos);
        m_pos = m_size;
        return 0;
    }

private:
    const std::uint8_t *m_data;
    std::size_t m_size;
    std::size_t m_pos = 0;
    std::string m_error;
};

} // namespace sn::tsdb
