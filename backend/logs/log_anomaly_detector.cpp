#include "backend/logs/log_anomaly_detector.h"

#include <algorithm>
#include <cmath>

namespace sn::logs {

namespace {
constexpr double kBaselineAlpha = 0.2; // per window: a baseline that follows a day's rhythm
constexpr std::size_t kMaxCatchUpWindows = 60;
} // namespace

LogAnomalyDetector::LogAnomalyDetector(LogAnomalyConfig config) : m_config(config) {}

Event LogAnomalyDetector::eventFor(const LogRecord &line, const MatchResult &match, const char *detector) const
{
    Event e;
    e.timeMs = line.timeMs;
    e.node = line.node;
    e.gpu = line.gpu;
    e.jobId = line.jobId;
    e.templateId = templateIdText(match.id);
    e.simulated = line.simulated;
    e.evidence.series = "logs:" + (line.node.empty() ? std::string("cluster") : line.node) + "/" + line.source;
    e.evidence.detector = detector;
    return e;
}

void LogAnomalyDetector::evictRates()
{
    if (m_rates.size() <= m_config.maxTrackedTemplates)
        return;
    // Drop the least recently seen tenth in one go, so eviction is not paid on every line.
    std::vector<std::pair<std::uint64_t, std::uint32_t>> byAge;
    byAge.reserve(m_rates.size());
    for (const auto &[id, r] : m_rates)
        byAge.emplace_back(r.lastSeen, id);
    const std::size_t drop = std::max<std::size_t>(1, m_rates.size() / 10);
    std::nth_element(byAge.begin(), byAge.begin() + static_cast<std::ptrdiff_t>(drop), byAge.end());
    for (std::size_t i = 0; i < drop; ++i)
        m_rates.erase(byAge[i].second);
}

void LogAnomalyDetector::evictNodes()
{
    if (m_nodes.size() < std::max<std::size_t>(1, m_config.maxTrackedNodes))
        return;
    // Room for one more: the least recently seen tenth goes (an error burst in progress there
    // is forgotten; a hostname not seen for that long is not bursting).
    std::vector<std::pair<std::uint64_t, std::string>> byAge;
    byAge.reserve(m_nodes.size());
    for (const auto &[name, n] : m_nodes)
        byAge.emplace_back(n.lastSeen, name);
    const std::size_t drop = std::max<std::size_t>(1, m_nodes.size() / 10);
    std::nth_element(byAge.begin(), byAge.begin() + static_cast<std::ptrdiff_t>(drop - 1), byAge.end());
    for (std::size_t i = 0; i < drop; ++i)
        m_nodes.erase(byAge[i].second);
}

std::vector<Event> LogAnomalyDetector::add(const LogRecord &line, const MatchResult &match, const LogTemplate *tmpl)
{
    const auto templateText = [&] { return tmpl ? tmpl->text() : line.text; };
    std::vector<Event> out;
    if (match.id == 0)
        return out;
    const std::int64_t now = line.timeMs;
    if (!m_started) {
        m_started = true;
        m_firstMs = now;
    }
    ++m_sequence;
    if (!m_nodes.contains(line.node))
        evictNodes();
    NodeState &node = m_nodes[line.node];
    node.lastSeen = m_sequence;
    const std::int64_t w = m_config.windowMs;

    if (match.created && now - m_firstMs >= m_config.warmUpMs) {
        if (now >= node.newWindowStartMs + w || now < node.newWindowStartMs) {
            node.newWindowStartMs = now;
            node.newInWindow = 0;
        }
        if (node.newInWindow++ < m_config.newTemplateEventsPerWindow) {
            Event e = eventFor(line, match, "log.new_template");
            e.kind = "log.new_template";
            e.severity = line.severity >= Severity::Warning ? Severity::Warning : Severity::Info;
            e.message = "New kind of log line from " + (line.node.empty() ? "the cluster" : line.node) + " (" +
                        line.source + "), template " + e.templateId + ": " + templateText();
            out.push_back(std::move(e));
        }
    }

    Rate &r = m_rates[match.id];
    r.lastSeen = m_sequence;
    if (r.windows == 0 && r.count == 0 && r.windowStartMs == 0)
        r.windowStartMs = now;
    if (now < r.windowStartMs - w) {
        // The clock jumped back: start the window again rather than pile every line into it.
        r.windowStartMs = now;
        r.count = 0;
    } else if (now >= r.windowStartMs + w) {
        // Close the window, and the empty ones after it, into the baseline.
        const std::int64_t passed = (now - r.windowStartMs) / w;
        r.baseline = r.windows == 0 ? static_cast<double>(r.count)
                                    : (1 - kBaselineAlpha) * r.baseline + kBaselineAlpha * static_cast<double>(r.count);
        for (std::int64_t i = 1; i < std::min<std::int64_t>(passed, kMaxCatchUpWindows); ++i)
            r.baseline *= 1 - kBaselineAlpha;
        // A jump forward by days counts as a few empty windows, not as days of history.
        r.windows += static_cast<std::size_t>(std::min<std::int64_t>(passed, kMaxCatchUpWindows));
        r.windowStartMs += passed * w;
        r.count = 0;
        r.alerted = false;
    }
    ++r.count; // a clock that jumped back counts into the current window
    if (!r.alerted && r.windows >= m_config.rateWarmUpWindows && r.count >= m_config.rateMinCount &&
        static_cast<double>(r.count) > m_config.rateFactor * std::max(1.0, r.baseline)) {
        r.alerted = true;
        Event e = eventFor(line, match, "log.rate");
        e.kind = "log.rate_spike";
        e.severity = line.severity >= Severity::Error ? Severity::Error : Severity::Warning;
        e.evidence.value = static_cast<double>(r.count);
        e.evidence.bandLow = 0;
        e.evidence.bandHigh = m_config.rateFactor * std::max(1.0, r.baseline);
        e.evidence.peakValue = e.evidence.value;
        e.message = "Log template " + e.templateId + " from " + (line.node.empty() ? "the cluster" : line.node) +
                    " at " + std::to_string(r.count) + " lines in " + std::to_string(w / 1000) + " s, usually about " +
                    std::to_string(static_cast<long>(std::lround(r.baseline))) + ": " + templateText();
        out.push_back(std::move(e));
    }
    evictRates();

    if (line.severity >= Severity::Error) {
        node.errorTimes.push_back(now);
        while (!node.errorTimes.empty() && (node.errorTimes.front() <= now - w || node.errorTimes.front() > now))
            node.errorTimes.pop_front();
        while (node.errorTimes.size() > 2 * m_config.burstErrors)
            node.errorTimes.pop_front();
        if (!node.inBurst && node.errorTimes.size() >= m_config.burstErrors) {
            node.inBurst = true;
            Event e = eventFor(line, match, "log.error_burst");
            e.kind = "log.error_burst";
            e.severity = Severity::Error;
            e.evidence.value = static_cast<double>(node.errorTimes.size());
            e.evidence.bandHigh = static_cast<double>(m_config.burstErrors);
            e.evidence.peakValue = e.evidence.value;
            e.message = std::to_string(node.errorTimes.size()) + " error lines from " +
                        (line.node.empty() ? "the cluster" : line.node) + " within " + std::to_string(w / 1000) +
                        " s; the latest (" + line.source + "): " + line.text.substr(0, 200);
            out.push_back(std::move(e));
        }
    }
    if (node.inBurst) {
        while (!node.errorTimes.empty() && node.errorTimes.front() <= now - w)
            node.errorTimes.pop_front();
        if (node.errorTimes.size() < m_config.burstErrors / 2)
            node.inBurst = false;
    }
    return out;
}

} // namespace sn::logs
