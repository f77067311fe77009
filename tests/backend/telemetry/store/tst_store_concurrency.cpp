// One writer ingests (sealing chunks, cutting blocks, applying retention) while readers query
// all the time: every reader sees each series' samples complete, in order and with the right
// values, up to some point no older than what was acknowledged before the query began.
// Run under the asan preset (and TSan) as well.
#include "backend/telemetry/store/store_query.h"

#include <QTest>

#include <atomic>
#include <thread>

using namespace sn;
using namespace sn::tsdb;

namespace {
constexpr std::int64_t kT0 = 1'699'999'200'000;
double valueOf(int series, std::int64_t i)
{
    return static_cast<double>((i * 7 + series) % 1000) / 10;
}
} // namespace

class TestStoreConcurrency : public QObject {
    Q_OBJECT
private slots:
    void readersSeeConsistentDataWhileOneWriterIngests()
    {
        StoreOptions o;
        o.retentionMs = 6LL * 3600 * 1000;
        auto store = std::move(TimeSeriesStore::open(o).value());
        constexpr int kSeries = 32;
        constexpr std::int64_t kSeconds = 9 * 3600; // several block cuts and a retention drop
        std::vector<SeriesId> refs;
        for (int s = 0; s < kSeries; ++s)
            refs.push_back(store->seriesRef("util", {{"gpu", std::to_string(s)}}));
        std::atomic<std::int64_t> acknowledged{-1};
        std::atomic<bool> done{false};
        std::atomic<int> failures{0};
        std::atomic<long> queries{0};
        std::thread writer([&] {
            std::vector<RefSample> batch;
            for (std::int64_t i = 0; i < kSeconds; ++i) {
                batch.clear();
                for (int s = 0; s < kSeries; ++s)
                    batch.push_back({refs[s], kT0 + i * 1000, valueOf(s, i)});
                if (store->append(batch.data(), batch.size())->accepted != kSeries)
                    ++failures;
                acknowledged.store(i, std::memory_order_release);
            }
            done = true;
        });
        auto reader = [&](int which) {
            while (!done) {
                const std::int64_t ack = acknowledged.load(std::memory_order_acquire);
                if (ack < 0)
                    continue;
                const int s = which % kSeries;
                std::int64_t expected = -1, count = 0;
                bool ok = true;
                store->forEachSample(refs[s], 0, std::numeric_limits<std::int64_t>::max(),
                                     [&](const std::int64_t *t, const double *v, std::size_t n) {
                                         for (std::size_t k = 0; k < n; ++k) {
                                             const std::int64_t i = (t[k] - kT0) / 1000;
                                             if (expected >= 0 && i != expected)
                                                 ok = false; // a hole or a duplicate
                                             if (v[k] != valueOf(s, i))
                                                 ok = false;
                                             expected = i + 1;
                                             ++count;
                                         }
                                     });
                if (!ok || expected - 1 < ack) // everything acknowledged before the query is there
                    ++failures;
                // Queries through the query layer too: M4 and a stepped aggregation.
                RangeQuery q;
                q.matchers.push_back(LabelMatcher::equal(kMetricNameLabel, "util"));
                q.startMs = kT0;
                q.endMs = kT0 + (ack + 1) * 1000;
                q.pixelColumns = which % 2 ? 200 : 0;
                q.stepMs = which % 2 ? 0 : 60'000;
                q.aggregation = which % 2 ? Aggregation::None : Aggregation::P95;
                if (!rangeQuery(*store, q).ok())
                    ++failures;
                (void)store->latest(refs[s]);
                ++queries;
                (void)count;
            }
        };
        std::vector<std::thread> readers;
        for (int r = 0; r < 4; ++r)
            readers.emplace_back(reader, r);
        writer.join();
        for (auto &t : readers)
            t.join();
        QCOMPARE(failures.load(), 0);
        QVERIFY(queries.load() > 4);
        QVERIFY(store->stats().blocks >= 1);
    }
};

QTEST_GUILESS_MAIN(TestStoreConcurrency)
#include "tst_store_concurrency.moc"
