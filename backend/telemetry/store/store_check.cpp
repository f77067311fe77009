#include "backend/telemetry/store/store_check.h"

#include "backend/telemetry/store/block.h"
#include "backend/telemetry/store/chunk_encoding.h"
#include "backend/telemetry/store/rollup.h"
#include "backend/telemetry/store/varint.h"
#include "backend/telemetry/store/wal.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

namespace sn::tsdb {

namespace {

std::string seriesName(const std::string &metric, const Labels &labels)
{
    std::string s = metric + "{";
    bool first = true;
    for (const auto &[k, v] : labels) {
        s += (first ? "" : ",") + k + "=\"" + v + "\"";
        first = false;
    }
    return s + "}";
}

bool sameValue(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0 || (std::isnan(a) && std::isnan(b));
}

// Sums of non-decimal values are added in a different order by the writer's merge; decimals
// are exact either way.
bool sameSum(double a, double b)
{
    return sameValue(a, b) || std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

struct BlockRange {
    std::int64_t minTime, maxTime;
    std::string name;
};

class Checker {
public:
    explicit Checker(const QString &dataDir) : m_dir(dataDir) {}

    StoreCheckReport run()
    {
        if (m_dir.isEmpty()) {
            find("(memory)", "a memory-only store has no files to check");
            return std::move(m_report);
        }
        if (!QDir(m_dir).exists()) {
            find(m_dir.toStdString(), "no such directory");
            return std::move(m_report);
        }
        checkBlocks();
        checkWal();
        return std::move(m_report);
    }

private:
    void find(std::string where, std::string what) { m_report.findings.push_back({std::move(where), std::move(what)}); }

    void checkBlocks()
    {
        const QDir blocksDir(m_dir + QStringLiteral("/blocks"));
        if (!blocksDir.exists())
            return;
        for (const QString &name : blocksDir.entryList(QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot)) {
            const std::string where = "blocks/" + name.toStdString();
            if (name.startsWith(QLatin1String(".tmp-")))
                m_report.notes.push_back(where + ": an unfinished block cut; the next open deletes it");
            else if (name.startsWith(QLatin1String("corrupt-")))
                find(where, "a block set aside as corrupt when the store was opened: its samples are not served");
            else if (name.startsWith(QLatin1String("b-")))
                checkBlock(blocksDir.filePath(name), where);
            else
                find(where, "not a block directory (expected b-<min>-<max>-<sequence>)");
        }
        std::sort(m_ranges.begin(), m_ranges.end(), [](const auto &a, const auto &b) { return a.minTime < b.minTime; });
        for (std::size_t i = 1; i < m_ranges.size(); ++i)
            if (m_ranges[i].minTime < m_ranges[i - 1].maxTime)
                find("blocks/" + m_ranges[i].name,
                     "overlaps block " + m_ranges[i - 1].name + " (ends at " + std::to_string(m_ranges[i - 1].maxTime) +
                         " ms, this starts at " + std::to_string(m_ranges[i].minTime) + ")");
    }

    void checkBlock(const QString &path, const std::string &where)
    {
        ++m_report.blocks;
        Result<std::shared_ptr<Block>> opened = Block::open(path);
        if (!opened) {
            find(where, opened.error().message);
            return;
        }
        const Block &block = **opened;
        static const QRegularExpression nameRe(QStringLiteral("^b-(-?\\d+)-(-?\\d+)-(\\d+)$"));
        const auto m = nameRe.match(QDir(path).dirName());
        if (!m.hasMatch() || m.captured(1).toLongLong() != block.minTime() ||
            m.captured(2).toLongLong() != block.maxTime())
            find(where, "the name does not match the index's range [" + std::to_string(block.minTime()) + ", " +
                            std::to_string(block.maxTime()) + ")");
        m_ranges.push_back({block.minTime(), block.maxTime(), QDir(path).dirName().toStdString()});
        m_newestBlockEnd = std::max(m_newestBlockEnd, block.maxTime());

        std::set<std::uint64_t> referenced;
        std::set<std::string> names;
        std::vector<std::int64_t> times, allTimes;
        std::vector<double> values, allValues;
        for (std::size_t i = 0; i < block.series().size(); ++i) {
            const BlockSeries &s = block.series()[i];
            const std::string series = seriesName(s.metric, s.labels);
            const std::string at = where + " series " + series;
            ++m_report.blockSeries;
            if (!names.insert(series).second)
                find(at, "the series is in the index twice");
            if (s.chunks.empty())
                find(at, "the index lists the series with no chunks");
            allTimes.clear();
            allValues.clear();
            bool decoded = true;
            for (std::size_t c = 0; c < s.chunks.size(); ++c) {
                const BlockChunkRef &ref = s.chunks[c];
                const std::string chunkAt =
                    at + " chunk " + std::to_string(c) + " (chunks byte " + std::to_string(ref.offset) + ")";
                ++m_report.chunks;
                if (!referenced.insert(ref.offset).second)
                    find(chunkAt, "the chunk record is referenced by more than one index entry");
                if (Status st = decodeChunk(block.chunkData(ref), ref.length, times, values); !st) {
                    find(chunkAt, "does not decode: " + st.error().message);
                    decoded = false;
                    continue;
                }
                m_report.blockSamples += times.size();
                if (times.front() != ref.minTime || times.back() != ref.maxTime)
                    find(chunkAt, "holds samples from " + std::to_string(times.front()) + " to " +
                                      std::to_string(times.back()) + " ms, the index says " +
                                      std::to_string(ref.minTime) + " to " + std::to_string(ref.maxTime));
                if (times.front() < block.minTime() || times.back() >= block.maxTime())
                    find(chunkAt, "has samples outside the block's range");
                for (std::size_t k = 0; k < times.size(); ++k) {
                    if (!allTimes.empty() && times[k] <= allTimes.back()) {
                        find(chunkAt, "sample " + std::to_string(k) + " at " + std::to_string(times[k]) +
                                          " ms is not after the one before (" + std::to_string(allTimes.back()) +
                                          " ms)");
                        break;
                    }
                    allTimes.push_back(times[k]);
                    allValues.push_back(values[k]);
                }
            }
            if (decoded) // rollups against a partial series would only repeat the finding
                checkRollups(block, i, at, allTimes, allValues);
            if (m_keepSamples)
                for (std::size_t k = 0; k < allTimes.size(); ++k)
                    m_samples[series].emplace(allTimes[k], allValues[k]);
        }
        checkChunkRecords(path, where, referenced);
    }

    void checkRollups(const Block &block, std::size_t i, const std::string &at, const std::vector<std::int64_t> &times,
                      const std::vector<double> &values)
    {
        for (const std::int64_t res : kRollupResolutionsMs) {
            std::vector<RollupBucket> stored, expected;
            if (Status st = block.rollups(i, res, stored); !st) {
                find(at, std::to_string(res) + " ms rollup: " + st.error().message);
                continue;
            }
            appendRollup(times.data(), values.data(), times.size(), res, expected);
            const std::string rollAt = at + " " + std::to_string(res / 1000) + " s rollup";
            if (stored.size() != expected.size()) {
                find(rollAt, std::to_string(stored.size()) + " buckets stored, the raw samples make " +
                                 std::to_string(expected.size()));
                continue;
            }
            for (std::size_t b = 0; b < stored.size(); ++b) {
                const RollupBucket &g = stored[b], &e = expected[b];
                if (g.start != e.start || g.count != e.count || !sameValue(g.min, e.min) || !sameValue(g.max, e.max) ||
                    !sameSum(g.sum, e.sum)) {
                    find(rollAt, "bucket at " + std::to_string(e.start) + " ms disagrees with the raw samples (count " +
                                     std::to_string(g.count) + " vs " + std::to_string(e.count) + ", min " +
                                     std::to_string(g.min) + " vs " + std::to_string(e.min) + ", max " +
                                     std::to_string(g.max) + " vs " + std::to_string(e.max) + ", sum " +
                                     std::to_string(g.sum) + " vs " + std::to_string(e.sum) + ")");
                    break;
                }
            }
        }
    }

    // Every chunk record in the file must be one some index entry points at: an orphan is a
    // chunk whose series lost it from the index.
    void checkChunkRecords(const QString &path, const std::string &where, const std::set<std::uint64_t> &referenced)
    {
        QFile file(path + QStringLiteral("/chunks"));
        if (!file.open(QIODevice::ReadOnly))
            return; // Block::open read it a moment ago; a vanished file is the next run's finding
        const QByteArray bytes = file.readAll();
        ByteReader r(reinterpret_cast<const std::uint8_t *>(bytes.constData()), static_cast<std::size_t>(bytes.size()));
        r.bytes(5, "header");
        while (r.ok() && r.remaining() > 0) {
            const std::size_t recordAt = r.offset();
            const std::uint64_t length = r.varint("chunk length");
            const std::uint64_t offset = r.offset();
            r.bytes(length, "chunk");
            r.fixed32("chunk crc");
            if (!r.ok()) {
                find(where + "/chunks byte " + std::to_string(recordAt), "a torn chunk record: " + r.error());
                return;
            }
            if (!referenced.count(offset))
                find(where + "/chunks byte " + std::to_string(offset), "a chunk no series in the index refers to");
        }
    }

    void checkWal()
    {
        const QString walDir = m_dir + QStringLiteral("/wal");
        if (!QDir(walDir).exists())
            return;
        const QStringList segments = QDir(walDir).entryList({QStringLiteral("segment-*")}, QDir::Files, QDir::Name);
        std::vector<std::string> names; // local id -> series
        std::unordered_map<std::string, SeriesId> ids;
        std::unordered_map<SeriesId, std::int64_t> last;
        std::map<std::string, std::vector<std::pair<std::int64_t, double>>> below; // replay would refuse these
        Result<WalReplayReport> replay = Wal::replay(
            walDir,
            [&](const std::string &metric, const Labels &labels) {
                const std::string name = seriesName(metric, labels);
                const auto [it, fresh] = ids.emplace(name, static_cast<SeriesId>(names.size()));
                if (fresh)
                    names.push_back(name);
                return it->second;
            },
            [&](const RefSample *samples, std::size_t n) {
                m_report.walSamples += n;
                for (std::size_t i = 0; i < n; ++i)
                    if (samples[i].timeMs < m_newestBlockEnd)
                        below[names[samples[i].ref]].emplace_back(samples[i].timeMs, samples[i].value);
            },
            WalReplayMode::ReadOnly);
        if (!replay) {
            find("wal", replay.error().message);
            return;
        }
        m_report.walSegments = replay->segments;
        if (replay->unknownSeriesSamples > 0)
            find("wal", std::to_string(replay->unknownSeriesSamples) +
                            " samples name a series id their segment never declared");
        if (replay->truncated) {
            const std::string where = "wal/" + QFileInfo(replay->truncatedSegment).fileName().toStdString() + " byte " +
                                      std::to_string(replay->truncatedAtByte);
            const bool newest =
                !segments.isEmpty() && QFileInfo(replay->truncatedSegment).fileName() == segments.back();
            const bool torn = replay->problem.rfind("torn", 0) == 0;
            if (newest && torn)
                m_report.notes.push_back(where + ": " + replay->problem + " - the batch being written when the " +
                                         "process stopped; never acknowledged, dropped on replay");
            else
                find(where, replay->problem + " (" + std::to_string(replay->droppedBytes) +
                                " bytes after it would be dropped on replay)");
        }
        if (!below.empty())
            checkWalAgainstBlocks(below);
    }

    // Samples older than the newest block's end are refused by replay, so each must already be
    // in the block covering its time (a crash between a cut and its checkpoint leaves such
    // copies) - unless retention has deleted that block.
    void checkWalAgainstBlocks(const std::map<std::string, std::vector<std::pair<std::int64_t, double>>> &below)
    {
        m_keepSamples = true;
        m_ranges.clear();
        m_samples.clear();
        const QDir blocksDir(m_dir + QStringLiteral("/blocks"));
        StoreCheckReport saved = std::move(m_report);
        m_report = {};
        for (const QString &name : blocksDir.entryList({QStringLiteral("b-*")}, QDir::Dirs))
            checkBlock(blocksDir.filePath(name), "blocks/" + name.toStdString()); // findings already made
        m_report = std::move(saved);
        const std::int64_t oldest =
            m_ranges.empty() ? m_newestBlockEnd
                             : std::min_element(m_ranges.begin(), m_ranges.end(), [](const auto &a, const auto &b) {
                                   return a.minTime < b.minTime;
                               })->minTime;
        std::uint64_t expired = 0;
        for (const auto &[series, samples] : below) {
            const auto &stored = m_samples[series];
            for (const auto &[t, v] : samples) {
                if (t < oldest) {
                    ++expired;
                    continue;
                }
                const auto it = stored.find(t);
                if (it == stored.end() || !sameValue(it->second, v)) {
                    find("wal series " + series,
                         "the sample at " + std::to_string(t) + " ms is older than the newest block's end (" +
                             std::to_string(m_newestBlockEnd) + " ms), so replay refuses it, and no block holds " +
                             (it == stored.end() ? "it" : "its value"));
                    break;
                }
            }
        }
        if (expired > 0)
            m_report.notes.push_back("wal: " + std::to_string(expired) +
                                     " samples older than every block (retention deleted theirs); replay skips them");
    }

    QString m_dir;
    StoreCheckReport m_report;
    std::vector<BlockRange> m_ranges;
    std::int64_t m_newestBlockEnd = std::numeric_limits<std::int64_t>::min();
    bool m_keepSamples = false;
    std::map<std::string, std::map<std::int64_t, double>> m_samples;
};

} // namespace

std::string StoreCheckReport::text() const
{
    std::string out;
    for (const StoreFinding &f : findings)
        out += "FINDING " + f.where + ": " + f.what + "\n";
    for (const std::string &n : notes)
        out += "note " + n + "\n";
    out += std::to_string(findings.size()) + " findings; " + std::to_string(blocks) + " blocks, " +
           std::to_string(blockSeries) + " block series, " + std::to_string(chunks) + " chunks, " +
           std::to_string(blockSamples) + " block samples; " + std::to_string(walSegments) + " WAL segments, " +
           std::to_string(walSamples) + " WAL samples\n";
    return out;
}

StoreCheckReport checkStore(const QString &dataDir)
{
    return Checker(dataDir).run();
}

} // namespace sn::tsdb
