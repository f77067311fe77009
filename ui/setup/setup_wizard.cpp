#include "ui/setup/setup_wizard.h"

#include "backend/setup/cluster_spec_builder.h"
#include "ui/setup/setup_pages.h"

#include <QAbstractButton>
#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLoggingCategory>
#include <QStandardPaths>

namespace sn {

Q_LOGGING_CATEGORY(lcSetup, "sn.ui.setup")

void setFormLabel(QWidget *field, const QString &text)
{
    for (QWidget *w = field->parentWidget(); w; w = w->parentWidget())
        for (QFormLayout *form : w->findChildren<QFormLayout *>()) {
            int row = -1;
            QFormLayout::ItemRole role;
            form->getWidgetPosition(field, &row, &role);
            if (row < 0)
                continue;
            if (auto *label = qobject_cast<QLabel *>(form->labelForField(field))) {
                label->setText(text);
            } else { // addRow(QString(), field) makes no label: the first call makes it
                auto *made = new QLabel(text);
                made->setBuddy(field); // its mnemonic reaches the field
                form->setWidget(row, QFormLayout::LabelRole, made);
            }
            return;
        }
}

QLabel *makeDetailLabel(const QString &objectName)
{
    auto *l = new QLabel;
    l->setObjectName(objectName);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setMinimumHeight(l->fontMetrics().lineSpacing() * 3);
    l->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    return l;
}

SetupWizardOptions defaultSetupWizardOptions()
{
    SetupWizardOptions o;
    const QString config = QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation);
    QDir().mkpath(config);
    o.stateFile = QDir(config).filePath(QStringLiteral("setup-wizard.json"));
    const QDir bin(QCoreApplication::applicationDirPath());
    auto beside = [&](const QString &program) {
        for (const QString &candidate : {bin.filePath(program), bin.filePath("../" + program + "/" + program)})
            if (QFileInfo(candidate).isExecutable())
                return QFileInfo(candidate).canonicalFilePath();
        return bin.filePath(program);
    };
    o.agentBinary = beside(QStringLiteral("supernode-agent"));
    o.daemonBinary = beside(QStringLiteral("supernoded"));
    o.unitDir = QFileInfo::exists(QStringLiteral("/usr/share/supernode/systemd/supernode-agent.service"))
                    ? QStringLiteral("/usr/share/supernode/systemd")
                    : QStringLiteral(SN_SOURCE_DIR "/installer/systemd");
    return o;
}

SetupWizard::SetupWizard(SetupWizardOptions options, QWidget *parent) : QWizard(parent), m_options(std::move(options))
{
    setObjectName(QStringLiteral("setupWizard"));
    retranslate();
    setWizardStyle(QWizard::ClassicStyle); // the same on every platform, and keyboard-friendly
    setOption(QWizard::NoCancelButtonOnLastPage);
    setOption(QWizard::HaveHelpButton, false);
    m_state.policy = setup::defaultSchedulingPolicy();
    if (!m_options.stateFile.isEmpty()) {
        QString why;
        if (auto saved = SetupState::load(m_options.stateFile, &why)) {
            m_state = *saved;
            m_resumed = true;
        } else if (!why.isEmpty()) {
            qCWarning(lcSetup) << "the saved setup could not be read, starting afresh:" << why;
        }
    }
    setPage(Start, new StartPage(this));
    setPage(Nodes, new NodesPage(this));
    setPage(Discover, new DiscoverPage(this));
    setPage(Profile, new ProfilePage(this));
    setPage(Checks, new ChecksPage(this));
    setPage(Network, new NetworkPage(this));
    setPage(Policy, new PolicyPage(this));
    setPage(Security, new SecurityPage(this));
    setPage(Apply, new ApplyPage(this));
    setPage(Done, new DonePage(this));
    setStartId(Start);
    // Keyboard alone: every button takes the focus by Tab, whatever the style's default (some
    // styles leave buttons to the mouse).
    for (QAbstractButton *b : findChildren<QAbstractButton *>())
        b->setFocusPolicy(Qt::StrongFocus);
    connect(this, &QWizard::currentIdChanged, this, [this](int id) {
        if (id >= 0 && id != Start)
            m_state.page = id;
        saveState();
    });
    resize(980, 700);
}

SetupWizard::~SetupWizard() = default;

void SetupWizard::retranslate()
{
    setWindowTitle(tr("Set up a cluster"));
    // QWizard writes its buttons' texts when it shows a page, not when the language changes: the
    // page on screen kept "< Back" and "Next >". Its classic style's texts again, from Qt's own
    // catalogue (qtbase_*.qm, context QWizard; a variable, so lupdate leaves them to Qt).
    static constexpr const char *kQtWizard = "QWizard";
    setButtonText(BackButton, QCoreApplication::translate(kQtWizard, "< &Back"));
    setButtonText(NextButton, QCoreApplication::translate(kQtWizard, "&Next >"));
    setButtonText(CommitButton, QCoreApplication::translate(kQtWizard, "Commit"));
    setButtonText(FinishButton, QCoreApplication::translate(kQtWizard, "&Finish"));
    setButtonText(CancelButton, QCoreApplication::translate(kQtWizard, "Cancel"));
    setButtonText(HelpButton, QCoreApplication::translate(kQtWizard, "&Help"));
}

void SetupWizard::changeEvent(QEvent *event)
{
    // The pages retranslate themselves (each gets the event too) and keep what was typed: the
    // widgets stay, only their texts change, and the state and the page history are untouched.
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizard::changeEvent(event);
}

std::vector<setup::NodeInventory> SetupWizard::inventories() const
{
    std::vector<setup::NodeInventory> out;
    for (int i : m_state.activeNodes())
        if (m_state.nodes[i].inventory)
            out.push_back(*m_state.nodes[i].inventory);
    return out;
}

bool SetupWizard::saveState(QString *why)
{
    if (m_options.stateFile.isEmpty())
        return true;
    QString reason;
    if (!m_state.save(m_options.stateFile, &reason)) {
        qCWarning(lcSetup) << "cannot save the setup state:" << reason;
        if (why)
            *why = reason;
        return false;
    }
    return true;
}

void SetupWizard::done(int result)
{
    saveState();
    QWizard::done(result);
}

} // namespace sn
