#pragma once
// The one place where sn::Error and grpc::Status meet (Arrow Flight keeps its status conversion
// in one file too): the server turns engine errors into gRPC codes, the client turns gRPC codes
// back into ErrorCodes. Nothing outside backend/remote sees a grpc::Status.

#include "backend/model/result.h"

#include <grpcpp/support/status.h>

namespace sn::rpc {

grpc::Status toGrpcStatus(const Error &error);
// Codes the engine never produces (UNAUTHENTICATED, RESOURCE_EXHAUSTED, DEADLINE_EXCEEDED, ...)
// fold into the nearest ErrorCode; the message keeps the server's words and says what happened.
Error fromGrpcStatus(const grpc::Status &status);

} // namespace sn::rpc
