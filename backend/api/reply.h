#pragma once
// How an engine reply (Reply<T>, engine_api.h) is fulfilled and how a continuation is attached
// to one. Every producer of a Reply finishes it through ReplyPromise, and every continuation on
// one is attached through whenReady (or ui/reply_guard.h's onReply, built on it).
//
// Why not QPromise::finish() and QFuture::then()? Qt 6.4 (Debian 12) runs a continuation twice
// when then() is called on one thread while another finishes the future: QPromise::finish()
// marks the future finished and only then runs the stored continuation; a then() in between
// sees "finished", runs its continuation at once and stores it anyway, and the finishing thread
// runs the stored one again, its state moved out: a crash inside Qt (QPromise<void>::start()
// on a null interface). supernoded hit it under ThreadSanitizer; tst_reply reproduces it with
// plain Qt. Replies always finish on another thread (the engine's, gRPC's) than the one that
// continues them (the GUI's, gRPC's), so this is every reply's case.
//
// The fix is one lock taken by both moments: a finish marks the future finished under it, a
// whenReady looks at the future and stores its continuation under it. A continuation attached
// before the finish is stored and run once, by the finishing thread, after the lock is
// released; one attached after is run once, at once, by the attaching thread, and never stored.
// The lock guards two short steps, never a continuation, so it cannot deadlock or serialise
// the replies' work.

#include "backend/api/engine_api.h"

#include <QFutureInterface>

#include <mutex>
#include <utility>

namespace sn {

namespace detail {
std::mutex &replyStateLock();
} // namespace detail

// The engine's end of one reply; move-only, like QPromise. A promise destroyed unfinished (its
// work dropped: the engine stopped first) cancels the reply: waitFor() says the engine stopped,
// and no continuation runs, as with QPromise.
template <typename T> class ReplyPromise : private QFutureInterface<Result<T>> {
    using Interface = QFutureInterface<Result<T>>;

public:
    ReplyPromise() { this->reportStarted(); }
    ReplyPromise(const ReplyPromise &) = delete;
    ReplyPromise &operator=(const ReplyPromise &) = delete;
    ~ReplyPromise()
    {
        if (!this->isFinished())
            settle([this] { this->cancel(QFutureInterfaceBase::CancelMode::CancelAndFinish); });
        // The stored continuation holds what it captured; it has run (or never will).
        this->cleanContinuation();
    }

    Reply<T> future() { return Interface::future(); }

    // Called once, from any thread; the continuation, if one was attached, runs here.
    void finish(Result<T> result)
    {
        this->reportAndMoveResult(std::move(result));
        settle([this] { this->QFutureInterfaceBase::reportFinished(); });
    }

private:
    template <typename Mark> void settle(Mark mark)
    {
        {
            std::lock_guard lock(detail::replyStateLock());
            mark();
        }
        this->runContinuation();
    }
};

// Runs continuation(Result<T>) once when the reply is fulfilled: on the thread that fulfils
// it, or here and now if it already is. Nothing runs for a cancelled reply (its engine stopped
// before it answered), as with QFuture::then().
template <typename T, typename F> void whenReady(Reply<T> reply, F &&continuation)
{
    std::unique_lock lock(detail::replyStateLock());
    if (!reply.isFinished()) {
        reply.then(QtFuture::Launch::Sync, std::forward<F>(continuation));
        return;
    }
    lock.unlock();
    if (!reply.isCanceled() && reply.resultCount() > 0)
        continuation(reply.result());
}

} // namespace sn
