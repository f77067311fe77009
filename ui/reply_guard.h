#pragma once
// Run a continuation on the GUI thread when an engine reply arrives, unless its receiver has
// been destroyed meanwhile.
//
// Why not reply.then(receiver, f)? Qt 6.4 (Debian 12) asserts in QFuture::then when the context
// object is gone by the time the reply arrives (later Qt versions cancel instead), and a page
// may well be closed while the engine is still answering. So the context is the application
// object, which outlives every reply, and a QPointer decides whether the receiver still wants
// it. Receivers must live on the GUI thread.

#include "backend/api/engine_api.h"

#include <QCoreApplication>
#include <QPointer>

#include <utility>

namespace sn {

template <typename T, typename F> void onReply(Reply<T> reply, QObject *receiver, F &&continuation)
{
    reply.then(QCoreApplication::instance(), [guard = QPointer<QObject>(receiver),
                                              f = std::forward<F>(continuation)](const Result<T> &result) mutable {
        if (guard)
            f(result);
    });
}

} // namespace sn
