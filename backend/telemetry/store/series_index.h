#pragma once
// The series index: (metric, labels) -> series id, postings per label pair for matchers, and
// interned strings so 100,000 series with the same few hundred label values cost a few hundred
// bytes each, not a copy of every string. Not synchronized: the store guards it with a
// shared mutex (many readers, one writer that only locks it to create a series).

#include "backend/telemetry/metric_sample.h"
#include "backend/telemetry/store/label_matcher.h"

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sn::tsdb {

using SeriesId = std::uint32_t;

class SymbolTable {
public:
    std::uint32_t intern(std::string_view s);
    std::optional<std::uint32_t> find(std::string_view s) const;
    const std::string &str(std::uint32_t id) const { return m_strings[id]; }
    std::size_t size() const { return m_strings.size(); }

private:
    std::deque<std::string> m_strings; // a deque never moves its strings, so views stay valid
    std::unordered_map<std::string_view, std::uint32_t> m_ids;
};

class SeriesIndex {
public:
    // The id of the series, and whether this call created it.
    std::pair<SeriesId, bool> getOrCreate(std::string_view metric, const Labels &labels);
    std::optional<SeriesId> find(std::string_view metric, const Labels &labels) const;

    std::string metric(SeriesId id) const;
    Labels labels(SeriesId id) const; // without __name__
    std::size_t size() const { return m_offsets.size() - 1; }

    // Series matching every matcher, in increasing id order.
    std::vector<SeriesId> select(const std::vector<LabelMatcher> &matchers) const;
    std::vector<std::string> labelNames() const;
    std::vector<std::string> labelValues(const std::string &name) const;

    // Heap bytes held, for the memory benchmark (containers' own estimates).
    std::size_t approximateBytes() const;

private:
    using Pair = std::pair<std::uint32_t, std::uint32_t>; // name symbol, value symbol
    std::vector<Pair> keyOf(std::string_view metric, const Labels &labels, bool create);
    std::optional<std::vector<Pair>> lookupKey(std::string_view metric, const Labels &labels) const;
    static std::uint64_t hashOf(const std::vector<Pair> &pairs);
    bool equalAt(SeriesId id, const std::vector<Pair> &pairs) const;
    const std::string *labelValue(SeriesId id, std::uint32_t nameSymbol) const;
    static std::uint64_t postingKey(Pair p) { return (std::uint64_t{p.first} << 32) | p.second; }

    SymbolTable m_symbols;
    std::vector<Pair> m_pairs;               // every series' pairs, back to back
    std::vector<std::uint32_t> m_offsets{0}; // series id -> first pair; size()+1 entries
    std::unordered_multimap<std::uint64_t, SeriesId> m_byHash;
    std::unordered_map<std::uint64_t, std::vector<SeriesId>> m_postings;
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> m_valuesByName;
};

} // namespace sn::tsdb
