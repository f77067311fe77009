#include "bench/telemetry_workload.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sn::bench {

// Value formats and levels from the real captures in ../shared/data (snapshots: they fix
// formats, units and levels; the second-to-second noise is an assumption, stated where used):
//   nvidia-smi/query-csv/*h100-80gb-hbm3*: memory.total 81559 MiB, reserved 479 MiB; idle 69.85 W,
//     SM 345 MHz, 41 C GPU / 48 C memory, clocks_event_reasons.active 0x1; load (gpu_burn)
//     631.95 W, SM 1980 MHz (the max: no clock variation at 632 W), memory 2619 MHz, 59 C / 54 C.
//   nvidia-smi/q-text/*h100*, *h200*: idle PCIe Tx/Rx 352/329 and 371/337 KB/s; Replays Since
//     Reset 9 on the H100; load power average 629.45 W vs instantaneous 588.39 W (the ~35 W
//     swing used as the busy power noise).
//   dcgm-exporter/datadog_fixture (a real dcgm-exporter scrape): DCGM_FI_DEV_POWER_USAGE 8.969000,
//     i.e. milliwatt resolution (NVML reports mW), so power has 3 decimals here, not nvidia-smi's 2;
//     total energy an integer in mJ (128996013).
//   H100 SXM has 18 NVLink links (nvidia-smi/topo: NV18): DCGM_FI_PROF_NVLINK_L<n>_TX/RX_BYTES per link.
namespace {
constexpr double kFbTotalMiB = 81559;
constexpr double kFbReservedMiB = 479;
constexpr int kNvlinks = 18;
double round3(double v)
{
    return std::round(v * 1000) / 1000;
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
            g.pcieReplay = static_cast<double>(m_rng() % 12); // a few since reset, as the H100 capture's 9
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
        // Busy GPUs swing with the step structure of training; idle ones sit near 70 W (69.85 W idle H100).
        const double power = g.busy ? std::clamp(g.jobPowerW + 35 * n01(m_rng), 100.0, 700.0) : 69 + 1.2 * n01(m_rng);
        const double util = g.busy ? std::clamp(std::round(g.jobUtil + 4 * n01(m_rng)), 0.0, 100.0) : 0;
        // Fitted to the captures: 70 W -> 38.6 C GPU / 46 C memory, 632 W -> 59.4 C / 55 C.
        const double targetTemp = 36 + power * 0.037;
        const double targetMemTemp = 45 + power * 0.016;
        g.temp += (targetTemp - g.temp) * dt / 90 + 0.15 * n01(m_rng);
        g.memTemp += (targetMemTemp - g.memTemp) * dt / 120 + 0.15 * n01(m_rng);
        g.energyMj += std::round(power * 1000 * dt);
        if (u(m_rng) < 2e-6)
            g.eccSbe += 1;
        if (u(m_rng) < 5e-6)
            g.pcieReplay += 1;
        const bool throttled = g.busy && power > 660;
        r.set(GpuField::Utilization, util);
        r.set(GpuField::MemoryCopyUtil, g.busy ? std::clamp(std::round(util * 0.45 + 6 * n01(m_rng)), 0.0, 100.0) : 0);
        r.set(GpuField::FbUsed, g.busy ? g.jobMemMiB : 0);
        r.set(GpuField::FbFree, kFbTotalMiB - kFbReservedMiB - (g.busy ? g.jobMemMiB : 0));
        r.set(GpuField::FbTotal, kFbTotalMiB);
        r.set(GpuField::Temperature, std::round(g.temp));
        r.set(GpuField::MemoryTemperature, std::round(g.memTemp));
        r.set(GpuField::Power, round3(power));
        r.set(GpuField::PowerLimit, 700);
        r.set(GpuField::Energy, g.energyMj);
        r.set(GpuField::SmClock, g.busy ? (throttled ? 1755 : 1980) : 345);
        r.set(GpuField::MemClock, 2619);
        r.set(GpuField::ThrottleReasons, g.busy ? (throttled ? throttle::kSwPowerCap : 0) : throttle::kGpuIdle);
        // Idle PCIe from the captures (~350 / ~330 KB/s; +-10% noise assumed); busy: data loading.
        r.set(GpuField::PcieTxBytes,
              g.busy ? std::round(g.jobPcie * (1 + 0.05 * n01(m_rng))) : std::round(3.5e5 * (1 + 0.1 * n01(m_rng))));
        r.set(GpuField::PcieRxBytes, g.busy ? std::round(g.jobPcie * 0.6 * (1 + 0.05 * n01(m_rng)))
                                            : std::round(3.3e5 * (1 + 0.1 * n01(m_rng))));
        // NCCL spreads a job's NVLink traffic over the 18 links, each with its own jitter; the
        // GPU totals are the links' sums. Idle links carry nothing.
        double tx = 0, rx = 0;
        r.nvlinks.resize(kNvlinks);
        for (int l = 0; l < kNvlinks; ++l) {
            const double perLink = g.jobNvlink / kNvlinks;
            const double ltx = g.busy ? std::round(perLink * (1 + 0.03 * n01(m_rng))) : 0;
            const double lrx = g.busy ? std::round(perLink * (1 + 0.03 * n01(m_rng))) : 0;
            r.nvlinks[static_cast<std::size_t>(l)] = {l, ltx, lrx};
            tx += ltx;
            rx += lrx;
        }
        r.set(GpuField::NvlinkTxBytes, tx);
        r.set(GpuField::NvlinkRxBytes, rx);
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
