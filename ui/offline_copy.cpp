#include "ui/offline_copy.h"

#include "backend/report/report_gatherer.h"
#include "backend/report/snapshot_file.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrentRun>

namespace sn {

OfflineCopy::OfflineCopy(EngineApi &engine, Options options, QObject *parent)
    : QObject(parent), m_engine(engine), m_options(std::move(options))
{
    m_directory = m_options.directory.isEmpty()
                      ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/offline")
                      : m_options.directory;
    m_timer.setSingleShot(true);
    m_timer.setInterval(m_options.firstDelayMs);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (running()) { // the restore at start (or a slow round): try again shortly
            m_timer.setInterval(1000);
            m_timer.start();
            return;
        }
        saveNow();
        m_timer.setInterval(m_options.intervalMs);
        m_timer.start();
    });
    connect(&m_engine, &EngineApi::connectionChanged, this, [this](bool connected, const QString &) {
        if (connected == m_connected)
            return;
        m_connected = connected;
        emit engineConnectionChanged(connected);
    });
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, [this] {
        const Outcome o = m_watcher.result();
        if (!o.ok) {
            if (!o.restored) // no earlier copy to restore is not a failure
                emit failed(o.message);
            return;
        }
        m_path = o.path;
        m_savedAtMs = o.gatheredMs;
        m_fromMs = o.fromMs;
        m_toMs = o.toMs;
        emit saved(m_path, m_savedAtMs, m_fromMs, m_toMs);
    });
}

OfflineCopy::~OfflineCopy()
{
    m_timer.stop();
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished();
}

void OfflineCopy::start()
{
    restorePrevious();
    m_timer.start();
}

bool OfflineCopy::restorePrevious()
{
    if (running())
        return false;
    m_watcher.setFuture(QtConcurrent::run([directory = m_directory]() -> Outcome {
        Outcome o;
        o.restored = true;
        const QFileInfoList files =
            QDir(directory).entryInfoList({QStringLiteral("*.snap")}, QDir::Files | QDir::Readable, QDir::Time);
        for (const QFileInfo &file : files) { // newest first; a damaged file is passed over
            auto snapshot = report::readSnapshotFile(file.absoluteFilePath());
            if (!snapshot)
                continue;
            o.ok = true;
            o.path = file.absoluteFilePath();
            o.gatheredMs = snapshot->gathered_ms();
            o.fromMs = snapshot->start_ms();
            o.toMs = snapshot->end_ms();
            return o;
        }
        o.message = "no earlier copy in " + directory;
        return o;
    }));
    return true;
}

QString OfflineCopy::sanitisedName(const QString &clusterName)
{
    QString name;
    for (const QChar c : clusterName)
        name += c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_') ? c : QLatin1Char('_');
    return name.isEmpty() ? QStringLiteral("cluster") : name;
}

QString OfflineCopy::pathFor(const QString &clusterName) const
{
    return m_directory + QLatin1Char('/') + sanitisedName(clusterName) + QStringLiteral(".snap");
}

bool OfflineCopy::saveNow()
{
    if (running() || !m_connected)
        return false;
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const auto failure = [](const std::string &message) {
        Outcome o;
        o.message = QString::fromStdString(message);
        return o;
    };
    m_watcher.setFuture(QtConcurrent::run(
        [this, engine = &m_engine, rangeMs = m_options.rangeMs, cancel = m_cancel, failure]() -> Outcome {
            // The engine's clock, not this machine's: a simulated cluster runs in virtual time.
            auto summary = waitFor(engine->getSummary());
            if (!summary)
                return failure(summary.error().message);
            report::GatherOptions options;
            options.endMs = summary->time_ms() / 60000 * 60000; // whole minutes: the store's rollups
            options.startMs = options.endMs - rangeMs;
            options.cancel = cancel.get();
            auto snapshot = report::gatherSnapshot(*engine, options);
            if (!snapshot)
                return failure(cancel->load() ? "cancelled" : snapshot.error().message);
            // pathFor reads only m_directory, set once in the constructor.
            const QString path = pathFor(QString::fromStdString(snapshot->cluster().name()));
            if (!QDir().mkpath(QFileInfo(path).absolutePath()))
                return failure("cannot create " + QFileInfo(path).absolutePath().toStdString());
            if (auto written = report::writeSnapshotFile(*snapshot, path); !written)
                return failure(written.error().message);
            Outcome o;
            o.ok = true;
            o.path = path;
            o.gatheredMs = snapshot->gathered_ms();
            o.fromMs = snapshot->start_ms();
            o.toMs = snapshot->end_ms();
            return o;
        }));
    return true;
}

} // namespace sn
