// Start: a new cluster, an existing cluster.yaml to import, or the saved setup to resume.
#include "backend/model/cluster_yaml.h"
#include "backend/setup/cluster_spec_builder.h"
#include "translations/engine_message.h"
#include "ui/setup/setup_pages.h"
#include "ui/setup/setup_wizard.h"

#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QVBoxLayout>

namespace sn {

StartPage::StartPage(SetupWizard *wizard) : m_w(wizard)
{
    m_new = new QRadioButton;
    m_new->setObjectName(QStringLiteral("startNew"));
    m_import = new QRadioButton;
    m_import->setObjectName(QStringLiteral("startImport"));
    m_resume = new QRadioButton;
    m_resume->setObjectName(QStringLiteral("startResume"));
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("clusterName"));
    m_yaml = new QLineEdit;
    m_yaml->setObjectName(QStringLiteral("importPath"));
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("startError"));
    m_error->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(QString(), m_name);
    form->addRow(QString(), m_yaml);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_new);
    layout->addWidget(m_import);
    layout->addWidget(m_resume);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addStretch();
    connect(m_import, &QRadioButton::toggled, m_yaml, &QWidget::setEnabled);
    retranslate();
}

void StartPage::retranslate()
{
    setTitle(tr("Start"));
    setSubTitle(tr("Set up a new cluster from a list of servers, or start from an existing cluster.yaml."));
    m_new->setText(tr("&New cluster"));
    m_import->setText(tr("&Import an existing cluster.yaml"));
    m_resume->setText(tr("&Resume where you left off"));
    m_yaml->setPlaceholderText(tr("/etc/supernode/cluster.yaml"));
    setFormLabel(m_name, tr("Cluster &name:"));
    setFormLabel(m_yaml, tr("cluster.yaml to &import:"));
}

void StartPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(event);
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
            m_error->setText(sn::errorText(spec.error()));
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
