#pragma once
// The learned bands the engine runs by default, on what a GPU's load does NOT explain. A band on
// a raw load-following series (temperature, power, utilization) alarms on every job start, so
// the defaults watch derived series whose normal does not move with the job:
//  - thermal: die and memory temperature minus what the recent power explains. Per GPU a line
//    T = a + b * P_lag is fitted (P_lag: power through the heat sink's first-order lag, time
//    constant `thermalTauS`), over the last hour; a fan or cold plate that fails raises the
//    temperature for the same power. Silent until the load has varied enough to fit b.
//  - counter_rate: the increase per minute of error counters (ECC, row remapping, retired
//    pages, PCIe replay, NVLink CRC/replay/recovery) against its learned rate, at least the
//    counter's own threshold (a few corrected ECC errors a day are normal; a storm is not).
//    A counter that goes down (a reset, a driver reload) starts over.
//  - idle: power and fan speed while the GPU has been idle for `idleSettleMs` (the tail of a
//    job has cooled off); a card drawing 30 W more than its own idle, or a fan that stops or
//    pegs, is a fault whatever the workload.
// Left out on purpose: utilization, memory used, clocks, PCIe/NVLink bytes, busy power and raw
// temperature (they follow the job), throttle reasons (a bitmask: a static rule fits it) and
// the last Xid (a code, not a count: the log signatures name it).

#include "backend/anomaly/series_detector.h"
#include "backend/model/metric_sample.h"

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sn::anomaly {

struct CounterThreshold {
    std::string metric;
    double perMinute = 1; // the smallest increase in a minute that is worth an event
};

struct LoadAwareConfig {
    double thermalTauS = 30;            // heat sink and cold plate (an H100 SXM's is ~30 s)
    double fitWindowS = 3600;           // the fit forgets over about this long
    double minPowerSpreadW = 40;        // standard deviation of P_lag the fit needs to trust b
    double thermalMinScaleC = 0.8;      // band floor: an event needs >= 8 °C unexplained
    double idleUtilPercent = 1;         // at most this utilization counts as idle
    std::int64_t idleSettleMs = 180000; // ... for this long before idle power and fan are judged
    double idlePowerMinScaleW = 3;      // >= 30 W over the card's own idle
    double idleFanMinScalePercent = 3;  // >= 30 points of fan speed
    std::vector<CounterThreshold> counters = defaultCounters();
    std::size_t maxGpus = 4096; // past this, new GPUs are counted, not watched

    static std::vector<CounterThreshold> defaultCounters();
};

// One derived series' detector and how many of its events the watch has reported.
struct WatchedDetector {
    std::unique_ptr<SeriesDetector> detector;
    std::size_t reported = 0;
};

class LoadAwareDetectors {
public:
    explicit LoadAwareDetectors(LoadAwareConfig config = {});

    // The derived series a sample fed, for the watch to report; a sample feeds at most one.
    // Both point into this object and stay valid while it lives (series are never dropped).
    struct Fed {
        const std::string *key = nullptr;
        WatchedDetector *watched = nullptr; // nullptr: the sample fed no detector
    };
    // Allocates nothing for a GPU and series it has seen: it runs for every watched sample.
    Fed add(const MetricSample &sample);
    // Whether add() looks at samples of this metric at all (the ingress skips the others).
    bool reads(std::string_view metric) const;

    std::size_t gpuCount() const { return m_gpus.size(); }
    std::size_t unwatchedGpus() const { return m_unwatched; }

private:
    // T = a + b * P_lag over a sliding (exponential) window, b kept while the load is flat.
    struct ThermalFit {
        double meanP = 0, meanT = 0, varP = 0, covPT = 0;
        double n = 0;
        double b = 0;
        bool identified = false;
        void add(double p, double t, double alphaMin); // alpha: max(1/n, alphaMin)
        double predict(double p) const { return meanT + b * (p - meanP); }
    };
    struct ThermalSeries {
        ThermalFit fit;
        WatchedDetector watched;
        std::string key;
        std::int64_t lastTimeMs = 0;
    };
    struct CounterSeries {
        std::deque<std::pair<std::int64_t, double>> minute; // (time, value) of the last minute
        WatchedDetector watched;
        std::string key;
    };
    struct IdleSeries {
        WatchedDetector watched;
        std::string key;
    };
    struct Gpu {
        std::string name; // "{Hostname=gpu01,gpu=3}"
        bool hasPower = false;
        double powerLag = 0;
        std::int64_t powerTimeMs = 0;
        std::int64_t idleSinceMs = -1; // -1: busy (or not known yet)
        std::map<std::string, ThermalSeries> thermal;
        std::map<std::string, CounterSeries> counters;
        std::map<std::string, IdleSeries> idle;
    };

    Gpu *gpuOf(const MetricSample &sample);
    void addPower(Gpu &gpu, const MetricSample &sample);
    Fed addThermal(Gpu &gpu, const MetricSample &sample);
    Fed addCounter(Gpu &gpu, const MetricSample &sample, double perMinute);
    Fed addIdle(Gpu &gpu, const MetricSample &sample, double minScale);

    LoadAwareConfig m_config;
    std::map<std::string, Gpu> m_gpus; // by "Hostname|gpu"
    std::string m_gpuKey;              // gpuOf's lookup key, reused so a lookup allocates nothing
    std::size_t m_unwatched = 0;
};

} // namespace sn::anomaly
