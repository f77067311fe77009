#pragma once
// The guided cluster setup (docs/setup-wizard.md): from a list of server addresses to a
// configured, validated and running cluster. Pages: Start, Nodes, Discover, Hardware profile,
// Checks, Network and topology, Scheduling policy, Security, Review and apply, Done. The work is
// backend/setup's; pages run it off the GUI thread and show its results in plain words. The
// state is saved on every page change, so the wizard can be closed and resumed.

#include "ui/setup/setup_state.h"

#include <QWizard>

namespace sn {

// The console's options: state in the user's config directory, ~/.ssh as ssh reads it, the agent
// and daemon beside this program (installed: /usr/bin; build tree: app/<program>/), the units
// from /usr/share/supernode/systemd or the source tree.
SetupWizardOptions defaultSetupWizardOptions();

class SetupWizard : public QWizard {
    Q_OBJECT
public:
    enum PageId { Start, Nodes, Discover, Profile, Checks, Network, Policy, Security, Apply, Done };

    explicit SetupWizard(SetupWizardOptions options, QWidget *parent = nullptr);
    ~SetupWizard() override;

    SetupState &state() { return m_state; }
    const SetupWizardOptions &options() const { return m_options; }
    bool resumed() const { return m_resumed; }
    // The discovered inventories of the nodes not dropped, in order.
    std::vector<setup::NodeInventory> inventories() const;
    // Saves now (also done on every page change and on close). False with a reason on failure.
    bool saveState(QString *why = nullptr);

signals:
    // Done page: the user asked to connect the console to the new cluster.
    void connectRequested(const sn::ConsoleConnection &connection);

protected:
    void done(int result) override;
    void changeEvent(QEvent *event) override; // LanguageChange: the title; the pages do their own

private:
    void retranslate();
    SetupWizardOptions m_options;
    SetupState m_state;
    bool m_resumed = false;
};

} // namespace sn
