#include "backend/anomaly/load_aware_detectors.h"

#include "backend/api/metric_catalogue.h"

#include <algorithm>
#include <cmath>

namespace sn::anomaly {

namespace {

// string_views, so that comparing a sample's metric with them checks the length first instead
// of running strlen and memcmp on every sample.
constexpr std::string_view kPower = metric::kPower;
constexpr std::string_view kUtil = metric::kGpuUtil;
constexpr std::string_view kFan = metric::kFanSpeed;
constexpr std::string_view kThermalMetrics[] = {metric::kGpuTemp, metric::kMemoryTemp};

DetectorConfig thermalConfig(const LoadAwareConfig &c)
{
    DetectorConfig d;
    d.detectorName = "thermal";
    d.baseline.minScale = c.thermalMinScaleC;
    // A residual is ~0 by construction: its band should not follow its own level by 1%.
    d.baseline.relativeMinScale = 0;
    // A lag that differs from the card's true time constant leaves a few degrees for a minute
    // after a load step; a sustained event needs more than that, for longer.
    d.sustainScore = 7;
    d.sustainSamples = 120;
    return d;
}

DetectorConfig counterConfig(double perMinute)
{
    DetectorConfig d;
    d.detectorName = "counter_rate";
    d.baseline.minScale = perMinute / d.enterScore; // enterScore scales of the floor: the threshold
    d.baseline.relativeMinScale = 0;
    d.sustainScore = 1e9; // a storm is a level event; a slightly higher rate is not worth one
    d.minSamples = 1;     // an uncorrectable error is one increment: it must not need two
    return d;
}

DetectorConfig idleConfig(double minScale)
{
    DetectorConfig d;
    d.detectorName = "idle";
    d.baseline.minScale = minScale;
    d.baseline.relativeMinScale = 0;
    return d;
}

const std::string *label(const MetricSample &s, const char *name)
{
    const auto it = s.labels.find(name);
    return it == s.labels.end() || it->second.empty() ? nullptr : &it->second;
}

} // namespace

std::vector<CounterThreshold> LoadAwareConfig::defaultCounters()
{
    return {
        // A corrected error now and then is what ECC is for; dozens a minute is a failing HBM stack.
        {metric::kEccSbeVolatile, 10},
        {metric::kEccDbeVolatile, 1},
        {metric::kRemappedCorrectable, 1},
        {metric::kRemappedUncorrectable, 1},
        {metric::kRetiredSbe, 1},
        {metric::kRetiredDbe, 1},
        // A marginal riser or link retrains now and then; hundreds a minute cost bandwidth.
        {metric::kPcieReplay, 100},
        {metric::kNvlinkCrcFlitErrors, 100},
        {metric::kNvlinkCrcDataErrors, 100},
        {metric::kNvlinkReplayErrors, 100},
        {metric::kNvlinkRecoveryErrors, 1},
    };
}

void LoadAwareDetectors::ThermalFit::add(double p, double t, double alphaMin)
{
    n += 1;
    const double a = std::max(1.0 / n, alphaMin);
    const double dp = p - meanP;
    const double dt = t - meanT;
    meanP += a * dp;
    meanT += a * dt;
    varP = (1 - a) * (varP + a * dp * dp);
    covPT = (1 - a) * (covPT + a * dp * dt);
}

LoadAwareDetectors::LoadAwareDetectors(LoadAwareConfig config) : m_config(std::move(config)) {}

LoadAwareDetectors::Gpu *LoadAwareDetectors::gpuOf(const MetricSample &s)
{
    const std::string *host = label(s, "Hostname");
    const std::string *gpu = label(s, "gpu");
    if (!host || !gpu)
        return nullptr;
    m_gpuKey.assign(*host).append(1, '|').append(*gpu);
    auto it = m_gpus.find(m_gpuKey);
    if (it == m_gpus.end()) {
        if (m_gpus.size() >= m_config.maxGpus) {
            ++m_unwatched;
            return nullptr;
        }
        it = m_gpus.emplace(m_gpuKey, Gpu{}).first;
        it->second.name = "{Hostname=" + *host + ",gpu=" + *gpu + "}";
    }
    return &it->second;
}

void LoadAwareDetectors::addPower(Gpu &g, const MetricSample &s)
{
    if (!g.hasPower) {
        g.powerLag = s.value;
        g.hasPower = true;
    } else if (s.timeMs > g.powerTimeMs) {
        // The heat sink's first-order lag: what the die temperature follows.
        const double dtS = (s.timeMs - g.powerTimeMs) / 1000.0;
        g.powerLag += (1 - std::exp(-dtS / m_config.thermalTauS)) * (s.value - g.powerLag);
    }
    g.powerTimeMs = std::max(g.powerTimeMs, s.timeMs);
}

LoadAwareDetectors::Fed LoadAwareDetectors::addThermal(Gpu &g, const MetricSample &s)
{
    if (!g.hasPower)
        return {};
    auto it = g.thermal.find(s.metric);
    if (it == g.thermal.end()) {
        ThermalSeries t;
        t.key = "thermal|" + s.metric + g.name;
        t.watched.detector =
            std::make_unique<SeriesDetector>(s.metric + g.name + " unexplained by power", thermalConfig(m_config));
        it = g.thermal.emplace(s.metric, std::move(t)).first;
    }
    ThermalSeries &t = it->second;
    ThermalFit &fit = t.fit;
    if (t.lastTimeMs && s.timeMs <= t.lastTimeMs)
        return {};
    Fed fed;
    bool anomalous = false;
    if (fit.identified) {
        const DetectorPoint p = t.watched.detector->add(s.timeMs, s.value - fit.predict(g.powerLag));
        anomalous = p.inEvent || p.score >= thermalConfig(m_config).exitScore;
        fed = {&t.key, &t.watched};
    }
    // An anomaly must not teach the fit that a broken fan is normal.
    if (!anomalous) {
        const double dtS = t.lastTimeMs ? std::max<std::int64_t>(0, s.timeMs - t.lastTimeMs) / 1000.0 : 1.0;
        fit.add(g.powerLag, s.value, 1 - std::exp(-dtS / m_config.fitWindowS));
        // b only from a window in which the load moved: a flat hour says nothing about it, so
        // the last b stands (the mean still follows the room's temperature).
        if (fit.varP >= m_config.minPowerSpreadW * m_config.minPowerSpreadW) {
            fit.b = fit.covPT / fit.varP;
            fit.identified = true;
        }
    }
    t.lastTimeMs = s.timeMs;
    return fed;
}

LoadAwareDetectors::Fed LoadAwareDetectors::addCounter(Gpu &g, const MetricSample &s, double perMinute)
{
    auto it = g.counters.find(s.metric);
    if (it == g.counters.end()) {
        CounterSeries c;
        c.key = "counter_rate|" + s.metric + g.name;
        c.watched.detector =
            std::make_unique<SeriesDetector>("increase(" + s.metric + g.name + "[1m])", counterConfig(perMinute));
        it = g.counters.emplace(s.metric, std::move(c)).first;
    }
    CounterSeries &c = it->second;
    if (!c.minute.empty() && s.timeMs <= c.minute.back().first)
        return {}; // time did not move forward: nothing to count
    if (!c.minute.empty() && s.value < c.minute.back().second)
        c.minute.clear(); // a reset (driver reload, GPU reset): count from here
    c.minute.emplace_back(s.timeMs, s.value);
    while (c.minute.size() > 1 && c.minute[1].first <= s.timeMs - 60000)
        c.minute.pop_front();
    c.watched.detector->add(s.timeMs, s.value - c.minute.front().second);
    return {&c.key, &c.watched};
}

LoadAwareDetectors::Fed LoadAwareDetectors::addIdle(Gpu &g, const MetricSample &s, double minScale)
{
    if (g.idleSinceMs < 0 || s.timeMs - g.idleSinceMs < m_config.idleSettleMs)
        return {};
    auto it = g.idle.find(s.metric);
    if (it == g.idle.end()) {
        IdleSeries idle;
        idle.watched.detector = std::make_unique<SeriesDetector>(s.metric + g.name + " at idle", idleConfig(minScale));
        idle.key = "idle|" + s.metric + g.name;
        it = g.idle.emplace(s.metric, std::move(idle)).first;
    }
    IdleSeries &idle = it->second;
    idle.watched.detector->add(s.timeMs, s.value);
    return {&idle.key, &idle.watched};
}

bool LoadAwareDetectors::reads(std::string_view metric) const
{
    return metric == kThermalMetrics[0] || metric == kThermalMetrics[1] || metric == kPower || metric == kUtil ||
           metric == kFan ||
           std::any_of(m_config.counters.begin(), m_config.counters.end(),
                       [&](const CounterThreshold &c) { return c.metric == metric; });
}

LoadAwareDetectors::Fed LoadAwareDetectors::add(const MetricSample &s)
{
    if (!std::isfinite(s.value))
        return {};
    const bool thermal = s.metric == kThermalMetrics[0] || s.metric == kThermalMetrics[1];
    const auto counter = std::find_if(m_config.counters.begin(), m_config.counters.end(),
                                      [&](const CounterThreshold &c) { return c.metric == s.metric; });
    const bool isCounter = counter != m_config.counters.end();
    if (!thermal && !isCounter && s.metric != kPower && s.metric != kUtil && s.metric != kFan)
        return {};
    Gpu *g = gpuOf(s);
    if (!g)
        return {};
    if (s.metric == kUtil) {
        if (s.value > m_config.idleUtilPercent)
            g->idleSinceMs = -1;
        else if (g->idleSinceMs < 0)
            g->idleSinceMs = s.timeMs;
        return {};
    }
    if (s.metric == kPower) {
        addPower(*g, s);
        return addIdle(*g, s, m_config.idlePowerMinScaleW);
    }
    if (s.metric == kFan)
        return addIdle(*g, s, m_config.idleFanMinScalePercent);
    if (thermal)
        return addThermal(*g, s);
    return addCounter(*g, s, counter->perMinute);
}

} // namespace sn::anomaly
