#pragma once
// The dynamic-threshold detectors of one series, fed sample by sample:
//  - level: the value leaves its learned band (robust_baseline.h) by `enterScore` scales;
//  - rate: the change since the previous sample leaves the band of usual changes;
//  - sustained: a smaller deviation (`sustainScore`) that lasts `sustainSamples` samples.
// Hysteresis keeps events from flapping: an event opens after `minSamples` consecutive
// samples over `enterScore` and closes only after `clearSamples` consecutive samples under
// `exitScore`. Missing samples are skipped (never read as 0); samples whose time does not
// move forward (a clock jump back, a duplicate) are dropped and counted.

#include "backend/anomaly/anomaly_event.h"
#include "backend/anomaly/robust_baseline.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sn::anomaly {

struct DetectorConfig {
    BaselineConfig baseline;
    BaselineConfig rateBaseline;
    // Defaults chosen on NAB's realAWSCloudwatch series (docs/benchmarks.md): heavy-tailed
    // cloud metrics need a wide band and a long clear time to keep false positives down.
    double enterScore = 10;
    double exitScore = 5;
    std::size_t minSamples = 2;
    std::size_t clearSamples = 48;
    double rateScore = 0; // in scales of the usual change; 0 (the default) turns it off: on NAB
                          // it found one more window for 27 more false positives at 20
    double sustainScore = 6;
    std::size_t sustainSamples = 24;
    double errorScore = 20; // an event whose score reaches this is an Error, else a Warning
    // Set: every event is this detector's ("thermal", "counter_rate"...), for a derived series
    // whose kind says more than "level" would.
    const char *detectorName = nullptr;
};

struct DetectorPoint {
    double score = 0;     // the largest of the detectors' scores, in units of enterScore x 1
    bool inEvent = false; // an event is open after this sample
    bool started = false; // ... and it opened at this sample
    bool ended = false;   // an event closed at this sample
    bool dropped = false; // the sample was not used (time did not move forward)
};

class SeriesDetector {
public:
    explicit SeriesDetector(std::string series, DetectorConfig config = {});

    DetectorPoint add(std::int64_t timeMs, double value);
    // A sample that is known to be missing: it ends nothing and teaches nothing.
    DetectorPoint addMissing(std::int64_t timeMs);

    const std::vector<AnomalyEvent> &events() const { return m_events; }
    std::size_t droppedSamples() const { return m_dropped; }
    const RobustBaseline &baseline() const { return m_level; }
    // Drops the events already ended (the engine has taken them): bounded memory over months.
    void forgetEnded()
    {
        if (!m_open)
            m_events.clear();
    }

private:
    std::string m_series;
    DetectorConfig m_config;
    RobustBaseline m_level;
    RobustBaseline m_rate;
    bool m_hasPrevious = false;
    double m_previous = 0;
    std::int64_t m_lastTimeMs = 0;
    bool m_hasTime = false;
    std::size_t m_over = 0, m_sustained = 0, m_under = 0;
    std::int64_t m_firstOverMs = 0;
    const char *m_firstDetector = "level";
    double m_firstValue = 0, m_firstLow = 0, m_firstHigh = 0;
    bool m_open = false;
    std::size_t m_dropped = 0;
    std::vector<AnomalyEvent> m_events;
};

} // namespace sn::anomaly
