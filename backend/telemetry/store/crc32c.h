#pragma once
// CRC-32C (Castagnoli), the checksum of WAL records and block files: it catches torn writes
// and flipped bits. Software slicing-by-8, so the engine needs no extra library.

#include <cstddef>
#include <cstdint>

namespace sn::tsdb {

std::uint32_t crc32c(const std::uint8_t *data, std::size_t size, std::uint32_t crc = 0);

} // namespace sn::tsdb
