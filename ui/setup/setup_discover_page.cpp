// Discover: every node at once over SSH (backend/setup/cluster_discovery.h), one row each with
// its progress; a node that fails says why and can be retried or dropped.
#include "backend/ssh/ssh_command_runner.h"
#include "backend/setup/cluster_discovery.h"
#include "translations/engine_message.h"
#include "ui/setup/setup_pages.h"
#include "ui/setup/setup_wizard.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace sn {

namespace {

QString nodeName(int position)
{
    return QStringLiteral("node%1").arg(position + 1, 2, 10, QLatin1Char('0'));
}

} // namespace

DiscoverPage::DiscoverPage(SetupWizard *wizard) : m_w(wizard)
{
    m_list = new QTreeWidget;
    m_list->setObjectName(QStringLiteral("discovery"));
    m_list->setColumnCount(4);
    m_list->setRootIsDecorated(false);
    m_list->header()->setStretchLastSection(true);
    m_list->setColumnWidth(1, 200);
    m_retry = new QPushButton;
    m_retry->setObjectName(QStringLiteral("retryDiscovery"));
    m_again = new QPushButton;
    m_again->setObjectName(QStringLiteral("discoverAgain"));
    m_drop = new QPushButton;
    m_drop->setObjectName(QStringLiteral("dropNode"));
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("discoveryStatus"));
    m_status->setWordWrap(true);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_retry);
    buttons->addWidget(m_again);
    buttons->addWidget(m_drop);
    buttons->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_list, 1);
    m_detail = makeDetailLabel(QStringLiteral("discoveryDetail"));
    layout->addWidget(m_detail);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    connect(m_retry, &QPushButton::clicked, this, [this] { discover(true); });
    connect(m_again, &QPushButton::clicked, this, [this] { discover(false); });
    connect(m_drop, &QPushButton::clicked, this, &DiscoverPage::dropSelected);
    connect(m_list, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem *item) { m_detail->setText(item ? item->text(3) : QString()); });
    retranslate();
}

void DiscoverPage::retranslate()
{
    setTitle(tr("Discover"));
    setSubTitle(tr("Reading each server's GPUs, driver, NVLink, CPUs, memory, disks, network and clock, on all "
                   "servers at once."));
    m_list->setHeaderLabels({tr("Node"), tr("Address"), tr("State"), tr("What was found")});
    m_retry->setText(tr("&Retry failed"));
    m_again->setText(tr("Discover &all again"));
    m_drop->setText(tr("&Drop selected node"));
    refresh();
}

void DiscoverPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(event);
}

DiscoverPage::~DiscoverPage()
{
    m_work.waitForFinished();
}

void DiscoverPage::initializePage()
{
    discover(false);
}

void DiscoverPage::discover(bool onlyFailed)
{
    if (m_running)
        return;
    SetupState &s = m_w->state();
    std::vector<setup::NodeToDiscover> todo;
    QVector<int> rows;
    const QVector<int> active = s.activeNodes();
    for (int k = 0; k < active.size(); ++k) {
        WizardNode &n = s.nodes[active[k]];
        if (onlyFailed && n.inventory)
            continue;
        n.inventory.reset();
        n.discoveryError = tr("waiting");
        QString why;
        const SshOptions o = s.sshOptionsFor(n, m_w->options().sshDefaults, &why);
        todo.push_back({nodeName(k).toStdString(), [o] { return std::make_unique<SshCommandRunner>(o); }});
        rows << active[k];
    }
    if (todo.empty())
        return;
    m_running = true;
    refresh();
    emit completeChanged();
    const auto options = m_w->options().inventory;
    const auto budget = m_w->options().discoveryBudget;
    // Per-node progress: the row says when its node starts and ends, before all have finished.
    auto progress = [this](const std::string &node, bool finished, bool ok) {
        QMetaObject::invokeMethod(
            this,
            [this, node, finished, ok] {
                const auto items = m_list->findItems(QString::fromStdString(node), Qt::MatchExactly, 0);
                for (QTreeWidgetItem *item : items)
                    item->setText(2, !finished ? tr("reading ...") : ok ? tr("done") : tr("failed"));
            },
            Qt::QueuedConnection);
    };
    m_work = QtConcurrent::run([this, todo, rows, options, budget, progress] {
        auto outcomes = setup::discoverCluster(todo, options, budget, progress);
        QMetaObject::invokeMethod(
            this,
            [this, rows, outcomes = std::move(outcomes)] {
                auto &nodes = m_w->state().nodes;
                for (std::size_t i = 0; i < outcomes.size(); ++i) {
                    WizardNode &n = nodes[rows[static_cast<int>(i)]];
                    if (outcomes[i].inventory) {
                        n.inventory = *outcomes[i].inventory;
                        n.discoveryError.clear();
                    } else {
                        n.discoveryError = sn::errorText(outcomes[i].inventory.error());
                    }
                }
                m_running = false;
                refresh();
                emit completeChanged();
            },
            Qt::QueuedConnection);
    });
}

void DiscoverPage::dropSelected()
{
    QTreeWidgetItem *item = m_list->currentItem();
    if (!item || m_running)
        return;
    const int row = item->data(0, Qt::UserRole).toInt();
    m_w->state().nodes[row].dropped = true;
    refresh();
    emit completeChanged();
}

void DiscoverPage::refresh()
{
    m_list->clear();
    const auto &nodes = m_w->state().nodes;
    const QVector<int> active = m_w->state().activeNodes();
    int ok = 0, failed = 0;
    for (int k = 0; k < active.size(); ++k) {
        const WizardNode &n = nodes[active[k]];
        QString state, found;
        if (n.inventory) {
            ++ok;
            state = tr("done");
            const setup::NodeInventory &inv = *n.inventory;
            int ran = 0;
            for (const auto &st : inv.steps)
                ran += st.used;
            found = tr("%1x %2, driver %3, CUDA %4; %5 of %6 tools answered")
                        .arg(inv.gpuCount())
                        .arg(inv.gpuModel().empty() ? tr("no GPU") : QString::fromStdString(inv.gpuModel()),
                             QString::fromStdString(inv.driverVersion), QString::fromStdString(inv.cudaVersion))
                        .arg(ran)
                        .arg(inv.steps.size());
        } else if (m_running) {
            state = tr("discovering ...");
        } else {
            ++failed;
            state = tr("failed");
            found = n.discoveryError;
        }
        auto *item = new QTreeWidgetItem({nodeName(k), n.address, state, found});
        item->setData(0, Qt::UserRole, active[k]);
        item->setToolTip(3, found);
        m_list->addTopLevelItem(item);
    }
    m_retry->setEnabled(!m_running && failed > 0);
    m_again->setEnabled(!m_running && !active.isEmpty());
    m_drop->setEnabled(!m_running && !active.isEmpty());
    m_status->setText(m_running ? tr("Discovering %1 nodes ...").arg(active.size())
                      : failed  ? tr("%1 nodes failed: retry them, or drop them from the cluster.").arg(failed)
                                : tr("All %1 nodes discovered.").arg(ok));
}

bool DiscoverPage::isComplete() const
{
    if (m_running)
        return false;
    const auto &s = m_w->state();
    const QVector<int> active = s.activeNodes();
    return !active.isEmpty() &&
           std::all_of(active.begin(), active.end(), [&](int i) { return s.nodes[i].inventory.has_value(); });
}

} // namespace sn
