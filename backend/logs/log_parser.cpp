#include "backend/logs/log_parser.h"

namespace sn::logs {

LogParser::LogParser(LogFormat format, RegexMasks masks, MinerConfig config)
    : m_format(std::move(format)), m_masks(std::move(masks)), m_miner(config)
{
}

Result<LogParser> LogParser::fromSettings(const LogSourceSettings &settings)
{
    auto format = LogFormat::parse(settings.format);
    if (!format)
        return format.error();
    auto masks = RegexMasks::compile(settings.masks);
    if (!masks)
        return masks.error();
    return LogParser(std::move(*format), std::move(*masks), settings.minerConfig());
}

const ParsedLine &LogParser::add(std::string_view line)
{
    // The header matcher and the masks see at most the miner's byte limit: a 1 MB line costs
    // no more than a 16 KB one.
    const std::size_t limit = m_miner.config().limits.maxLineBytes;
    const bool cut = line.size() > limit;
    if (cut)
        line = line.substr(0, limit);
    m_format.split(line, m_parsed.header);
    m_parsed.headerMatched = m_parsed.header.matched;
    if (m_masks.empty()) {
        m_parsed.match = m_miner.add(m_parsed.header.content);
    } else {
        m_masked = m_masks.apply(m_parsed.header.content);
        m_parsed.match = m_miner.add(m_masked);
    }
    m_parsed.match.truncated = m_parsed.match.truncated || cut;
    return m_parsed;
}

} // namespace sn::logs
