#pragma once
// One source's whole path from a raw line to a template: header split (log_format.h), the
// source's own masks (regex_masks.h), then the template miner. What intake, supernodectl and
// the Loghub benchmark all use, so that they agree line for line.

#include "backend/logs/log_format.h"
#include "backend/logs/log_source_settings.h"
#include "backend/logs/regex_masks.h"
#include "backend/logs/template_miner.h"

#include <string>
#include <string_view>

namespace sn::logs {

struct ParsedLine {
    MatchResult match;
    bool headerMatched = false; // false: the line did not fit the format; the whole line was mined
    HeaderFields header;        // views into the line given to add(); valid until the next call
};

class LogParser {
public:
    LogParser() = default;
    LogParser(LogFormat format, RegexMasks masks, MinerConfig config);
    static Result<LogParser> fromSettings(const LogSourceSettings &settings);

    const ParsedLine &add(std::string_view line);
    TemplateMiner &miner() { return m_miner; }
    const TemplateMiner &miner() const { return m_miner; }
    const LogFormat &format() const { return m_format; }

private:
    LogFormat m_format;
    RegexMasks m_masks;
    TemplateMiner m_miner;
    ParsedLine m_parsed;
    std::string m_masked;
};

} // namespace sn::logs
