#include "backend/remote/common/grpc_status.h"

namespace sn::rpc {

grpc::Status toGrpcStatus(const Error &error)
{
    switch (error.code) {
    case ErrorCode::InvalidArgument:
        return {grpc::StatusCode::INVALID_ARGUMENT, error.message};
    case ErrorCode::NotFound:
        return {grpc::StatusCode::NOT_FOUND, error.message};
    case ErrorCode::FailedPrecondition:
        return {grpc::StatusCode::FAILED_PRECONDITION, error.message};
    case ErrorCode::Unavailable:
        return {grpc::StatusCode::UNAVAILABLE, error.message};
    case ErrorCode::PermissionDenied:
        return {grpc::StatusCode::PERMISSION_DENIED, error.message};
    case ErrorCode::Internal:
        break;
    }
    return {grpc::StatusCode::INTERNAL, error.message};
}

Error fromGrpcStatus(const grpc::Status &status)
{
    const std::string &m = status.error_message();
    switch (status.error_code()) {
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::OUT_OF_RANGE:
        return {ErrorCode::InvalidArgument, m};
    case grpc::StatusCode::NOT_FOUND:
        return {ErrorCode::NotFound, m};
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::ALREADY_EXISTS:
    case grpc::StatusCode::ABORTED:
        return {ErrorCode::FailedPrecondition, m};
    case grpc::StatusCode::PERMISSION_DENIED:
        return {ErrorCode::PermissionDenied, m};
    case grpc::StatusCode::UNAUTHENTICATED:
        return {ErrorCode::PermissionDenied, "not authenticated: " + m};
    case grpc::StatusCode::UNAVAILABLE:
        // Both "nobody answers at that address" (gRPC's own message) and "the daemon answered
        // that it cannot do this now" (its state directory is full or read-only): say which.
        return {ErrorCode::Unavailable, "the engine daemon is unavailable: " + m};
    case grpc::StatusCode::DEADLINE_EXCEEDED:
        return {ErrorCode::Unavailable, "the engine daemon did not answer in time: " + m};
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
        return {ErrorCode::Unavailable, "the engine daemon is overloaded or the request too large: " + m};
    case grpc::StatusCode::CANCELLED:
        return {ErrorCode::Unavailable, "the call was cancelled: " + m};
    default:
        return {ErrorCode::Internal, m.empty() ? std::string("internal error in the engine daemon") : m};
    }
}

} // namespace sn::rpc
