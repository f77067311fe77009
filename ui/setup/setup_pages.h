#pragma once
// The setup wizard's pages (setup_wizard.h). Each reads and writes the wizard's SetupState; the
// slow ones (connection tests, discovery, apply) run on worker threads and finish on the GUI
// thread through QFutureWatcher, so the window never waits.

#include "backend/setup/hardware_profile.h"
#include "backend/setup/node_installer.h"
#include "backend/setup/setup_checks.h"
#include "ui/setup/setup_state.h"

#include <QFuture>
#include <QHash>
#include <QWizardPage>

#include <functional>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QTableWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace sn {

class SetupWizard;
class TopologyView;

// The label of `field`'s QFormLayout row (added as addRow(QString(), field)) set to `text`,
// made with `field` as its buddy the first time.
void setFormLabel(QWidget *field, const QString &text);

// Below a page's table: the selected row's finding in full, wrapped (cells elide long text).
// Selectable, so a message can be copied into a ticket.
QLabel *makeDetailLabel(const QString &objectName);

class StartPage : public QWizardPage {
    Q_OBJECT
public:
    explicit StartPage(SetupWizard *wizard);
    void initializePage() override;
    bool validatePage() override;

protected:
    void changeEvent(QEvent *event) override; // LanguageChange: retranslate()

private:
    void retranslate(); // the static texts in the current language; what was typed stays
    SetupWizard *m_w;
    QRadioButton *m_new, *m_import, *m_resume;
    QLineEdit *m_name, *m_yaml;
    QLabel *m_error;
    bool m_startedAfresh = false;
};

class NodesPage : public QWizardPage {
    Q_OBJECT
public:
    explicit NodesPage(SetupWizard *wizard);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    void testConnections();
    void acceptSelectedKey();
    void rejectSelectedKey();

protected:
    void changeEvent(QEvent *event) override; // LanguageChange: retranslate()

private:
    void retranslate(); // the static texts in the current language; what was typed stays
    void addFromPaste();
    void removeSelected();
    void refresh();
    void syncFromTable();

    SetupWizard *m_w;
    QPlainTextEdit *m_paste;
    QTableWidget *m_table;
    QPushButton *m_test, *m_accept, *m_reject;
    QLabel *m_status, *m_detail;
    QProgressBar *m_progress;
    int m_running = 0, m_started = 0;
    QStringList m_unknownKeys; // per row: the fingerprint offered, empty none
    // A node's connection test in words, written again when the language changes (by address:
    // rows move when others are removed). setConnection() keeps it and writes the state's text.
    QHash<QString, std::function<QString()>> m_connectionText;
    void setConnection(int row, std::function<QString()> text);
};

class DiscoverPage : public QWizardPage {
    Q_OBJECT
public:
    explicit DiscoverPage(SetupWizard *wizard);
    ~DiscoverPage() override; // waits for a discovery still running (bounded by its budget)
    void initializePage() override;
    bool isComplete() const override;
    void discover(bool onlyFailed);
    void dropSelected();

protected:
    void changeEvent(QEvent *event) override; // LanguageChange: retranslate()

private:
    void retranslate(); // the static texts in the current language; what was typed stays
    void refresh();
    SetupWizard *m_w;
    QTreeWidget *m_list;
    QPushButton *m_retry, *m_again, *m_drop;
    QLabel *m_status, *m_detail;
    bool m_running = false;
    QFuture<void> m_work;
};

class ProfilePage : public QWizardPage {
    Q_OBJECT
public:
    explicit ProfilePage(SetupWizard *wizard);
    void initializePage() override;

protected:
    void changeEvent(QEvent *event) override; // LanguageChange: retranslate()

private:
    void retranslate(); // the static texts in the current language; what was typed stays
    void showProfile(); // m_profile in the tree, in the current language
    SetupWizard *m_w;
    QTreeWidget *m_tree;
    QLabel *m_detail;
    std::optional<setup::ClusterProfile> m_profile; // once the page was shown
};

class ChecksPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ChecksPage(SetupWizard *wizard);
    void initializePage() override;
    // Failures hold the wizard here until fixed (Back, discover again) or knowingly accepted.
    bool isComplete() const override;
    const std::vector<setup::CheckResult> &results() const { return m_results; }

protected:
    void changeEvent(QEvent *event) override; // LanguageChange: retranslate()

private:
    void retranslate(); // the static texts in the current language; what was typed stays
    void showResults(); // m_results in the tree and the summary, in the current language
    static QString statusText(setup::CheckStatus status);
    SetupWizard *m_w;
    QTreeWidget *m_tree;
    QLabel *m_summary, *m_detail;
    QCheckBox *m_goOn;
    int m_failures = 0;
    std::vector<setup::CheckResult> m_results;
};

class NetworkPage : public QWizardPage {
    Q_OBJECT
public:
    explicit NetworkPage(SetupWizard *wizard);
    void initializePage() override;

protected:
    void changeEvent(QEvent *event) override; // LanguageChange: retranslate()

private:
    void retranslate();         // the texts in the current language, the NCCL advice shown included
    QString adviceText() const; // each discovered node's NCCL settings and fabric notes
    SetupWizard *m_w;
    TopologyView *m_view;
    QPlainTextEdit *m_advice;
};

class PolicyPage : public QWizardPage {
    Q_OBJECT
public:
    explicit PolicyPage(SetupWizard *wizard);
    void initializePage() override;
    bool validatePage() override;

protected:
    void changeEvent(QEvent *event) override; // LanguageChange: retranslate()

private:
    void retranslate(); // the static texts in the current language; what was typed stays
    SetupWizard *m_w;
    QTableWidget *m_classes, *m_queues;
    QComboBox *m_backend;
    QLabel *m_error;
};

class SecurityPage : public QWizardPage {
    Q_OBJECT
public:
    explicit SecurityPage(SetupWizard *wizard);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    void createCertificates();
    // "admin@[fd00::1]:22" -> "fd00::1": the host the certificate and the console name.
    static std::string parseHostOf(const QString &address);

protected:
    void changeEvent(QEvent *event) override; // LanguageChange: retranslate()

private:
    void retranslate(); // the static texts in the current language; what was typed stays
    SetupWizard *m_w;
    QLineEdit *m_dir, *m_clients, *m_listen;
    QCheckBox *m_mutual;
    QPushButton *m_create;
    QPlainTextEdit *m_result;
};

class ApplyPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ApplyPage(SetupWizard *wizard);
    ~ApplyPage() override; // waits for an apply still running
    void initializePage() override;
    bool isComplete() const override;
    void apply();

protected:
    void changeEvent(QEvent *event) override; // LanguageChange: retranslate()

private:
    void retranslate(); // the texts in the current language, the nodes' progress and the status included
    // A node's row and the status line, written from what happened (not kept as text), so that
    // a language switched during or after an apply rewrites them.
    void showNode(QTreeWidgetItem *item, const setup::NodeApplyResult &result);
    void setStatus(std::function<QString()> text);
    SetupWizard *m_w;
    QPlainTextEdit *m_yaml;
    QLineEdit *m_output;
    QPushButton *m_apply;
    QTreeWidget *m_progress;
    QLabel *m_status, *m_detail;
    std::vector<setup::NodeApplyResult> m_nodes; // a row each, in m_progress's order
    std::function<QString()> m_statusText;
    bool m_running = false;
    bool m_applied = false;
    QFuture<void> m_work;
};

class DonePage : public QWizardPage {
    Q_OBJECT
public:
    explicit DonePage(SetupWizard *wizard);
    void initializePage() override;
    bool validatePage() override;
    // The head node's address, the CA, the admin token and (mutual TLS) the client certificate.
    static ConsoleConnection connection(const SetupState &state);

protected:
    void changeEvent(QEvent *event) override; // LanguageChange: retranslate()

private:
    void retranslate(); // the static texts in the current language; what was typed stays
    SetupWizard *m_w;
    QCheckBox *m_connect;
    QLabel *m_summary;
};

} // namespace sn
