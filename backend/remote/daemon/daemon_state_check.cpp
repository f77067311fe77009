#include "backend/remote/daemon/daemon_state_check.h"

#include "backend/engine/engine_config.h"
#include "backend/remote/daemon/node_rows.h"
#include "backend/telemetry/store/store_check.h"

#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>

#include <sqlite3.h>

namespace sn::rpc {

std::vector<std::string> checkStateDatabase(const std::string &path)
{
    if (!QFileInfo::exists(QString::fromStdString(path)))
        return {path + ": no such database (the daemon has never run on this state directory?)"};
    // Opening a WAL-mode database, even read-only, creates its -wal and -shm files when they
    // are missing; those a clean shutdown had removed are removed again, so the check leaves
    // the directory as it found it.
    std::vector<QString> created;
    for (const char *suffix : {"-wal", "-shm"})
        if (!QFileInfo::exists(QString::fromStdString(path + suffix)))
            created.push_back(QString::fromStdString(path + suffix));
    const auto removeCreated = qScopeGuard([&created] {
        for (const QString &f : created)
            if (QFileInfo(f).size() == 0 || f.endsWith(QLatin1String("-shm")))
                QFile::remove(f);
    });
    sqlite3 *db = nullptr;
    std::vector<std::string> findings;
    // Read-only: a check must not be the writer that recovers a crashed daemon's WAL. SQLite
    // still reads the WAL's committed frames, so what a reader sees is what a restart sees.
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        findings.push_back(path + ": cannot open: " + (db ? sqlite3_errmsg(db) : "out of memory"));
        sqlite3_close(db);
        return findings;
    }
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &stmt, nullptr) != SQLITE_OK) {
        findings.push_back(path + ": " + sqlite3_errmsg(db));
    } else {
        int rc;
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(stmt, 0));
            const std::string line = text ? text : "";
            if (line != "ok")
                findings.push_back(path + ": " + line);
        }
        if (rc != SQLITE_DONE) // a file too damaged to walk fails here rather than in a row
            findings.push_back(path + ": integrity_check stopped: " + sqlite3_errmsg(db));
    }
    sqlite3_finalize(stmt);
    // Rows SQLite holds whole but the daemon cannot use: it skips them at start, so say so here.
    if (auto nodes = readNodeRows(db); !nodes)
        findings.push_back(path + ": " + nodes.error().message);
    else
        for (const std::string &skipped : nodes->skipped)
            findings.push_back(path + ": " + skipped +
                               " (supernoded skips it; the node's next registration replaces it)");
    sqlite3_close(db);
    return findings;
}

Result<StateCheckResult> checkDaemonState(const DaemonOptions &options)
{
    auto spec = engineClusterSpec(options.configPath);
    if (!spec)
        return spec.error();
    std::string telemetryDir = spec->effectiveTelemetry().dataDir;
    if (telemetryDir.empty())
        telemetryDir = options.stateDir + "/telemetry";
    StateCheckResult result;
    const std::string db = options.stateDir + "/state.db";
    result.findings = checkStateDatabase(db);
    const tsdb::StoreCheckReport store = tsdb::checkStore(QString::fromStdString(telemetryDir));
    for (const tsdb::StoreFinding &f : store.findings)
        result.findings.push_back(telemetryDir + "/" + f.where + ": " + f.what);
    for (const std::string &n : store.notes)
        result.notes.push_back(telemetryDir + "/" + n);
    result.summary = db + (result.findings.empty() ? ": integrity ok; " : "; ") + telemetryDir + ": " +
                     std::to_string(store.blocks) + " blocks, " + std::to_string(store.blockSeries) +
                     " block series, " + std::to_string(store.blockSamples) + " block samples, " +
                     std::to_string(store.walSegments) + " WAL segments, " + std::to_string(store.walSamples) +
                     " WAL samples; " + std::to_string(result.findings.size()) + " findings";
    return result;
}

} // namespace sn::rpc
