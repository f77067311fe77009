#include "backend/logs/log_query.h"

#include <algorithm>
#include <cctype>

namespace sn::logs {

namespace {
bool containsIgnoringCase(const std::string &text, const std::string &needle)
{
    const auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
    return std::search(text.begin(), text.end(), needle.begin(), needle.end(),
                       [&](char a, char b) { return lower(a) == lower(b); }) != text.end();
}

// "nvrm.xid" selects "nvrm.xid.79"; "nvrm.xid.79" only itself.
bool signatureMatches(const std::string &signature, const std::string &wanted)
{
    return signature == wanted || (signature.size() > wanted.size() &&
                                   signature.compare(0, wanted.size(), wanted) == 0 && signature[wanted.size()] == '.');
}
} // namespace

bool matchesLogQuery(const LogRecord &l, const LogQuery &q)
{
    if (!q.node.empty() && l.node != q.node)
        return false;
    if (!q.source.empty() && l.source != q.source)
        return false;
    if (q.gpu && l.gpu != *q.gpu)
        return false;
    if (!q.jobId.empty() && l.jobId != q.jobId)
        return false;
    if (q.minSeverity && l.severity < *q.minSeverity)
        return false;
    if (!q.templateId.empty() && l.templateId != q.templateId)
        return false;
    if (!q.signature.empty() && !signatureMatches(l.signature, q.signature))
        return false;
    if (!q.contains.empty()) {
        if (q.ignoreCase ? !containsIgnoringCase(l.text, q.contains) : l.text.find(q.contains) == std::string::npos)
            return false;
    }
    return true;
}

} // namespace sn::logs
