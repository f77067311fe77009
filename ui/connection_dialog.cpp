#include "ui/connection_dialog.h"

#include "ui/connection_switcher.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace sn {

ConnectionEditor::ConnectionEditor(const SavedConnection &connection, QStringList otherNames, QWidget *parent)
    : QDialog(parent), m_otherNames(std::move(otherNames))
{
    setObjectName(QStringLiteral("connectionEditor"));
    setWindowTitle(connection.name.isEmpty() ? tr("Add a connection") : tr("Edit %1").arg(connection.name));
    auto *form = new QFormLayout;
    addField(form, QStringLiteral("name"), tr("&Name:"), tr("lab cluster"), false);
    m_direct = new QRadioButton(tr("&Directly over gRPC/TLS"));
    m_viaSsh = new QRadioButton(tr("Through an SS&H tunnel to the head node"));
    m_viaSsh->setObjectName(QStringLiteral("viaSsh"));
    auto *how = new QVBoxLayout;
    how->addWidget(m_direct);
    how->addWidget(m_viaSsh);
    form->addRow(tr("Reach it:"), how);
    addField(form, QStringLiteral("url"), tr("Daemon &URL:"), QStringLiteral("grpcs://head01:7443"), false);
    addField(form, QStringLiteral("sshTarget"), tr("SSH &login:"), QStringLiteral("alice@head01:22"), false);
    m_remotePort = new QSpinBox;
    m_remotePort->setObjectName(QStringLiteral("remotePort"));
    m_remotePort->setRange(1, 65535);
    m_remotePort->setToolTip(tr("The port supernoded listens on at the head node's loopback (127.0.0.1)"));
    form->addRow(tr("Daemon &port on the head node:"), m_remotePort);
    addField(form, QStringLiteral("sshKeyFile"), tr("SSH &key:"), tr("ssh-agent, then ~/.ssh's keys"), true);
    addField(form, QStringLiteral("caFile"), tr("&CA certificate:"), tr("the system's roots"), true);
    addField(form, QStringLiteral("tokenFile"), tr("&Token file:"), tr("supernodectl tokens create's output"), true);
    addField(form, QStringLiteral("clientCertFile"), tr("Client certificate:"), tr("only for mutual TLS"), true);
    addField(form, QStringLiteral("clientKeyFile"), tr("Client key:"), tr("only for mutual TLS"), true);
    addField(form, QStringLiteral("tlsName"), tr("Certificate &name:"), tr("the host dialled"), false);
    field(QStringLiteral("tlsName"))
        ->setToolTip(tr("The name the daemon's certificate must carry, when it is not the "
                        "host dialled (127.0.0.1 through SSH)"));
    auto *secrets = new QLabel(tr("Only the paths are saved: the token and keys stay in their files."));
    secrets->setWordWrap(true);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(secrets);
    layout->addWidget(m_buttons);

    setConnection(connection);
    for (QLineEdit *e : std::as_const(m_fields))
        connect(e, &QLineEdit::textChanged, this, &ConnectionEditor::validate);
    connect(m_viaSsh, &QRadioButton::toggled, this, &ConnectionEditor::validate);
    connect(m_remotePort, &QSpinBox::valueChanged, this, &ConnectionEditor::validate);
    validate();
}

QLineEdit *ConnectionEditor::addField(QFormLayout *form, const QString &name, const QString &label,
                                      const QString &placeholder, bool file)
{
    auto *edit = new QLineEdit;
    edit->setObjectName(name);
    edit->setPlaceholderText(placeholder);
    auto *problem = new QLabel;
    problem->setObjectName(QStringLiteral("problem-") + name);
    problem->setStyleSheet(QStringLiteral("color: #d32f2f;"));
    problem->setWordWrap(true);
    problem->setVisible(false);
    auto *column = new QVBoxLayout;
    column->setSpacing(0);
    if (file) {
        auto *row = new QHBoxLayout;
        auto *browse = new QToolButton;
        browse->setText(QStringLiteral("…"));
        browse->setToolTip(tr("Choose the file"));
        connect(browse, &QToolButton::clicked, this, [this, edit] {
            const QString chosen = QFileDialog::getOpenFileName(this, tr("Choose a file"), edit->text());
            if (!chosen.isEmpty())
                edit->setText(chosen);
        });
        row->addWidget(edit, 1);
        row->addWidget(browse);
        column->addLayout(row);
    } else {
        column->addWidget(edit);
    }
    column->addWidget(problem);
    form->addRow(label, column);
    if (auto *l = qobject_cast<QLabel *>(form->labelForField(column)))
        l->setBuddy(edit);
    m_fields.insert(name, edit);
    m_problems.insert(name, problem);
    return edit;
}

SavedConnection ConnectionEditor::connection() const
{
    SavedConnection c;
    auto text = [this](const char *name) { return field(QString::fromLatin1(name))->text().trimmed(); };
    c.name = text("name");
    c.caFile = text("caFile");
    c.tokenFile = text("tokenFile");
    c.clientCertFile = text("clientCertFile");
    c.clientKeyFile = text("clientKeyFile");
    c.tlsName = text("tlsName");
    c.remotePort = static_cast<quint16>(m_remotePort->value());
    if (m_viaSsh->isChecked()) {
        c.sshTarget = text("sshTarget");
        c.sshKeyFile = text("sshKeyFile");
    } else {
        c.url = text("url");
    }
    return c;
}

void ConnectionEditor::setConnection(const SavedConnection &c)
{
    field(QStringLiteral("name"))->setText(c.name);
    field(QStringLiteral("url"))->setText(c.url);
    field(QStringLiteral("sshTarget"))->setText(c.sshTarget);
    field(QStringLiteral("sshKeyFile"))->setText(c.sshKeyFile);
    field(QStringLiteral("caFile"))->setText(c.caFile);
    field(QStringLiteral("tokenFile"))->setText(c.tokenFile);
    field(QStringLiteral("clientCertFile"))->setText(c.clientCertFile);
    field(QStringLiteral("clientKeyFile"))->setText(c.clientKeyFile);
    field(QStringLiteral("tlsName"))->setText(c.tlsName);
    m_remotePort->setValue(c.remotePort);
    (c.viaSsh() ? m_viaSsh : m_direct)->setChecked(true);
}

QPushButton *ConnectionEditor::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

void ConnectionEditor::validate()
{
    const bool ssh = m_viaSsh->isChecked();
    for (const char *name : {"sshTarget", "sshKeyFile"})
        field(QString::fromLatin1(name))->setEnabled(ssh);
    m_remotePort->setEnabled(ssh);
    field(QStringLiteral("url"))->setEnabled(!ssh);
    QMap<QString, QStringList> byField;
    const QList<ConnectionProblem> problems = validateConnection(connection(), m_otherNames);
    for (const ConnectionProblem &p : problems)
        byField[p.field] << p.message;
    for (auto it = m_problems.cbegin(); it != m_problems.cend(); ++it) {
        const QStringList messages = byField.value(it.key());
        it.value()->setText(messages.join(QLatin1Char('\n')));
        it.value()->setVisible(!messages.isEmpty());
    }
    okButton()->setEnabled(problems.isEmpty());
    okButton()->setToolTip(problems.isEmpty() ? QString() : problems.constFirst().message);
}

ConnectionsDialog::ConnectionsDialog(ConnectionSwitcher *switcher, QWidget *parent)
    : QDialog(parent), m_switcher(switcher)
{
    setObjectName(QStringLiteral("connectionsDialog"));
    setWindowTitle(tr("Connections"));
    m_list = new QListWidget;
    auto *add = new QPushButton(tr("&Add…"));
    m_edit = new QPushButton(tr("&Edit…"));
    m_remove = new QPushButton(tr("&Remove"));
    m_connect = new QPushButton(tr("&Connect"));
    auto *close = new QPushButton(tr("Close"));
    auto *buttons = new QVBoxLayout;
    for (QPushButton *b : {add, m_edit, m_remove, m_connect})
        buttons->addWidget(b);
    buttons->addStretch(1);
    buttons->addWidget(close);
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);

    connect(add, &QPushButton::clicked, this, [this] { edit({}); });
    connect(m_edit, &QPushButton::clicked, this, [this] {
        if (m_list->currentItem())
            edit(m_list->currentItem()->text());
    });
    connect(m_list, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem *item) { edit(item->text()); });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        if (m_list->currentItem())
            m_switcher->removeConnection(m_list->currentItem()->text());
        reload();
    });
    connect(m_connect, &QPushButton::clicked, this, [this] {
        if (m_list->currentItem())
            m_switcher->switchTo(m_list->currentItem()->text());
        accept();
    });
    connect(close, &QPushButton::clicked, this, &QDialog::accept);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        for (QPushButton *b : {m_edit, m_remove, m_connect})
            b->setEnabled(row >= 0);
    });
    reload();
}

void ConnectionsDialog::reload()
{
    m_list->clear();
    for (const SavedConnection &c : m_switcher->connections()) {
        auto *item = new QListWidgetItem(c.name, m_list);
        item->setToolTip(c.where());
    }
    const bool any = m_list->count() > 0;
    if (any)
        m_list->setCurrentRow(0);
    for (QPushButton *b : {m_edit, m_remove, m_connect})
        b->setEnabled(any);
}

void ConnectionsDialog::edit(const QString &name)
{
    SavedConnection current;
    QStringList others;
    for (const SavedConnection &c : m_switcher->connections()) {
        if (c.name == name)
            current = c;
        else
            others << c.name;
    }
    ConnectionEditor editor(current, others, this);
    if (editor.exec() != QDialog::Accepted)
        return;
    m_switcher->saveConnection(editor.connection(), name);
    reload();
}

} // namespace sn
