// Security: the cluster's CA, the server and client certificates, the first admin token, and
// who may connect to supernoded (its listen address; a token always, a client certificate too
// with mutual TLS). Apply copies what the head node needs (backend/setup/daemon_service.h).
#include "backend/model/host_port.h"
#include "backend/remote/common/access_tokens.h"
#include "backend/remote/common/certificate_authority.h"
#include "backend/setup/daemon_service.h"
#include "translations/engine_message.h"
#include "ui/setup/setup_pages.h"
#include "ui/setup/setup_wizard.h"

#include <QCheckBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace sn {

SecurityPage::SecurityPage(SetupWizard *wizard) : m_w(wizard)
{
    m_dir = new QLineEdit;
    m_dir->setObjectName(QStringLiteral("certificateDir"));
    m_clients = new QLineEdit;
    m_clients->setObjectName(QStringLiteral("allowedClients"));
    m_listen = new QLineEdit;
    m_listen->setObjectName(QStringLiteral("listenAddress"));
    m_mutual = new QCheckBox;
    m_mutual->setObjectName(QStringLiteral("mutualTls"));
    m_create = new QPushButton;
    m_create->setObjectName(QStringLiteral("createCertificates"));
    m_result = new QPlainTextEdit;
    m_result->setObjectName(QStringLiteral("securityResult"));
    m_result->setReadOnly(true);
    m_result->setTabChangesFocus(true);
    auto *form = new QFormLayout;
    form->addRow(QString(), m_dir);
    form->addRow(QString(), m_clients);
    form->addRow(QString(), m_listen);
    form->addRow(QString(), m_mutual);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_create);
    layout->addWidget(m_result);
    connect(m_create, &QPushButton::clicked, this, &SecurityPage::createCertificates);
    retranslate();
}

void SecurityPage::retranslate()
{
    setTitle(tr("Security"));
    setSubTitle(tr("supernoded only accepts TLS with a token. Create the certificate authority, the server and "
                   "client certificates, and the first admin token; say who may connect."));
    m_clients->setPlaceholderText(tr("head.example.com, 10.0.0.1"));
    m_clients->setToolTip(tr("The names and addresses the console uses to reach the head node; the server "
                             "certificate is made for them."));
    m_listen->setToolTip(tr("0.0.0.0:7443 takes connections on every interface; give one address to limit it."));
    m_mutual->setText(tr("Clients must also show a certificate signed by this CA (&mutual TLS)"));
    m_create->setText(tr("&Create CA, certificates and admin token"));
    setFormLabel(m_dir, tr("Certificate &directory:"));
    setFormLabel(m_clients, tr("Head node &names (certificate):"));
    setFormLabel(m_listen, tr("supernoded &listens on:"));
}

void SecurityPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(event);
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
    m_mutual->setChecked(s.mutualTls);
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

// The listen address as supernoded parses it and as the unit file can carry it; empty when fine.
static QString listenProblem(const QString &listen)
{
    if (auto hp = parseHostPort(listen.toStdString(), "supernoded listens on"); !hp)
        return sn::errorText(hp.error());
    setup::DaemonServiceSettings d;
    d.listen = listen.toStdString();
    if (auto text = setup::daemonDropIn(d); !text)
        return sn::errorText(text.error());
    return {};
}

void SecurityPage::createCertificates()
{
    SetupState &s = m_w->state();
    if (const QString problem = listenProblem(m_listen->text().trimmed()); !problem.isEmpty()) {
        m_result->setPlainText(problem);
        return;
    }
    s.certificateDir = m_dir->text().trimmed();
    s.listenAddress = m_listen->text().trimmed();
    s.mutualTls = m_mutual->isChecked();
    s.allowedClients.clear();
    std::vector<std::string> hosts;
    for (const QString &h : m_clients->text().split(',', Qt::SkipEmptyParts)) {
        s.allowedClients << h.trimmed();
        hosts.push_back(h.trimmed().toStdString());
    }
    auto files = rpc::initCertificates(s.certificateDir.toStdString(), hosts);
    if (!files) {
        m_result->setPlainText(tr("Could not create the certificates: %1").arg(sn::errorText(files.error())));
        return;
    }
    auto token = rpc::createToken("admin", rpc::Role::Admin);
    const std::string dir = s.certificateDir.toStdString();
    Status stored = token ? rpc::appendToken(dir + "/tokens", token->entry) : Status(token.error());
    // The console's own copy, for --token-file: a credential like client.key, readable by its owner alone.
    if (stored.ok())
        stored = rpc::writeFileWithMode(dir + "/admin.token", token->token + "\n", 0600);
    if (!stored.ok()) {
        m_result->setPlainText(
            tr("Certificates made, but the admin token failed: %1").arg(sn::errorText(stored.error())));
        return;
    }
    s.certificatesCreated = true;
    m_result->setPlainText(
        tr("Created in %1: ca.pem, server.pem/.key (for %2), client.pem/.key, tokens, admin.token.\n\n"
           "The first admin token (the console's copy is admin.token, readable by you alone; supernoded keeps only "
           "its hash):\n%3\n\n"
           "supernoded will listen on %4 with TLS and take a connection only with a token%5.")
            .arg(s.certificateDir, s.allowedClients.join(QStringLiteral(", ")), QString::fromStdString(token->token),
                 s.listenAddress,
                 s.mutualTls ? tr(" and a client certificate signed by this CA (client.pem)") : QString()));
    emit completeChanged();
    m_w->saveState();
}

bool SecurityPage::validatePage()
{
    // The certificates are made; a changed listen address or mTLS choice still applies.
    const QString problem = listenProblem(m_listen->text().trimmed());
    if (!problem.isEmpty()) {
        m_result->setPlainText(problem);
        return false;
    }
    m_w->state().listenAddress = m_listen->text().trimmed();
    m_w->state().mutualTls = m_mutual->isChecked();
    return true;
}

} // namespace sn
