#pragma once
// Who may read supernoded's /metrics (issue 29, item 13). On a loopback address: anyone on this
// machine, over plain HTTP, as before (a local Prometheus or node agent). Beyond loopback: only
// over TLS with the daemon's certificate, and only with a bearer token from the daemon's tokens
// file (any role: a viewer token is enough), which is how Prometheus sends one
// (`authorization: {credentials_file: ...}` in its scrape config). checkDaemonSecurity refuses
// a non-loopback --metrics-listen without TLS and --tokens.

#include "backend/remote/common/access_tokens.h"
#include "backend/telemetry/prometheus/http_server.h"

#include <optional>

namespace sn::rpc {

// The refusal to send (401 with `WWW-Authenticate: Bearer`), or nothing when the request
// carries a token the file knows.
std::optional<HttpReply> refuseUnlessAuthorized(const HttpRequest &request, const TokenStore &tokens);

} // namespace sn::rpc
