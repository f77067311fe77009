#pragma once
// The audit trail of power-limit changes: who (the thermal protection policy, an operator)
// changed what (node, GPU, from and to watts, why), when, through which executor, whether it
// worked, and whether it was a dry run. Kept in memory for the API and appended as one JSON
// object per line to a file when the engine has a data directory, so it survives restarts.

#include "backend/anomaly/thermal_protection.h"
#include "backend/model/event.h"
#include "backend/model/result.h"

#include <cstddef>
#include <deque>
#include <string>

namespace sn::anomaly {

struct PowerCapAuditRecord {
    std::string actor = "thermal-protection"; // or the operator's name
    std::string executor;                     // PowerLimitSetter::name(), "dry run"
    PowerCapDecision decision;
    bool ok = true;
    std::string error; // why it was not applied
};

// {"time_ms":..., "actor":"...", "node":"...", "gpu":N, "from_w":..., "to_w":..., ...}
std::string toJsonLine(const PowerCapAuditRecord &record);
// The timeline entry for a record: kind "action.power_cap" (or "action.power_cap_failed").
Event toEvent(const PowerCapAuditRecord &record);
// The record as the action taken on the anomaly it answers, for the anomalies list:
// "thermal protection power-capped GPU 2 to 650 W (was 700 W)", "dry run: would have ...".
std::string actionSummary(const PowerCapAuditRecord &record);

class PowerCapAuditLog {
public:
    // path empty: memory only. keep: how many records stay in memory.
    explicit PowerCapAuditLog(std::string path = {}, std::size_t keep = 1000);

    // Kept in memory in any case; an error says the file could not be written.
    Status append(const PowerCapAuditRecord &record);
    const std::deque<PowerCapAuditRecord> &records() const { return m_records; }
    const std::string &path() const { return m_path; }

private:
    std::string m_path;
    std::size_t m_keep;
    std::deque<PowerCapAuditRecord> m_records;
};

} // namespace sn::anomaly
