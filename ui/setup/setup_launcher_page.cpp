#include "ui/setup/setup_launcher_page.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace sn {

SetupLauncherPage::SetupLauncherPage(QWidget *parent) : QWidget(parent)
{
    auto *title = new QLabel(tr("Setup"));
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 1.6);
    f.setBold(true);
    title->setFont(f);
    auto *text = new QLabel(
        tr("The setup wizard takes a list of server addresses to a configured, validated and running cluster: it "
           "connects to each server over SSH (host keys shown with their fingerprint), reads GPUs, drivers, NVLink, "
           "network and disks on all of them at once, checks they are ready and says how to fix what is not, "
           "draws the topology, sets the scheduling policy and the certificates, writes cluster.yaml, installs the "
           "agent and supernoded with their systemd units, and connects the console. It can be left and resumed "
           "(also as supernode --setup)."));
    text->setWordWrap(true);
    auto *open = new QPushButton(tr("&Open the setup wizard..."));
    open->setObjectName(QStringLiteral("openSetupWizard"));
    connect(open, &QPushButton::clicked, this, &SetupLauncherPage::openRequested);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(32, 32, 32, 32);
    layout->addWidget(title);
    layout->addWidget(text);
    layout->addWidget(open, 0, Qt::AlignLeft);
    layout->addStretch();
}

} // namespace sn
