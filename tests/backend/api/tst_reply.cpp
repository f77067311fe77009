// Engine replies (backend/api/reply.h): a continuation runs exactly once, with the reply's
// value, whether it is attached before the reply is fulfilled, after, or while another thread
// fulfils it; a reply whose producer was dropped is cancelled. The moment Qt 6.4 gets wrong
// (then() between "marked finished" and "continuation run": run twice, the second time on
// moved-out state) is made deterministic by a finisher that stops between the two steps.
#include "backend/api/reply.h"

#include <QTest>
#include <QThread>

#include <atomic>
#include <thread>

using namespace sn;

namespace {

// A producer that does what ReplyPromise::finish does in two steps a test can come between:
// mark the reply finished (under the reply lock, as ReplyPromise does), then run the stored
// continuation. Qt 6.4's own then() attached between the two runs twice.
class PausedFinisher : private QFutureInterface<Result<int>> {
public:
    PausedFinisher() { reportStarted(); }
    Reply<int> future() { return QFutureInterface<Result<int>>::future(); }
    void markFinished(int value)
    {
        reportAndMoveResult(Result<int>(value));
        std::lock_guard lock(detail::replyStateLock());
        QFutureInterfaceBase::reportFinished();
    }
    void runStoredContinuation() { runContinuation(); }
};

} // namespace

class ReplyTest : public QObject {
    Q_OBJECT
private slots:
    void attachedBeforeRunsOnceOnTheFulfillingThread()
    {
        ReplyPromise<int> promise;
        std::atomic<int> runs{0};
        std::thread::id ranOn;
        int seen = 0;
        whenReady(promise.future(), [&](const Result<int> &r) {
            ++runs;
            ranOn = std::this_thread::get_id();
            seen = r.value();
        });
        QCOMPARE(runs.load(), 0);
        std::thread::id finisher;
        std::thread t([&] {
            finisher = std::this_thread::get_id();
            promise.finish(Result<int>(42));
        });
        t.join();
        QCOMPARE(runs.load(), 1);
        QCOMPARE(seen, 42);
        QVERIFY(ranOn == finisher);
    }

    void attachedAfterRunsOnceAtOnceOnTheAttachingThread()
    {
        ReplyPromise<int> promise;
        promise.finish(Result<int>(Error{ErrorCode::NotFound, "no such job"}));
        int runs = 0;
        std::thread::id ranOn;
        whenReady(promise.future(), [&](const Result<int> &r) {
            ++runs;
            ranOn = std::this_thread::get_id();
            QVERIFY(!r.ok());
            QCOMPARE(r.error().message, std::string("no such job"));
        });
        QCOMPARE(runs, 1);
        QVERIFY(ranOn == std::this_thread::get_id());
    }

    // The Qt 6.4 window: the reply is marked finished but its finisher has not yet run the
    // stored continuation. whenReady there runs the continuation at once and does not store it,
    // so the finisher's next step finds nothing to run again.
    void attachedInsideTheFinishersWindowRunsOnce()
    {
        PausedFinisher producer;
        Reply<int> reply = producer.future();
        producer.markFinished(7);
        int runs = 0;
        whenReady(reply, [&](const Result<int> &r) {
            ++runs;
            QCOMPARE(r.value(), 7);
        });
        QCOMPARE(runs, 1);
        producer.runStoredContinuation();
        QCOMPARE(runs, 1);
    }

    // Attach and fulfil race for real, many times: every continuation runs once, with its value.
    void attachWhileFulfillingRunsEachOnce()
    {
        constexpr int kReplies = 20000;
        std::vector<std::unique_ptr<ReplyPromise<int>>> promises;
        std::vector<Reply<int>> replies;
        for (int i = 0; i < kReplies; ++i) {
            promises.push_back(std::make_unique<ReplyPromise<int>>());
            replies.push_back(promises.back()->future());
        }
        std::vector<std::atomic<int>> runs(kReplies);
        std::atomic<int> wrongValues{0};
        std::atomic<int> released{-1};
        std::thread finisher([&] {
            for (int i = 0; i < kReplies; ++i) {
                while (released.load(std::memory_order_acquire) < i)
                    std::this_thread::yield();
                promises[i]->finish(Result<int>(i));
            }
        });
        for (int i = 0; i < kReplies; ++i) {
            released.store(i, std::memory_order_release); // the finisher may go now, as we attach
            whenReady(replies[i], [&, i](const Result<int> &r) {
                ++runs[i];
                if (r.value() != i)
                    ++wrongValues;
            });
        }
        finisher.join();
        int notOnce = 0;
        for (int i = 0; i < kReplies; ++i)
            notOnce += runs[i].load() != 1;
        QCOMPARE(notOnce, 0);
        QCOMPARE(wrongValues.load(), 0);
    }

    void aDroppedPromiseCancelsItsReply()
    {
        Reply<int> reply;
        int runs = 0;
        {
            ReplyPromise<int> promise;
            reply = promise.future();
            whenReady(reply, [&](const Result<int> &) { ++runs; });
        }
        QVERIFY(reply.isFinished());
        QVERIFY(reply.isCanceled());
        QCOMPARE(runs, 0);
        const Result<int> waited = waitFor(reply);
        QVERIFY(!waited.ok());
        QCOMPARE(waited.error().code, ErrorCode::Unavailable);
        whenReady(reply, [&](const Result<int> &) { ++runs; });
        QCOMPARE(runs, 0);
    }

    void waitForSeesTheValueFromAnotherThread()
    {
        ReplyPromise<std::string> promise;
        Reply<std::string> reply = promise.future();
        std::thread t([&] {
            QThread::msleep(20);
            promise.finish(Result<std::string>(std::string("done")));
        });
        const Result<std::string> r = waitFor(reply);
        t.join();
        QVERIFY(r.ok());
        QCOMPARE(r.value(), std::string("done"));
    }
};

QTEST_GUILESS_MAIN(ReplyTest)
#include "tst_reply.moc"
