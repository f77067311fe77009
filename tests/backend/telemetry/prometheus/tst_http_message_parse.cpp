// The HTTP parsing of http_message_parse.h on bytes alone, no sockets: replies as the client
// reads them (delivered whole and split at every byte), request heads as the server reads them,
// and hostile input: sizes that overflow, negative or out-of-range numbers, bad chunks, lines
// without end, header and trailer floods. Each must be a clear error within its bound, never a
// hang or a buffer that grows with what the peer sends.
#include "backend/telemetry/prometheus/http_message_parse.h"

#include <QTest>

using namespace sn;

namespace {

// Serves `bytes` `piece` bytes at a time, then the end of the stream.
HttpByteSource bytesSource(std::string bytes, std::size_t piece)
{
    return [bytes = std::move(bytes), piece, pos = std::size_t{0}](std::string &buffer) mutable -> Result<bool> {
        if (pos >= bytes.size())
            return false;
        const std::size_t n = std::min(piece, bytes.size() - pos);
        buffer.append(bytes, pos, n);
        pos += n;
        return true;
    };
}

Result<HttpResponse> readWhole(const std::string &reply, std::size_t maxBodyBytes = 1 << 20)
{
    return readHttpResponse(bytesSource(reply, reply.size() + 1), maxBodyBytes);
}

// Serves `start`, then `repeated` without end, counting what it served: a reader that bounds
// its input stops asking soon after its bound.
struct EndlessSource {
    std::string start;
    std::string repeated;
    std::size_t served = 0;

    HttpByteSource source()
    {
        return [this](std::string &buffer) -> Result<bool> {
            std::string piece = served == 0 ? start : std::string();
            while (piece.size() < 4096)
                piece += repeated;
            buffer += piece;
            served += piece.size();
            return true;
        };
    }
};

QString message(const Error &e)
{
    return QString::fromStdString(e.message);
}

} // namespace

class TestHttpMessageParse : public QObject {
    Q_OBJECT
private slots:
    void statusLines_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("status"); // 0: malformed
        QTest::addColumn<QString>("reason");
        QTest::newRow("ok") << "HTTP/1.1 200 OK" << 200 << "OK";
        QTest::newRow("1.0, long reason") << "HTTP/1.0 404 Not Found" << 404 << "Not Found";
        QTest::newRow("no reason") << "HTTP/1.1 204" << 204 << "";
        QTest::newRow("empty reason") << "HTTP/1.1 204 " << 204 << "";
        QTest::newRow("interim") << "HTTP/1.1 100 Continue" << 100 << "Continue";
        QTest::newRow("empty") << "" << 0 << "";
        QTest::newRow("other protocol") << "SSH-2.0-OpenSSH_9.2" << 0 << "";
        QTest::newRow("HTTP/2") << "HTTP/2.0 200 OK" << 0 << "";
        QTest::newRow("code not a number") << "HTTP/1.1 2x0 OK" << 0 << "";
        QTest::newRow("negative code") << "HTTP/1.1 -20 OK" << 0 << "";
        QTest::newRow("code below 100") << "HTTP/1.1 099 Odd" << 0 << "";
        QTest::newRow("code above 599") << "HTTP/1.1 600 Odd" << 0 << "";
        QTest::newRow("four digits") << "HTTP/1.1 2000 OK" << 0 << "";
        QTest::newRow("two spaces") << "HTTP/1.1  200 OK" << 0 << "";
        QTest::newRow("cut short") << "HTTP/1.1 20" << 0 << "";
    }
    void statusLines()
    {
        QFETCH(QString, line);
        QFETCH(int, status);
        QFETCH(QString, reason);
        HttpResponse r;
        const Status s = parseHttpStatusLine(line.toStdString(), &r);
        if (status == 0) {
            QVERIFY(!s.ok());
            QVERIFY2(message(s.error()).startsWith("malformed status line '" + line + "'"),
                     qPrintable(message(s.error())));
            return;
        }
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QCOMPARE(r.status, status);
        QCOMPARE(QString::fromStdString(r.reason), reason);
    }

    void aLongBadLineIsQuotedShort()
    {
        HttpResponse r;
        const Status s = parseHttpStatusLine(std::string(50000, 'x'), &r);
        QVERIFY(!s.ok());
        QVERIFY2(s.error().message.size() < 200, s.error().message.c_str());
    }

    void headerLines()
    {
        HttpResponse r;
        QVERIFY(parseHttpHeaderLine("Content-Type:  text/plain \t", &r).ok());
        QVERIFY(parseHttpHeaderLine("X-Empty:", &r).ok());
        QVERIFY(parseHttpHeaderLine("Location: http://a:1/b", &r).ok()); // the first colon splits
        QCOMPARE(r.headers.size(), std::size_t{3});
        QCOMPARE(r.header("content-type"), std::string("text/plain"));
        QCOMPARE(r.header("X-EMPTY"), std::string());
        QCOMPARE(r.header("location"), std::string("http://a:1/b"));
        QCOMPARE(r.header("missing"), std::string());
        for (const char *bad : {"broken", ": no name", ""}) {
            const Status s = parseHttpHeaderLine(bad, &r);
            QVERIFY2(!s.ok(), bad);
            QVERIFY2(message(s.error()).contains("malformed header line '" + QString(bad) + "'"), bad);
        }
    }

    void contentLengths_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<qlonglong>("length"); // -1: an error
        QTest::addColumn<QString>("error");
        QTest::newRow("plain") << "11" << 11LL << "";
        QTest::newRow("blanks around") << " \t11 " << 11LL << "";
        QTest::newRow("zero") << "0" << 0LL << "";
        QTest::newRow("the limit") << "1000" << 1000LL << "";
        QTest::newRow("one past the limit")
            << "1001" << -1LL << "reply body of 1001 bytes is larger than the limit of 1000";
        QTest::newRow("huge") << "18446744073709551615" << -1LL << "reply body of 18446744073709551615 bytes is larger";
        QTest::newRow("past 2^64") << "99999999999999999999999" << -1LL
                                   << "reply body of 99999999999999999999999 bytes is larger than the limit";
        QTest::newRow("negative") << "-1" << -1LL << "malformed Content-Length '-1'";
        QTest::newRow("plus sign") << "+5" << -1LL << "malformed Content-Length";
        QTest::newRow("words") << "ten" << -1LL << "malformed Content-Length 'ten'";
        QTest::newRow("hex") << "0x10" << -1LL << "malformed Content-Length";
        QTest::newRow("two values") << "5, 5" << -1LL << "malformed Content-Length";
        QTest::newRow("empty") << "" << -1LL << "malformed Content-Length ''";
        QTest::newRow("fraction") << "1.5" << -1LL << "malformed Content-Length";
    }
    void contentLengths()
    {
        QFETCH(QString, value);
        QFETCH(qlonglong, length);
        QFETCH(QString, error);
        const auto n = parseContentLength(value.toStdString(), 1000);
        if (length < 0) {
            QVERIFY(!n.ok());
            QVERIFY2(message(n.error()).contains(error), qPrintable(message(n.error())));
        } else {
            QVERIFY2(n.ok(), n.ok() ? "" : n.error().message.c_str());
            QCOMPARE(qlonglong(*n), length);
        }
    }

    void chunkSizes_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<qlonglong>("size"); // -1: an error
        QTest::addColumn<QString>("error");
        QTest::newRow("hex") << "1A" << 26LL << "";
        QTest::newRow("lower case") << "ff" << 255LL << "";
        QTest::newRow("last") << "0" << 0LL << "";
        QTest::newRow("extension") << "6;ext=1" << 6LL << "";
        QTest::newRow("blanks, extension") << " 6 ; name=\"v\"\r" << 6LL << "";
        QTest::newRow("the largest") << "ffffffffffffffff" << -2LL << "";
        QTest::newRow("past 2^64") << "10000000000000000" << -1LL
                                   << "chunk size '10000000000000000' is past 2^64 bytes";
        QTest::newRow("empty") << "" << -1LL << "expected a hexadecimal chunk size, got ''";
        QTest::newRow("extension only") << ";ext" << -1LL << "expected a hexadecimal chunk size";
        QTest::newRow("not hex") << "zz" << -1LL << "expected a hexadecimal chunk size, got 'zz'";
        QTest::newRow("negative") << "-1" << -1LL << "got '-1'";
        QTest::newRow("0x prefix") << "0x10" << -1LL << "got '0x10'";
        QTest::newRow("two numbers") << "1 2" << -1LL << "got '1 2'";
    }
    void chunkSizes()
    {
        QFETCH(QString, line);
        QFETCH(qlonglong, size);
        QFETCH(QString, error);
        const auto n = parseChunkSizeLine(line.toStdString());
        if (size == -1) {
            QVERIFY(!n.ok());
            QVERIFY2(message(n.error()).contains(error), qPrintable(message(n.error())));
        } else if (size == -2) {
            QVERIFY(n.ok());
            QCOMPARE(*n, std::size_t(-1));
        } else {
            QVERIFY2(n.ok(), n.ok() ? "" : n.error().message.c_str());
            QCOMPARE(qlonglong(*n), size);
        }
    }

    void readsRepliesSplitAtEveryByte_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("body");
        QTest::newRow("Content-Length")
            << "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\nhello world" << 200
            << "hello world";
        QTest::newRow("chunked, extension, trailer")
            << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\nX-T: "
               "1\r\n\r\n"
            << 200 << "hello world";
        QTest::newRow("chunked wins over Content-Length")
            << "HTTP/1.1 200 OK\r\nContent-Length: 99\r\nTransfer-Encoding: Chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n"
            << 200 << "ok";
        QTest::newRow("identity, until close") << "HTTP/1.0 200 OK\r\nTransfer-Encoding: identity\r\n\r\nx 1\ny 2\n"
                                               << 200 << "x 1\ny 2\n";
        QTest::newRow("bare LF lines") << "HTTP/1.1 200 OK\nContent-Length: 2\n\nok" << 200 << "ok";
        QTest::newRow("interim replies") << "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early\r\nLink: x\r\n\r\n"
                                            "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok"
                                         << 201 << "ok";
        QTest::newRow("204 has no body") << "HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 200 OK" << 204 << "";
        QTest::newRow("error status with body")
            << "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 4\r\n\r\nbusy" << 503 << "busy";
        QTest::newRow("bytes after the body") << "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA" << 200 << "ok";
    }
    void readsRepliesSplitAtEveryByte()
    {
        QFETCH(QString, reply);
        QFETCH(int, status);
        QFETCH(QString, body);
        const std::string bytes = reply.toStdString();
        for (std::size_t piece : {bytes.size(), std::size_t{1}, std::size_t{2}, std::size_t{7}}) {
            auto r = readHttpResponse(bytesSource(bytes, piece), 1 << 20);
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
            QCOMPARE(r->status, status);
            QCOMPARE(QString::fromStdString(r->body), body);
        }
    }

    void reportsMalformedAndCutReplies_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty") << ""
                               << "connection closed before the end of the status line";
        QTest::newRow("no CRLF after the status line") << "HTTP/1.1 200 OK"
                                                       << "connection closed before the end of the status line";
        QTest::newRow("headers cut") << "HTTP/1.1 200 OK\r\nContent-Le"
                                     << "connection closed before the end of the headers";
        QTest::newRow("no empty line") << "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n"
                                       << "connection closed before the end of the headers";
        QTest::newRow("header without colon") << "HTTP/1.1 200 OK\r\nbroken\r\n\r\n"
                                              << "malformed header line 'broken'";
        QTest::newRow("garbage status") << "SSH-2.0-OpenSSH_9.2\r\n\r\n"
                                        << "malformed status line 'SSH-2.0-OpenSSH_9.2'";
        QTest::newRow("bad interim") << "HTTP/1.1 100 Continue\r\n\r\nnonsense\r\n\r\n"
                                     << "malformed status line 'nonsense'";
        QTest::newRow("truncated body") << "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789"
                                        << "truncated body: the connection closed after 10 of 100 bytes";
        QTest::newRow("negative Content-Length") << "HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nabc"
                                                 << "malformed Content-Length '-5'";
        QTest::newRow("Content-Length over the limit") << "HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n"
                                                       << "reply body of 5000 bytes is larger than the limit of 1000";
        QTest::newRow("Content-Length past 2^64")
            << "HTTP/1.1 200 OK\r\nContent-Length: 184467440737095516160\r\n\r\n"
            << "reply body of 184467440737095516160 bytes is larger than the limit of 1000";
        QTest::newRow("bad chunk size") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"
                                        << "expected a hexadecimal chunk size, got 'zz'";
        QTest::newRow("negative chunk size") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\nx\r\n"
                                             << "expected a hexadecimal chunk size, got '-1'";
        QTest::newRow("chunk size past 2^64")
            << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1ffffffffffffffff\r\n"
            << "is past 2^64 bytes";
        // 2^64 - 1 after one byte of body: body + size wrapped around to 0 and passed the limit.
        QTest::newRow("chunk size that wraps the body size")
            << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\nffffffffffffffff\r\n"
            << "reply body larger than 1000 bytes";
        QTest::newRow("chunks over the limit") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3e8\r\n" +
                                                      QString(1000, 'a') + "\r\n1\r\nb\r\n0\r\n\r\n"
                                               << "reply body larger than 1000 bytes";
        QTest::newRow("chunk without CRLF") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabcd\r\n"
                                            << "expected CRLF after a chunk of 2 bytes";
        QTest::newRow("truncated chunk") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nabc"
                                         << "truncated chunk: the connection closed after 3 of 16 bytes";
        QTest::newRow("chunked without the last chunk")
            << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n"
            << "before the end of the chunk size line";
        QTest::newRow("trailer cut") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX-T: 1\r\n"
                                     << "before the end of the chunked trailer";
        QTest::newRow("gzip") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n"
                              << "unsupported Transfer-Encoding 'gzip'";
        QTest::newRow("gzip, chunked") << "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
                                       << "unsupported Transfer-Encoding";
        QTest::newRow("body until close over the limit")
            << "HTTP/1.0 200 OK\r\n\r\n" + QString(1001, 'a') << "reply body larger than 1000 bytes";
    }
    void reportsMalformedAndCutReplies()
    {
        QFETCH(QString, reply);
        QFETCH(QString, error);
        for (std::size_t piece : {std::size_t(1) << 20, std::size_t{1}}) {
            auto r = readHttpResponse(bytesSource(reply.toStdString(), piece), 1000);
            QVERIFY2(!r.ok(), r.ok() ? r->body.c_str() : "");
            QVERIFY2(message(r.error()).contains(error), qPrintable(message(r.error())));
        }
    }

    void aLineWithoutEndStopsAt64KiB()
    {
        EndlessSource peer{"HTTP/1.1 200 OK\r\nX-Long: ", "a"};
        auto r = readHttpResponse(peer.source(), 1 << 20);
        QVERIFY(!r.ok());
        QVERIFY2(message(r.error()).contains("malformed reply: headers longer than 64 KiB"),
                 qPrintable(message(r.error())));
        QVERIFY(peer.served < kHttpMaxLineBytes + 16384);
    }

    void aHeaderFloodStopsAtTheHeadBound()
    {
        EndlessSource peer{"HTTP/1.1 200 OK\r\n", "X-Flood: 1\r\n"};
        auto r = readHttpResponse(peer.source(), 1 << 20);
        QVERIFY(!r.ok());
        QVERIFY2(message(r.error()).contains("the head (interim replies, status line and headers) is longer than "
                                             "1048576 bytes: still in the headers at byte 1048577"),
                 qPrintable(message(r.error())));
        QVERIFY(peer.served < kHttpMaxResponseHeadBytes + 16384);
    }

    void endlessInterimRepliesStopAtTheHeadBound()
    {
        EndlessSource peer{"HTTP/1.1 100 Continue\r\n\r\n", "HTTP/1.1 100 Continue\r\n\r\n"};
        auto r = readHttpResponse(peer.source(), 1 << 20);
        QVERIFY(!r.ok());
        QVERIFY2(message(r.error()).contains("is longer than 1048576 bytes"), qPrintable(message(r.error())));
        QVERIFY(peer.served < kHttpMaxResponseHeadBytes + 16384);
    }

    void aTrailerFloodStopsAtItsBound()
    {
        EndlessSource peer{"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n", "X-Trailer: 1\r\n"};
        auto r = readHttpResponse(peer.source(), 1 << 20);
        QVERIFY(!r.ok());
        QVERIFY2(message(r.error()).contains("malformed chunked body: the trailer is longer than 1048576 bytes"),
                 qPrintable(message(r.error())));
        QVERIFY(peer.served < kHttpMaxResponseHeadBytes + 16384);
    }

    void aLongHeadWithinTheBoundIsRead()
    {
        std::string reply = "HTTP/1.1 200 OK\r\n";
        for (int i = 0; i < 1000; ++i)
            reply += "X-Header-" + std::to_string(i) + ": " + std::string(900, 'v') + "\r\n"; // about 920 KB
        reply += "Content-Length: 2\r\n\r\nok";
        auto r = readWhole(reply);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->headers.size(), std::size_t{1001});
        QCOMPARE(r->body, std::string("ok"));
    }

    void theSourceErrorComesBackAsItIs()
    {
        int calls = 0;
        const HttpByteSource failing = [&calls](std::string &buffer) -> Result<bool> {
            if (calls++ == 0) {
                buffer += "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n01";
                return true;
            }
            return Error{ErrorCode::Unavailable, "timed out after 300 ms waiting for the reply (42 bytes received)"};
        };
        auto r = readHttpResponse(failing, 1 << 20);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::Unavailable);
        QCOMPARE(r.error().message, std::string("timed out after 300 ms waiting for the reply (42 bytes received)"));
    }

    void requestHeadStates()
    {
        QCOMPARE(httpRequestHeadState(""), HttpRequestHeadState::Incomplete);
        QCOMPARE(httpRequestHeadState("GET / HTTP/1.1\r\nHost: x\r\n"), HttpRequestHeadState::Incomplete);
        QCOMPARE(httpRequestHeadState("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), HttpRequestHeadState::Complete);
        QCOMPARE(httpRequestHeadState("GET / HTTP/1.1\nHost: x\n\n"), HttpRequestHeadState::Complete);
        const std::string big = "GET / HTTP/1.1\r\nX: " + std::string(kHttpMaxRequestHeadBytes, 'a');
        QCOMPARE(httpRequestHeadState(big.substr(0, kHttpMaxRequestHeadBytes)), HttpRequestHeadState::Incomplete);
        QCOMPARE(httpRequestHeadState(big), HttpRequestHeadState::TooLarge);
        QCOMPARE(httpRequestHeadState(big + "\r\n\r\n"), HttpRequestHeadState::Complete); // it ended: parse it
    }

    void parsesRequestHeads()
    {
        auto r = parseHttpRequestHead("GET /api/v1/query?query=up&time=1 HTTP/1.1\r\nHost: node01:9400\r\n"
                                      "Authorization: Bearer abc.def\r\nnot a header\r\nX-Empty:\r\n\r\n"
                                      "After: the head\r\n");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->method, std::string("GET"));
        QCOMPARE(r->target, std::string("/api/v1/query?query=up&time=1"));
        QCOMPARE(r->path, std::string("/api/v1/query"));
        QCOMPARE(r->query, std::string("query=up&time=1"));
        const std::vector<std::pair<std::string, std::string>> headers{
            {"Host", "node01:9400"}, {"Authorization", "Bearer abc.def"}, {"X-Empty", ""}};
        QCOMPARE(r->headers, headers);

        auto lf = parseHttpRequestHead("HEAD /metrics HTTP/1.0\nAccept: */*\n\n");
        QVERIFY(lf.ok());
        QCOMPARE(lf->method, std::string("HEAD"));
        QCOMPARE(lf->path, std::string("/metrics"));
        QCOMPARE(lf->query, std::string());
        QCOMPARE(lf->headers.size(), std::size_t{1});

        auto post = parseHttpRequestHead("POST /metrics HTTP/1.1\r\n\r\n"); // the server answers 405
        QVERIFY(post.ok());
        QCOMPARE(post->method, std::string("POST"));

        auto noNewline = parseHttpRequestHead("GET /metrics HTTP/1.1"); // no head end: only the request line
        QVERIFY(noNewline.ok());
        QVERIFY(noNewline->headers.empty());
    }

    void rejectsMalformedRequestLines_data()
    {
        QTest::addColumn<QString>("head");
        QTest::newRow("one word") << "hello\r\n\r\n";
        QTest::newRow("no version") << "GET /metrics\r\n\r\n";
        QTest::newRow("HTTP/2") << "GET /metrics HTTP/2\r\n\r\n";
        QTest::newRow("lower case version") << "GET /metrics http/1.1\r\n\r\n";
        QTest::newRow("empty line first") << "\r\nGET / HTTP/1.1\r\n\r\n";
        QTest::newRow("empty") << "";
        QTest::newRow("binary") << QString::fromLatin1("\x16\x03\x01\x02\x01\x01\xfc\x03\x03\n\n");
    }
    void rejectsMalformedRequestLines()
    {
        QFETCH(QString, head);
        auto r = parseHttpRequestHead(head.toStdString());
        QVERIFY(!r.ok());
        QVERIFY2(message(r.error()).startsWith("malformed request line '") &&
                     message(r.error()).endsWith("': expected 'METHOD TARGET HTTP/1.x'"),
                 qPrintable(message(r.error())));
    }
};

QTEST_GUILESS_MAIN(TestHttpMessageParse)
#include "tst_http_message_parse.moc"
