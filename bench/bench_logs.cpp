// Logs and anomalies: grouping accuracy of the template miner on the 8 Loghub-2k datasets
// against Drain's published figures, matching speed on HDFS-like lines.
#include "backend/anomaly/nab_score.h"
#include "backend/anomaly/nab_series.h"
#include "backend/anomaly/series_detector.h"
#include "backend/logs/log_parser.h"
#include "backend/logs/log_pipeline.h"
#include "backend/logs/log_source_settings.h"
#include "backend/logs/loghub_benchmark.h"
#include "backend/logs/template_miner.h"
#include "bench/bench_json.h"

#include <QDir>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace {

// Drain's grouping accuracy on the corrected Loghub-2k templates (../shared/data/README.md).
const std::map<std::string, double> kDrainPublished = {
    {"HDFS", 0.998}, {"Hadoop", 0.948}, {"Spark", 0.920},       {"Zookeeper", 0.967},
    {"BGL", 0.963},  {"HPC", 0.887},    {"Thunderbird", 0.955}, {"OpenStack", 0.733},
};

std::string sharedData()
{
    const char *env = std::getenv("SN_SHARED_DATA");
    return env ? env : SN_SHARED_DATA_DEFAULT;
}

void groupingAccuracy()
{
    const std::string dir = sharedData() + "/loghub-2k";
    auto settings = sn::logs::readLogSourceSettings(dir + "/drain_benchmark_settings.json");
    if (!settings) {
        std::fprintf(stderr, "bench_logs: %s\n", settings.error().message.c_str());
        return;
    }
    double sum = 0, drainSum = 0;
    int n = 0;
    for (const auto &[name, drain] : kDrainPublished) {
        auto score = sn::logs::scoreLoghubDataset(dir, settings->at(name));
        if (!score) {
            std::fprintf(stderr, "bench_logs: %s\n", score.error().message.c_str());
            continue;
        }
        sn::bench::printFigure("logs", "grouping_accuracy_" + name, score->groupingAccuracy, "ratio",
                               "Drain (published)", drain);
        std::fprintf(stderr, "%s: %zu lines, %zu templates (truth %zu), header mismatches %zu\n", name.c_str(),
                     score->lines, score->templates, score->truthTemplates, score->headerMismatches);
        sum += score->groupingAccuracy;
        drainSum += drain;
        ++n;
    }
    if (n > 0)
        sn::bench::printFigure("logs", "grouping_accuracy_mean", sum / n, "ratio", "Drain (published)", drainSum / n);
}

std::vector<std::string> readLines(const std::string &path)
{
    std::vector<std::string> lines;
    std::ifstream in(path, std::ios::binary);
    for (std::string line; std::getline(in, line);)
        if (!line.empty())
            lines.push_back(line);
    return lines;
}

// Template matching of HDFS lines on one core: the real HDFS_2k lines, replayed, after the
// miner has learned them (the steady state of an intake). Content only ("matching"), and the
// whole path with the header split as well.
void matchingSpeed()
{
    const std::string dir = sharedData() + "/loghub-2k";
    auto settings = sn::logs::readLogSourceSettings(dir + "/drain_benchmark_settings.json");
    if (!settings)
        return;
    const sn::logs::LogSourceSettings hdfs = settings->at("HDFS");
    const std::vector<std::string> lines = readLines(dir + "/" + hdfs.logFile);
    auto format = sn::logs::LogFormat::parse(hdfs.format);
    if (lines.empty() || !format)
        return;
    std::vector<std::string> contents;
    sn::logs::HeaderFields fields;
    for (const std::string &l : lines) {
        format->split(l, fields);
        contents.emplace_back(fields.content);
    }
    constexpr int kRounds = 500;   // 1,000,000 lines per timing
    sn::logs::TemplateMiner miner; // built-in shapes only: no per-source regex on the fast path
    for (const std::string &c : contents)
        (void)miner.add(c);
    std::uint64_t sink = 0;
    const double s = sn::bench::medianSeconds(5, [&] {
        for (int r = 0; r < kRounds; ++r)
            for (const std::string &c : contents)
                sink += miner.add(c).id;
    });
    const double n = double(kRounds) * double(contents.size());
    sn::bench::printFigure("logs", "lines_per_s", n / s, "lines/s", "Drain3 Rust port (issue)", 1.2e6);
    auto parser = sn::logs::LogParser(*format, *sn::logs::RegexMasks::compile({}), {});
    const double s2 = sn::bench::medianSeconds(5, [&] {
        for (int r = 0; r < kRounds; ++r)
            for (const std::string &l : lines)
                sink += parser.add(l).match.id;
    });
    sn::bench::printFigure("logs", "lines_per_s_with_header", n / s2, "lines/s");
    std::uint64_t bytes = 0;
    for (const std::string &l : lines)
        bytes += l.size() + 1;
    sn::bench::printFigure("logs", "mb_per_s_with_header", double(bytes) * kRounds / s2 / 1e6, "MB/s");
    if (sink == 42)
        std::fprintf(stderr, "unlikely\n");
}

// The engine's whole path per line (log_pipeline.h): sanitize, mine, signature and severity,
// log anomalies, on HDFS lines as an intake delivers them (header included), LogRecord in place.
void pipelineSpeed()
{
    const std::string dir = sharedData() + "/loghub-2k";
    auto settings = sn::logs::readLogSourceSettings(dir + "/drain_benchmark_settings.json");
    if (!settings)
        return;
    const std::vector<std::string> lines = readLines(dir + "/" + settings->at("HDFS").logFile);
    if (lines.empty())
        return;
    constexpr int kRounds = 100; // 200,000 lines per timing
    sn::logs::LogPipeline pipeline;
    std::vector<sn::LogRecord> records(lines.size());
    std::int64_t t = 1767225600000;
    std::uint64_t sink = 0;
    const double s = sn::bench::medianSeconds(5, [&] {
        for (int r = 0; r < kRounds; ++r)
            for (std::size_t i = 0; i < lines.size(); ++i) {
                sn::LogRecord &rec = records[i];
                rec.text = lines[i];
                rec.timeMs = t++;
                rec.node = "gpu01";
                rec.source = "hdfs";
                sink += pipeline.process(rec).size() + rec.templateId.size();
            }
    });
    sn::bench::printFigure("logs", "pipeline_lines_per_s", double(kRounds) * double(lines.size()) / s, "lines/s");
    if (sink == 42)
        std::fprintf(stderr, "unlikely\n");
}

// The metric detectors at their default settings on NAB's realAWSCloudwatch series: labelled
// windows in which an event started, and events that started outside every window, and NAB's
// standard-profile score (nab_score.h) with each event's first row as the detection.
void nabWindows()
{
    const std::string dir = sharedData() + "/nab";
    const QStringList files =
        QDir(QString::fromStdString(dir + "/data/realAWSCloudwatch")).entryList({"*.csv"}, QDir::Files, QDir::Name);
    int windows = 0, detected = 0, falsePositives = 0;
    std::vector<sn::anomaly::NabSeriesScore> nab;
    for (const QString &f : files) {
        const std::string key = "realAWSCloudwatch/" + f.toStdString();
        auto series = sn::anomaly::readTimestampValueCsv(dir + "/data/" + key);
        auto labels = sn::anomaly::readNabWindows(dir + "/labels/combined_windows.json", key);
        if (!series || !labels) {
            std::fprintf(stderr, "bench_logs: %s\n", (!series ? series.error() : labels.error()).message.c_str());
            continue;
        }
        sn::anomaly::SeriesDetector detector(key);
        for (const sn::anomaly::TimedValue &v : *series)
            (void)(v.valid ? detector.add(v.timeMs, v.value) : detector.addMissing(v.timeMs));
        std::vector<std::int64_t> starts;
        for (const auto &e : detector.events())
            starts.push_back(e.startMs);
        const sn::anomaly::WindowScore score = sn::anomaly::scoreWindows(starts, *labels);
        const std::string name = f.chopped(4).toStdString();
        std::vector<std::int64_t> rows;
        for (const sn::anomaly::TimedValue &v : *series)
            rows.push_back(v.timeMs);
        std::vector<std::size_t> alerts;
        for (const std::int64_t s : starts)
            alerts.push_back(std::size_t(std::lower_bound(rows.begin(), rows.end(), s) - rows.begin()));
        nab.push_back(sn::anomaly::nabScore(rows, alerts, *labels));
        sn::bench::printFigure("logs", "nab_standard_score_" + name, sn::anomaly::nabNormalizedScore({nab.back()}),
                               "score");
        sn::bench::printFigure("logs", "nab_windows_detected_" + name, score.detected, "windows");
        sn::bench::printFigure("logs", "nab_windows_" + name, score.windows, "windows");
        sn::bench::printFigure("logs", "nab_false_positives_" + name, score.falsePositives, "events");
        windows += score.windows;
        detected += score.detected;
        falsePositives += score.falsePositives;
    }
    sn::bench::printFigure("logs", "nab_windows_detected", detected, "windows");
    sn::bench::printFigure("logs", "nab_windows", windows, "windows");
    sn::bench::printFigure("logs", "nab_false_positives", falsePositives, "events");
    // NAB's published standard-profile figures for comparison: null 0, random ~11, HTM ~70.
    sn::bench::printFigure("logs", "nab_standard_score", sn::anomaly::nabNormalizedScore(nab), "score");
}

} // namespace

int main(int argc, char **argv)
{
    const std::string only = argc > 1 ? argv[1] : "";
    if (only.empty() || only == "grouping")
        groupingAccuracy();
    if (only.empty() || only == "speed")
        matchingSpeed();
    if (only.empty() || only == "pipeline")
        pipelineSpeed();
    if (only.empty() || only == "nab")
        nabWindows();
    return 0;
}
