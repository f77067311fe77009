#pragma once
// A real Prometheus server (Debian's `prometheus`) a test owns: started on a free loopback port
// with a temp storage dir and the scrape jobs the test gives, ready once /-/ready answers;
// stopped by the PID it started, never by name.

#include "backend/telemetry/prometheus/http_client.h"
#include "tests/support/child_process.h"
#include "tests/support/loopback_port.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

namespace sn::test {

inline const char *kPrometheus = "/usr/bin/prometheus";

class PrometheusProcess {
public:
    ~PrometheusProcess() { stop(); }

    // One job scraping 127.0.0.1:targetPort every second over plain HTTP.
    bool start(std::uint16_t targetPort, QString *why)
    {
        return startWithJobs(QStringLiteral("  - job_name: supernode\n"
                                            "    scrape_interval: 1s\n"
                                            "    scrape_timeout: 1s\n"
                                            "    static_configs:\n"
                                            "      - targets: ['127.0.0.1:%1']\n")
                                 .arg(targetPort),
                             why);
    }

    // `jobs`: the entries of scrape_configs, as YAML lines indented by two spaces. Files the
    // jobs name (CA, token) may be put in dir() first.
    bool startWithJobs(const QString &jobs, QString *why)
    {
        if (!m_dir.isValid()) {
            *why = "cannot create a temp dir";
            return false;
        }
        QFile config(m_dir.filePath("prometheus.yml"));
        if (!config.open(QIODevice::WriteOnly)) {
            *why = "cannot write the config";
            return false;
        }
        config.write(("global:\n"
                      "  scrape_interval: 1s\n"
                      "  evaluation_interval: 1s\n"
                      "scrape_configs:\n" +
                      jobs)
                         .toUtf8());
        config.close();
        for (int attempt = 0; attempt < 3; ++attempt) { // the free port may be taken meanwhile
            m_port = freeLoopbackPort();
            m_process.setProcessChannelMode(QProcess::MergedChannels);
            dieWithTheTest(m_process);
            m_process.start(kPrometheus, {"--config.file=" + m_dir.filePath("prometheus.yml"),
                                          "--storage.tsdb.path=" + m_dir.filePath("data"),
                                          QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(m_port)});
            if (!m_process.waitForStarted(10000)) {
                *why = "prometheus did not start: " + m_process.errorString();
                return false;
            }
            if (waitReady(why))
                return true;
            stop();
        }
        return false;
    }

    QString dir() const { return m_dir.path(); }
    std::uint16_t port() const { return m_port; }
    QString log()
    {
        m_log += QString::fromUtf8(m_process.readAll());
        return m_log.right(4000);
    }

    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate(); // SIGTERM to our PID: prometheus flushes and exits
        if (!m_process.waitForFinished(10000)) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
        log();
    }

private:
    bool waitReady(QString *why)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 30000) {
            if (m_process.state() == QProcess::NotRunning) {
                *why = "prometheus exited: " + log();
                return false;
            }
            auto r = httpGet({"127.0.0.1", m_port, "/-/ready"}, {});
            if (r.ok() && r->status == 200)
                return true;
            m_process.waitForReadyRead(200);
        }
        *why = "prometheus not ready after 30 s: " + log();
        return false;
    }

    QTemporaryDir m_dir;
    QProcess m_process;
    std::uint16_t m_port = 0;
    QString m_log;
};

} // namespace sn::test
