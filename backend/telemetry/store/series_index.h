#pragma once
// The series index: (metric, labels) -> series id, postings per label pair for matchers, and
// interned strings so 100,000 series with the same few hundred label values cost a few hundred
// bytes each, not a copy of every string. Not synchronized: the store guards it with a
// shared mutex (many readers, one writer that only locks it to create or forget series).
//
// Series come and go (a GPU's `job` label makes new ones for every job): the store forgets a
// series once none of its samples is kept. A forgotten id is never given again; it keeps 4 bytes
// here (its place in the offsets) and names no metric and no labels. The label strings
// themselves stay interned.

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
// What seriesRef gives when the store holds as many series as it may (StoreOptions::maxSeries):
// samples for it are counted as rejected.
inline constexpr SeriesId kNoSeries = 0xffffffffu;

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

    // Forgets the series: find, select and the label lists no longer see them; their pairs are
    // given back. Ids already forgotten or never made are passed over.
    void forget(const std::vector<SeriesId> &ids);
    bool forgotten(SeriesId id) const { return id < m_forgotten.size() && m_forgotten[id]; }

    std::string metric(SeriesId id) const;                    // empty when forgotten
    Labels labels(SeriesId id) const;                         // without __name__; empty when forgotten
    std::size_t size() const { return m_offsets.size() - 1; } // ids ever given, forgotten ones too
    std::size_t liveCount() const { return size() - m_forgottenCount; }

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

    void compactPairs();

    SymbolTable m_symbols;
    std::vector<Pair> m_pairs;               // every series' pairs, back to back
    std::vector<std::uint32_t> m_offsets{0}; // series id -> first pair; size()+1 entries
    std::unordered_multimap<std::uint64_t, SeriesId> m_byHash;
    std::unordered_map<std::uint64_t, std::vector<SeriesId>> m_postings;
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> m_valuesByName;
    std::vector<bool> m_forgotten; // by id; grows with forget() only
    std::size_t m_forgottenCount = 0;
};

} // namespace sn::tsdb
