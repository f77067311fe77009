#pragma once
// Static rules and learned bands run over a live stream of samples: one RuleEvaluator per
// (rule, series) and one SeriesDetector per series of the metrics named for detection, created
// on a series' first sample. add() reports what changed: an event that opened, grew worse or
// ended, so the engine can put it on the timeline and later close it. Series are bounded
// (`maxSeries`; past it new series are counted, not watched), and ended events are dropped
// once reported, so months of telemetry cost no growing memory. The load-aware defaults
// (load_aware_detectors.h) report through the same path, keyed "<detector>|<series>".

#include "backend/anomaly/load_aware_detectors.h"
#include "backend/anomaly/series_detector.h"
#include "backend/anomaly/static_rule.h"
#include "backend/model/metric_sample.h"

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sn::anomaly {

struct WatchChange {
    std::string key;    // the (detector, series) this is about; stable while the event lives
    AnomalyEvent event; // as it stands after the sample
    std::string node;   // the sample's Hostname label; empty when none
    int gpu = -1;       // its gpu label; -1 when none
    bool opened = false;
    bool ended = false;
};

class TelemetryWatch {
public:
    // `loadAware`: the default detectors on what the load does not explain (load_aware_detectors.h).
    TelemetryWatch(std::vector<StaticRule> rules, std::vector<std::string> detectorMetrics, DetectorConfig config = {},
                   std::size_t maxSeries = 50000, std::optional<LoadAwareConfig> loadAware = std::nullopt);

    std::vector<WatchChange> add(const MetricSample &sample);
    // Whether add() does anything with samples of this metric: a rule names it, a detector
    // watches it, or the load-aware detectors read it. Lets a caller with many samples by
    // series (the ingress) build MetricSamples only for the series that matter.
    bool watches(std::string_view metric) const;

    std::size_t seriesCount() const { return m_rules.size() + m_detectors.size(); }
    const LoadAwareDetectors *loadAware() const { return m_loadAware.get(); }
    std::size_t unwatchedSeries() const { return m_unwatched; }

private:
    struct RuleState {
        std::unique_ptr<RuleEvaluator> evaluator;
        std::size_t reported = 0; // events already reported as opened
    };
    using DetectorState = WatchedDetector;

    template <typename State>
    void report(State &state, const std::string &key, const MetricSample &sample, std::vector<WatchChange> &out);
    bool roomForSeries();

    std::vector<StaticRule> m_ruleList;
    std::vector<std::string> m_detectorMetrics;
    DetectorConfig m_config;
    std::size_t m_maxSeries;
    std::size_t m_unwatched = 0;
    std::map<std::string, RuleState> m_rules;         // "rule:<name>|<series>"
    std::map<std::string, DetectorState> m_detectors; // "<series>"
    std::unique_ptr<LoadAwareDetectors> m_loadAware;
};

// "DCGM_FI_DEV_GPU_TEMP{Hostname=gpu01,gpu=3}": a series as events name it.
std::string seriesName(const MetricSample &sample);

} // namespace sn::anomaly
