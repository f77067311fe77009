// Scheduling policy: priority classes and queues with quotas, pre-filled with the usual
// starting point, and which backend runs the jobs.
#include "backend/model/quantity.h"
#include "ui/setup/setup_pages.h"
#include "ui/setup/setup_wizard.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace sn {

PolicyPage::PolicyPage(SetupWizard *wizard) : m_w(wizard)
{
    m_classes = new QTableWidget(0, 2);
    m_classes->setObjectName(QStringLiteral("priorityClasses"));
    m_queues = new QTableWidget(0, 4);
    m_queues->setObjectName(QStringLiteral("queues"));
    for (QTableWidget *t : {m_classes, m_queues}) {
        t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        t->horizontalHeader()->setStretchLastSection(true);
        t->setTabKeyNavigation(false); // Tab leaves the table; arrows move inside it
    }
    m_backend = new QComboBox;
    m_backend->setObjectName(QStringLiteral("backend"));
    for (const char *backend : {"embedded", "slurm", "kubernetes"})
        m_backend->addItem(QString(), QString::fromLatin1(backend));
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("policyError"));
    auto *layout = new QVBoxLayout(this);
    // Alt+P and Alt+Q reach the tables: a label's mnemonic needs its buddy.
    auto *classesLabel = new QLabel;
    classesLabel->setObjectName(QStringLiteral("priorityClassesLabel"));
    classesLabel->setBuddy(m_classes);
    auto *queuesLabel = new QLabel;
    queuesLabel->setObjectName(QStringLiteral("queuesLabel"));
    queuesLabel->setBuddy(m_queues);
    layout->addWidget(classesLabel);
    layout->addWidget(m_classes);
    layout->addWidget(queuesLabel);
    layout->addWidget(m_queues);
    auto *form = new QFormLayout;
    form->addRow(QString(), m_backend);
    layout->addLayout(form);
    layout->addWidget(m_error);
    retranslate();
}

void PolicyPage::retranslate()
{
    setTitle(tr("Scheduling policy"));
    setSubTitle(tr("Priority classes and queues with their GPU quotas. The usual starting point is filled in; "
                   "change it now or later in cluster.yaml."));
    m_classes->setHorizontalHeaderLabels({tr("Priority class"), tr("Value (higher wins)")});
    m_queues->setHorizontalHeaderLabels({tr("Queue"), tr("GPUs guaranteed"), tr("GPUs at most"), tr("Memory limit")});
    m_backend->setItemText(0, tr("Embedded scheduler (this engine)"));
    m_backend->setItemText(1, tr("Slurm (sbatch --gres=gpu:N)"));
    m_backend->setItemText(2, tr("Kubernetes (nvidia.com/gpu, PriorityClass, ResourceQuota)"));
    findChild<QLabel *>(QStringLiteral("priorityClassesLabel"))->setText(tr("&Priority classes:"));
    findChild<QLabel *>(QStringLiteral("queuesLabel"))->setText(tr("&Queues:"));
    setFormLabel(m_backend, tr("&Jobs run by:"));
}

void PolicyPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(event);
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

} // namespace sn
