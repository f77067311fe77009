#include "backend/logs/template_miner.h"

#include <algorithm>
#include <cstdio>

namespace sn::logs {

namespace {

constexpr std::size_t kCacheSize = std::size_t(1) << 16; // entries; cleared when half full
constexpr std::uint64_t kFnvOffset = 1469598103934665603ull;
constexpr std::uint64_t kFnvPrime = 1099511628211ull;
constexpr std::uint64_t kWildcardHash = 0x9e3779b97f4a7c15ull;

std::uint64_t fnv(std::string_view s, std::uint64_t h = kFnvOffset)
{
    for (unsigned char c : s)
        h = (h ^ c) * kFnvPrime;
    return h;
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

bool isWildcard(const std::string &t)
{
    return t.size() == 3 && t[0] == '<' && t[1] == '*' && t[2] == '>';
}

} // namespace

std::string LogTemplate::text() const
{
    std::string s;
    for (const std::string &t : tokens) {
        if (!s.empty())
            s += ' ';
        s += t;
    }
    return s;
}

std::string templateIdText(std::uint32_t id)
{
    char buf[9];
    std::snprintf(buf, sizeof buf, "%08x", id);
    return buf;
}

TemplateMiner::TemplateMiner(MinerConfig config)
    : m_config(config), m_tokenLevels(std::max(1, config.depth - 3)), m_nodes(1)
{
}

MatchResult TemplateMiner::add(std::string_view content)
{
    return lookup(content, true);
}

MatchResult TemplateMiner::match(std::string_view content)
{
    return lookup(content, false);
}

const LogTemplate *TemplateMiner::find(std::uint32_t id) const
{
    const auto it = m_byId.find(id);
    return it == m_byId.end() ? nullptr : &m_slots[it->second].tmpl;
}

std::vector<const LogTemplate *> TemplateMiner::templates() const
{
    std::vector<const LogTemplate *> out;
    out.reserve(m_byId.size());
    for (const auto &[id, slot] : m_byId)
        out.push_back(&m_slots[slot].tmpl);
    std::sort(out.begin(), out.end(), [](const LogTemplate *a, const LogTemplate *b) { return a->id < b->id; });
    return out;
}

std::vector<std::string> TemplateMiner::parameters(std::uint32_t id, std::string_view content) const
{
    std::vector<std::string> out;
    const LogTemplate *t = find(id);
    if (!t)
        return out;
    TokenizedLine line;
    tokenize(content, m_config.limits, line);
    for (std::size_t i = 0; i < line.tokens.size() && i < t->tokens.size(); ++i)
        if (isWildcard(t->tokens[i]))
            out.emplace_back(line.tokens[i]);
    return out;
}

std::uint64_t TemplateMiner::signature(const TokenizedLine &line) const
{
    std::uint64_t h = line.tokens.size();
    for (std::size_t i = 0; i < line.tokens.size(); ++i)
        h = mix(h, isVariable(line.shapes[i]) ? kWildcardHash : fnv(line.tokens[i]));
    return h;
}

bool TemplateMiner::covers(const LogTemplate &t, const TokenizedLine &line) const
{
    if (t.tokens.size() != line.tokens.size())
        return false;
    for (std::size_t i = 0; i < t.tokens.size(); ++i) {
        if (isWildcard(t.tokens[i]))
            continue;
        if (isVariable(line.shapes[i]) || t.tokens[i] != line.tokens[i])
            return false;
    }
    return true;
}

int TemplateMiner::cacheFind(std::uint64_t hash) const
{
    if (m_cache.empty())
        return -1;
    const std::size_t mask = m_cache.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const CacheEntry &e = m_cache[i];
        if (e.slot < 0)
            return -1;
        if (e.hash == hash) {
            const Slot &s = m_slots[e.slot];
            return s.alive && s.tmpl.id == e.id ? e.slot : -1;
        }
    }
}

void TemplateMiner::cachePut(std::uint64_t hash, int slot)
{
    // Allocated at the first line, not with the miner: an engine that never sees a log line (a
    // test's, a fuzz input's) should not pay for clearing a megabyte.
    if (m_cache.empty())
        m_cache.resize(kCacheSize);
    if (m_cacheUsed * 2 >= m_cache.size()) {
        std::fill(m_cache.begin(), m_cache.end(), CacheEntry{});
        m_cacheUsed = 0;
    }
    const std::size_t mask = m_cache.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        CacheEntry &e = m_cache[i];
        if (e.slot < 0 || e.hash == hash) {
            m_cacheUsed += e.slot < 0;
            e = {hash, slot, m_slots[slot].tmpl.id};
            return;
        }
    }
}

int TemplateMiner::childFor(int node, std::string_view key, bool create)
{
    auto &children = m_nodes[node].children;
    if (const auto it = children.find(std::string(key)); it != children.end())
        return it->second;
    const auto wild = children.find(std::string(kWildcard));
    if (!create)
        return wild == children.end() ? -1 : wild->second;
    const bool room = children.size() < std::size_t(m_config.maxChildren) && m_nodes.size() < m_config.maxTreeNodes;
    if (!room && wild != children.end())
        return wild->second;
    // Past the limits every further token shares one <*> child: at most one extra node here.
    const std::string k = room ? std::string(key) : std::string(kWildcard);
    const int id = static_cast<int>(m_nodes.size());
    m_nodes.emplace_back();
    m_nodes[node].children.emplace(k, id);
    return id;
}

int TemplateMiner::leafFor(const TokenizedLine &line, bool create)
{
    int node = childFor(0, std::to_string(line.tokens.size()), create);
    for (int level = 0; node >= 0 && level < m_tokenLevels && std::size_t(level) < line.tokens.size(); ++level)
        node = childFor(node, isVariable(line.shapes[level]) ? kWildcard : line.tokens[level], create);
    return node;
}

int TemplateMiner::bestInLeaf(int leaf, const TokenizedLine &line) const
{
    int best = -1;
    double bestSim = -1;
    std::size_t bestParams = 0;
    const std::size_t n = line.tokens.size();
    for (int slot : m_nodes[leaf].templates) {
        const LogTemplate &t = m_slots[slot].tmpl;
        if (t.tokens.size() != n)
            continue;
        std::size_t same = 0, params = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (isWildcard(t.tokens[i]))
                ++params;
            else if (!isVariable(line.shapes[i]) && t.tokens[i] == line.tokens[i])
                ++same;
        }
        const double sim = double(same) / double(n);
        if (sim > bestSim || (sim == bestSim && params > bestParams)) {
            best = slot;
            bestSim = sim;
            bestParams = params;
        }
    }
    return bestSim >= m_config.similarity ? best : -1;
}

bool TemplateMiner::generalize(LogTemplate &t, const TokenizedLine &line) const
{
    bool changed = false;
    for (std::size_t i = 0; i < t.tokens.size(); ++i) {
        if (isWildcard(t.tokens[i]))
            continue;
        if (isVariable(line.shapes[i]) || t.tokens[i] != line.tokens[i]) {
            t.tokens[i] = std::string(kWildcard);
            changed = true;
        }
    }
    return changed;
}

int TemplateMiner::createTemplate(int leaf, const TokenizedLine &line)
{
    std::uint32_t id = static_cast<std::uint32_t>(signature(line) >> 32) ^ static_cast<std::uint32_t>(signature(line));
    while (id == 0 || m_byId.count(id))
        ++id;
    int slot;
    if (!m_freeSlots.empty()) {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
    } else {
        slot = static_cast<int>(m_slots.size());
        m_slots.emplace_back();
    }
    Slot &s = m_slots[slot];
    s.tmpl.id = id;
    s.tmpl.count = 0;
    s.tmpl.tokens.clear();
    for (std::size_t i = 0; i < line.tokens.size(); ++i)
        s.tmpl.tokens.emplace_back(isVariable(line.shapes[i]) ? kWildcard : line.tokens[i]);
    s.leaf = leaf;
    s.alive = true;
    s.lastUsed = ++m_clock;
    m_nodes[leaf].templates.push_back(slot);
    m_byId.emplace(id, slot);
    return slot;
}

void TemplateMiner::evictSlot(int slot)
{
    Slot &s = m_slots[slot];
    auto &list = m_nodes[s.leaf].templates;
    list.erase(std::remove(list.begin(), list.end(), slot), list.end());
    m_byId.erase(s.tmpl.id);
    s.alive = false;
    s.tmpl.tokens = {};
    m_freeSlots.push_back(slot);
    ++m_evicted;
}

void TemplateMiner::evictOldest()
{
    // In batches of a tenth, so that a flood of distinct lines sorts once per many insertions.
    std::vector<std::pair<std::uint64_t, int>> byAge;
    byAge.reserve(m_byId.size());
    for (const auto &[id, slot] : m_byId)
        byAge.emplace_back(m_slots[slot].lastUsed, slot);
    const std::size_t n = std::max<std::size_t>(1, m_config.maxTemplates / 10);
    std::nth_element(byAge.begin(), byAge.begin() + std::min(n, byAge.size()) - 1, byAge.end());
    for (std::size_t i = 0; i < n && i < byAge.size(); ++i)
        evictSlot(byAge[i].second);
}

MatchResult TemplateMiner::lookup(std::string_view content, bool learn)
{
    tokenize(content, m_config.limits, m_line);
    MatchResult r;
    r.truncated = m_line.truncated;
    if (m_line.tokens.empty())
        return r;
    const std::uint64_t hash = signature(m_line);
    int slot = cacheFind(hash);
    if (slot >= 0 && !covers(m_slots[slot].tmpl, m_line))
        slot = -1;
    if (slot < 0) {
        const int leaf = leafFor(m_line, learn);
        slot = leaf >= 0 ? bestInLeaf(leaf, m_line) : -1;
        if (slot < 0) {
            if (!learn)
                return r;
            if (m_nodes[leaf].templates.size() >= m_config.maxTemplatesPerLeaf) {
                const auto &list = m_nodes[leaf].templates;
                evictSlot(*std::min_element(list.begin(), list.end(), [this](int a, int b) {
                    return m_slots[a].lastUsed < m_slots[b].lastUsed;
                }));
            }
            slot = createTemplate(leaf, m_line);
            r.created = true;
        } else if (learn) {
            r.changed = generalize(m_slots[slot].tmpl, m_line);
        }
        if (learn)
            cachePut(hash, slot);
    }
    Slot &s = m_slots[slot];
    r.id = s.tmpl.id;
    if (learn) {
        ++s.tmpl.count;
        s.lastUsed = ++m_clock;
        if (r.created && m_byId.size() > m_config.maxTemplates) {
            evictOldest();
            if (!s.alive) // cannot happen: it is the newest; kept as a guard against a bad config
                r.id = 0;
        }
    }
    return r;
}

bool TemplateMiner::restore(std::uint32_t id, std::vector<std::string> tokens, std::uint64_t count)
{
    if (id == 0 || tokens.empty() || m_byId.count(id))
        return false;
    std::string joined;
    for (const std::string &t : tokens)
        joined += t + ' ';
    TokenizedLine line;
    tokenize(joined, m_config.limits, line);
    for (std::size_t i = 0; i < line.tokens.size(); ++i)
        if (line.tokens[i] == kWildcard)
            line.shapes[i] = TokenShape::HasDigit;
    if (line.tokens.size() != tokens.size())
        return false;
    const int leaf = leafFor(line, true);
    const int slot = createTemplate(leaf, line);
    Slot &s = m_slots[slot];
    m_byId.erase(s.tmpl.id);
    s.tmpl.id = id;
    s.tmpl.tokens = std::move(tokens);
    s.tmpl.count = count;
    m_byId.emplace(id, slot);
    return true;
}

} // namespace sn::logs
