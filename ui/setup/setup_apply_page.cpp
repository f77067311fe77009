// Review and apply: the cluster.yaml to be written, then the agent and daemon put on the nodes
// (backend/setup/node_installer.h) with a row per node; a failure stops, says why, and the nodes
// already changed are rolled back.
#include "backend/model/cluster_yaml.h"
#include "backend/setup/cluster_spec_builder.h"
#include "backend/setup/daemon_service.h"
#include "translations/engine_message.h"
#include "ui/setup/setup_pages.h"
#include "ui/setup/setup_wizard.h"

#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace sn {

ApplyPage::ApplyPage(SetupWizard *wizard) : m_w(wizard)
{
    m_yaml = new QPlainTextEdit;
    m_yaml->setObjectName(QStringLiteral("clusterYaml"));
    m_yaml->setReadOnly(true);
    m_yaml->setTabChangesFocus(true);
    m_yaml->setFont(QFont(QStringLiteral("monospace")));
    m_output = new QLineEdit;
    m_output->setObjectName(QStringLiteral("outputYaml"));
    m_apply = new QPushButton;
    m_apply->setObjectName(QStringLiteral("apply"));
    m_progress = new QTreeWidget;
    m_progress->setObjectName(QStringLiteral("applyProgress"));
    m_progress->setColumnCount(3);
    m_progress->setRootIsDecorated(false);
    m_progress->header()->setStretchLastSection(true);
    m_progress->setMaximumHeight(140);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("applyStatus"));
    m_status->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(QString(), m_output);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_yaml, 1);
    layout->addLayout(form);
    layout->addWidget(m_apply);
    layout->addWidget(m_progress);
    m_detail = makeDetailLabel(QStringLiteral("applyDetail"));
    layout->addWidget(m_detail);
    connect(m_progress, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem *item) { m_detail->setText(item ? item->toolTip(2).left(600) : QString()); });
    layout->addWidget(m_status);
    connect(m_apply, &QPushButton::clicked, this, &ApplyPage::apply);
    retranslate();
}

void ApplyPage::retranslate()
{
    setTitle(tr("Review and apply"));
    setSubTitle(tr("This cluster.yaml will be written. Apply copies the agent (and on the first node supernoded "
                   "with its certificates and tokens) with their systemd units to the servers, starts them and "
                   "waits until each reports."));
    m_apply->setText(tr("&Apply to the servers"));
    m_progress->setHeaderLabels({tr("Node"), tr("State"), tr("Detail")});
    setFormLabel(m_output, tr("Write cluster.yaml &to:"));
    for (int i = 0; i < m_progress->topLevelItemCount() && i < int(m_nodes.size()); ++i)
        showNode(m_progress->topLevelItem(i), m_nodes[std::size_t(i)]);
    if (m_statusText)
        m_status->setText(m_statusText());
}

namespace {

QString applyStateText(setup::NodeApplyState state)
{
    switch (state) {
    case setup::NodeApplyState::Pending:
        return ApplyPage::tr("pending");
    case setup::NodeApplyState::Applying:
        return ApplyPage::tr("applying");
    case setup::NodeApplyState::Applied:
        return ApplyPage::tr("applied");
    case setup::NodeApplyState::Failed:
        return ApplyPage::tr("failed");
    case setup::NodeApplyState::RolledBack:
        return ApplyPage::tr("rolled back");
    }
    return QString::fromLatin1(setup::nodeApplyStateName(state));
}

} // namespace

void ApplyPage::showNode(QTreeWidgetItem *item, const setup::NodeApplyResult &r)
{
    item->setText(0, QString::fromStdString(r.node));
    item->setText(1, applyStateText(r.state));
    // The report is the agent's whole answer: a line here, all of it in the tooltip.
    const QString message = sn::engineMessageText(r.message);
    item->setText(2, r.state == setup::NodeApplyState::Applied
                         ? tr("the agent answered (%1 bytes; hover for its reading)").arg(message.size())
                         : message.simplified().left(300));
    item->setToolTip(2, message);
}

void ApplyPage::setStatus(std::function<QString()> text)
{
    m_statusText = std::move(text);
    m_status->setText(m_statusText ? m_statusText() : QString());
}

void ApplyPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(event);
}

ApplyPage::~ApplyPage()
{
    m_work.waitForFinished();
}

namespace {

ClusterSpec specOf(SetupWizard *w)
{
    std::vector<setup::DiscoveredNode> nodes;
    const SetupState &s = w->state();
    for (int i : s.activeNodes())
        if (s.nodes[i].inventory)
            nodes.push_back({s.nodes[i].address.toStdString(), *s.nodes[i].inventory});
    return setup::buildClusterSpec(s.clusterName.toStdString(), nodes, s.policy, s.backend.toStdString());
}

} // namespace

void ApplyPage::initializePage()
{
    SetupState &s = m_w->state();
    if (s.outputYaml.isEmpty())
        s.outputYaml = !m_w->options().stateFile.isEmpty()
                           ? QFileInfo(m_w->options().stateFile).dir().filePath(QStringLiteral("cluster.yaml"))
                           : QDir::home().filePath(QStringLiteral(".config/supernode/cluster.yaml"));
    m_output->setText(s.outputYaml);
    m_yaml->setPlainText(QString::fromStdString(writeClusterYaml(specOf(m_w))));
    m_progress->clear();
    m_nodes.clear();
    m_applied = false;
    setStatus({});
}

bool ApplyPage::isComplete() const
{
    return m_applied && !m_running;
}

void ApplyPage::apply()
{
    if (m_running)
        return;
    SetupState &s = m_w->state();
    s.outputYaml = m_output->text().trimmed();
    QSaveFile out(s.outputYaml);
    QDir().mkpath(QFileInfo(s.outputYaml).absolutePath());
    if (!out.open(QIODevice::WriteOnly) || out.write(m_yaml->toPlainText().toUtf8()) < 0 || !out.commit()) {
        setStatus(
            [file = s.outputYaml, why = out.errorString()] { return tr("Could not write %1: %2").arg(file, why); });
        return;
    }
    // The head node's supernoded drop-in, written beside cluster.yaml and copied with it.
    setup::DaemonServiceSettings daemon;
    daemon.listen = s.listenAddress.toStdString();
    daemon.mutualTls = s.mutualTls;
    const auto dropInText = setup::daemonDropIn(daemon);
    const QString dropIn = QFileInfo(s.outputYaml).dir().filePath(QStringLiteral("supernoded-setup.conf"));
    QSaveFile dropInFile(dropIn);
    if (!dropInText) {
        setStatus([error = dropInText.error()] {
            return tr("The Security page's listen address: %1").arg(sn::errorText(error));
        });
        return;
    }
    if (!dropInFile.open(QIODevice::WriteOnly) || dropInFile.write(dropInText->c_str()) < 0 || !dropInFile.commit()) {
        setStatus([dropIn, why = dropInFile.errorString()] { return tr("Could not write %1: %2").arg(dropIn, why); });
        return;
    }
    const SetupWizardOptions &o = m_w->options();
    std::vector<setup::NodeApplyPlan> plans;
    const QVector<int> active = s.activeNodes();
    m_progress->clear();
    m_nodes.clear();
    for (int k = 0; k < active.size(); ++k) {
        const WizardNode &n = s.nodes[active[k]];
        QString why;
        auto session = std::make_shared<SshSession>(s.sshOptionsFor(n, o.sshDefaults, &why));
        const std::string name = n.inventory ? n.inventory->name : n.address.toStdString();
        setup::NodeApplyPlan plan =
            setup::systemdApplyPlan(name, session, o.agentBinary.toStdString(), o.daemonBinary.toStdString(),
                                    o.unitDir.toStdString(), k == 0, o.installRoot.toStdString());
        if (k == 0) { // the head: supernoded with its cluster.yaml, TLS, tokens and listen address
            const std::string root = o.installRoot.toStdString();
            plan.files.push_back({s.outputYaml.toStdString(), root + "/etc/supernode/cluster.yaml", 0644});
            for (const setup::InstallFile &f : setup::daemonSecurityFiles(s.certificateDir.toStdString(), root))
                plan.files.push_back(f);
            plan.files.push_back({dropIn.toStdString(), root + setup::kDaemonDropIn, 0644});
        }
        if (o.adjustPlan)
            o.adjustPlan(plan);
        plans.push_back(std::move(plan));
        m_nodes.push_back({name, setup::NodeApplyState::Pending, {}});
        auto *item = new QTreeWidgetItem;
        showNode(item, m_nodes.back());
        m_progress->addTopLevelItem(item);
    }
    m_running = true;
    m_apply->setEnabled(false);
    setStatus([] { return tr("Applying ..."); });
    emit completeChanged();
    auto progress = [this](const setup::NodeApplyResult &r) {
        QMetaObject::invokeMethod(
            this,
            [this, r] {
                for (std::size_t i = 0; i < m_nodes.size(); ++i)
                    if (m_nodes[i].node == r.node && int(i) < m_progress->topLevelItemCount()) {
                        m_nodes[i] = r;
                        showNode(m_progress->topLevelItem(int(i)), r);
                    }
            },
            Qt::QueuedConnection);
    };
    m_work = QtConcurrent::run([this, plans = std::move(plans), progress] {
        const setup::ApplyOutcome outcome = setup::applyToNodes(plans, progress);
        QMetaObject::invokeMethod(
            this,
            [this, outcome] {
                m_running = false;
                m_applied = outcome.status.ok();
                m_apply->setEnabled(!m_applied);
                if (m_applied)
                    setStatus([] { return tr("Every node runs the agent and has reported."); });
                else
                    setStatus([error = outcome.status.error()] {
                        return tr("Stopped: %1. The nodes already changed were rolled back; fix it and apply again.")
                            .arg(sn::errorText(error).trimmed());
                    });
                emit completeChanged();
                m_w->saveState();
            },
            Qt::QueuedConnection);
    });
}

} // namespace sn
