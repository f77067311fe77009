#include "ui/cluster_history.h"

#include <algorithm>
#include <map>

namespace sn {

supernode::v1::QueryRangeRequest historyQuery(const char *metric, qint64 startMs, qint64 stepMs)
{
    supernode::v1::QueryRangeRequest q;
    q.set_metric(metric);
    q.set_start_ms(startMs);
    q.set_step_ms(stepMs);
    return q;
}

ClusterHistory clusterHistory(const supernode::v1::QueryRangeResponse &util,
                              const supernode::v1::QueryRangeResponse &temp)
{
    std::map<qint64, std::pair<double, int>> utilSum; // time -> (sum, count)
    for (const auto &series : util.series())
        for (const auto &p : series.points()) {
            auto &[sum, n] = utilSum[p.time_ms()];
            sum += p.value();
            ++n;
        }
    std::map<qint64, double> tempMax;
    for (const auto &series : temp.series())
        for (const auto &p : series.points()) {
            auto [it, inserted] = tempMax.emplace(p.time_ms(), p.value());
            if (!inserted)
                it->second = std::max(it->second, p.value());
        }
    ClusterHistory h;
    for (const auto &[time, sumCount] : utilSum) {
        const auto t = tempMax.find(time);
        if (t == tempMax.end())
            continue;
        h.utilPercent << QPointF(static_cast<qreal>(time), sumCount.first / sumCount.second);
        h.maxTempC << QPointF(static_cast<qreal>(time), t->second);
    }
    return h;
}

} // namespace sn
