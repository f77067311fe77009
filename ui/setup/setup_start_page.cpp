// Start, Scheduling policy, Security and Done: the pages without long-running work.
#include "backend/model/cluster_yaml.h"
#include "backend/model/quantity.h"
#include "backend/remote/grpc/access_tokens.h"
#include "backend/remote/grpc/certificate_authority.h"
#include "ui/setup/setup_pages.h"
#include "ui/setup/setup_wizard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace sn {

StartPage::StartPage(SetupWizard *wizard) : m_w(wizard)
{
    setTitle(tr("Start"));
    setSubTitle(tr("Set up a new cluster from a list of servers, or start from an existing cluster.yaml."));
    m_new = new QRadioButton(tr("&New cluster"));
    m_new->setObjectName(QStringLiteral("startNew"));
    m_import = new QRadioButton(tr("&Import an existing cluster.yaml"));
    m_import->setObjectName(QStringLiteral("startImport"));
    m_resume = new QRadioButton(tr("&Resume where you left off"));
    m_resume->setObjectName(QStringLiteral("startResume"));
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("clusterName"));
    m_yaml = new QLineEdit;
    m_yaml->setObjectName(QStringLiteral("importPath"));
    m_yaml->setPlaceholderText(tr("/etc/supernode/cluster.yaml"));
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("startError"));
    m_error->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("Cluster &name:"), m_name);
    form->addRow(tr("cluster.yaml to &import:"), m_yaml);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_new);
    layout->addWidget(m_import);
    layout->addWidget(m_resume);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addStretch();
    connect(m_import, &QRadioButton::toggled, m_yaml, &QWidget::setEnabled);
}

void StartPage::initializePage()
{
    m_resume->setVisible(m_w->resumed());
    (m_w->resumed() ? m_resume : m_new)->setChecked(true);
    m_yaml->setEnabled(m_import->isChecked());
    m_name->setText(m_w->state().clusterName);
}

bool StartPage::validatePage()
{
    SetupState &s = m_w->state();
    s.clusterName = m_name->text().trimmed().isEmpty() ? QStringLiteral("supernode") : m_name->text().trimmed();
    if (m_import->isChecked()) {
        auto spec = loadClusterYaml(m_yaml->text().trimmed().toStdString());
        if (!spec) {
            m_error->setText(QString::fromStdString(spec.error().message));
            return false;
        }
        s.importedYaml = m_yaml->text().trimmed();
        s.clusterName = QString::fromStdString(spec->name);
        s.policy = spec->schedulingPolicy;
        s.nodes.clear();
        for (const NodeSpec &n : spec->nodes) {
            WizardNode w;
            w.address = QString::fromStdString(n.address.empty() ? n.name : n.address);
            s.nodes.push_back(w);
        }
    }
    m_error->clear();
    return true;
}

int StartPage::nextId() const
{
    if (m_resume->isChecked() && m_w->state().page > SetupWizard::Nodes)
        return SetupWizard::Nodes; // connections are tested again before anything else
    return SetupWizard::Nodes;
}

PolicyPage::PolicyPage(SetupWizard *wizard) : m_w(wizard)
{
    setTitle(tr("Scheduling policy"));
    setSubTitle(tr("Priority classes and queues with their GPU quotas. The usual starting point is filled in; "
                   "change it now or later in cluster.yaml."));
    m_classes = new QTableWidget(0, 2);
    m_classes->setObjectName(QStringLiteral("priorityClasses"));
    m_classes->setHorizontalHeaderLabels({tr("Priority class"), tr("Value (higher wins)")});
    m_queues = new QTableWidget(0, 4);
    m_queues->setObjectName(QStringLiteral("queues"));
    m_queues->setHorizontalHeaderLabels({tr("Queue"), tr("GPUs guaranteed"), tr("GPUs at most"), tr("Memory limit")});
    for (QTableWidget *t : {m_classes, m_queues}) {
        t->horizontalHeader()->setStretchLastSection(true);
        t->setTabKeyNavigation(false); // Tab leaves the table; arrows move inside it
    }
    m_backend = new QComboBox;
    m_backend->setObjectName(QStringLiteral("backend"));
    m_backend->addItem(tr("Embedded scheduler (this engine)"), QStringLiteral("embedded"));
    m_backend->addItem(tr("Slurm (sbatch --gres=gpu:N)"), QStringLiteral("slurm"));
    m_backend->addItem(tr("Kubernetes (nvidia.com/gpu, PriorityClass, ResourceQuota)"), QStringLiteral("kubernetes"));
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("policyError"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("&Priority classes:")));
    layout->addWidget(m_classes);
    layout->addWidget(new QLabel(tr("&Queues:")));
    layout->addWidget(m_queues);
    auto *form = new QFormLayout;
    form->addRow(tr("Jobs run by:"), m_backend);
    layout->addLayout(form);
    layout->addWidget(m_error);
}

void PolicyPage::initializePage()
{
    const SchedulingPolicy &p = m_w->state().policy;
    m_classes->setRowCount(0);
    for (const PriorityClass &c : p.priorityClasses) {
        const int r = m_classes->rowCount();
        m_classes->insertRow(r);
        m_classes->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(c.name)));
        m_classes->setItem(r, 1, new QTableWidgetItem(QString::number(c.value)));
    }
    m_queues->setRowCount(0);
    for (const QueueSpec &q : p.queues) {
        const int r = m_queues->rowCount();
        m_queues->insertRow(r);
        m_queues->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(q.name)));
        m_queues->setItem(r, 1, new QTableWidgetItem(QString::number(q.quota.gpuMin)));
        m_queues->setItem(r, 2, new QTableWidgetItem(QString::number(q.quota.gpuMax)));
        m_queues->setItem(r, 3, new QTableWidgetItem(QString::fromStdString(formatBytes(q.quota.memoryLimitBytes))));
    }
    m_backend->setCurrentIndex(std::max(0, m_backend->findData(m_w->state().backend)));
}

bool PolicyPage::validatePage()
{
    SchedulingPolicy p = m_w->state().policy;
    p.priorityClasses.clear();
    auto cell = [](QTableWidget *t, int r, int c) {
        return t->item(r, c) ? t->item(r, c)->text().trimmed() : QString();
    };
    for (int r = 0; r < m_classes->rowCount(); ++r) {
        bool ok = false;
        const int v = cell(m_classes, r, 1).toInt(&ok);
        if (cell(m_classes, r, 0).isEmpty() || !ok) {
            m_error->setText(tr("Priority class row %1: a name and a whole number are needed.").arg(r + 1));
            return false;
        }
        p.priorityClasses.push_back({cell(m_classes, r, 0).toStdString(), v});
    }
    p.queues.clear();
    for (int r = 0; r < m_queues->rowCount(); ++r) {
        bool okMin = false, okMax = false;
        const int gmin = cell(m_queues, r, 1).toInt(&okMin), gmax = cell(m_queues, r, 2).toInt(&okMax);
        auto mem = parseBytes(cell(m_queues, r, 3).toStdString());
        if (cell(m_queues, r, 0).isEmpty() || !okMin || !okMax || gmin > gmax || !mem) {
            m_error->setText(
                tr("Queue row %1: a name, GPUs guaranteed <= GPUs at most, and a memory limit like 512Gi.").arg(r + 1));
            return false;
        }
        p.queues.push_back({cell(m_queues, r, 0).toStdString(), {gmin, gmax, *mem}, 1});
    }
    if (!p.queues.empty())
        p.resourceQuota = p.queues.front().quota;
    m_w->state().policy = p;
    m_w->state().backend = m_backend->currentData().toString();
    m_error->clear();
    return true;
}

SecurityPage::SecurityPage(SetupWizard *wizard) : m_w(wizard)
{
    setTitle(tr("Security"));
    setSubTitle(tr("supernoded only accepts TLS with a token. Create the certificate authority, the server and "
                   "client certificates, and the first admin token; say who may connect."));
    m_dir = new QLineEdit;
    m_dir->setObjectName(QStringLiteral("certificateDir"));
    m_clients = new QLineEdit;
    m_clients->setObjectName(QStringLiteral("allowedClients"));
    m_clients->setPlaceholderText(tr("head.example.com, 10.0.0.1"));
    m_listen = new QLineEdit;
    m_listen->setObjectName(QStringLiteral("listenAddress"));
    m_create = new QPushButton(tr("&Create CA, certificates and admin token"));
    m_create->setObjectName(QStringLiteral("createCertificates"));
    m_result = new QPlainTextEdit;
    m_result->setObjectName(QStringLiteral("securityResult"));
    m_result->setReadOnly(true);
    auto *form = new QFormLayout;
    form->addRow(tr("Certificate &directory:"), m_dir);
    form->addRow(tr("Head node &names (certificate):"), m_clients);
    form->addRow(tr("supernoded &listens on:"), m_listen);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_create);
    layout->addWidget(m_result);
    connect(m_create, &QPushButton::clicked, this, &SecurityPage::createCertificates);
}

void SecurityPage::initializePage()
{
    SetupState &s = m_w->state();
    if (s.certificateDir.isEmpty())
        s.certificateDir = !m_w->options().certificateDir.isEmpty() ? m_w->options().certificateDir
                           : !m_w->options().stateFile.isEmpty()
                               ? QFileInfo(m_w->options().stateFile).dir().filePath(QStringLiteral("certs"))
                               : QDir::home().filePath(QStringLiteral(".config/supernode/certs"));
    m_dir->setText(s.certificateDir);
    QStringList names = s.allowedClients;
    if (names.isEmpty() && !s.activeNodes().isEmpty())
        names << QString::fromStdString(parseHostOf(s.nodes[s.activeNodes().front()].address));
    m_clients->setText(names.join(QStringLiteral(", ")));
    m_listen->setText(s.listenAddress);
    if (s.certificatesCreated)
        m_result->setPlainText(tr("Certificates exist in %1.").arg(s.certificateDir));
}

std::string SecurityPage::parseHostOf(const QString &address)
{
    const QString a = address.trimmed();
    const QString afterUser = a.contains('@') ? a.section('@', 1) : a;
    if (afterUser.startsWith('['))
        return afterUser.section(']', 0, 0).mid(1).toStdString();
    return afterUser.count(':') == 1 ? afterUser.section(':', 0, 0).toStdString() : afterUser.toStdString();
}

bool SecurityPage::isComplete() const
{
    return m_w->state().certificatesCreated;
}

void SecurityPage::createCertificates()
{
    SetupState &s = m_w->state();
    s.certificateDir = m_dir->text().trimmed();
    s.listenAddress = m_listen->text().trimmed();
    s.allowedClients.clear();
    std::vector<std::string> hosts;
    for (const QString &h : m_clients->text().split(',', Qt::SkipEmptyParts)) {
        s.allowedClients << h.trimmed();
        hosts.push_back(h.trimmed().toStdString());
    }
    auto files = rpc::initCertificates(s.certificateDir.toStdString(), hosts);
    if (!files) {
        m_result->setPlainText(
            tr("Could not create the certificates: %1").arg(QString::fromStdString(files.error().message)));
        return;
    }
    auto token = rpc::createToken("admin", rpc::Role::Admin);
    const std::string tokens = s.certificateDir.toStdString() + "/tokens";
    Status appended = token ? rpc::appendToken(tokens, token->entry) : Status(token.error());
    if (!appended.ok()) {
        m_result->setPlainText(tr("Certificates made, but the admin token failed: %1")
                                   .arg(QString::fromStdString(appended.error().message)));
        return;
    }
    s.certificatesCreated = true;
    m_result->setPlainText(
        tr("Created in %1: ca.pem, server.pem/.key (for %2), client.pem/.key, tokens.\n\n"
           "The first admin token, shown this once (store it in your password manager; only its hash is kept):\n%3\n\n"
           "supernoded will listen on %4 with TLS and require a token.")
            .arg(s.certificateDir, s.allowedClients.join(QStringLiteral(", ")), QString::fromStdString(token->token),
                 s.listenAddress));
    emit completeChanged();
    m_w->saveState();
}

bool SecurityPage::validatePage()
{
    m_w->state().listenAddress = m_listen->text().trimmed();
    return true;
}

DonePage::DonePage(SetupWizard *wizard) : m_w(wizard)
{
    setTitle(tr("Done"));
    setFinalPage(true);
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("doneSummary"));
    m_summary->setWordWrap(true);
    m_connect = new QCheckBox(tr("&Connect the console to the new cluster"));
    m_connect->setObjectName(QStringLiteral("connectConsole"));
    m_connect->setChecked(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_connect);
    layout->addStretch();
}

void DonePage::initializePage()
{
    const SetupState &s = m_w->state();
    m_summary->setText(tr("The cluster \"%1\" is configured: %2 nodes run the agent, cluster.yaml is in %3.")
                           .arg(s.clusterName)
                           .arg(s.activeNodes().size())
                           .arg(s.outputYaml));
}

bool DonePage::validatePage()
{
    const SetupState &s = m_w->state();
    if (m_connect->isChecked() && !s.activeNodes().isEmpty()) {
        const QString host =
            QString::fromStdString(SecurityPage::parseHostOf(s.nodes[s.activeNodes().front()].address));
        const QString port = s.listenAddress.section(':', -1);
        emit m_w->connectRequested(QStringLiteral("grpcs://%1:%2").arg(host, port), s.certificateDir + "/ca.pem");
    }
    return true;
}

} // namespace sn
