// Start: a new cluster, an existing cluster.yaml to import, or the saved setup to resume.
#include "backend/model/cluster_yaml.h"
#include "backend/setup/cluster_spec_builder.h"
#include "ui/setup/setup_pages.h"
#include "ui/setup/setup_wizard.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
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
    if (m_w->resumed() && m_new->isChecked() && !m_startedAfresh) {
        // A new cluster instead of the saved one: the saved nodes, keys and choices go. Once
        // only: Back to Start and Next again keeps what was typed since.
        s = SetupState{};
        s.policy = setup::defaultSchedulingPolicy();
        m_startedAfresh = true;
    }
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
        s.backend =
            spec->jobBackends ? QString::fromStdString(spec->jobBackends->defaultBackend) : QStringLiteral("embedded");
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

} // namespace sn
