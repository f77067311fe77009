// Log lines from a source the engine tails: the header split (LogFormat), the source's masks and
// the template miner, as LogParser runs them in intake. Each line of the input goes through the
// parsers of the Loghub sources' published settings (formats and masks as in
// drain_benchmark_settings.json, OpenStack's catastrophic-looking masks included), and the first
// line is also tried as a format string of its own.
#include "backend/logs/log_parser.h"
#include "fuzz/fuzz_input.h"

#include <array>
#include <memory>
#include <vector>

SN_FUZZ_QUIET_QT

namespace {

struct Source {
    const char *format;
    std::vector<std::string> masks;
};

const std::vector<Source> &sources()
{
    static const std::vector<Source> all = {
        {"<Date> <Time> <Pid> <Level> <Component>: <Content>", {R"(blk_-?\d+)", R"((\d+\.){3}\d+(:\d+)?)"}},
        {R"(<Date> <Time> <Level> \[<Process>\] <Component>: <Content>)", {R"((\d+\.){3}\d+)"}},
        {"<Label> <Timestamp> <Date> <Node> <Time> <NodeRepeat> <Type> <Component> <Level> <Content>",
         {R"(core\.\d+)"}},
        {R"(<Label> <Timestamp> <Date> <User> <Month> <Day> <Time> <Location> <Component>(\[<PID>\])?: <Content>)",
         {R"((\d+\.){3}\d+)"}},
        {R"(<Logrecord> <Date> <Time> <Pid> <Level> <Component> \[<ADDR>\] <Content>)",
         {R"(((\d+\.){3}\d+,?)+)", R"(/.+?\s)", R"(\d+)"}},
    };
    return all;
}

// Compiled once: std::regex compilation would otherwise be most of each run.
const std::vector<sn::logs::RegexMasks> &compiledMasks()
{
    static const std::vector<sn::logs::RegexMasks> all = [] {
        std::vector<sn::logs::RegexMasks> out;
        for (const Source &s : sources())
            out.push_back(*sn::logs::RegexMasks::compile(s.masks));
        return out;
    }();
    return all;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text = sn::fuzz::text(data, size);
    std::vector<sn::logs::LogParser> parsers;
    for (std::size_t i = 0; i < sources().size(); ++i)
        parsers.emplace_back(*sn::logs::LogFormat::parse(sources()[i].format), compiledMasks()[i],
                             sn::logs::MinerConfig{});
    const std::string_view firstLine = text.substr(0, text.find('\n'));
    if (auto own = sn::logs::LogFormat::parse(firstLine))
        parsers.emplace_back(std::move(*own), sn::logs::RegexMasks{}, sn::logs::MinerConfig{});

    std::size_t begin = 0;
    while (begin <= text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = text.substr(begin, end - begin);
        for (auto &parser : parsers) {
            const auto &parsed = parser.add(line);
            if (parsed.match.id != 0)
                (void)parser.miner().parameters(parsed.match.id, parsed.header.content);
        }
        begin = end + 1;
    }
    return 0;
}
