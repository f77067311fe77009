#include "backend/telemetry/collectors/nvlink_counter_rates.h"

namespace sn {

std::optional<std::vector<NvlinkLinkReading>> NvlinkCounterRates::update(std::int64_t nowMs,
                                                                         const std::vector<NvlinkCounters> &now)
{
    const bool comparable = m_have && nowMs > m_lastMs && now.size() == m_last.size();
    std::optional<std::vector<NvlinkLinkReading>> rates;
    if (comparable) {
        const double seconds = static_cast<double>(nowMs - m_lastMs) / 1000.0;
        std::vector<NvlinkLinkReading> links;
        links.reserve(now.size());
        bool ok = true;
        for (std::size_t i = 0; i < now.size() && ok; ++i) {
            const NvlinkCounters &a = m_last[i];
            const NvlinkCounters &b = now[i];
            if (a.link != b.link || b.txKiB < a.txKiB || b.rxKiB < a.rxKiB) {
                ok = false;
                break;
            }
            links.push_back({b.link, static_cast<double>(b.txKiB - a.txKiB) * 1024.0 / seconds,
                             static_cast<double>(b.rxKiB - a.rxKiB) * 1024.0 / seconds});
        }
        if (ok)
            rates = std::move(links);
    }
    m_last = now;
    m_lastMs = nowMs;
    m_have = true;
    return rates;
}

} // namespace sn
