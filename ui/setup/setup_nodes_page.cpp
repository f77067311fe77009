// Nodes: the servers, typed or pasted as a list; each connection tested (in parallel, off the
// GUI thread) and an unknown host key shown with its fingerprint to accept or reject.
#include "backend/setup/connection_probe.h"
#include "translations/engine_message.h"
#include "ui/setup/setup_pages.h"
#include "ui/setup/setup_wizard.h"

#include <QEvent>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace sn {

namespace {
enum Column { Address, Key, Connection };
}

NodesPage::NodesPage(SetupWizard *wizard) : m_w(wizard)
{
    m_paste = new QPlainTextEdit;
    m_paste->setObjectName(QStringLiteral("bulkPaste"));
    m_paste->setTabChangesFocus(true);
    m_paste->setMaximumHeight(90);
    auto *add = new QPushButton;
    add->setObjectName(QStringLiteral("addNodes"));
    auto *remove = new QPushButton;
    remove->setObjectName(QStringLiteral("removeNode"));
    m_table = new QTableWidget(0, 3);
    m_table->setObjectName(QStringLiteral("nodes"));
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(Address, 220);
    m_table->setColumnWidth(Key, 260);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setTabKeyNavigation(false);
    m_test = new QPushButton;
    m_test->setObjectName(QStringLiteral("testConnections"));
    m_accept = new QPushButton;
    m_accept->setObjectName(QStringLiteral("acceptKey"));
    m_reject = new QPushButton;
    m_reject->setObjectName(QStringLiteral("rejectKey"));
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("connectionProgress"));
    m_progress->hide();
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("nodesStatus"));
    m_status->setWordWrap(true);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch();
    buttons->addWidget(m_test);
    buttons->addWidget(m_accept);
    buttons->addWidget(m_reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_paste);
    layout->addLayout(buttons);
    layout->addWidget(m_table, 1);
    m_detail = makeDetailLabel(QStringLiteral("connectionDetail"));
    layout->addWidget(m_detail);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    connect(add, &QPushButton::clicked, this, &NodesPage::addFromPaste);
    connect(remove, &QPushButton::clicked, this, &NodesPage::removeSelected);
    connect(m_test, &QPushButton::clicked, this, &NodesPage::testConnections);
    connect(m_accept, &QPushButton::clicked, this, &NodesPage::acceptSelectedKey);
    connect(m_reject, &QPushButton::clicked, this, &NodesPage::rejectSelectedKey);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &NodesPage::refresh);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (item->column() == Connection)
            return;
        syncFromTable();
        auto &n = m_w->state().nodes[item->row()];
        n.connected = false; // an edited address or key is tested again
        emit completeChanged();
    });
    retranslate();
}

void NodesPage::retranslate()
{
    setTitle(tr("Nodes"));
    setSubTitle(tr("The GPU servers, one per line as user@host or user@host:port. They are reached over SSH "
                   "with ssh-agent or a key file; passwords are not used."));
    m_paste->setPlaceholderText(tr("admin@10.0.0.11\nadmin@10.0.0.12\n..."));
    findChild<QPushButton *>(QStringLiteral("addNodes"))->setText(tr("&Add these servers"));
    findChild<QPushButton *>(QStringLiteral("removeNode"))->setText(tr("Re&move selected"));
    m_table->setHorizontalHeaderLabels({tr("Address"), tr("Key file (empty: ssh-agent)"), tr("Connection")});
    m_test->setText(tr("&Test connections"));
    m_accept->setText(tr("A&ccept host key"));
    m_reject->setText(tr("Re&ject host key"));
    m_progress->setFormat(tr("%v of %m tested"));
    auto &nodes = m_w->state().nodes;
    for (WizardNode &n : nodes)
        if (const auto it = m_connectionText.constFind(n.address); it != m_connectionText.constEnd())
            n.connection = (*it)();
    refresh(); // "not tested", the connections and the status line; the typed addresses are in the state
}

void NodesPage::setConnection(int row, std::function<QString()> text)
{
    WizardNode &n = m_w->state().nodes[row];
    n.connection = text();
    m_connectionText.insert(n.address, std::move(text));
}

void NodesPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(event);
}

void NodesPage::initializePage()
{
    for (WizardNode &n : m_w->state().nodes)
        n.connected = false;
    m_unknownKeys = QStringList(m_w->state().nodes.size(), QString());
    refresh();
}

void NodesPage::addFromPaste()
{
    for (const QString &line : m_paste->toPlainText().split('\n', Qt::SkipEmptyParts)) {
        const QString address = line.section('#', 0, 0).trimmed(); // "host  # rack 3" keeps the host
        if (address.isEmpty())
            continue;
        WizardNode n;
        n.address = address;
        m_w->state().nodes.push_back(n);
        m_unknownKeys << QString();
    }
    m_paste->clear();
    refresh();
    emit completeChanged();
}

void NodesPage::removeSelected()
{
    const int row = m_table->currentRow();
    if (row < 0 || m_running)
        return;
    m_w->state().nodes.remove(row);
    m_unknownKeys.removeAt(row);
    refresh();
    emit completeChanged();
}

void NodesPage::syncFromTable()
{
    auto &nodes = m_w->state().nodes;
    for (int r = 0; r < m_table->rowCount() && r < nodes.size(); ++r) {
        nodes[r].address = m_table->item(r, Address) ? m_table->item(r, Address)->text().trimmed() : QString();
        nodes[r].identityFile = m_table->item(r, Key) ? m_table->item(r, Key)->text().trimmed() : QString();
    }
}

void NodesPage::refresh()
{
    const QSignalBlocker block(m_table);
    const auto &nodes = m_w->state().nodes;
    const int selected = m_table->currentRow();
    m_table->setRowCount(nodes.size());
    for (int r = 0; r < nodes.size(); ++r) {
        m_table->setItem(r, Address, new QTableWidgetItem(nodes[r].address));
        m_table->setItem(r, Key, new QTableWidgetItem(nodes[r].identityFile));
        auto *c = new QTableWidgetItem(nodes[r].connection.isEmpty() ? tr("not tested") : nodes[r].connection);
        c->setFlags(c->flags() & ~Qt::ItemIsEditable);
        c->setToolTip(nodes[r].connection);
        m_table->setItem(r, Connection, c);
    }
    if (selected >= 0 && selected < nodes.size())
        m_table->selectRow(selected);
    m_detail->setText(selected >= 0 && selected < nodes.size() ? nodes[selected].connection : QString());
    const bool offered = selected >= 0 && selected < m_unknownKeys.size() && !m_unknownKeys[selected].isEmpty();
    m_accept->setEnabled(offered && !m_running);
    m_reject->setEnabled(offered && !m_running);
    m_test->setEnabled(!m_running && !nodes.isEmpty());
    m_progress->setVisible(m_running > 0);
    m_progress->setRange(0, std::max(1, m_started));
    m_progress->setValue(m_started - m_running);
    int ok = 0;
    for (const WizardNode &n : nodes)
        ok += n.connected;
    m_status->setText(m_running ? tr("Testing %1 connections ...").arg(m_running)
                                : tr("%1 of %2 servers reachable.").arg(ok).arg(nodes.size()));
}

bool NodesPage::isComplete() const
{
    const auto &nodes = m_w->state().nodes;
    return !m_running && !nodes.isEmpty() &&
           std::all_of(nodes.begin(), nodes.end(), [](const WizardNode &n) { return n.connected; });
}

bool NodesPage::validatePage()
{
    syncFromTable();
    return isComplete();
}

void NodesPage::testConnections()
{
    syncFromTable();
    auto &nodes = m_w->state().nodes;
    m_unknownKeys = QStringList(nodes.size(), QString());
    m_started = 0;
    for (int r = 0; r < nodes.size(); ++r) {
        QString why;
        SshOptions o = m_w->state().sshOptionsFor(nodes[r], m_w->options().sshDefaults, &why);
        nodes[r].connected = false;
        if (!why.isEmpty()) {
            setConnection(r, [why] { return tr("Bad address: %1").arg(why); });
            continue;
        }
        setConnection(r, [] { return tr("connecting ..."); });
        ++m_running;
        ++m_started;
        auto *watcher = new QFutureWatcher<setup::ConnectionProbe>(this);
        const QString address = nodes[r].address;
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, r, address] {
            const setup::ConnectionProbe p = watcher->result();
            watcher->deleteLater();
            --m_running;
            auto &nodes = m_w->state().nodes;
            if (r < nodes.size() && nodes[r].address == address) { // the row was not edited meanwhile
                nodes[r].connected = p.ok;
                if (p.ok) {
                    setConnection(r, [] { return tr("connected"); });
                } else if (p.unknownKey) {
                    m_unknownKeys[r] = QString::fromStdString(p.unknownKey->fingerprint);
                    setConnection(r,
                                  [type = QString::fromStdString(p.unknownKey->type), fingerprint = m_unknownKeys[r]] {
                                      return tr("Unknown host key %1 %2: compare it with the server's "
                                                "(ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub) and accept or reject it")
                                          .arg(type, fingerprint);
                                  });
                } else {
                    setConnection(r, [error = p.error] { return sn::errorText(error); });
                }
            }
            refresh();
            emit completeChanged();
        });
        watcher->setFuture(QtConcurrent::run([o] { return setup::probeConnection(o); }));
    }
    refresh();
    emit completeChanged();
}

void NodesPage::acceptSelectedKey()
{
    const int r = m_table->currentRow();
    if (r < 0 || r >= m_unknownKeys.size() || m_unknownKeys[r].isEmpty())
        return;
    m_w->state().nodes[r].acceptedFingerprint = m_unknownKeys[r];
    m_w->saveState();
    testConnections();
}

void NodesPage::rejectSelectedKey()
{
    const int r = m_table->currentRow();
    if (r < 0 || r >= m_unknownKeys.size() || m_unknownKeys[r].isEmpty())
        return;
    setConnection(r, [fingerprint = m_unknownKeys[r]] {
        return tr("Host key %1 rejected: this server is not used").arg(fingerprint);
    });
    m_unknownKeys[r].clear();
    refresh();
}

} // namespace sn
