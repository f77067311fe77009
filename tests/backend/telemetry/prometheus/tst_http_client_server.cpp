// The POSIX HTTP client and server: against each other, and the client against a raw-socket
// fake peer that sends exactly the bytes a test wants (chunked, truncated, garbage, silence).
#include "backend/telemetry/prometheus/http_client.h"
#include "backend/telemetry/prometheus/http_server.h"
#include "backend/telemetry/prometheus/http_url.h"
#include "tests/support/loopback_port.h"

#include <QTest>

#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace sn;
using namespace std::chrono_literals;

namespace {

// Listens on 127.0.0.1, accepts one connection, reads the request head, then writes `pieces`
// with a pause between them and closes (or holds the connection open for `holdMs`).
class FakePeer {
public:
    explicit FakePeer(std::vector<std::string> pieces, int holdMs = 0)
    {
        m_listen = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::bind(m_listen, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || ::listen(m_listen, 4) != 0)
            qFatal("fake peer cannot listen");
        socklen_t len = sizeof a;
        ::getsockname(m_listen, reinterpret_cast<sockaddr *>(&a), &len);
        m_port = ntohs(a.sin_port);
        m_thread = std::thread([this, pieces = std::move(pieces), holdMs] {
            const int fd = ::accept(m_listen, nullptr, nullptr);
            if (fd < 0)
                return;
            std::string head;
            char buffer[1024];
            while (head.find("\r\n\r\n") == std::string::npos) {
                const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
                if (n <= 0)
                    break;
                head.append(buffer, static_cast<std::size_t>(n));
            }
            m_request = head;
            for (const std::string &p : pieces) {
                (void)!::send(fd, p.data(), p.size(), MSG_NOSIGNAL);
                std::this_thread::sleep_for(5ms);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(holdMs));
            ::close(fd);
        });
    }
    ~FakePeer()
    {
        ::shutdown(m_listen, SHUT_RDWR);
        m_thread.join();
        ::close(m_listen);
    }
    HttpUrl url(const std::string &target = "/metrics") const { return {"127.0.0.1", m_port, target}; }
    std::string request() const { return m_request; }

private:
    int m_listen = -1;
    std::uint16_t m_port = 0;
    std::thread m_thread;
    std::string m_request;
};

std::uint16_t closedPort()
{
    return sn::test::freeLoopbackPort();
}

HttpClientOptions quick()
{
    HttpClientOptions o;
    o.connectTimeout = 2000ms;
    o.readTimeout = 2000ms;
    return o;
}

} // namespace

class TestHttpClientServer : public QObject {
    Q_OBJECT
private slots:
    void parsesUrls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("target");
        QTest::newRow("dcgm default") << "http://gpu01:9400/metrics"
                                      << "gpu01" << 9400 << "/metrics";
        QTest::newRow("no port") << "http://gpu01/metrics"
                                 << "gpu01" << 80 << "/metrics";
        QTest::newRow("no path") << "http://10.0.0.5:9090"
                                 << "10.0.0.5" << 9090 << "/";
        QTest::newRow("query") << "http://h:1/api/v1/query?query=up&time=1"
                               << "h" << 1 << "/api/v1/query?query=up&time=1";
        QTest::newRow("query without path") << "http://h:1?x=1"
                                            << "h" << 1 << "/?x=1";
        QTest::newRow("fragment dropped") << "http://h/a#frag"
                                          << "h" << 80 << "/a";
        QTest::newRow("ipv6") << "http://[::1]:9400/metrics"
                              << "::1" << 9400 << "/metrics";
        QTest::newRow("ipv6 no port") << "http://[fe80::1]/"
                                      << "fe80::1" << 80 << "/";
        QTest::newRow("upper-case scheme") << "HTTP://h:2/"
                                           << "h" << 2 << "/";
    }
    void parsesUrls()
    {
        QFETCH(QString, url);
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(QString, target);
        auto u = parseHttpUrl(url.toStdString());
        QVERIFY2(u.ok(), u.ok() ? "" : u.error().message.c_str());
        QCOMPARE(QString::fromStdString(u->host), host);
        QCOMPARE(int(u->port), port);
        QCOMPARE(QString::fromStdString(u->target), target);
    }

    void rejectsBadUrls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("message");
        QTest::newRow("https") << "https://gpu01:9400/metrics"
                               << "HTTPS is not supported";
        QTest::newRow("no scheme") << "gpu01:9400/metrics"
                                   << "no scheme";
        QTest::newRow("ftp") << "ftp://h/"
                             << "unsupported scheme 'ftp'";
        QTest::newRow("no host") << "http://:9400/"
                                 << "names no host";
        QTest::newRow("port text") << "http://h:abc/"
                                   << "port 'abc'";
        QTest::newRow("port zero") << "http://h:0/"
                                   << "port '0'";
        QTest::newRow("port too big") << "http://h:70000/"
                                      << "port '70000'";
        QTest::newRow("empty port") << "http://h:/"
                                    << "port ''";
        QTest::newRow("ipv6 unbracketed") << "http://::1:9400/"
                                          << "brackets";
        QTest::newRow("ipv6 unclosed") << "http://[::1:9400/"
                                       << "closing ']'";
        QTest::newRow("space in path") << "http://h/a b"
                                       << "percent-encoded";
        QTest::newRow("userinfo") << "http://u:p@h/"
                                  << "user information";
    }
    void rejectsBadUrls()
    {
        QFETCH(QString, url);
        QFETCH(QString, message);
        auto u = parseHttpUrl(url.toStdString());
        QVERIFY(!u.ok());
        QCOMPARE(u.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(u.error().message).contains(message), u.error().message.c_str());
    }

    void percentEncodesQueryValues()
    {
        QCOMPARE(percentEncode(R"(rate(x{a="b c"}[5m]))"), std::string("rate%28x%7Ba%3D%22b%20c%22%7D%5B5m%5D%29"));
        QCOMPARE(percentEncode("A-z_0.9~"), std::string("A-z_0.9~"));
    }

    void readsContentLengthBodies()
    {
        FakePeer peer({"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\nhello", " world"});
        auto r = httpGet(peer.url(), quick());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->status, 200);
        QCOMPARE(r->reason, std::string("OK"));
        QCOMPARE(r->body, std::string("hello world"));
        QCOMPARE(r->header("content-type"), std::string("text/plain"));
        QVERIFY(peer.request().rfind("GET /metrics HTTP/1.1\r\n", 0) == 0);
        QVERIFY(peer.request().find("\r\nHost: 127.0.0.1:") != std::string::npos);
    }

    void readsChunkedBodiesSplitAnywhere()
    {
        FakePeer peer({"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r", "\nhel", "lo\r\n6;ext=1\r\n wo",
                       "rld\r\n0\r\nX-Trailer: 1\r\n\r\n"});
        auto r = httpGet(peer.url(), quick());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->body, std::string("hello world"));
    }

    void readsBodiesUntilClose()
    {
        FakePeer peer({"HTTP/1.0 200 OK\r\n\r\nx 1\n", "y 2\n"});
        auto r = httpGet(peer.url(), quick());
        QVERIFY(r.ok());
        QCOMPARE(r->body, std::string("x 1\ny 2\n"));
    }

    void skipsInterimReplies()
    {
        FakePeer peer({"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"});
        auto r = httpGet(peer.url(), quick());
        QVERIFY(r.ok());
        QCOMPARE(r->status, 200);
        QCOMPARE(r->body, std::string("ok"));
    }

    void reportsMalformedReplies_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::addColumn<QString>("message");
        QTest::newRow("garbage status") << "SSH-2.0-OpenSSH_9.2\r\n\r\n"
                                        << "malformed status line 'SSH-2.0-OpenSSH_9.2'";
        QTest::newRow("status not a number") << "HTTP/1.1 2x0 OK\r\n\r\n"
                                             << "malformed status line";
        QTest::newRow("status out of range") << "HTTP/1.1 999 Odd\r\n\r\n"
                                             << "malformed status line";
        QTest::newRow("empty reply") << ""
                                     << "connection closed before the end of the status line";
        QTest::newRow("headers cut") << "HTTP/1.1 200 OK\r\nContent-Le"
                                     << "connection closed before the end of the headers";
        QTest::newRow("header without colon") << "HTTP/1.1 200 OK\r\nbroken\r\n\r\n"
                                              << "malformed header line 'broken'";
        QTest::newRow("truncated body") << "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789"
                                        << "truncated body: the connection closed after 10 of 100 bytes";
        QTest::newRow("bad content length") << "HTTP/1.1 200 OK\r\nContent-Length: ten\r\n\r\n"
                                            << "malformed Content-Length";
        QTest::newRow("bad chunk size") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"
                                        << "expected a hexadecimal chunk size, got 'zz'";
        QTest::newRow("chunk without CRLF") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabcd\r\n"
                                            << "expected CRLF after a chunk";
        QTest::newRow("truncated chunk") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nabc"
                                         << "truncated chunk";
        QTest::newRow("chunked without end") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n"
                                             << "before the end of the chunk size line";
        QTest::newRow("gzip") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n"
                              << "unsupported Transfer-Encoding";
    }
    void reportsMalformedReplies()
    {
        QFETCH(QString, reply);
        QFETCH(QString, message);
        FakePeer peer({reply.toStdString()});
        auto r = httpGet(peer.url(), quick());
        QVERIFY2(!r.ok(), r.ok() ? r->body.c_str() : "");
        QCOMPARE(r.error().code, ErrorCode::Unavailable);
        const QString error = QString::fromStdString(r.error().message);
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY2(error.startsWith("GET http://127.0.0.1:"), qPrintable(error)); // names the URL
    }

    void limitsTheBodySize()
    {
        FakePeer peer({"HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n"});
        HttpClientOptions o = quick();
        o.maxBodyBytes = 1000;
        auto r = httpGet(peer.url(), o);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("larger than the limit") != std::string::npos, r.error().message.c_str());
    }

    void reportsARefusedConnection()
    {
        auto r = httpGet({"127.0.0.1", closedPort(), "/metrics"}, quick());
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::Unavailable);
        QVERIFY2(r.error().message.find("connection refused") != std::string::npos, r.error().message.c_str());
    }

    void reportsAnUnresolvableHost()
    {
        auto r = httpGet({"no-such-host.invalid", 9400, "/metrics"}, quick());
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("cannot resolve host 'no-such-host.invalid'") != std::string::npos,
                 r.error().message.c_str());
    }

    void timesOutOnASilentPeer()
    {
        FakePeer peer({"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n01"}, 1500);
        HttpClientOptions o = quick();
        o.readTimeout = 300ms;
        const auto start = std::chrono::steady_clock::now();
        auto r = httpGet(peer.url(), o);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("timed out after 300 ms") != std::string::npos, r.error().message.c_str());
        QVERIFY(std::chrono::steady_clock::now() - start < 1400ms); // gave up before the peer closed
    }

    void serverServesHandlersOnAnEphemeralPort()
    {
        HttpServer server;
        server.handle("/metrics", [](const HttpRequest &req) {
            HttpReply r;
            r.contentType = kPrometheusTextContentType;
            r.body = "x{q=\"" + req.query + "\"} 1\n";
            return r;
        });
        QVERIFY(server.start("127.0.0.1", 0).ok());
        QVERIFY(server.port() != 0);
        auto r = httpGet({"127.0.0.1", server.port(), "/metrics?a=1"}, quick());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->status, 200);
        QCOMPARE(r->body, std::string("x{q=\"a=1\"} 1\n"));
        QCOMPARE(r->header("Content-Type"), std::string(kPrometheusTextContentType));

        auto missing = httpGet({"127.0.0.1", server.port(), "/nope"}, quick());
        QVERIFY(missing.ok());
        QCOMPARE(missing->status, 404);
        auto body = httpGetBody({"127.0.0.1", server.port(), "/nope"}, quick());
        QVERIFY(!body.ok());
        QVERIFY2(body.error().message.find("HTTP 404 Not Found: no handler for /nope") != std::string::npos,
                 body.error().message.c_str());

        server.handle("/late", [](const HttpRequest &) { return HttpReply{200, "text/plain", "late\n"}; });
        QCOMPARE(httpGetBody({"127.0.0.1", server.port(), "/late"}, quick()).value(), std::string("late\n"));

        server.handle("/throws", [](const HttpRequest &) -> HttpReply { throw std::runtime_error("boom"); });
        auto thrown = httpGet({"127.0.0.1", server.port(), "/throws"}, quick());
        QVERIFY(thrown.ok());
        QCOMPARE(thrown->status, 500);

        QVERIFY(!server.start("127.0.0.1", 0).ok()); // already running
        const std::uint16_t port = server.port();
        server.stop();
        server.stop(); // idempotent
        auto after = httpGet({"127.0.0.1", port, "/metrics"}, quick());
        QVERIFY(!after.ok());
        QVERIFY2(after.error().message.find("connection refused") != std::string::npos, after.error().message.c_str());
    }

    void serverAnswersConcurrentClientsWhileOneStalls()
    {
        HttpServer server;
        std::atomic<int> calls{0};
        server.handle("/metrics", [&](const HttpRequest &) {
            ++calls;
            return HttpReply{200, kPrometheusTextContentType, std::string(100000, 'x')};
        });
        QVERIFY(server.start("127.0.0.1", 0).ok());
        // A client that connects and sends nothing holds one worker until the request timeout.
        const int stalled = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(server.port());
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::connect(stalled, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);

        std::atomic<int> good{0};
        std::vector<std::thread> clients;
        for (int t = 0; t < 8; ++t)
            clients.emplace_back([&] {
                for (int i = 0; i < 25; ++i) {
                    auto r = httpGet({"127.0.0.1", server.port(), "/metrics"}, quick());
                    if (r.ok() && r->status == 200 && r->body.size() == 100000)
                        ++good;
                }
            });
        for (std::thread &t : clients)
            t.join();
        QCOMPARE(good.load(), 200);
        QCOMPARE(calls.load(), 200);
        ::close(stalled);
        server.stop();
    }

    void serverRejectsOtherMethodsAndBadRequests_data()
    {
        QTest::addColumn<QString>("request");
        QTest::addColumn<QString>("statusLine");
        QTest::newRow("POST") << "POST /metrics HTTP/1.1\r\nHost: x\r\n\r\n"
                              << "HTTP/1.1 405 ";
        QTest::newRow("garbage") << "hello\r\n\r\n"
                                 << "HTTP/1.1 400 ";
        QTest::newRow("HEAD") << "HEAD /metrics HTTP/1.1\r\n\r\n"
                              << "HTTP/1.1 200 ";
        QTest::newRow("huge head") << "GET /metrics HTTP/1.1\r\nX: " + QString(20000, 'a') << "HTTP/1.1 431 ";
    }
    void serverRejectsOtherMethodsAndBadRequests()
    {
        QFETCH(QString, request);
        QFETCH(QString, statusLine);
        HttpServer server;
        server.handle("/metrics", [](const HttpRequest &) { return HttpReply{200, "text/plain", "body-text"}; });
        QVERIFY(server.start("127.0.0.1", 0).ok());
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(server.port());
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
        const std::string req = request.toStdString();
        (void)!::send(fd, req.data(), req.size(), MSG_NOSIGNAL);
        std::string reply;
        char buffer[4096];
        ssize_t n;
        while ((n = ::recv(fd, buffer, sizeof buffer, 0)) > 0)
            reply.append(buffer, static_cast<std::size_t>(n));
        ::close(fd);
        QVERIFY2(QString::fromStdString(reply).startsWith(statusLine), reply.c_str());
        if (request.startsWith("HEAD"))
            QVERIFY(reply.find("body-text") == std::string::npos &&
                    reply.find("Content-Length: 9") != std::string::npos);
    }

    void servesIpv6LoopbackAndHostnames()
    {
        HttpServer server;
        server.handle("/", [](const HttpRequest &) { return HttpReply{200, "text/plain", "v6"}; });
        if (!server.start("::1", 0).ok())
            QSKIP("no IPv6 loopback on this machine");
        auto r = httpGetBody(parseHttpUrl("http://[::1]:" + std::to_string(server.port()) + "/").value(), quick());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(*r, std::string("v6"));
        HttpServer v4;
        v4.handle("/", [](const HttpRequest &) { return HttpReply{200, "text/plain", "v4"}; });
        QVERIFY(v4.start("127.0.0.1", 0).ok());
        // "localhost" resolves to ::1 and 127.0.0.1; the client tries each address in turn.
        auto byName = httpGetBody(parseHttpUrl("http://localhost:" + std::to_string(v4.port()) + "/").value(), quick());
        QVERIFY2(byName.ok(), byName.ok() ? "" : byName.error().message.c_str());
    }

    void serverRejectsBadListenAddresses()
    {
        HttpServer server;
        auto s = server.start("not-an-ip", 0);
        QVERIFY(!s.ok());
        QCOMPARE(s.error().code, ErrorCode::InvalidArgument);
        HttpServer first;
        QVERIFY(first.start("127.0.0.1", 0).ok());
        HttpServer second;
        auto busy = second.start("127.0.0.1", first.port());
        QVERIFY(!busy.ok());
        QVERIFY2(busy.error().message.find("cannot listen on 127.0.0.1:") != std::string::npos,
                 busy.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestHttpClientServer)
#include "tst_http_client_server.moc"
