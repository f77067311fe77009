#include "backend/model/result.h"

namespace sn {

const char *errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::InvalidArgument:
        return "invalid argument";
    case ErrorCode::NotFound:
        return "not found";
    case ErrorCode::FailedPrecondition:
        return "failed precondition";
    case ErrorCode::Unavailable:
        return "unavailable";
    case ErrorCode::PermissionDenied:
        return "permission denied";
    case ErrorCode::Internal:
        return "internal error";
    }
    return "unknown error";
}

} // namespace sn
