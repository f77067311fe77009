#pragma once
// One call of supernode.v1.Engine by name, as a generic gRPC client makes it: whatever the rpc's
// shape (unary, server or client stream; the wire is the same), it sends one empty request
// (valid for every message type), closes its side and waits for the daemon's headers. An
// admitted server stream stays open (its headers carry "sn-epoch") until cancel() or finish();
// a refused call has ended with its status alone. For tests of the daemon's gate and limits.

#include <grpcpp/channel.h>
#include <grpcpp/client_context.h>
#include <grpcpp/completion_queue.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/support/byte_buffer.h>

#include <chrono>
#include <memory>
#include <string>

namespace sn::test {

class RawGrpcCall {
public:
    // method: "/supernode.v1.Engine/SubscribeTelemetry"; token: "" for none.
    RawGrpcCall(const std::shared_ptr<grpc::Channel> &channel, const std::string &method, const std::string &token,
                std::chrono::seconds deadline = std::chrono::seconds(20))
        : m_stub(channel)
    {
        m_context.set_deadline(std::chrono::system_clock::now() + deadline);
        if (!token.empty())
            m_context.AddMetadata("authorization", "Bearer " + token);
        m_call = m_stub.PrepareCall(&m_context, method, &m_queue);
        step([&](void *t) { m_call->StartCall(t); });
        grpc::Slice empty;
        grpc::ByteBuffer request(&empty, 1);
        step([&](void *t) { m_call->Write(request, t); });
        step([&](void *t) { m_call->WritesDone(t); });
        step([&](void *t) { m_call->ReadInitialMetadata(t); });
    }
    ~RawGrpcCall()
    {
        if (!m_finished) {
            m_context.TryCancel();
            finish();
        }
        m_queue.Shutdown();
        void *tag = nullptr;
        bool ok = false;
        while (m_queue.Next(&tag, &ok)) {
        }
    }
    RawGrpcCall(const RawGrpcCall &) = delete;
    RawGrpcCall &operator=(const RawGrpcCall &) = delete;

    // A server stream the daemon admitted and keeps open.
    bool streaming() const { return m_context.GetServerInitialMetadata().count("sn-epoch") > 0; }
    // The next message's size in bytes, or -1 once the daemon's side has ended.
    long read()
    {
        grpc::ByteBuffer reply;
        return step([&](void *t) { m_call->Read(&reply, t); }) ? static_cast<long>(reply.Length()) : -1;
    }
    void cancel() { m_context.TryCancel(); }
    // Reads what is left (or cancels an open stream first when cancelOpen) and returns the status.
    grpc::Status finish(bool cancelOpen = false)
    {
        if (m_finished)
            return m_status;
        if (cancelOpen)
            cancel();
        while (read() >= 0) {
        }
        step([&](void *t) { m_call->Finish(&m_status, t); });
        m_finished = true;
        return m_status;
    }

private:
    template <typename Start> bool step(Start start)
    {
        void *tag = nullptr;
        bool ok = false;
        start(reinterpret_cast<void *>(1));
        return m_queue.Next(&tag, &ok) && ok;
    }

    grpc::GenericStub m_stub;
    grpc::ClientContext m_context;
    grpc::CompletionQueue m_queue;
    std::unique_ptr<grpc::GenericClientAsyncReaderWriter> m_call;
    grpc::Status m_status;
    bool m_finished = false;
};

} // namespace sn::test
