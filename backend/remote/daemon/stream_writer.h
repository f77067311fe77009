#pragma once
// A server-streaming reply fed from another thread: the engine's queued signals push messages,
// the writer sends them one at a time (gRPC allows one write in flight) from a bounded queue. A
// client that reads too slowly is not allowed to grow the daemon's memory: when the queue is
// full (in messages or in bytes) the stream ends with RESOURCE_EXHAUSTED and the client resumes
// on a fresh stream.
//
// Lifetime: gRPC owns the writer until OnDone; producers hold a StreamSink, which outlives it
// and drops messages once the writer is gone.

#include <grpcpp/support/server_callback.h>

#include <QObject>

#include <deque>
#include <functional>
#include <memory>
#include <mutex>

namespace sn::rpc {

template <typename T> class StreamWriter;

template <typename T> class StreamSink {
public:
    void push(T message)
    {
        std::lock_guard lock(m_mutex);
        if (m_writer)
            m_writer->pushLocked(std::move(message));
    }
    void finish(grpc::Status status)
    {
        std::lock_guard lock(m_mutex);
        if (m_writer)
            m_writer->finishLocked(std::move(status));
    }

private:
    friend class StreamWriter<T>;
    std::mutex m_mutex; // guards the writer's state as well
    StreamWriter<T> *m_writer = nullptr;
};

template <typename T> class StreamWriter final : public grpc::ServerWriteReactor<T> {
public:
    struct Limits {
        std::size_t messages = 1024;
        std::size_t bytes = 32u << 20; // serialized size of the queued messages
    };
    explicit StreamWriter(Limits limits, std::function<void()> onDone = {})
        : m_sink(std::make_shared<StreamSink<T>>()), m_limits(limits), m_onDone(std::move(onDone))
    {
        m_sink->m_writer = this;
    }

    std::shared_ptr<StreamSink<T>> sink() const { return m_sink; }
    // The Qt-side subscription; released (deleteLater on its own thread) when the call is done.
    void own(QObject *subscription) { m_subscription = subscription; }
    void sendInitialMetadata() { this->StartSendInitialMetadata(); }

    void OnWriteDone(bool ok) override
    {
        std::lock_guard lock(m_sink->m_mutex);
        m_writing = false;
        if (!m_queue.empty())
            popFrontLocked();
        if (!ok) {
            clearLocked();
            finishLocked(grpc::Status(grpc::StatusCode::CANCELLED, "the client went away"));
            return;
        }
        startNextLocked();
    }
    void OnCancel() override { m_sink->finish(grpc::Status(grpc::StatusCode::CANCELLED, "cancelled")); }
    void OnDone() override
    {
        {
            std::lock_guard lock(m_sink->m_mutex);
            m_sink->m_writer = nullptr;
        }
        if (m_subscription)
            m_subscription->deleteLater();
        if (m_onDone)
            m_onDone();
        delete this;
    }

private:
    friend class StreamSink<T>;

    void pushLocked(T message)
    {
        if (m_finishing)
            return;
        const std::size_t size = message.ByteSizeLong();
        // One message is always taken, however large (the request size limit bounds it).
        if (m_queue.size() >= m_limits.messages || (!m_queue.empty() && m_queuedBytes + size > m_limits.bytes)) {
            // The one in flight stays until OnWriteDone.
            while (m_queue.size() > (m_writing ? 1u : 0u))
                popBackLocked();
            finishLocked(grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED,
                                      "the client reads the stream too slowly; resubscribe"));
            return;
        }
        m_queuedBytes += size;
        m_queue.push_back(std::move(message));
        startNextLocked();
    }
    void popFrontLocked()
    {
        m_queuedBytes -= m_queue.front().ByteSizeLong();
        m_queue.pop_front();
    }
    void popBackLocked()
    {
        m_queuedBytes -= m_queue.back().ByteSizeLong();
        m_queue.pop_back();
    }
    void clearLocked()
    {
        m_queue.clear();
        m_queuedBytes = 0;
    }
    void finishLocked(grpc::Status status)
    {
        if (m_finishing)
            return;
        m_finishing = true;
        m_status = std::move(status);
        startNextLocked();
    }
    void startNextLocked()
    {
        if (m_writing || m_finished)
            return;
        if (!m_queue.empty() && !(m_finishing && m_status.error_code() == grpc::StatusCode::CANCELLED)) {
            m_writing = true;
            this->StartWrite(&m_queue.front());
        } else if (m_finishing) {
            // Finish only when no write is in flight: what was queued before the end is sent first.
            m_finished = true;
            this->Finish(m_status);
        }
    }

    std::shared_ptr<StreamSink<T>> m_sink;
    Limits m_limits;
    std::size_t m_queuedBytes = 0;
    std::function<void()> m_onDone;
    QObject *m_subscription = nullptr;
    std::deque<T> m_queue; // front is in flight while m_writing
    bool m_writing = false;
    bool m_finishing = false;
    bool m_finished = false;
    grpc::Status m_status;
};

} // namespace sn::rpc
