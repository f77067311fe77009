#include "ui/main_window.h"

#include "ui/connection_switcher.h"
#include "ui/console_pages.h"
#include "ui/gpus_page.h"
#include "ui/jobs_page.h"
#include "ui/language_menu.h"
#include "ui/logs_page.h"
#include "ui/offline_copy.h"
#include "ui/overview_page.h"
#include "ui/reply_guard.h"
#include "ui/reports_page.h"
#include "ui/role_gate.h"
#include "ui/setup/setup_launcher_page.h"
#include "ui/setup/setup_wizard.h"
#include "ui/summary_poller.h"
#include "ui/topology_page.h"
#include "widgets/freshness_label.h"
#include "widgets/simulated_badge.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>

namespace sn {

namespace {
constexpr const char *kOrganization = "SuperNode";
constexpr const char *kApplication = "SuperNode Console";
constexpr const char *kGeometryKey = "mainWindow/geometry";
constexpr const char *kStateKey = "mainWindow/state";
constexpr const char *kPageKey = "mainWindow/page";

// The console's settings whatever QCoreApplication's names are (tests, other front ends).
struct ConsoleSettings : QSettings {
    ConsoleSettings() : QSettings(QString::fromLatin1(kOrganization), QString::fromLatin1(kApplication)) {}
};
} // namespace

MainWindow::MainWindow(EngineApi &engine, MainWindowOptions options, QWidget *parent)
    : QMainWindow(parent), m_engine(&engine), m_options(options), m_poller(new SummaryPoller(engine, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("SuperNode Console"));
    m_poller->setIntervalMs(m_options.summaryIntervalMs);
    m_offlineCopy = new OfflineCopy(engine, {}, this);
    m_switcher = new ConnectionSwitcher(this, m_options.connectionsFile, m_options.embeddedConfig);
    m_switcher->setRemember(m_options.rememberState);

    buildPages();
    buildMenus();
    buildStatusBar();
    watchEngine();
    QToolBar *connectionBar = addToolBar(tr("Connection"));
    connectionBar->setObjectName(QStringLiteral("connectionBar"));
    connectionBar->addWidget(m_switcher->combo());

    connect(m_poller, &SummaryPoller::summaryArrived, this, &MainWindow::showSummary);
    connect(m_poller, &SummaryPoller::failed, this, &MainWindow::showFailure);

    if (m_options.rememberState)
        restoreSettings();
    else
        setCurrentPage(QStringLiteral("overview"));
    ConsoleSettings stored;
    if (!m_options.rememberState || !stored.contains(QString::fromLatin1(kGeometryKey))) {
        // A first start: most of the screen, sized from the font rather than in pixels.
        const int line = fontMetrics().height();
        QSize size(line * 80, line * 50);
        if (const QScreen *s = screen())
            size = size.boundedTo(s->availableSize() * 0.9);
        resize(size);
    }
    m_poller->start();
    m_offlineCopy->start();
}

MainWindow::~MainWindow()
{
    releasePages(); // m_keep may hold the engine they use
}

void MainWindow::releasePages()
{
    // Deleted now, not later: the engine they hold a reference to may be gone by then.
    delete takeCentralWidget();
    m_overview = nullptr;
    m_nav = nullptr;
    m_stack = nullptr;
    delete m_poller;
    m_poller = nullptr;
    delete m_offlineCopy;
    m_offlineCopy = nullptr;
}

void MainWindow::setEngine(EngineApi &engine, std::shared_ptr<void> keep)
{
    if (&engine == m_engine) {
        m_keep = std::move(keep);
        return;
    }
    const QString shown = currentPage();
    disconnect(m_engine, nullptr, this, nullptr);
    releasePages();
    m_engine = &engine;
    std::shared_ptr<void> previous = std::exchange(m_keep, std::move(keep));
    m_poller = new SummaryPoller(engine, this);
    m_poller->setIntervalMs(m_options.summaryIntervalMs);
    m_offlineCopy = new OfflineCopy(engine, {}, this);
    connect(m_poller, &SummaryPoller::summaryArrived, this, &MainWindow::showSummary);
    connect(m_poller, &SummaryPoller::failed, this, &MainWindow::showFailure);
    buildPages();
    setCurrentPage(shown.isEmpty() ? QStringLiteral("overview") : shown);
    m_disconnected = false;
    m_lastSummaryTimeMs = -1;
    m_badge->setVisible(false);
    setWindowTitle(tr("SuperNode Console")); // the next summary names the cluster
    m_connection->setText(tr("Engine: %1").arg(m_engine->description()));
    m_connection->setToolTip(tr("Where the engine runs that this console shows."));
    watchEngine();
    m_poller->start();
    m_offlineCopy->start();
    previous.reset(); // the old engine (and its tunnel) last, once nothing uses it
}

QStringList MainWindow::pageIds()
{
    return consolePageIds();
}

void MainWindow::buildPages()
{
    m_nav = new QListWidget;
    m_nav->setObjectName(QStringLiteral("navigation"));
    m_nav->setSelectionMode(QAbstractItemView::SingleSelection);
    m_nav->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_nav->setFrameShape(QFrame::NoFrame);
    m_nav->setSpacing(fontMetrics().height() / 6);
    m_stack = new QStackedWidget;

    const QFontMetrics fm = fontMetrics();
    int widest = 0;
    const QVector<ConsolePage> pages = consolePages();
    for (int i = 0; i < pages.size(); ++i) {
        const ConsolePage &p = pages[i];
        auto *item = new QListWidgetItem(p.title, m_nav);
        item->setData(Qt::UserRole, p.id);
        item->setSizeHint(QSize(0, fm.height() * 2));
        item->setToolTip(tr("%1 (Ctrl+%2)").arg(p.title).arg(i + 1));
        widest = std::max(widest, fm.horizontalAdvance(p.title));
        QWidget *page = nullptr;
        if (p.id == QLatin1String("overview")) {
            m_overview = new OverviewPage(*m_engine, *m_poller);
            page = m_overview;
        } else if (p.id == QLatin1String("jobs")) {
            page = new JobsPage(*m_engine);
        } else if (p.id == QLatin1String("topology")) {
            page = new TopologyPage(*m_engine);
        } else if (p.id == QLatin1String("gpus")) {
            page = new GpusPage(*m_engine, *m_poller);
        } else if (p.id == QLatin1String("logs")) {
            page = new LogsPage(*m_engine);
        } else if (p.id == QLatin1String("reports")) {
            auto *reports = new ReportsPage(*m_engine);
            reports->setOfflineCopy(m_offlineCopy);
            page = reports;
        } else if (p.id == QLatin1String("setup")) {
            auto *setup = new SetupLauncherPage;
            connect(setup, &SetupLauncherPage::openRequested, this, &MainWindow::openSetupWizard);
            page = setup;
        } else {
            // consolePages() and this list name the same pages; tst_main_window opens each.
            qFatal("MainWindow: no page is built for the id '%s'", qPrintable(p.id));
        }
        page->setObjectName(QStringLiteral("page-") + p.id);
        m_stack->addWidget(page);
    }
    m_nav->setFixedWidth(widest + fm.height() * 3);

    // Clicking through from a GPU on the topology to its charts.
    auto *topology = qobject_cast<TopologyPage *>(page(QStringLiteral("topology")));
    auto *gpus = qobject_cast<GpusPage *>(page(QStringLiteral("gpus")));
    if (topology && gpus)
        connect(topology, &TopologyPage::showGpuCharts, this, [this, gpus](const QString &node, int gpu) {
            gpus->showGpu(node, gpu);
            setCurrentPage(QStringLiteral("gpus"));
        });
    // From an anomaly to its GPU's charts around its time.
    auto *logs = qobject_cast<LogsPage *>(page(QStringLiteral("logs")));
    if (logs && gpus)
        connect(logs, &LogsPage::showGpuCharts, this,
                [this, gpus](const QString &node, int gpu, qint64 startMs, qint64 endMs) {
                    gpus->setCustomRange(startMs, endMs);
                    gpus->showGpu(node, gpu);
                    setCurrentPage(QStringLiteral("gpus"));
                });

    // From a job to its placement on the topology.
    auto *jobs = qobject_cast<JobsPage *>(page(QStringLiteral("jobs")));
    if (jobs && topology)
        connect(jobs, &JobsPage::showOnTopology, this, [this, topology](const pb::Job &job) {
            setCurrentPage(QStringLiteral("topology"));
            topology->showJob(job);
        });
    // From a job on several GPUs to their charts side by side, over its run or live.
    if (jobs && gpus)
        connect(jobs, &JobsPage::showJobGpuCharts, this,
                [this, gpus](const QString &jobId, const QStringList &ids, qint64 startMs, qint64 endMs) {
                    if (endMs > startMs && startMs > 0)
                        gpus->setCustomRange(startMs, endMs);
                    gpus->showGpus(ids, tr("Job %1's GPUs").arg(jobId));
                    setCurrentPage(QStringLiteral("gpus"));
                });
    // From a job to its GPU's charts: over its run when it ended, live while it runs.
    if (jobs && gpus)
        connect(jobs, &JobsPage::showGpuCharts, this,
                [this, gpus](const QString &node, int gpu, qint64 startMs, qint64 endMs) {
                    if (endMs > startMs && startMs > 0)
                        gpus->setCustomRange(startMs, endMs);
                    gpus->showGpu(node, gpu);
                    setCurrentPage(QStringLiteral("gpus"));
                });

    connect(m_nav, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0)
            return;
        m_stack->setCurrentIndex(row);
        if (m_options.rememberState) {
            ConsoleSettings s;
            s.setValue(QString::fromLatin1(kPageKey), currentPage());
        }
    });

    auto *central = new QWidget;
    auto *layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_nav);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *setup = file->addAction(tr("&Set up a cluster..."));
    setup->setObjectName(QStringLiteral("setupWizard"));
    connect(setup, &QAction::triggered, this, &MainWindow::openSetupWizard);
    QAction *quit = file->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    QMenu *connection = menuBar()->addMenu(tr("&Connection"));
    connection->setObjectName(QStringLiteral("connectionMenu"));
    m_switcher->fillMenu(connection);
    // Rebuilt as it opens: saved connections change in the manager, the current one on a switch.
    connect(connection, &QMenu::aboutToShow, m_switcher, [this, connection] { m_switcher->fillMenu(connection); });

    QMenu *go = menuBar()->addMenu(tr("&Go"));
    const QVector<ConsolePage> pages = consolePages();
    for (int i = 0; i < pages.size(); ++i) {
        QAction *action = go->addAction(pages[i].title);
        action->setObjectName(QStringLiteral("go-") + pages[i].id);
        action->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        // Shortcuts work while the menu bar is hidden or the focus is in a page.
        action->setShortcutContext(Qt::WindowShortcut);
        addAction(action);
        const QString id = pages[i].id;
        connect(action, &QAction::triggered, this, [this, id] { setCurrentPage(id); });
    }
    menuBar()->addMenu(new LanguageMenu(m_options.rememberState, this));
}

void MainWindow::changeEvent(QEvent *event)
{
    // Switching languages removes one translator and installs another: two events, one rebuild.
    if (event->type() == QEvent::LanguageChange && !m_retranslatePending) {
        m_retranslatePending = true;
        QMetaObject::invokeMethod(this, &MainWindow::retranslate, Qt::QueuedConnection);
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslate()
{
    m_retranslatePending = false;
    // The pages say their words once, when built; building them again is the one path that
    // reaches every label, header and tooltip. The page shown stays; its inputs start afresh.
    const QString shown = currentPage();
    for (QMenu *menu : menuBar()->findChildren<QMenu *>(QString(), Qt::FindDirectChildrenOnly))
        menu->deleteLater();
    for (QMenu *menu : findChildren<QMenu *>(QStringLiteral("languageMenu"), Qt::FindDirectChildrenOnly))
        menu->deleteLater();
    menuBar()->clear();
    m_overview = nullptr;
    buildPages(); // setCentralWidget() deletes the old pages
    buildMenus();
    applyRole();
    m_switcher->refresh();
    if (auto *bar = findChild<QToolBar *>(QStringLiteral("connectionBar")))
        bar->setWindowTitle(tr("Connection"));
    setCurrentPage(shown);
    setWindowTitle(tr("SuperNode Console")); // the next summary names the cluster again
    m_connection->setText(tr("Engine: %1").arg(m_engine->description()));
    m_connection->setToolTip(tr("Where the engine runs that this console shows."));
}

void MainWindow::openSetupWizard()
{
    auto *wizard = new SetupWizard(defaultSetupWizardOptions(), this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    // Done page: the new cluster becomes a saved connection, and the console switches to it.
    connect(wizard, &SetupWizard::connectRequested, this, [this](const ConsoleConnection &c) {
        QStringList taken;
        for (const SavedConnection &s : m_switcher->connections())
            taken << s.name;
        SavedConnection saved;
        saved.name = tr("New cluster");
        for (int n = 2; taken.contains(saved.name); ++n)
            saved.name = tr("New cluster %1").arg(n);
        saved.url = c.address;
        saved.caFile = c.caFile;
        saved.tokenFile = c.tokenFile;
        saved.clientCertFile = c.clientCertificate;
        saved.clientKeyFile = c.clientKey;
        m_switcher->saveConnection(saved);
        m_switcher->switchTo(saved.name);
    });
    wizard->show();
}

void MainWindow::buildStatusBar()
{
    m_connection = new QLabel(tr("Engine: %1").arg(m_engine->description()));
    m_connection->setObjectName(QStringLiteral("connection"));
    m_connection->setToolTip(tr("Where the engine runs that this console shows."));
    m_freshness = new FreshnessLabel;
    m_freshness->setObjectName(QStringLiteral("freshness"));
    m_freshness->setStaleAfterMs(m_options.staleAfterMs);
    m_badge = new SimulatedBadge;
    m_badge->setObjectName(QStringLiteral("simulated-badge"));
    m_badge->setVisible(false);

    statusBar()->addWidget(m_connection);
    statusBar()->addPermanentWidget(m_freshness);
    statusBar()->addPermanentWidget(m_badge);

    m_roleLabel = new QLabel;
    m_roleLabel->setObjectName(QStringLiteral("role"));
    statusBar()->addPermanentWidget(m_roleLabel);
}

void MainWindow::watchEngine()
{
    // A remote engine says when its daemon goes away and comes back; it reconnects by itself.
    connect(m_engine, &EngineApi::connectionChanged, this, [this](bool connected, const QString &detail) {
        m_disconnected = !connected;
        if (connected) {
            askWhoAmI(); // the daemon may have restarted with other tokens
            m_connection->setText(tr("Engine: %1 · connected").arg(m_engine->description()));
            m_connection->setToolTip(tr("Where the engine runs that this console shows."));
            statusBar()->showMessage(tr("Reconnected to %1").arg(m_engine->description()), 5000);
            return;
        }
        m_connection->setText(tr("Engine: %1 — disconnected, reconnecting").arg(m_engine->description()));
        m_connection->setToolTip(detail);
        statusBar()->showMessage(tr("Lost the engine at %1: %2").arg(m_engine->description(), detail), 10000);
    });
    askWhoAmI();
}

void MainWindow::askWhoAmI()
{
    m_role = pb::ROLE_UNSPECIFIED;
    m_roleLabel->setText(tr("Role: …"));
    m_roleLabel->setToolTip(tr("Asking the engine who this console is to it"));
    EngineApi *asked = m_engine;
    onReply(m_engine->whoAmI(), this, [this, asked](const Result<pb::WhoAmIResponse> &me) {
        if (asked != m_engine)
            return; // the answer of an engine no longer shown
        if (!me) {
            // Not known: nothing is turned off, and the engine still refuses what it must.
            m_roleLabel->setText(tr("Role: unknown"));
            m_roleLabel->setToolTip(
                tr("The engine did not say who this console is: %1").arg(QString::fromStdString(me.error().message)));
            applyRole();
            return;
        }
        m_role = me->role();
        const QString who = QString::fromStdString(me->principal());
        m_roleLabel->setText(tr("%1 · %2").arg(who, roleTitle(m_role)));
        m_roleLabel->setToolTip(me->authenticated()
                                    ? tr("This console's token names %1, role %2 (engine version %3)")
                                          .arg(who, roleTitle(m_role), QString::fromStdString(me->version()))
                                    : tr("Nobody is asked for a token here: this console is %1, role %2 (engine "
                                         "version %3)")
                                          .arg(who, roleTitle(m_role), QString::fromStdString(me->version())));
        applyRole();
    });
}

void MainWindow::applyRole()
{
    if (auto *jobs = qobject_cast<JobsPage *>(page(QStringLiteral("jobs"))))
        jobs->setRole(m_role);
    if (auto *logs = qobject_cast<LogsPage *>(page(QStringLiteral("logs"))))
        logs->setRole(m_role);
}

bool MainWindow::setCurrentPage(const QString &id)
{
    const int row = pageIds().indexOf(id);
    if (row < 0)
        return false;
    m_nav->setCurrentRow(row);
    return true;
}

QString MainWindow::currentPage() const
{
    const int row = m_stack->currentIndex();
    return row >= 0 && row < pageIds().size() ? pageIds().at(row) : QString();
}

QWidget *MainWindow::page(const QString &id) const
{
    const int row = pageIds().indexOf(id);
    return row < 0 ? nullptr : m_stack->widget(row);
}

void MainWindow::showSummary(const pb::ClusterSummary &summary)
{
    // Fresh means the engine's clock moved: an engine that answers but has stopped running
    // (or a virtual clock nobody advances) is stale all the same.
    if (summary.time_ms() != m_lastSummaryTimeMs) {
        m_lastSummaryTimeMs = summary.time_ms();
        m_freshness->markUpdated();
    }
    m_badge->setVisible(summary.simulated());
    m_connection->setText(tr("Engine: %1 · %2").arg(m_engine->description(), telemetryText(summary)));
    const QString name = QString::fromStdString(summary.cluster_name());
    setWindowTitle(summary.simulated() ? tr("%1 (simulated) — SuperNode Console").arg(name)
                                       : tr("%1 — SuperNode Console").arg(name));
}

QString MainWindow::telemetryText(const pb::ClusterSummary &summary)
{
    if (summary.simulated())
        return tr("simulated super node");
    const QString source = QString::fromStdString(summary.telemetry_source());
    int failing = 0;
    for (const pb::TelemetrySourceStatus &s : summary.telemetry_sources())
        failing += !s.ok();
    if (failing == 0)
        return tr("telemetry from %1").arg(source);
    return tr("telemetry from %1 (%2 of %3 sources not answering)")
        .arg(source)
        .arg(failing)
        .arg(summary.telemetry_sources_size());
}

void MainWindow::showFailure(const QString &message)
{
    m_connection->setText(m_disconnected ? tr("Engine: %1 — disconnected, reconnecting").arg(m_engine->description())
                                         : tr("Engine: %1 — error").arg(m_engine->description()));
    m_connection->setToolTip(message);
    statusBar()->showMessage(tr("The engine did not answer: %1").arg(message), 10000);
}

void MainWindow::restoreSettings()
{
    ConsoleSettings s;
    restoreGeometry(s.value(QString::fromLatin1(kGeometryKey)).toByteArray());
    restoreState(s.value(QString::fromLatin1(kStateKey)).toByteArray());
    const QString page = s.value(QString::fromLatin1(kPageKey)).toString();
    if (!setCurrentPage(page))
        setCurrentPage(QStringLiteral("overview"));
}

void MainWindow::saveSettings() const
{
    if (!m_options.rememberState)
        return;
    ConsoleSettings s;
    s.setValue(QString::fromLatin1(kGeometryKey), saveGeometry());
    s.setValue(QString::fromLatin1(kStateKey), saveState());
    s.setValue(QString::fromLatin1(kPageKey), currentPage());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    QMainWindow::closeEvent(event);
}

} // namespace sn
