#include "bench/telemetry_workload.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sn::bench {

namespace {
constexpr double kFbTotalMiB = 81559;
double round2(double v)
{
    return std::round(v * 100) / 100;
}
} // namespace

TelemetryWorkload::TelemetryWorkload(WorkloadOptions options) : m_options(options), m_rng(options.seed)
{
    for (int n = 0; n < options.nodes; ++n) {
        for (int i = 0; i < options.gpusPerNode; ++i) {
            GpuState g;
            char node[32], uuid[64], bus[32];
            std::snprintf(node, sizeof node, "node%02d", n + 1);
            std::snprintf(uuid, sizeof uuid, "GPU-%08llx-%04x-%04x-%04x-%012llx",
                          static_cast<unsigned long long>(m_rng() & 0xffffffff), unsigned(m_rng() & 0xffff),
                          unsigned(m_rng() & 0xffff), unsigned(m_rng() & 0xffff),
                          static_cast<unsigned long long>(m_rng() & 0xffffffffffffull));
            static const int kBus[8] = {0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb};
            std::snprintf(bus, sizeof bus, "00000000:%02X:00.0", kBus[i % 8]);
            g.node = node;
            g.uuid = uuid;
            g.pciBusId = bus;
            g.index = i;
            g.energyMj = std::round(std::uniform_real_distribution<double>(1e9, 5e10)(m_rng));
            startPhase(g, 0);
            m_gpus.push_back(std::move(g));
        }
    }
}

void TelemetryWorkload::startPhase(GpuState &g, std::int64_t tick)
{
    const double ticksPerMinute = 60000.0 / static_cast<double>(m_options.intervalMs);
    std::uniform_real_distribution<double> u(0, 1);
    g.busy = tick == 0 ? u(m_rng) < 0.6 : !g.busy;
    if (g.busy) {
        g.job = "job-" + std::to_string(m_nextJob++);
        g.jobPowerW = 420 + 260 * u(m_rng);
        g.jobUtil = 80 + 19 * u(m_rng);
        g.jobMemMiB = std::round(20000 + 58000 * u(m_rng));
        g.jobPcie = 2e8 + 3e9 * u(m_rng);
        g.jobNvlink = 5e9 + 1.2e11 * u(m_rng);
        g.phaseEndsAtTick = tick + static_cast<std::int64_t>(ticksPerMinute * (20 + 100 * u(m_rng)));
    } else {
        g.job.clear();
        g.phaseEndsAtTick = tick + static_cast<std::int64_t>(ticksPerMinute * (5 + 40 * u(m_rng)));
    }
    g.nextAllocTick = tick + static_cast<std::int64_t>(ticksPerMinute * (1 + 10 * u(m_rng)));
}

void TelemetryWorkload::readings(std::int64_t tick, std::vector<GpuReading> &out)
{
    out.clear();
    std::normal_distribution<double> n01(0, 1);
    std::uniform_real_distribution<double> u(0, 1);
    const double dt = static_cast<double>(m_options.intervalMs) / 1000.0;
    const std::int64_t t = m_options.startMs + tick * m_options.intervalMs;
    for (GpuState &g : m_gpus) {
        if (tick >= g.phaseEndsAtTick)
            startPhase(g, tick);
        if (g.busy && tick >= g.nextAllocTick) { // frameworks grow and shrink their pools now and then
            g.jobMemMiB = std::clamp(std::round(g.jobMemMiB + 2048 * n01(m_rng)), 1000.0, kFbTotalMiB - 600);
            g.nextAllocTick = tick + static_cast<std::int64_t>(60 * (1 + 10 * u(m_rng)) / dt);
        }
        GpuReading r;
        r.node = g.node;
        r.gpu = g.index;
        r.uuid = g.uuid;
        r.model = "NVIDIA H100 80GB HBM3";
        r.pciBusId = g.pciBusId;
        r.job = g.job;
        r.timeMs = t;
        // Busy GPUs swing with the step structure of training; idle ones sit near 70 W.
        const double power = g.busy ? std::clamp(g.jobPowerW + 35 * n01(m_rng), 100.0, 700.0) : 69 + 1.2 * n01(m_rng);
        const double util = g.busy ? std::clamp(std::round(g.jobUtil + 4 * n01(m_rng)), 0.0, 100.0) : 0;
        const double targetTemp = 30 + power * 0.065;
        g.temp += (targetTemp - g.temp) * dt / 90 + 0.15 * n01(m_rng);
        g.memTemp += (targetTemp + 6 - g.memTemp) * dt / 120 + 0.15 * n01(m_rng);
        g.energyMj += std::round(power * 1000 * dt);
        if (u(m_rng) < 2e-6)
            g.eccSbe += 1;
        if (u(m_rng) < 5e-6)
            g.pcieReplay += 1;
        const bool throttled = g.busy && power > 660;
        r.set(GpuField::Utilization, util);
        r.set(GpuField::MemoryCopyUtil, g.busy ? std::clamp(std::round(util * 0.45 + 6 * n01(m_rng)), 0.0, 100.0) : 0);
        r.set(GpuField::FbUsed, g.busy ? g.jobMemMiB : 0);
        r.set(GpuField::FbFree, kFbTotalMiB - 536 - (g.busy ? g.jobMemMiB : 0));
        r.set(GpuField::FbTotal, kFbTotalMiB);
        r.set(GpuField::Temperature, std::round(g.temp));
        r.set(GpuField::MemoryTemperature, std::round(g.memTemp));
        r.set(GpuField::Power, round2(power));
        r.set(GpuField::PowerLimit, 700);
        r.set(GpuField::Energy, g.energyMj);
        r.set(GpuField::SmClock, g.busy ? (throttled ? 1755 : 1980) : 345);
        r.set(GpuField::MemClock, 2619);
        r.set(GpuField::ThrottleReasons, g.busy ? (throttled ? throttle::kSwPowerCap : 0) : throttle::kGpuIdle);
        r.set(GpuField::PcieTxBytes,
              g.busy ? std::round(g.jobPcie * (1 + 0.05 * n01(m_rng))) : std::round(2e4 + 3e3 * u(m_rng)));
        r.set(GpuField::PcieRxBytes,
              g.busy ? std::round(g.jobPcie * 0.6 * (1 + 0.05 * n01(m_rng))) : std::round(1e4 + 2e3 * u(m_rng)));
        r.set(GpuField::NvlinkTxBytes, g.busy ? std::round(g.jobNvlink * (1 + 0.03 * n01(m_rng))) : 0);
        r.set(GpuField::NvlinkRxBytes, g.busy ? std::round(g.jobNvlink * (1 + 0.03 * n01(m_rng))) : 0);
        r.set(GpuField::XidLast, 0);
        r.set(GpuField::EccSbeVolatile, g.eccSbe);
        r.set(GpuField::EccDbeVolatile, 0);
        r.set(GpuField::RetiredSbe, 0);
        r.set(GpuField::RetiredDbe, 0);
        r.set(GpuField::RetiredPending, 0);
        r.set(GpuField::RemappedCorrectable, 0);
        r.set(GpuField::RemappedUncorrectable, 0);
        r.set(GpuField::RowRemapFailure, 0);
        r.set(GpuField::PcieReplay, g.pcieReplay);
        // FanSpeed stays invalid: SXM H100s are passively cooled and report no fan.
        out.push_back(std::move(r));
    }
}

} // namespace sn::bench
