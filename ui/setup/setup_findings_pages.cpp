// Hardware profile, Checks, and Network and topology: what discovery found, in plain words.
#include "backend/comms/nccl_env.h"
#include "translations/nccl_advice_text.h"
#include "ui/setup/setup_check_text.h"
#include "ui/setup/setup_pages.h"
#include "ui/setup/setup_topology_shape.h"
#include "ui/setup/setup_wizard.h"
#include "widgets/topology_legend.h"
#include "widgets/topology_view.h"

#include <QCheckBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace sn {

ProfilePage::ProfilePage(SetupWizard *wizard) : m_w(wizard)
{
    m_tree = new QTreeWidget;
    m_tree->setObjectName(QStringLiteral("profile"));
    m_tree->setColumnCount(2);
    m_tree->setColumnWidth(0, 220);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setWordWrap(true);
    m_detail = makeDetailLabel(QStringLiteral("profileDetail"));
    connect(m_tree, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem *item) { m_detail->setText(item ? item->text(1) : QString()); });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tree, 1);
    layout->addWidget(m_detail);
    retranslate();
}

void ProfilePage::retranslate()
{
    setTitle(tr("Hardware profile"));
    setSubTitle(tr("What each server has, against the reference configurations, and where the servers differ "
                   "from each other."));
    m_tree->setHeaderLabels({tr("Item"), tr("Finding")});
    if (m_profile)
        showProfile();
}

void ProfilePage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(event);
}

void ProfilePage::initializePage()
{
    m_profile = setup::compareHardware(m_w->inventories());
    showProfile();
}

void ProfilePage::showProfile()
{
    m_tree->clear();
    const setup::ClusterProfile &p = *m_profile;
    auto *nodes = new QTreeWidgetItem({tr("Nodes")});
    for (const setup::NodeProfile &n : p.nodes) {
        auto *item = new QTreeWidgetItem({QString::fromStdString(n.node), ui::hardwareSummaryText(n.summary)});
        item->addChild(new QTreeWidgetItem(
            {tr("closest reference"), n.reference.empty() ? tr("none") : QString::fromStdString(n.reference)}));
        for (const auto &d : n.differences)
            item->addChild(new QTreeWidgetItem({tr("differs"), ui::hardwareProfileText(d)}));
        nodes->addChild(item);
    }
    auto *mismatch = new QTreeWidgetItem({tr("Between nodes")});
    if (p.mismatches.empty())
        mismatch->setText(1, tr("every node alike"));
    for (const auto &m : p.mismatches)
        mismatch->addChild(new QTreeWidgetItem({tr("mismatch"), ui::hardwareMismatchText(m)}));
    auto *notes = new QTreeWidgetItem({tr("Not measured")});
    for (const auto &n : p.notes) {
        const QString note = ui::hardwareProfileText(n);
        auto *item = new QTreeWidgetItem({QString(), note});
        item->setToolTip(1, note);
        notes->addChild(item);
    }
    m_tree->addTopLevelItems({nodes, mismatch, notes});
    m_tree->expandAll();
}

ChecksPage::ChecksPage(SetupWizard *wizard) : m_w(wizard)
{
    m_tree = new QTreeWidget;
    m_tree->setObjectName(QStringLiteral("checks"));
    m_tree->setColumnCount(3);
    m_tree->setColumnWidth(0, 70);
    m_tree->setColumnWidth(1, 260);
    m_tree->header()->setStretchLastSection(true);
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("checksSummary"));
    m_summary->setWordWrap(true);
    m_detail = makeDetailLabel(QStringLiteral("checkDetail"));
    // A check's row or its Fix row: both say the whole finding and the fix.
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        QTreeWidgetItem *check = item && item->parent() ? item->parent() : item;
        if (!check) {
            m_detail->clear();
            return;
        }
        //: A check's name and what it found, in the detail under the list.
        QString text = tr("%1: %2").arg(check->text(1), check->text(2));
        if (check->childCount() > 0)
            text += "\n" + tr("Fix: %1").arg(check->child(0)->text(2));
        m_detail->setText(text);
    });
    m_goOn = new QCheckBox;
    m_goOn->setObjectName(QStringLiteral("acceptFailures"));
    connect(m_goOn, &QCheckBox::toggled, this, &QWizardPage::completeChanged);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tree, 1);
    layout->addWidget(m_detail);
    layout->addWidget(m_summary);
    layout->addWidget(m_goOn);
    retranslate();
}

void ChecksPage::retranslate()
{
    setTitle(tr("Checks"));
    setSubTitle(tr("Is each server ready for GPU jobs? Every check says what it found and, when it is not a pass, "
                   "what to do."));
    m_tree->setHeaderLabels({tr("Result"), tr("Check"), tr("Why")});
    m_goOn->setText(tr("&Go on anyway: I will fix the failures later"));
    if (!m_results.empty())
        showResults();
}

QString ChecksPage::statusText(setup::CheckStatus status)
{
    switch (status) {
    case setup::CheckStatus::Pass:
        return tr("pass", "a check's result");
    case setup::CheckStatus::Warn:
        return tr("warn", "a check's result");
    case setup::CheckStatus::Fail:
        return tr("fail", "a check's result");
    }
    return {};
}

void ChecksPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(event);
}

bool ChecksPage::isComplete() const
{
    return m_failures == 0 || m_goOn->isChecked();
}

void ChecksPage::initializePage()
{
    m_results = setup::runChecks(m_w->inventories(), m_w->options().checks);
    m_goOn->setChecked(false);
    showResults();
}

void ChecksPage::showResults()
{
    m_tree->clear();
    int counts[3] = {0, 0, 0};
    for (const setup::CheckResult &c : m_results) {
        ++counts[static_cast<int>(c.status)];
        const QString reason = ui::setupCheckReason(c);
        auto *item = new QTreeWidgetItem({statusText(c.status), ui::setupCheckTitle(c), reason});
        item->setData(0, Qt::UserRole, QString::fromStdString(c.id));
        item->setToolTip(2, reason);
        const QColor colour = c.status == setup::CheckStatus::Pass   ? QColor(0x2e, 0x7d, 0x32)
                              : c.status == setup::CheckStatus::Warn ? QColor(0xb2, 0x6a, 0x00)
                                                                     : QColor(0xc6, 0x28, 0x28);
        item->setForeground(0, colour);
        if (!c.fix.empty())
            item->addChild(new QTreeWidgetItem({QString(), tr("Fix"), ui::setupCheckFix(c)}));
        m_tree->addTopLevelItem(item);
    }
    m_tree->expandAll();
    // Start on the first finding that needs attention, so its fix shows without a click.
    const auto first = std::find_if(m_results.begin(), m_results.end(),
                                    [](const setup::CheckResult &c) { return c.status != setup::CheckStatus::Pass; });
    m_tree->setCurrentItem(m_tree->topLevelItem(first == m_results.end() ? 0 : int(first - m_results.begin())));
    m_failures = counts[2];
    m_goOn->setVisible(m_failures > 0);
    m_summary->setText(tr("%1 pass, %2 warn, %3 fail. You can go on with warnings; fix failures on the servers, "
                          "then Back to Discover and \"Discover all again\".")
                           .arg(counts[0])
                           .arg(counts[1])
                           .arg(counts[2]));
    emit completeChanged();
}

NetworkPage::NetworkPage(SetupWizard *wizard) : m_w(wizard)
{
    m_view = new TopologyView;
    m_view->setObjectName(QStringLiteral("setupTopology"));
    m_view->legend()->hide(); // its colours are live utilization and load: nothing runs yet
    m_advice = new QPlainTextEdit;
    m_advice->setObjectName(QStringLiteral("ncclAdvice"));
    m_advice->setReadOnly(true);
    m_advice->setTabChangesFocus(true);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_view);
    split->addWidget(m_advice);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    m_view->setMinimumHeight(320);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split);
    retranslate();
}

void NetworkPage::retranslate()
{
    setTitle(tr("Network and topology"));
    setSubTitle(tr("How the GPUs and NICs are joined, as discovered, and the NCCL settings that follow from it."));
    if (!m_advice->toPlainText().isEmpty()) // shown already: written again in the new language
        m_advice->setPlainText(adviceText());
}

void NetworkPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(event);
}

void NetworkPage::initializePage()
{
    const auto inventories = m_w->inventories();
    m_view->setShape(setupTopologyShape(inventories));
    QTimer::singleShot(0, m_view, &TopologyView::fit); // once the page has its size
    m_advice->setPlainText(adviceText());
}

QString NetworkPage::adviceText() const
{
    QString text;
    for (const setup::NodeInventory &n : m_w->inventories()) {
        const comms::NcclEnvAdvice a = comms::recommendNcclEnv(n.topology, n.name);
        text += tr("# %1\n").arg(QString::fromStdString(n.name));
        text += ncclAdviceShell(a);
        int nics = 0;
        for (const auto &p : n.ports)
            nics += p.fabric != "ethernet";
        if (nics == 0)
            text += tr("# single point of failure: no RDMA NIC; inter-node traffic shares the one Ethernet path\n");
        else if (nics == 1)
            text += tr("# single point of failure: one RDMA NIC; losing it cuts the node off the fabric\n");
        if (nics > 0 && nics < n.gpuCount())
            text += tr("# rail alignment: %1 NICs for %2 GPUs; one NIC per GPU keeps each rail on its own leaf\n")
                        .arg(nics)
                        .arg(n.gpuCount());
        text += "\n";
    }
    return text;
}

} // namespace sn
