#pragma once
// Connection > Manage connections…: the saved remote clusters (ConnectionsDialog) and the editor
// of one (ConnectionEditor), whose every field is checked as it is typed (saved_connection.h's
// validateConnection) with the problem under the field; OK stays off while any is left.

#include "ui/saved_connection.h"

#include <QDialog>
#include <QMap>

class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace sn {

class ConnectionSwitcher;

class ConnectionEditor : public QDialog {
    Q_OBJECT
public:
    // otherNames: the names the connection may not take.
    ConnectionEditor(const SavedConnection &connection, QStringList otherNames, QWidget *parent = nullptr);

    SavedConnection connection() const;
    void setConnection(const SavedConnection &connection);
    // The field's editor ("name", "url", "caFile", ...) and the problem shown under it.
    QLineEdit *field(const QString &name) const { return m_fields.value(name); }
    QLabel *problem(const QString &name) const { return m_problems.value(name); }
    QRadioButton *sshChoice() const { return m_viaSsh; }
    QSpinBox *remotePort() const { return m_remotePort; }
    QPushButton *okButton() const;

private:
    void validate();
    QLineEdit *addField(QFormLayout *form, const QString &name, const QString &label, const QString &placeholder,
                        bool file);

    QStringList m_otherNames;
    QMap<QString, QLineEdit *> m_fields;
    QMap<QString, QLabel *> m_problems;
    QRadioButton *m_direct = nullptr;
    QRadioButton *m_viaSsh = nullptr;
    QSpinBox *m_remotePort = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

class ConnectionsDialog : public QDialog {
    Q_OBJECT
public:
    ConnectionsDialog(ConnectionSwitcher *switcher, QWidget *parent = nullptr);
    QListWidget *list() const { return m_list; }

private:
    void reload();
    void edit(const QString &name); // "" adds one

    ConnectionSwitcher *m_switcher;
    QListWidget *m_list = nullptr;
    QPushButton *m_edit = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_connect = nullptr;
};

} // namespace sn
