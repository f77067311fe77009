#pragma once
// What a report says, independent of how it is written: the headline KPIs and the sections
// (tables and charts) that report_builder.h computes from a snapshot and that the CSV, HTML and
// PDF writers lay out. Numbers stay numbers here (a table cell keeps its value and how to print
// it) so the CSV carries full precision and the writers never re-derive anything.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sn::report {

struct Kpis {
    double gpuHoursAvailable = 0; // GPUs x hours of the range
    double gpuHoursAllocated = 0; // GPUs held by jobs, hours
    double gpuHoursUsed = 0;      // sum of utilization x time over every GPU
    double utilMeanPercent = 0;   // over every GPU and step
    double utilP95Percent = 0;
    double allocationRate = 0; // allocated / available, 0..1
    int jobsSubmitted = 0;     // submitted in the range
    int jobsCompleted = 0;     // ended in the range, by state
    int jobsFailed = 0;
    int jobsCancelled = 0;
    double waitMeanS = 0; // submit -> start of jobs that started in the range
    double waitP95S = 0;
    double completionMeanS = 0; // submit -> end of jobs completed in the range
    double completionP95S = 0;
    double energyKwh = 0;
    int gpus = 0;
    int nodes = 0;
};

// One cell: text, or a number printed with `decimals` places (and kept exact for CSV).
struct Cell {
    std::string text;
    std::optional<double> number;
    int decimals = 1;
};

struct Table {
    std::string id;    // the CSV file name without ".csv": "gpu_utilization"
    std::string title; // "Per-GPU utilization, temperature and power"
    std::vector<std::string> columns;
    std::vector<std::vector<Cell>> rows;
};

struct ChartSeries {
    std::string name;
    std::vector<std::pair<std::int64_t, double>> points; // time ms, value
};

struct Chart {
    std::string title; // "Utilization by node"
    std::string unit;  // "%", "°C", "W"
    std::vector<ChartSeries> series;
};

// One section of the report, in order. `key` names it for the section toggles ("kpis",
// "utilization", "nodes", "gpus", "thermal", "anomalies", "logs", "jobs", "topology",
// "recommendations").
struct Section {
    std::string key;
    std::string title;
    std::vector<std::string> paragraphs;
    std::vector<Chart> charts;
    std::vector<Table> tables;
};

struct ReportData {
    std::string clusterName;
    bool simulated = false;
    std::string scope; // "cluster", "node:node01", ...
    std::int64_t startMs = 0;
    std::int64_t endMs = 0;
    std::int64_t stepMs = 0;
    std::string engine; // where the data came from
    Kpis kpis;
    std::vector<Section> sections;

    const Section *section(const std::string &key) const;
    const Table *table(const std::string &id) const;
};

// Cell helpers for builders.
inline Cell textCell(std::string text)
{
    return {std::move(text), std::nullopt, 0};
}
inline Cell numberCell(double value, int decimals = 1)
{
    return {{}, value, decimals};
}
std::string cellText(const Cell &cell); // the number formatted, or the text
// In the default locale, without digit grouping: "1234.5".
std::string localNumber(double value, int decimals);

// "2026-01-01 00:00 UTC" (in Chinese "2026年1月1日 00:00 UTC")
std::string formatUtc(std::int64_t ms);

} // namespace sn::report
