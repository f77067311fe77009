#include "backend/telemetry/store/series_index.h"

#include <algorithm>

namespace sn::tsdb {

std::uint32_t SymbolTable::intern(std::string_view s)
{
    if (const auto it = m_ids.find(s); it != m_ids.end())
        return it->second;
    const auto id = static_cast<std::uint32_t>(m_strings.size());
    m_strings.emplace_back(s);
    m_ids.emplace(m_strings.back(), id);
    return id;
}

std::optional<std::uint32_t> SymbolTable::find(std::string_view s) const
{
    if (const auto it = m_ids.find(s); it != m_ids.end())
        return it->second;
    return std::nullopt;
}

std::uint64_t SeriesIndex::hashOf(const std::vector<Pair> &pairs)
{
    std::uint64_t h = 1469598103934665603ull; // FNV-1a over the symbol ids
    for (const auto &[n, v] : pairs) {
        h = (h ^ n) * 1099511628211ull;
        h = (h ^ v) * 1099511628211ull;
    }
    return h;
}

std::vector<SeriesIndex::Pair> SeriesIndex::keyOf(std::string_view metric, const Labels &labels, bool)
{
    std::vector<Pair> pairs;
    pairs.reserve(labels.size() + 1);
    pairs.emplace_back(m_symbols.intern(kMetricNameLabel), m_symbols.intern(metric));
    for (const auto &[k, v] : labels)
        pairs.emplace_back(m_symbols.intern(k), m_symbols.intern(v));
    return pairs;
}

std::optional<std::vector<SeriesIndex::Pair>> SeriesIndex::lookupKey(std::string_view metric,
                                                                     const Labels &labels) const
{
    std::vector<Pair> pairs;
    pairs.reserve(labels.size() + 1);
    const auto name = m_symbols.find(kMetricNameLabel);
    const auto value = m_symbols.find(metric);
    if (!name || !value)
        return std::nullopt;
    pairs.emplace_back(*name, *value);
    for (const auto &[k, v] : labels) {
        const auto ks = m_symbols.find(k);
        const auto vs = m_symbols.find(v);
        if (!ks || !vs)
            return std::nullopt;
        pairs.emplace_back(*ks, *vs);
    }
    return pairs;
}

bool SeriesIndex::equalAt(SeriesId id, const std::vector<Pair> &pairs) const
{
    const std::uint32_t b = m_offsets[id], e = m_offsets[id + 1];
    return e - b == pairs.size() && std::equal(pairs.begin(), pairs.end(), m_pairs.begin() + b);
}

std::pair<SeriesId, bool> SeriesIndex::getOrCreate(std::string_view metric, const Labels &labels)
{
    if (const auto found = find(metric, labels))
        return {*found, false};
    const std::vector<Pair> pairs = keyOf(metric, labels, true);
    const auto id = static_cast<SeriesId>(size());
    m_pairs.insert(m_pairs.end(), pairs.begin(), pairs.end());
    m_offsets.push_back(static_cast<std::uint32_t>(m_pairs.size()));
    m_byHash.emplace(hashOf(pairs), id);
    for (const Pair &p : pairs) {
        auto [it, inserted] = m_postings.try_emplace(postingKey(p));
        if (inserted)
            m_valuesByName[p.first].push_back(p.second);
        it->second.push_back(id); // ids only grow, so postings stay sorted
    }
    return {id, true};
}

std::optional<SeriesId> SeriesIndex::find(std::string_view metric, const Labels &labels) const
{
    const auto pairs = lookupKey(metric, labels);
    if (!pairs)
        return std::nullopt;
    const auto [b, e] = m_byHash.equal_range(hashOf(*pairs));
    for (auto it = b; it != e; ++it)
        if (equalAt(it->second, *pairs))
            return it->second;
    return std::nullopt;
}

void SeriesIndex::forget(const std::vector<SeriesId> &ids)
{
    std::vector<SeriesId> going;
    for (SeriesId id : ids) {
        if (id >= size() || forgotten(id))
            continue;
        if (m_forgotten.size() < size())
            m_forgotten.resize(size(), false);
        m_forgotten[id] = true;
        ++m_forgottenCount;
        going.push_back(id);
    }
    if (going.empty())
        return;
    // Postings hold ids in increasing order: each one touched is filtered once.
    std::vector<std::uint64_t> touched;
    for (SeriesId id : going) {
        std::vector<Pair> pairs(m_pairs.begin() + m_offsets[id], m_pairs.begin() + m_offsets[id + 1]);
        const auto [b, e] = m_byHash.equal_range(hashOf(pairs));
        for (auto it = b; it != e; ++it)
            if (it->second == id) {
                m_byHash.erase(it);
                break;
            }
        for (const Pair &p : pairs)
            touched.push_back(postingKey(p));
    }
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    for (std::uint64_t key : touched) {
        const auto it = m_postings.find(key);
        if (it == m_postings.end())
            continue;
        std::erase_if(it->second, [this](SeriesId id) { return m_forgotten[id]; });
        if (!it->second.empty())
            continue;
        // A label value no series has any more: gone from the label lists too.
        const auto name = static_cast<std::uint32_t>(key >> 32);
        const auto value = static_cast<std::uint32_t>(key & 0xffffffffu);
        m_postings.erase(it);
        if (const auto values = m_valuesByName.find(name); values != m_valuesByName.end()) {
            std::erase(values->second, value);
            if (values->second.empty())
                m_valuesByName.erase(values);
        }
    }
    compactPairs();
}

void SeriesIndex::compactPairs()
{
    // A forgotten series keeps an empty range; the others' pairs move down over the gaps.
    std::uint32_t to = 0;
    for (SeriesId id = 0; id < size(); ++id) {
        const std::uint32_t b = m_offsets[id], e = m_offsets[id + 1];
        m_offsets[id] = to;
        if (!forgotten(id))
            for (std::uint32_t i = b; i < e; ++i)
                m_pairs[to++] = m_pairs[i];
    }
    m_offsets[size()] = to;
    m_pairs.resize(to);
    m_pairs.shrink_to_fit();
}

std::string SeriesIndex::metric(SeriesId id) const
{
    if (m_offsets[id] == m_offsets[id + 1])
        return std::string();
    return m_symbols.str(m_pairs[m_offsets[id]].second);
}

Labels SeriesIndex::labels(SeriesId id) const
{
    Labels out;
    for (std::uint32_t i = m_offsets[id] + 1; i < m_offsets[id + 1]; ++i)
        out.emplace_hint(out.end(), m_symbols.str(m_pairs[i].first),
                         m_symbols.str(m_pairs[i].second)); // pairs keep Labels order
    return out;
}

const std::string *SeriesIndex::labelValue(SeriesId id, std::uint32_t nameSymbol) const
{
    for (std::uint32_t i = m_offsets[id]; i < m_offsets[id + 1]; ++i)
        if (m_pairs[i].first == nameSymbol)
            return &m_symbols.str(m_pairs[i].second);
    return nullptr;
}

std::vector<SeriesId> SeriesIndex::select(const std::vector<LabelMatcher> &matchers) const
{
    // Intersect the postings of the non-empty equality matchers, then filter by the others.
    std::vector<SeriesId> ids;
    bool seeded = false;
    for (const LabelMatcher &m : matchers) {
        if (m.op() != MatchOp::Equal || m.value().empty())
            continue;
        const auto name = m_symbols.find(m.name());
        const auto value = m_symbols.find(m.value());
        const auto it = name && value ? m_postings.find(postingKey({*name, *value})) : m_postings.end();
        if (it == m_postings.end())
            return {};
        if (!seeded) {
            ids = it->second;
            seeded = true;
        } else {
            std::vector<SeriesId> both;
            std::set_intersection(ids.begin(), ids.end(), it->second.begin(), it->second.end(),
                                  std::back_inserter(both));
            ids.swap(both);
        }
        if (ids.empty())
            return ids;
    }
    if (!seeded) {
        ids.reserve(liveCount());
        for (SeriesId i = 0; i < size(); ++i)
            if (!forgotten(i))
                ids.push_back(i);
    }
    static const std::string kEmpty;
    for (const LabelMatcher &m : matchers) {
        if (m.op() == MatchOp::Equal && !m.value().empty())
            continue;
        const auto name = m_symbols.find(m.name());
        std::erase_if(ids, [&](SeriesId id) {
            const std::string *v = name ? labelValue(id, *name) : nullptr;
            return !m.matches(v ? *v : kEmpty);
        });
    }
    return ids;
}

std::vector<std::string> SeriesIndex::labelNames() const
{
    std::vector<std::string> out;
    for (const auto &[name, values] : m_valuesByName)
        out.push_back(m_symbols.str(name));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> SeriesIndex::labelValues(const std::string &name) const
{
    std::vector<std::string> out;
    const auto sym = m_symbols.find(name);
    const auto it = sym ? m_valuesByName.find(*sym) : m_valuesByName.end();
    if (it != m_valuesByName.end())
        for (std::uint32_t v : it->second)
            out.push_back(m_symbols.str(v));
    std::sort(out.begin(), out.end());
    return out;
}

std::size_t SeriesIndex::approximateBytes() const
{
    std::size_t bytes = m_pairs.capacity() * sizeof(Pair) + m_offsets.capacity() * 4 + m_forgotten.capacity() / 8;
    bytes += m_byHash.size() * 32 + m_byHash.bucket_count() * 8;
    bytes += m_postings.size() * 48 + m_postings.bucket_count() * 8;
    for (const auto &[k, v] : m_postings)
        bytes += v.capacity() * sizeof(SeriesId);
    for (std::size_t i = 0; i < m_symbols.size(); ++i)
        bytes += 48 + m_symbols.str(static_cast<std::uint32_t>(i)).capacity();
    return bytes;
}

} // namespace sn::tsdb
