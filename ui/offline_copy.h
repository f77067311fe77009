#pragma once
// The console's local copy of what it shows, so that a report can be made while the engine is
// out of reach: every intervalMs (first after firstDelayMs) it gathers the cluster's last
// rangeMs (gatherSnapshot, on a worker thread; the GUI thread never waits) and writes it as one
// snapshot file (backend/report/snapshot_file.h) through QSaveFile, so a failed write leaves
// the previous copy whole. A round is skipped while one runs or while the engine is
// disconnected. The Reports page builds a report from the file (ReportExport::snapshotPath).
// start() first looks for the copy an earlier run left in the directory (the newest file that
// reads whole), so a console started while the cluster is out of reach still has one.

#include "backend/api/engine_api.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <memory>

namespace sn {

struct OfflineCopyOptions {
    int intervalMs = 10 * 60 * 1000;
    int firstDelayMs = 30 * 1000;
    std::int64_t rangeMs = 7LL * 24 * 3600 * 1000;
    QString directory; // empty: QStandardPaths::AppDataLocation + "/offline"
};

class OfflineCopy : public QObject {
    Q_OBJECT
public:
    using Options = OfflineCopyOptions;

    explicit OfflineCopy(EngineApi &engine, Options options = {}, QObject *parent = nullptr);
    ~OfflineCopy() override; // cancels a running round and waits for it

    // Restores the newest earlier copy in directory() (on a worker thread; saved() when found),
    // then starts the timer.
    void start();
    // One round now; false (nothing starts) while one runs or the engine is disconnected.
    bool saveNow();
    bool running() const { return m_watcher.isRunning(); }
    bool engineConnected() const { return m_connected; }

    QString directory() const { return m_directory; }
    // The file of a cluster: its name with anything but letters, digits, '-' and '_' as '_'.
    QString pathFor(const QString &clusterName) const;
    static QString sanitisedName(const QString &clusterName);

    // The last copy this object wrote (empty path: none yet).
    QString path() const { return m_path; }
    std::int64_t savedAtMs() const { return m_savedAtMs; }
    std::int64_t fromMs() const { return m_fromMs; }
    std::int64_t toMs() const { return m_toMs; }

signals:
    // savedAtMs: the engine clock when gathered; [fromMs, toMs): the range the copy holds.
    void saved(const QString &path, qint64 savedAtMs, qint64 fromMs, qint64 toMs);
    void failed(const QString &message);
    void engineConnectionChanged(bool connected);

private:
    bool restorePrevious();
    struct Outcome {
        bool ok = false;
        QString message, path;
        bool restored = false; // an earlier run's file, not a round of this one
        std::int64_t gatheredMs = 0, fromMs = 0, toMs = 0;
    };
    EngineApi &m_engine;
    Options m_options;
    QString m_directory;
    QTimer m_timer;
    bool m_connected = true; // an embedded engine never says otherwise
    std::shared_ptr<std::atomic_bool> m_cancel;
    QFutureWatcher<Outcome> m_watcher;
    QString m_path;
    std::int64_t m_savedAtMs = 0, m_fromMs = 0, m_toMs = 0;
};

} // namespace sn
