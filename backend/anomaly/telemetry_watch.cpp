#include "backend/anomaly/telemetry_watch.h"

#include <algorithm>

namespace sn::anomaly {

std::string seriesName(const MetricSample &s)
{
    std::string name = s.metric + "{";
    bool first = true;
    for (const auto &[k, v] : s.labels) {
        // The identity of a GPU series; UUID and model only repeat it at length.
        if (k != "Hostname" && k != "gpu" && k != "device" && k != "job")
            continue;
        name += (first ? "" : ",") + k + "=" + v;
        first = false;
    }
    return name + "}";
}

TelemetryWatch::TelemetryWatch(std::vector<StaticRule> rules, std::vector<std::string> detectorMetrics,
                               DetectorConfig config, std::size_t maxSeries, std::optional<LoadAwareConfig> loadAware)
    : m_ruleList(std::move(rules)), m_detectorMetrics(std::move(detectorMetrics)), m_config(config),
      m_maxSeries(maxSeries)
{
    if (loadAware)
        m_loadAware = std::make_unique<LoadAwareDetectors>(std::move(*loadAware));
}

bool TelemetryWatch::roomForSeries()
{
    if (seriesCount() < m_maxSeries)
        return true;
    ++m_unwatched;
    return false;
}

template <typename State>
void TelemetryWatch::report(State &state, const std::string &key, const MetricSample &sample,
                            std::vector<WatchChange> &out)
{
    auto &owner = *[&] {
        if constexpr (requires { state.evaluator; })
            return state.evaluator.get();
        else
            return state.detector.get();
    }();
    const auto &events = owner.events();
    if (events.empty())
        return;
    const AnomalyEvent &e = events.back();
    const bool opened = events.size() > state.reported;
    const bool ended = !e.open();
    if (!opened && !ended)
        return; // an open event already reported
    WatchChange c;
    c.key = key;
    c.event = e;
    c.node = sample.labels.contains("Hostname") ? sample.labels.at("Hostname") : std::string();
    c.gpu = gpuIndexLabel(sample);
    c.opened = opened;
    c.ended = ended;
    state.reported = events.size();
    if (ended) {
        owner.forgetEnded();
        state.reported = 0;
    }
    out.push_back(std::move(c));
}

bool TelemetryWatch::watches(std::string_view metric) const
{
    return std::any_of(m_ruleList.begin(), m_ruleList.end(), [&](const StaticRule &r) { return r.metric == metric; }) ||
           std::find(m_detectorMetrics.begin(), m_detectorMetrics.end(), metric) != m_detectorMetrics.end() ||
           (m_loadAware && m_loadAware->reads(metric));
}

std::vector<WatchChange> TelemetryWatch::add(const MetricSample &sample)
{
    std::vector<WatchChange> out;
    std::string series;
    for (const StaticRule &rule : m_ruleList) {
        if (rule.metric != sample.metric)
            continue;
        if (series.empty())
            series = seriesName(sample);
        const std::string key = "rule:" + rule.name + "|" + series;
        auto it = m_rules.find(key);
        if (it == m_rules.end()) {
            if (!roomForSeries())
                continue;
            it = m_rules.emplace(key, RuleState{std::make_unique<RuleEvaluator>(rule, series)}).first;
        }
        (void)it->second.evaluator->add(sample.timeMs, sample.value);
        report(it->second, key, sample, out);
    }
    if (std::find(m_detectorMetrics.begin(), m_detectorMetrics.end(), sample.metric) != m_detectorMetrics.end()) {
        if (series.empty())
            series = seriesName(sample);
        auto it = m_detectors.find(series);
        if (it == m_detectors.end() && roomForSeries())
            it = m_detectors.emplace(series, DetectorState{std::make_unique<SeriesDetector>(series, m_config)}).first;
        if (it != m_detectors.end()) {
            (void)it->second.detector->add(sample.timeMs, sample.value);
            report(it->second, series, sample, out);
        }
    }
    if (m_loadAware)
        if (const LoadAwareDetectors::Fed fed = m_loadAware->add(sample); fed.watched)
            report(*fed.watched, *fed.key, sample, out);
    return out;
}

} // namespace sn::anomaly
