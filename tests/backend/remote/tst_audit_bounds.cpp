// What keeps the audit log from growing without bound (issue 29, item 1): refusals counted per
// caller and written once a window (RefusalTally), and the state store dropping the oldest audit
// rows beyond its retention in the commit that adds new ones.
// Qt first: moc runs without the compiler's predefined macros (CMakeLists.txt) and reads
// <chrono> (from refusal_tally.h) correctly only once Qt's headers have defined libstdc++'s.
#include <QTemporaryDir>
#include <QTest>

#include "backend/remote/daemon/refusal_tally.h"
#include "backend/remote/daemon/state_store.h"
#include "tests/support/state_commit.h"

using namespace sn;
using namespace sn::rpc;
using sn::test::commitNow;

namespace {

AuditRecord row(int n)
{
    AuditRecord r;
    r.timeMs = 1000 + n;
    r.who = "unauthenticated";
    r.role = "-";
    r.peer = "ipv4:203.0.113.9:4000";
    r.rpc = "SubmitJob";
    r.what = "call " + std::to_string(n);
    r.outcome = "UNAUTHENTICATED";
    return r;
}

} // namespace

class TestAuditBounds : public QObject {
    Q_OBJECT

private slots:
    void aCallerIsRecordedOncePerWindowAndTheRestCounted()
    {
        using namespace std::chrono_literals;
        RefusalTally tally({10s, 16});
        const auto t0 = RefusalTally::Clock::now();
        QVERIFY(tally.note("203.0.113.9", "unauthenticated", "SubmitJob", t0).record);
        for (int i = 1; i <= 999; ++i)
            QVERIFY(!tally.note("203.0.113.9", "unauthenticated", "CancelJob", t0 + 1ms * i).record);
        // Another caller (address or principal) has its own window.
        QVERIFY(tally.note("203.0.113.10", "unauthenticated", "SubmitJob", t0).record);
        QVERIFY(tally.note("203.0.113.9", "test-viewer", "SubmitJob", t0).record);
        // The window over, the next refusal is written and carries the count.
        const auto later = tally.note("203.0.113.9", "unauthenticated", "SubmitJob", t0 + 11s);
        QVERIFY(later.record);
        QCOMPARE(later.unrecorded, std::uint64_t(999));
        QVERIFY(!tally.note("203.0.113.9", "unauthenticated", "AckEvent", t0 + 12s).record);
        const auto flushed = tally.flush();
        QCOMPARE(flushed.size(), std::size_t(1));
        QCOMPARE(flushed[0].peerHost, std::string("203.0.113.9"));
        QCOMPARE(flushed[0].lastRpc, std::string("AckEvent"));
        QCOMPARE(flushed[0].count, std::uint64_t(1));
        QVERIFY(tally.flush().empty()); // flushed once
        QVERIFY(tally.note("203.0.113.9", "unauthenticated", "SubmitJob", t0 + 13s).record);
    }

    // A flood from many addresses (an IPv6 prefix) is counted under one entry past the table's size.
    void manyCallersShareOneEntryPastTheLimit()
    {
        using namespace std::chrono_literals;
        RefusalTally tally({60s, 100});
        const auto t0 = RefusalTally::Clock::now();
        int recorded = 0;
        for (int i = 0; i < 100000; ++i)
            recorded += tally.note("2001:db8::" + std::to_string(i), "unauthenticated", "SubmitJob", t0).record;
        QCOMPARE(recorded, 101); // 100 callers and the shared entry's first
        std::uint64_t counted = 0;
        for (const auto &u : tally.flush())
            counted += u.count;
        QCOMPARE(counted, std::uint64_t(100000 - 101));
    }

    void peerHostDropsThePort()
    {
        QCOMPARE(peerHostOf("ipv4:10.0.0.7:53422"), std::string("10.0.0.7"));
        QCOMPARE(peerHostOf("ipv6:[::1]:5353"), std::string("::1"));
        QCOMPARE(peerHostOf("ipv6:%5B::1%5D:5353"), std::string("::1"));
        QCOMPARE(peerHostOf("unix:/run/supernode.sock"), std::string("unix:/run/supernode.sock"));
        QCOMPARE(peerHostOf(""), std::string(""));
        QCOMPARE(peerHostOf("ipv6:[::1"), std::string("[::1"));
    }

    void auditKeepsItsNewestRowsWithinTheRetention()
    {
        QTemporaryDir dir;
        StateStore::Retention retention;
        retention.auditRows = 50;
        auto store = StateStore::open(dir.filePath("state.db").toStdString(), retention);
        QVERIFY(store.ok());
        for (int batch = 0; batch < 20; ++batch) {
            std::vector<StateWrite> writes;
            for (int i = 0; i < 17; ++i)
                writes.emplace_back(row(batch * 17 + i));
            QVERIFY(commitNow(**store, std::move(writes)).ok());
        }
        const auto kept = (*store)->audit(0).value();
        QCOMPARE(kept.size(), std::size_t(50));
        QCOMPARE(kept.front().what, std::string("call 290")); // 340 written, the newest 50 kept
        QCOMPARE(kept.back().what, std::string("call 339"));
    }
};

QTEST_GUILESS_MAIN(TestAuditBounds)
#include "tst_audit_bounds.moc"
