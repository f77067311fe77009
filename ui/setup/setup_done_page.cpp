// Done: what was set up, and the console connected to the new cluster.
#include "ui/setup/setup_pages.h"
#include "ui/setup/setup_wizard.h"

#include <QCheckBox>
#include <QDir>
#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace sn {

DonePage::DonePage(SetupWizard *wizard) : m_w(wizard)
{
    setFinalPage(true);
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("doneSummary"));
    m_summary->setWordWrap(true);
    m_connect = new QCheckBox;
    m_connect->setObjectName(QStringLiteral("connectConsole"));
    m_connect->setChecked(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_connect);
    layout->addStretch();
    retranslate();
}

void DonePage::retranslate()
{
    setTitle(tr("Done"));
    setSubTitle(tr("The cluster is configured and its nodes report."));
    m_connect->setText(tr("&Connect the console to the new cluster"));
}

void DonePage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(event);
}

void DonePage::initializePage()
{
    const SetupState &s = m_w->state();
    const ConsoleConnection c = connection(s);
    m_summary->setText(
        tr("The cluster \"%1\" is configured: %2 nodes run the agent, the first also supernoded; "
           "cluster.yaml is in %3.\n\nThe console reaches it at %4 with the CA %5 and the admin "
           "token %6. Later, from a terminal:\n\nsupernode --connect %4 --ca %5 --token-file %6%7")
            .arg(s.clusterName)
            .arg(s.activeNodes().size())
            .arg(s.outputYaml, c.address, c.caFile, c.tokenFile,
                 c.clientCertificate.isEmpty()
                     ? QString()
                     : QStringLiteral(" --client-cert %1 --client-key %2").arg(c.clientCertificate, c.clientKey)));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
}

ConsoleConnection DonePage::connection(const SetupState &s)
{
    // The server certificate is made for the head node names; the console uses the first.
    const QString host =
        !s.allowedClients.isEmpty() ? s.allowedClients.front()
        : !s.activeNodes().isEmpty()
            ? QString::fromStdString(SecurityPage::parseHostOf(s.nodes[s.activeNodes().front()].address))
            : QString();
    const QString port = s.listenAddress.section(':', -1);
    const QDir certs(s.certificateDir);
    ConsoleConnection c;
    c.address = QStringLiteral("grpcs://%1:%2").arg(host.contains(':') ? '[' + host + ']' : host, port);
    c.caFile = certs.filePath(QStringLiteral("ca.pem"));
    c.tokenFile = certs.filePath(QStringLiteral("admin.token"));
    if (s.mutualTls) {
        c.clientCertificate = certs.filePath(QStringLiteral("client.pem"));
        c.clientKey = certs.filePath(QStringLiteral("client.key"));
    }
    return c;
}

bool DonePage::validatePage()
{
    if (m_connect->isChecked() && !m_w->state().activeNodes().isEmpty())
        emit m_w->connectRequested(connection(m_w->state()));
    return true;
}

} // namespace sn
