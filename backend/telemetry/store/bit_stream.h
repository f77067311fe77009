#pragma once
// Bit-level writer and reader for chunk encodings. Bits go most significant first into bytes,
// so a stream reads the same on any machine. The reader keeps a 64-bit window so decode loops
// peek prefixes without a branch per bit; reading past the end yields zero bits and is
// reported by overrun(), so a truncated chunk becomes an error instead of a read out of bounds.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace sn::tsdb {

class BitWriter {
public:
    explicit BitWriter(std::vector<std::uint8_t> &out) : m_out(out) {}
    ~BitWriter() { flush(); }

    // Writes the low `count` bits of `value` (count in 0..64).
    void write(std::uint64_t value, int count)
    {
        if (count == 0)
            return;
        if (count < 64)
            value &= (std::uint64_t{1} << count) - 1;
        const int room = 64 - m_used; // m_used < 64 between calls
        if (count < room) {
            m_acc = (m_acc << count) | value;
            m_used += count;
            return;
        }
        // Fill the accumulator, emit it as one 8-byte word, keep the rest.
        const int rest = count - room;
        m_acc = room == 64 ? value >> rest : (m_acc << room) | (value >> rest);
        emitWord();
        m_acc = rest == 0 ? 0 : value & ((std::uint64_t{1} << rest) - 1);
        m_used = rest;
    }
    void writeBit(bool bit) { write(bit ? 1 : 0, 1); }

    // Pads the last byte with zero bits; later writes start on a byte boundary.
    void flush()
    {
        if (m_used > 0) {
            const std::uint64_t aligned = m_acc << (64 - m_used);
            for (int i = 0; i < (m_used + 7) / 8; ++i)
                m_out.push_back(static_cast<std::uint8_t>(aligned >> (56 - 8 * i)));
            m_used = 0;
            m_acc = 0;
        }
    }

private:
    void emitWord()
    {
        const std::size_t at = m_out.size();
        m_out.resize(at + 8);
        const std::uint64_t bigEndian = __builtin_bswap64(m_acc); // MSB first, as the reader reads
        std::memcpy(m_out.data() + at, &bigEndian, 8);
    }

    std::vector<std::uint8_t> &m_out;
    std::uint64_t m_acc = 0; // the low m_used bits are pending
    int m_used = 0;
};

class BitReader {
public:
    BitReader(const std::uint8_t *data, std::size_t size) : m_data(data), m_size(size) { refill(); }

    // The next `count` bits (1..56) without consuming them.
    std::uint64_t peek(int count) const { return m_window >> (64 - count); }
    // Consumes `count` bits (0..56).
    void skip(int count)
    {
        m_window <<= count;
        m_avail -= count;
        m_consumed += static_cast<std::size_t>(count);
        if (m_avail <= 56)
            refill();
    }
    // Reads `count` bits (0..64).
    std::uint64_t read(int count)
    {
        if (count == 0)
            return 0;
        if (count > 56) {
            const std::uint64_t high = read(count - 32);
            return (high << 32) | read(32);
        }
        const std::uint64_t v = peek(count);
        skip(count);
        return v;
    }
    // True once a bit beyond the stream's last byte was consumed.
    bool overrun() const { return m_consumed > m_size * 8; }

private:
    void refill()
    {
        if (m_pos + 8 <= m_size) { // one unaligned load; the partial last byte is re-read next time
            std::uint64_t word;
            std::memcpy(&word, m_data + m_pos, 8);
            m_window |= __builtin_bswap64(word) >> m_avail; // the bytes MSB first
            const int bytes = (64 - m_avail) >> 3;
            m_pos += static_cast<std::size_t>(bytes);
            m_avail += bytes * 8;
            return;
        }
        while (m_avail <= 56) {
            const std::uint64_t byte = m_pos < m_size ? m_data[m_pos] : 0;
            ++m_pos;
            m_window |= byte << (56 - m_avail);
            m_avail += 8;
        }
    }

    const std::uint8_t *m_data;
    std::size_t m_size;
    std::size_t m_pos = 0;
    std::uint64_t m_window = 0;
    int m_avail = 0; // valid bits at the top of m_window
    std::size_t m_consumed = 0;
};

} // namespace sn::tsdb
