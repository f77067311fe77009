#!/usr/bin/env bash
# Nothing in the product calls QFuture::then() but backend/api/reply.h's whenReady: Qt 6.4 runs a
# continuation twice when then() is attached while another thread finishes the future (reply.h
# says how). Engine replies are continued with whenReady (or ui/reply_guard.h's onReply), other
# futures (QtConcurrent::run) watched with a QFutureWatcher.
#   check_no_qfuture_then.sh SOURCE_DIR
set -euo pipefail
cd "$1"
found=$(grep -rnE '\.then[[:space:]]*\(' --include='*.cpp' --include='*.h' app backend bench fuzz tools ui widgets 2>/dev/null |
        grep -v '^backend/api/reply\.h:' || true)
if [[ -n $found ]]; then
  echo "QFuture::then() called outside backend/api/reply.h (use whenReady, onReply or a QFutureWatcher):"
  echo "$found"
  exit 1
fi
echo "no QFuture::then() outside backend/api/reply.h"
