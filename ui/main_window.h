#pragma once
// The console's main window: navigation on the left, one page at a time on the right, and a
// status bar that says where the engine runs, how fresh the numbers are and whether the
// cluster is simulated, and the user's role on it (WhoAmI; what the role may not do is turned
// off). The Connection menu switches engines (connection_switcher.h): the pages are built again
// on the new one. Geometry, toolbar state and the last page are remembered with
// QSettings("SuperNode", "SuperNode Console").

#include "backend/api/engine_api.h"

#include <QMainWindow>

#include <memory>

class QLabel;
class QListWidget;
class QStackedWidget;

namespace sn {

class ConnectionSwitcher;
class FreshnessLabel;
class OfflineCopy;
class OverviewPage;
class SimulatedBadge;
class SummaryPoller;

struct MainWindowOptions {
    bool rememberState = true; // false: neither restore nor save settings (screenshots, tests)
    int summaryIntervalMs = 1000;
    int staleAfterMs = 10000;
    // The Connection menu's saved connections: an INI file; empty: the console's QSettings.
    QString connectionsFile;
    // The embedded engine's cluster.yaml (--config); empty: the built-in simulated super node.
    QString embeddedConfig;
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(EngineApi &engine, MainWindowOptions options = {}, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Shows another engine: the pages, poller and offline copy are built again on it and the
    // page shown stays. The window holds `keep` (the engine itself, an SSH tunnel it runs
    // through) until another replaces it; the engine must outlive the window otherwise.
    void setEngine(EngineApi &engine, std::shared_ptr<void> keep = {});
    EngineApi &engine() const { return *m_engine; }
    // The user's role on the engine, from WhoAmI; ROLE_UNSPECIFIED until it answers.
    pb::Role role() const { return m_role; }
    QLabel *roleLabel() const { return m_roleLabel; }
    ConnectionSwitcher *connectionSwitcher() const { return m_switcher; }

    // overview, topology, gpus, logs, jobs, reports, setup
    static QStringList pageIds();
    // What the engine reads, for the status bar: the simulator, or a real source and how many
    // of its collectors do not answer.
    static QString telemetryText(const pb::ClusterSummary &summary);

    // False, and nothing changes, for an id not in pageIds().
    bool setCurrentPage(const QString &id);
    QString currentPage() const;
    QWidget *page(const QString &id) const;

    OverviewPage *overviewPage() const { return m_overview; }
    FreshnessLabel *freshness() const { return m_freshness; }
    SimulatedBadge *simulatedBadge() const { return m_badge; }
    QLabel *connectionLabel() const { return m_connection; }
    SummaryPoller *summaryPoller() const { return m_poller; }
    // The local copy of the cluster the Reports page can report from while disconnected.
    OfflineCopy *offlineCopy() const { return m_offlineCopy; }
    // File > Set up a cluster: the setup wizard, non-modal.
    void openSetupWizard();

protected:
    void closeEvent(QCloseEvent *event) override;
    // LanguageChange (Language menu): the pages and menus are built again in the new language.
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void buildPages();
    void buildMenus();
    void buildStatusBar();
    void showSummary(const pb::ClusterSummary &summary);
    void showFailure(const QString &message);
    void watchEngine(); // connectionChanged, and asks WhoAmI
    void askWhoAmI();
    void applyRole();    // to the pages that offer changes
    void releasePages(); // before the engine they use goes away
    void restoreSettings();
    void saveSettings() const;

    EngineApi *m_engine = nullptr;
    std::shared_ptr<void> m_keep; // what keeps m_engine alive when the window holds it
    ConnectionSwitcher *m_switcher = nullptr;
    pb::Role m_role = pb::ROLE_UNSPECIFIED;
    QLabel *m_roleLabel = nullptr;
    MainWindowOptions m_options;
    SummaryPoller *m_poller = nullptr;
    OfflineCopy *m_offlineCopy = nullptr;
    QListWidget *m_nav = nullptr;
    QStackedWidget *m_stack = nullptr;
    OverviewPage *m_overview = nullptr;
    QLabel *m_connection = nullptr;
    FreshnessLabel *m_freshness = nullptr;
    SimulatedBadge *m_badge = nullptr;
    qint64 m_lastSummaryTimeMs = -1;
    bool m_disconnected = false; // a remote engine lost its daemon; failures say so until it is back
    bool m_retranslatePending = false;
};

} // namespace sn
