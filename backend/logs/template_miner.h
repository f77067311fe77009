#pragma once
// A streaming Drain-family template miner (He et al., "Drain: An Online Log Parsing Approach
// with Fixed Depth Tree", ICWS 2017): each message is tokenized, variable tokens are masked
// by shape (token_mask.h), and a fixed-depth tree (token count, then the first tokens) leads
// to a short list of templates compared by token similarity. A matching template absorbs the
// line (differing positions become <*>); otherwise the line starts a new template.
//
// Two things make it fit an engine that runs for months on untrusted input:
//  - a fast path: the hash of the masked token sequence is looked up in a flat table of
//    signatures already seen, so a known line costs one tokenization, one probe and one
//    verification against the template, with no allocation;
//  - bounds: templates (least recently used evicted in batches), templates per tree leaf,
//    tree nodes, children per node, bytes and tokens per line. A flood of distinct lines
//    therefore costs bounded memory and bounded time per line.
//
// Ids are stable: a template's id is a hash of the masked tokens of the line that created it,
// kept while the template generalizes, saved and reloaded with it (template_store.h).
// Not thread-safe: one miner per intake thread.

#include "backend/logs/line_tokenizer.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sn::logs {

inline constexpr std::string_view kWildcard = "<*>";

struct MinerConfig {
    int depth = 4;           // Drain's depth: root, length, depth-3 token levels, leaf
    double similarity = 0.5; // Drain's st: share of equal non-wildcard tokens needed to join
    int maxChildren = 100;   // per tree node; further tokens share the <*> child
    std::size_t maxTemplates = 20000;
    std::size_t maxTemplatesPerLeaf = 256;
    std::size_t maxTreeNodes = 200000;
    TokenizerLimits limits;
};

struct LogTemplate {
    std::uint32_t id = 0;
    std::vector<std::string> tokens; // kWildcard marks a parameter
    std::uint64_t count = 0;         // lines absorbed
    std::string text() const;        // tokens joined by one space
};

struct MatchResult {
    std::uint32_t id = 0;   // 0: no template (an empty message, or match() found none)
    bool created = false;   // the line started a new template
    bool changed = false;   // the line generalized its template
    bool truncated = false; // the line was cut at the byte or token limit
};

// "0a1b2c3d": how ids are printed and parsed everywhere.
std::string templateIdText(std::uint32_t id);

class TemplateMiner {
public:
    explicit TemplateMiner(MinerConfig config = {});

    // Learns from one message (the content after the header, see log_format.h).
    MatchResult add(std::string_view content);
    // Finds the template a message belongs to without learning (id 0 when none is close enough).
    MatchResult match(std::string_view content);

    const LogTemplate *find(std::uint32_t id) const;
    std::vector<const LogTemplate *> templates() const; // by id
    std::size_t size() const { return m_byId.size(); }
    std::uint64_t evicted() const { return m_evicted; }
    const MinerConfig &config() const { return m_config; }

    // The parameters (the tokens at wildcard positions) of a message matched to `id`.
    std::vector<std::string> parameters(std::uint32_t id, std::string_view content) const;

    // Puts back a saved template (template_store.h); false when its id is taken.
    bool restore(std::uint32_t id, std::vector<std::string> tokens, std::uint64_t count);

private:
    struct Node {
        std::unordered_map<std::string, int> children;
        std::vector<int> templates; // leaf only: indices into m_slots
    };
    struct Slot {
        LogTemplate tmpl;
        std::uint64_t lastUsed = 0;
        int leaf = -1;
        bool alive = false;
    };
    struct CacheEntry {
        std::uint64_t hash = 0;
        int slot = -1;
        std::uint32_t id = 0;
    };

    MatchResult lookup(std::string_view content, bool learn);
    std::uint64_t signature(const TokenizedLine &line) const;
    bool covers(const LogTemplate &t, const TokenizedLine &line) const;
    int leafFor(const TokenizedLine &line, bool create);
    int childFor(int node, std::string_view key, bool create);
    int bestInLeaf(int leaf, const TokenizedLine &line) const;
    int createTemplate(int leaf, const TokenizedLine &line);
    bool generalize(LogTemplate &t, const TokenizedLine &line) const;
    void evictSlot(int slot);
    void evictOldest();
    int cacheFind(std::uint64_t hash) const;
    void cachePut(std::uint64_t hash, int slot);

    MinerConfig m_config;
    int m_tokenLevels = 1;
    std::vector<Node> m_nodes; // m_nodes[0] is the root; its children are token counts
    std::vector<Slot> m_slots;
    std::vector<int> m_freeSlots;
    std::unordered_map<std::uint32_t, int> m_byId;
    std::vector<CacheEntry> m_cache; // open addressing, power-of-two size; empty until the first line
    std::size_t m_cacheUsed = 0;
    std::uint64_t m_clock = 0;
    std::uint64_t m_evicted = 0;
    TokenizedLine m_line; // reused between calls
};

} // namespace sn::logs
