#pragma once
// A captured /metrics scrape served over HTTP on loopback, as the exporter that wrote it would
// serve it: the real peer for tests of scraping collectors. Header-only, so only the tests that
// use it link sn_telemetry.

#include "backend/telemetry/prometheus/http_server.h"

#include <QFile>
#include <QString>

namespace sn::test {

// Reads `path` and serves it at http://127.0.0.1:<server.port()>/metrics.
inline Status serveMetricsFile(HttpServer &server, const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return notFound("cannot read " + path.toStdString());
    const std::string body = f.readAll().toStdString();
    server.handle("/metrics", [body](const HttpRequest &) { return HttpReply{200, kPrometheusTextContentType, body}; });
    return server.start("127.0.0.1", 0);
}

} // namespace sn::test
