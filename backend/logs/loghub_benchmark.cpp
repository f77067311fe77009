#include "backend/logs/loghub_benchmark.h"

#include "backend/logs/grouping_accuracy.h"
#include "backend/logs/log_parser.h"

#include <fstream>
#include <set>

namespace sn::logs {

Result<LoghubScore> scoreLoghubDataset(const std::string &dir, const LogSourceSettings &settings)
{
    auto parser = LogParser::fromSettings(settings);
    if (!parser)
        return parser.error();
    const std::string logPath = dir + "/" + settings.logFile;
    std::ifstream in(logPath, std::ios::binary);
    if (!in)
        return notFound("cannot read " + logPath);
    auto truth = readCsvColumn(logPath + "_structured_corrected.csv", "EventId");
    if (!truth)
        return truth.error();
    LoghubScore score;
    score.dataset = settings.name;
    std::vector<std::uint32_t> predicted;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty())
            continue;
        const ParsedLine &p = parser->add(line);
        score.headerMismatches += !p.headerMatched;
        predicted.push_back(p.match.id);
    }
    if (predicted.size() != truth->size())
        return invalidArgument(logPath + ": " + std::to_string(predicted.size()) + " lines but the ground truth has " +
                               std::to_string(truth->size()));
    score.lines = predicted.size();
    score.templates = parser->miner().size();
    score.truthTemplates = std::set<std::string>(truth->begin(), truth->end()).size();
    score.groupingAccuracy = groupingAccuracy(predicted, *truth);
    return score;
}

} // namespace sn::logs
