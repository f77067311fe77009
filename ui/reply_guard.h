#pragma once
// Run a continuation on the GUI thread when an engine reply arrives, unless its receiver has
// been destroyed meanwhile.
//
// Why not QFuture::then(receiver, f)? Two Qt 6.4 (Debian 12) faults: then() attached while the
// engine finishes the reply may run the continuation twice (backend/api/reply.h, whose
// whenReady this uses), and then(context, ...) asserts when the context object is gone by the
// time the reply arrives (later Qt versions cancel instead), and a page may well be closed
// while the engine is still answering. So the reply is continued with whenReady, which posts to
// the application object (it outlives every reply), and a QPointer decides whether the
// receiver still wants it. Receivers must live on the GUI thread.

#include "backend/api/reply.h"

#include <QCoreApplication>
#include <QPointer>

#include <utility>

namespace sn {

template <typename T, typename F> void onReply(Reply<T> reply, QObject *receiver, F &&continuation)
{
    whenReady(reply, [guard = QPointer<QObject>(receiver),
                      f = std::forward<F>(continuation)](const Result<T> &result) mutable {
        // Called at once when the reply had arrived before (on the GUI thread: no hop), else on
        // the engine's thread: posted.
        QMetaObject::invokeMethod(QCoreApplication::instance(), [guard, f = std::move(f), result]() mutable {
            if (guard)
                f(result);
        });
    });
}

} // namespace sn
