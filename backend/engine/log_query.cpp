#include "backend/engine/log_query.h"

#include <algorithm>
#include <cctype>

namespace sn {

namespace {
Severity fromProto(pb::Severity s)
{
    switch (s) {
    case pb::SEVERITY_WARNING:
        return Severity::Warning;
    case pb::SEVERITY_ERROR:
        return Severity::Error;
    case pb::SEVERITY_CRITICAL:
        return Severity::Critical;
    default:
        return Severity::Info;
    }
}

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

bool matchesLogQuery(const LogRecord &l, const pb::LogQueryRequest &r)
{
    if (!r.node().empty() && l.node != r.node())
        return false;
    if (!r.source().empty() && l.source != r.source())
        return false;
    if (r.has_gpu() && l.gpu != r.gpu())
        return false;
    if (!r.job_id().empty() && l.jobId != r.job_id())
        return false;
    if (r.min_severity() != pb::SEVERITY_UNSPECIFIED && l.severity < fromProto(r.min_severity()))
        return false;
    if (!r.template_id().empty() && l.templateId != r.template_id())
        return false;
    if (!r.signature().empty() && !signatureMatches(l.signature, r.signature()))
        return false;
    if (!r.contains().empty()) {
        if (r.ignore_case() ? !containsIgnoringCase(l.text, r.contains())
                            : l.text.find(r.contains()) == std::string::npos)
            return false;
    }
    return true;
}

} // namespace sn
