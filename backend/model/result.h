#pragma once
// A value or an error a user can act on: the std::expected-like result every parser and
// engine call returns (../shared/DESIGN.md, "Errors"). C++20 has no std::expected yet.

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace sn {

enum class ErrorCode {
    InvalidArgument,    // the input is wrong: fix it and retry
    NotFound,           // the named thing does not exist
    FailedPrecondition, // the engine is not in a state that allows this
    Unavailable,        // a peer or resource cannot be reached now; retry later
    PermissionDenied,   // the caller's role does not allow this
    Internal,           // a bug: report it
};

const char *errorCodeName(ErrorCode code);

struct Error {
    ErrorCode code = ErrorCode::Internal;
    std::string message;
};

inline Error invalidArgument(std::string message)
{
    return {ErrorCode::InvalidArgument, std::move(message)};
}
inline Error notFound(std::string message)
{
    return {ErrorCode::NotFound, std::move(message)};
}
inline Error failedPrecondition(std::string message)
{
    return {ErrorCode::FailedPrecondition, std::move(message)};
}
inline Error unavailable(std::string message)
{
    return {ErrorCode::Unavailable, std::move(message)};
}

template <typename T> class [[nodiscard]] Result {
public:
    // Empty results exist only because QFuture needs default-constructible values.
    Result() : m_state(Error{ErrorCode::Internal, "no result was produced"}) {}
    Result(T value) : m_state(std::move(value)) {}
    Result(Error error) : m_state(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    const T &value() const &
    {
        assert(ok());
        return std::get<T>(m_state);
    }
    T &value() &
    {
        assert(ok());
        return std::get<T>(m_state);
    }
    T &&value() &&
    {
        assert(ok());
        return std::get<T>(std::move(m_state));
    }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }

    const Error &error() const
    {
        assert(!ok());
        return std::get<Error>(m_state);
    }

private:
    std::variant<T, Error> m_state;
};

// For calls that return nothing on success.
struct Done {};
using Status = Result<Done>;
inline Status success()
{
    return Done{};
}

} // namespace sn
