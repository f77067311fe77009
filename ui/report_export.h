#pragma once
// One report export in the background: gathered from the engine (EngineApi, blocking, so on a
// worker thread) or read from a snapshot file, computed, and written as PDF, HTML or CSV, with progress and Cancel. The GUI
// thread never waits: progress and the result arrive as queued signals.

#include "backend/api/engine_api.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace sn {

class ReportExport : public QObject {
    Q_OBJECT
public:
    struct Request {
        std::int64_t startMs = 0;
        std::int64_t endMs = 0;
        std::string scope = "cluster";
        std::vector<std::string> sections; // empty: all
        QString format;                    // "pdf", "html", "csv"; empty: preview only
        QString path;                      // a file; a folder for csv
        // Empty: gathered from the engine. Otherwise a snapshot file (the console's local copy,
        // ui/offline_copy.h, or one from supernodectl snapshot) the report is built from as
        // `supernodectl report --snapshot` does, narrowed to [startMs, endMs) when that is
        // inside it, so no engine is needed.
        QString snapshotPath;
    };

    explicit ReportExport(EngineApi &engine, QObject *parent = nullptr);
    // Reports from snapshot files only (Request::snapshotPath), with no engine at all.
    explicit ReportExport(QObject *parent = nullptr);
    ~ReportExport() override; // cancels a running export and waits for it

    // False while one is running.
    bool start(const Request &request);
    void cancel();
    bool running() const { return m_watcher.isRunning(); }

signals:
    void progress(int percent);
    // ok false: message says why ("cancelled" when cancelled). previewHtml: the report as HTML
    // (tables; the charts are in the exported files), for the page's preview.
    void finished(bool ok, const QString &message, const QString &previewHtml);

private:
    struct Outcome {
        bool ok = false;
        QString message, previewHtml;
    };
    EngineApi *m_engine = nullptr;
    std::shared_ptr<std::atomic_bool> m_cancel;
    QFutureWatcher<Outcome> m_watcher;
};

} // namespace sn
