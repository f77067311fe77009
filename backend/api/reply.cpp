#include "backend/api/reply.h"

namespace sn::detail {

std::mutex &replyStateLock()
{
    static std::mutex lock;
    return lock;
}

} // namespace sn::detail
