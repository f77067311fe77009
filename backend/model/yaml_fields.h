#pragma once
// Reading typed fields of a YAML map with errors that point at the node at fault: the building
// blocks of the cluster.yaml reader (cluster_yaml_read.cpp). yaml-cpp types stay inside
// backend/model; nothing outside includes this header.

#include "backend/model/cluster_spec.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sn::yaml_fields {

struct ReadError {
    YAML::Mark mark;
    std::string message;
};

[[noreturn]] void fail(const YAML::Mark &mark, std::string message);
std::string quote(const std::string &path);
std::string describe(const YAML::Node &node);
std::size_t editDistance(std::string_view a, std::string_view b);

// One "key: value" of a map. A key written with no value ("count:") yields a null value whose
// mark points past the line, so errors about it point at the key instead.
struct Field {
    YAML::Node key;
    YAML::Node value;
    std::string path; // "nodes[0].gpus.count", as messages name it
    YAML::Mark mark() const { return value.IsNull() ? key.Mark() : value.Mark(); }
};

class MapFields {
public:
    MapFields(const Field &field, std::string where, std::initializer_list<const char *> allowed, bool checkKeys = true)
        : m_mark(field.mark()), m_path(field.path), m_where(std::move(where)), m_allowed(allowed)
    {
        if (!field.value.IsMap())
            fail(m_mark,
                 (m_path.empty() ? "the file" : quote(m_path)) + " expects a map, got " + describe(field.value));
        for (auto it = field.value.begin(); it != field.value.end(); ++it) {
            if (!it->first.IsScalar())
                fail(it->first.Mark(), "keys " + m_where + " must be plain names, got " + describe(it->first));
            const std::string key = it->first.Scalar();
            if (m_fields.count(key))
                fail(it->first.Mark(), "duplicate key '" + key + "' " + m_where + " (first at line " +
                                           std::to_string(m_fields[key].key.Mark().line + 1) + ")");
            m_fields[key] = Field{it->first, it->second, m_path.empty() ? key : m_path + "." + key};
            m_order.push_back(key);
        }
        if (checkKeys)
            rejectUnknownKeys();
    }

    void rejectUnknownKeys() const
    {
        for (const auto &key : m_order) {
            if (std::find(m_allowed.begin(), m_allowed.end(), key) != m_allowed.end())
                continue;
            std::string message = "unknown key '" + key + "' " + m_where + " (";
            for (std::string_view allowed : m_allowed)
                if (editDistance(key, allowed) <= 2) {
                    message += "did you mean '" + std::string(allowed) + "'? ";
                    break;
                }
            message += "expected one of: ";
            for (std::size_t i = 0; i < m_allowed.size(); ++i)
                message += (i ? ", " : "") + std::string(m_allowed[i]);
            fail(m_fields.at(key).key.Mark(), message + ")");
        }
    }

    // Present with a value; a section written as "key:" with nothing after it counts as absent.
    const Field *find(const char *key) const
    {
        const auto it = m_fields.find(key);
        return it == m_fields.end() || it->second.value.IsNull() ? nullptr : &it->second;
    }

    const Field &require(const char *key, const std::string &example) const
    {
        if (const Field *f = find(key))
            return *f;
        const auto it = m_fields.find(key);
        fail(it != m_fields.end() ? it->second.key.Mark() : m_mark, (m_path.empty() ? "the file" : quote(m_path)) +
                                                                        " is missing required key '" + key +
                                                                        "' (expected e.g. " + example + ")");
    }

    const std::string &path() const { return m_path; }

private:
    YAML::Mark m_mark;
    std::string m_path;
    std::string m_where;
    std::vector<const char *> m_allowed;
    std::map<std::string, Field> m_fields;
    std::vector<std::string> m_order;
};

std::string readString(const Field &f);
std::string readName(const Field &f);
long long readInt(const Field &f, long long min, long long max);
int readInt32(const Field &f, int min, int max);
std::uint64_t readUnsigned(const Field &f);
double readNumber(const Field &f, double min, double max, const char *unit);
std::int64_t readBytes(const Field &f);
double readGbps(const Field &f);
std::int64_t readDurationMs(const Field &f, std::int64_t minMs, std::int64_t maxMs);
bool readBool(const Field &f); // true/false (YAML 1.2 core schema, no yes/no)
LinkType readLinkType(const Field &f, std::initializer_list<LinkType> allowed, const char *expected);
const YAML::Node &requireSequence(const Field &f, const std::string &example);
Field entry(const Field &sequence, std::size_t i);

inline constexpr std::initializer_list<LinkType> kFabricTypes{LinkType::Roce, LinkType::InfiniBand, LinkType::Ethernet};
inline constexpr const char *kFabricNames = "roce, infiniband (or ib), ethernet";

// Names and indices that must be unique: remembers where each was first seen.
template <typename Key> class UniqueCheck {
public:
    explicit UniqueCheck(std::string what) : m_what(std::move(what)) {}
    void add(const Key &key, const YAML::Mark &mark, const std::string &shown)
    {
        const auto [it, inserted] = m_seen.emplace(key, mark.line + 1);
        if (!inserted)
            fail(mark, "duplicate " + m_what + " " + shown + " (first at line " + std::to_string(it->second) + ")");
    }

private:
    std::string m_what;
    std::map<Key, int> m_seen;
};

} // namespace sn::yaml_fields
