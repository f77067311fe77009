#include "backend/telemetry/store/head_series.h"

#include "backend/telemetry/store/chunk_encoding.h"

#include <algorithm>
#include <cstring>

namespace sn::tsdb {

OpenChunk *HeadSeries::replaceOpen(std::uint32_t capacity, std::uint32_t keep)
{
    auto fresh = std::make_shared<OpenChunk>(capacity);
    if (keep > 0) {
        std::memcpy(fresh->times.get(), m_open->times.get(), keep * sizeof(std::int64_t));
        std::memcpy(fresh->values.get(), m_open->values.get(), keep * sizeof(double));
        fresh->count.store(keep, std::memory_order_relaxed);
    }
    OpenChunk *raw = fresh.get();
    std::lock_guard lock(m_mutex);
    m_open = std::move(fresh);
    return raw;
}

void HeadSeries::seal()
{
    if (!m_open)
        return;
    const std::uint32_t n = m_open->count.load(std::memory_order_relaxed);
    if (n == 0)
        return;
    auto chunk = std::make_shared<SealedChunk>();
    chunk->minTime = m_open->times[0];
    chunk->maxTime = m_open->times[n - 1];
    chunk->count = n;
    encodeChunk(m_open->times.get(), m_open->values.get(), n, chunk->bytes);
    chunk->bytes.shrink_to_fit();
    std::lock_guard lock(m_mutex);
    m_sealed.push_back(std::move(chunk));
    m_open.reset(); // the sealed chunk and the open one change together for readers
}

HeadSnapshot HeadSeries::snapshot(std::int64_t minT, std::int64_t maxT) const
{
    HeadSnapshot snap;
    std::lock_guard lock(m_mutex);
    auto first = std::lower_bound(m_sealed.begin(), m_sealed.end(), minT,
                                  [](const ChunkPtr &c, std::int64_t t) { return c->maxTime < t; });
    for (auto it = first; it != m_sealed.end() && (*it)->minTime <= maxT; ++it)
        snap.sealed.push_back(*it);
    if (m_open) {
        snap.open = m_open;
        snap.openCount = m_open->count.load(std::memory_order_acquire);
    }
    return snap;
}

std::size_t HeadSeries::dropChunksBefore(std::int64_t t)
{
    std::lock_guard lock(m_mutex);
    std::size_t samples = 0;
    auto end = m_sealed.begin();
    while (end != m_sealed.end() && (*end)->maxTime < t) {
        samples += (*end)->count;
        ++end;
    }
    m_sealed.erase(m_sealed.begin(), end);
    return samples;
}

std::int64_t HeadSeries::minTime() const
{
    std::lock_guard lock(m_mutex);
    if (!m_sealed.empty())
        return m_sealed.front()->minTime;
    if (m_open && m_open->count.load(std::memory_order_relaxed) > 0)
        return m_open->times[0];
    return std::numeric_limits<std::int64_t>::max();
}

std::size_t HeadSeries::sealedBytes() const
{
    std::lock_guard lock(m_mutex);
    std::size_t bytes = 0;
    for (const ChunkPtr &c : m_sealed)
        bytes += c->bytes.capacity();
    return bytes;
}

std::size_t HeadSeries::openBytes() const
{
    std::lock_guard lock(m_mutex);
    return m_open ? m_open->capacity * (sizeof(std::int64_t) + sizeof(double)) : 0;
}

} // namespace sn::tsdb
