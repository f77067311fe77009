// The series index: one id per (metric, labels), postings for equality matchers, != and
// regex matchers with Prometheus' "absent label reads empty" rule, and label listings.
#include "backend/telemetry/store/series_index.h"

#include <QTest>

using namespace sn;
using namespace sn::tsdb;

namespace {
Labels gpu(const std::string &host, int index, const std::string &job = {})
{
    Labels l{{"Hostname", host}, {"gpu", std::to_string(index)}, {"UUID", "GPU-" + host + std::to_string(index)}};
    if (!job.empty())
        l.emplace("job", job);
    return l;
}
LabelMatcher m(const std::string &name, MatchOp op, const std::string &value)
{
    return LabelMatcher::make(name, op, value).value();
}
} // namespace

class TestSeriesIndex : public QObject {
    Q_OBJECT
private:
    SeriesIndex index;

private slots:
    void init()
    {
        index = SeriesIndex();
        for (const char *metric : {"DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_GPU_TEMP"})
            for (const char *host : {"node01", "node02"})
                for (int g = 0; g < 4; ++g)
                    index.getOrCreate(metric, gpu(host, g, g < 2 ? "train-1" : ""));
    }

    void sameLabelsGetTheSameId()
    {
        QCOMPARE(index.size(), std::size_t(16));
        const auto [id, created] = index.getOrCreate("DCGM_FI_DEV_GPU_TEMP", gpu("node02", 3));
        QVERIFY(!created);
        QCOMPARE(index.find("DCGM_FI_DEV_GPU_TEMP", gpu("node02", 3)), std::optional<SeriesId>(id));
        QCOMPARE(index.metric(id), std::string("DCGM_FI_DEV_GPU_TEMP"));
        QCOMPARE(index.labels(id), gpu("node02", 3));
        QVERIFY(!index.find("DCGM_FI_DEV_GPU_TEMP", gpu("node03", 3)));
        QVERIFY(
            index.getOrCreate("DCGM_FI_DEV_GPU_TEMP", gpu("node02", 3, "other")).second); // a label more: new series
    }

    void matchersSelectSeries_data()
    {
        QTest::addColumn<std::vector<LabelMatcher>>("matchers");
        QTest::addColumn<int>("expected");
        QTest::newRow("metric") << std::vector{m("__name__", MatchOp::Equal, "DCGM_FI_DEV_GPU_UTIL")} << 8;
        QTest::newRow("metric and host") << std::vector{m("__name__", MatchOp::Equal, "DCGM_FI_DEV_GPU_UTIL"),
                                                        m("Hostname", MatchOp::Equal, "node02")}
                                         << 4;
        QTest::newRow("not equal") << std::vector{m("__name__", MatchOp::Equal, "DCGM_FI_DEV_GPU_UTIL"),
                                                  m("gpu", MatchOp::NotEqual, "0")}
                                   << 6;
        QTest::newRow("regex") << std::vector{m("__name__", MatchOp::Regex, "DCGM_FI_DEV_GPU_.*"),
                                              m("gpu", MatchOp::Regex, "[12]")}
                               << 8;
        QTest::newRow("regex is anchored") << std::vector{m("Hostname", MatchOp::Regex, "node0")} << 0;
        QTest::newRow("not regex") << std::vector{m("Hostname", MatchOp::NotRegex, "node0[1]")} << 8;
        QTest::newRow("absent label equals empty") << std::vector{m("job", MatchOp::Equal, "")} << 8;
        QTest::newRow("absent label != value") << std::vector{m("job", MatchOp::NotEqual, "train-1")} << 8;
        QTest::newRow("unknown value") << std::vector{m("Hostname", MatchOp::Equal, "node09")} << 0;
        QTest::newRow("no matchers: all") << std::vector<LabelMatcher>{} << 16;
    }
    void matchersSelectSeries()
    {
        QFETCH(std::vector<LabelMatcher>, matchers);
        QFETCH(int, expected);
        const std::vector<SeriesId> ids = index.select(matchers);
        QCOMPARE(static_cast<int>(ids.size()), expected);
        QVERIFY(std::is_sorted(ids.begin(), ids.end()));
        for (SeriesId id : ids) { // every selected series really matches, checked against its labels
            Labels labels = index.labels(id);
            labels.emplace("__name__", index.metric(id));
            for (const LabelMatcher &x : matchers) {
                const auto it = labels.find(x.name());
                QVERIFY(x.matches(it == labels.end() ? std::string() : it->second));
            }
        }
    }

    void badRegexIsAClearError()
    {
        const auto bad = LabelMatcher::make("gpu", MatchOp::Regex, "([0-");
        QVERIFY(!bad.ok());
        QVERIFY(QString::fromStdString(bad.error().message).contains("bad regex"));
    }

    void labelNamesAndValues()
    {
        QCOMPARE(index.labelValues("Hostname"), (std::vector<std::string>{"node01", "node02"}));
        QCOMPARE(index.labelValues("__name__"),
                 (std::vector<std::string>{"DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_GPU_UTIL"}));
        QCOMPARE(index.labelNames(), (std::vector<std::string>{"Hostname", "UUID", "__name__", "gpu", "job"}));
        QVERIFY(index.labelValues("nothing").empty());
    }

    void stringsAreInternedNotCopiedPerSeries()
    {
        SeriesIndex big;
        for (int g = 0; g < 20000; ++g)
            big.getOrCreate("DCGM_FI_DEV_POWER_USAGE", gpu("node" + std::to_string(g / 8), g % 8));
        // 20,000 series of 4 pairs; the strings are the UUIDs and hosts, each stored once.
        QVERIFY2(big.approximateBytes() / 20000 < 400, qPrintable(QString::number(big.approximateBytes() / 20000)));
    }
    void forgottenSeriesAreGoneFromEveryLookup()
    {
        // The series of job train-1 (GPUs 0 and 1 of each host, both metrics): 8 of 16.
        const auto jobSeries = index.select({m("job", MatchOp::Equal, "train-1")});
        QCOMPARE(jobSeries.size(), std::size_t(8));
        const SeriesId kept = *index.find("DCGM_FI_DEV_GPU_TEMP", gpu("node02", 3));
        index.forget(jobSeries);
        index.forget(jobSeries); // twice: nothing more
        QCOMPARE(index.liveCount(), std::size_t(8));
        QCOMPARE(index.size(), std::size_t(16)); // ids are never given again
        QVERIFY(index.forgotten(jobSeries[0]) && !index.forgotten(kept));
        QVERIFY(index.select({m("job", MatchOp::Equal, "train-1")}).empty());
        QCOMPARE(index.select({m("__name__", MatchOp::Equal, "DCGM_FI_DEV_GPU_UTIL")}).size(), std::size_t(4));
        QCOMPARE(index.select({m("job", MatchOp::NotEqual, "x")}).size(), std::size_t(8)); // no postings path
        QVERIFY(index.labelValues("job").empty()); // no series has the value any more
        const std::vector<std::string> names = index.labelNames();
        QVERIFY(std::find(names.begin(), names.end(), std::string("job")) == names.end());
        QVERIFY(!index.find("DCGM_FI_DEV_GPU_UTIL", gpu("node01", 0, "train-1")));
        QCOMPARE(index.metric(jobSeries[0]), std::string());
        QVERIFY(index.labels(jobSeries[0]).empty());
        // The others are whole after their pairs moved.
        QCOMPARE(index.metric(kept), std::string("DCGM_FI_DEV_GPU_TEMP"));
        QCOMPARE(index.labels(kept), gpu("node02", 3));
        QCOMPARE(index.find("DCGM_FI_DEV_GPU_TEMP", gpu("node02", 3)), std::optional<SeriesId>(kept));
        // The same labels again: a new series, a new id.
        const auto [again, created] = index.getOrCreate("DCGM_FI_DEV_GPU_UTIL", gpu("node01", 0, "train-1"));
        QVERIFY(created);
        QCOMPARE(again, SeriesId(16));
        QCOMPARE(index.select({m("job", MatchOp::Equal, "train-1")}), std::vector<SeriesId>{16});
        QCOMPARE(index.labelValues("job"), std::vector<std::string>{"train-1"});
    }
};

QTEST_GUILESS_MAIN(TestSeriesIndex)
#include "tst_series_index.moc"
