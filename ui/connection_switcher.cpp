#include "ui/connection_switcher.h"

#include "backend/engine/engine_config.h"
#include "backend/engine/local_engine.h"
#include "ui/connection_dialog.h"
#include "ui/main_window.h"
#include "ui/reply_guard.h"

#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QFutureWatcher>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QtConcurrent>

namespace sn {

ConnectionSwitcher::ConnectionSwitcher(MainWindow *window, QString connectionsFile, QString embeddedConfig)
    : QObject(window), m_window(window), m_store(std::move(connectionsFile)),
      m_embeddedConfig(std::move(embeddedConfig)), m_connections(m_store.load())
{
    m_askHostKey = [this](const SshHostKey &key) {
        // The setup wizard's question: compare the fingerprint with the one the server shows.
        const auto answer = QMessageBox::question(
            m_window, tr("Unknown SSH host key"),
            tr("%1 is not in known_hosts yet. Its %2 key has the fingerprint\n\n%3\n\nCompare it with the one the "
               "server shows (ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub). Accept it and record it in known_hosts?")
                .arg(QString::fromStdString(key.host), QString::fromStdString(key.type),
                     QString::fromStdString(key.fingerprint)));
        return answer == QMessageBox::Yes;
    };
    m_combo = new QComboBox;
    m_combo->setObjectName(QStringLiteral("connectionCombo"));
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_combo, &QComboBox::activated, this, [this](int index) {
        const QString name = m_combo->itemData(index).toString();
        if (name != m_current)
            switchTo(name);
    });
    refresh();
}

QString ConnectionSwitcher::embeddedTitle()
{
    return tr("Simulated cluster (embedded)");
}

void ConnectionSwitcher::refresh()
{
    if (!m_combo)
        return;
    const QSignalBlocker quiet(m_combo);
    m_combo->clear();
    m_combo->addItem(embeddedTitle(), QString());
    m_combo->setItemData(0, tr("The simulated super node, in this console's own engine"), Qt::ToolTipRole);
    for (const SavedConnection &c : std::as_const(m_connections)) {
        m_combo->addItem(c.name, c.name);
        m_combo->setItemData(m_combo->count() - 1, c.where(), Qt::ToolTipRole);
    }
    if (!m_current.isEmpty() && m_combo->findData(m_current) < 0) // --connect: shown, not saved
        m_combo->addItem(tr("%1 (command line)").arg(m_current), m_current);
    m_combo->setCurrentIndex(std::max(0, m_combo->findData(m_current)));
    m_combo->setToolTip(tr("The cluster this console shows (Connection menu)"));
}

void ConnectionSwitcher::fillMenu(QMenu *menu)
{
    menu->clear();
    auto *group = new QActionGroup(menu);
    auto add = [&](const QString &title, const QString &name, const QString &tip) {
        QAction *a = menu->addAction(title);
        a->setObjectName(QStringLiteral("connect-") + (name.isEmpty() ? QStringLiteral("embedded") : name));
        a->setCheckable(true);
        a->setChecked(name == m_current);
        a->setToolTip(tip);
        a->setEnabled(!busy());
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, name] {
            if (name != m_current)
                switchTo(name);
        });
    };
    add(embeddedTitle(), QString(), tr("The simulated super node, in this console's own engine"));
    for (const SavedConnection &c : std::as_const(m_connections))
        add(c.name, c.name, c.where());
    menu->addSeparator();
    QAction *manage = menu->addAction(tr("&Manage connections…"));
    manage->setObjectName(QStringLiteral("manageConnections"));
    connect(manage, &QAction::triggered, this, &ConnectionSwitcher::openManager);
}

void ConnectionSwitcher::openManager()
{
    auto *dialog = new ConnectionsDialog(this, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void ConnectionSwitcher::saveConnection(const SavedConnection &connection, const QString &previousName)
{
    const QString replaced = previousName.isEmpty() ? connection.name : previousName;
    auto it = std::find_if(m_connections.begin(), m_connections.end(),
                           [&](const SavedConnection &c) { return c.name == replaced; });
    if (it != m_connections.end())
        *it = connection;
    else
        m_connections.append(connection);
    if (m_current == replaced && !m_current.isEmpty())
        m_current = connection.name;
    m_store.save(m_connections);
    refresh();
}

void ConnectionSwitcher::removeConnection(const QString &name)
{
    m_connections.removeIf([&](const SavedConnection &c) { return c.name == name; });
    m_store.save(m_connections);
    refresh();
}

void ConnectionSwitcher::reconnectLast()
{
    const QString last = m_store.last();
    if (!last.isEmpty() && last != m_current)
        switchTo(last);
}

void ConnectionSwitcher::switchTo(const QString &name)
{
    if (busy() || !m_window)
        return;
    if (name.isEmpty()) {
        // The embedded engine starts at once: nothing to wait for but a cluster.yaml.
        auto spec = engineClusterSpec(m_embeddedConfig.toStdString());
        if (!spec) {
            fail(name, QString::fromStdString(spec.error().message));
            return;
        }
        LocalEngine::Options options;
        options.engine.spec = std::move(*spec);
        auto opened = std::make_shared<OpenedEngine>();
        opened->engine = std::make_unique<LocalEngine>(std::move(options));
        finish(name, std::move(opened));
        return;
    }
    const auto it = std::find_if(m_connections.cbegin(), m_connections.cend(),
                                 [&](const SavedConnection &c) { return c.name == name; });
    if (it == m_connections.cend()) {
        fail(name, tr("No saved connection is called %1").arg(name));
        return;
    }
    QStringList others;
    for (const SavedConnection &c : std::as_const(m_connections))
        if (c.name != name)
            others << c.name;
    if (const QList<ConnectionProblem> problems = validateConnection(*it, others); !problems.isEmpty()) {
        fail(name, problems.constFirst().message);
        return;
    }
    open(*it, m_openOptions);
}

void ConnectionSwitcher::open(const SavedConnection &connection, ConnectionOpenOptions options)
{
    const QString name = connection.name;
    m_opening = name;
    if (m_combo)
        m_combo->setEnabled(false);
    m_window->statusBar()->showMessage(tr("Connecting to %1 (%2)…").arg(name, connection.where()));
    // A watcher, not then(): Qt 6.4 may run a continuation twice when it is attached while the
    // pool thread finishes (backend/api/reply.h); the watcher also goes with this switcher.
    auto *prepared = new QFutureWatcher<PreparedConnection>(this);
    connect(prepared, &QFutureWatcherBase::finished, this, [this, prepared, connection, options]() mutable {
        prepared->deleteLater();
        PreparedConnection p = prepared->result();
        const QString name = connection.name;
        if (p.unknownKey) {
            if (!m_askHostKey || !m_askHostKey(*p.unknownKey)) {
                fail(name, tr("The SSH host key of %1 (%2) was not accepted")
                               .arg(QString::fromStdString(p.unknownKey->host),
                                    QString::fromStdString(p.unknownKey->fingerprint)));
                return;
            }
            options.acceptFingerprint = p.unknownKey->fingerprint;
            open(connection, options);
            return;
        }
        if (!p.options) {
            fail(name, QString::fromStdString(p.error.message));
            return;
        }
        std::shared_ptr<OpenedEngine> opened = p.opened;
        opened->engine = std::make_unique<rpc::RemoteEngine>(std::move(*p.options));
        // Proven before it is shown: a wrong address, CA or token fails here, the old engine stays.
        onReply(opened->engine->whoAmI(), this, [this, name, opened](const Result<pb::WhoAmIResponse> &me) {
            if (!me) {
                QString message = QString::fromStdString(me.error().message);
                // A forward the head node refused reaches gRPC only as a closed connection.
                if (opened->tunnel && !opened->tunnel->lastError().empty())
                    message += tr(" (SSH tunnel: %1)").arg(QString::fromStdString(opened->tunnel->lastError()));
                fail(name, message);
                return;
            }
            finish(name, opened);
        });
    });
    prepared->setFuture(QtConcurrent::run([connection, options] { return prepareConnection(connection, options); }));
}

void ConnectionSwitcher::finish(const QString &name, std::shared_ptr<OpenedEngine> opened)
{
    m_opening.clear();
    m_lastError.clear();
    m_current = name;
    if (m_remember)
        m_store.setLast(name);
    EngineApi &engine = *opened->engine;
    m_window->setEngine(engine, std::move(opened));
    if (m_combo)
        m_combo->setEnabled(true);
    refresh();
    m_window->statusBar()->showMessage(tr("Connected to %1").arg(name.isEmpty() ? embeddedTitle() : name), 5000);
    emit switched(name);
}

void ConnectionSwitcher::fail(const QString &name, const QString &message)
{
    m_opening.clear();
    m_lastError = tr("Could not connect to %1: %2").arg(name.isEmpty() ? embeddedTitle() : name, message);
    if (m_combo)
        m_combo->setEnabled(true);
    refresh(); // back on the engine still shown
    if (m_window)
        m_window->statusBar()->showMessage(m_lastError, 15000);
    emit failed(name, m_lastError);
}

} // namespace sn
