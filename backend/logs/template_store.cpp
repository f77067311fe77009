#include "backend/logs/template_store.h"

#include "backend/model/durable_file.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace sn::logs {

namespace {
constexpr const char *kHeader = "sn-log-templates 1";
}

std::string templatesToText(const TemplateMiner &miner)
{
    std::string out = std::string(kHeader) + "\n";
    for (const LogTemplate *t : miner.templates())
        out += templateIdText(t->id) + "\t" + std::to_string(t->count) + "\t" + t->text() + "\n";
    return out;
}

Status templatesFromText(const std::string &text, TemplateMiner &miner)
{
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line) || line != kHeader)
        return invalidArgument("line 1: expected '" + std::string(kHeader) + "'");
    for (int n = 2; std::getline(in, line); ++n) {
        if (line.empty())
            continue;
        const std::string where = "line " + std::to_string(n) + ": ";
        const std::size_t tab1 = line.find('\t');
        const std::size_t tab2 = tab1 == std::string::npos ? tab1 : line.find('\t', tab1 + 1);
        if (tab2 == std::string::npos)
            return invalidArgument(where + "expected id, count and template separated by tabs");
        const std::string idText = line.substr(0, tab1), countText = line.substr(tab1 + 1, tab2 - tab1 - 1);
        if (idText.size() != 8 || idText.find_first_not_of("0123456789abcdef") != std::string::npos)
            return invalidArgument(where + "template id '" + idText + "' is not 8 lower-case hex digits");
        if (countText.empty() || countText.find_first_not_of("0123456789") != std::string::npos ||
            countText.size() > 19)
            return invalidArgument(where + "count '" + countText + "' is not a whole number");
        std::vector<std::string> tokens;
        std::istringstream words(line.substr(tab2 + 1));
        for (std::string w; words >> w;)
            tokens.push_back(w);
        if (tokens.empty())
            return invalidArgument(where + "empty template");
        const auto id = static_cast<std::uint32_t>(std::stoul(idText, nullptr, 16));
        if (!miner.restore(id, std::move(tokens), std::stoull(countText)))
            return invalidArgument(where + "template " + idText + " is a duplicate or has too many tokens");
    }
    return success();
}

Status saveTemplates(const TemplateMiner &miner, const std::string &path)
{
    // Templates are mined from log lines, which may hold anything: readable by the owner only.
    return replaceFileDurably(path, templatesToText(miner), 0600);
}

Status loadTemplates(const std::string &path, TemplateMiner &miner)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return notFound("cannot read " + path);
    std::stringstream buf;
    buf << in.rdbuf();
    auto r = templatesFromText(buf.str(), miner);
    if (!r)
        return invalidArgument(path + ", " + r.error().message);
    return r;
}

} // namespace sn::logs
