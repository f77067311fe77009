#pragma once
// The console's connection switcher: the Connection menu and the toolbar's combo, over the
// embedded simulated cluster and the saved remote ones (saved_connection.h). Switching opens the
// new engine without blocking the GUI thread (connection_opener.h), proves it with WhoAmI, then
// hands it to the main window, which builds its pages on it; a connection that fails leaves the
// old engine in place and says why. The one used last is remembered and reopened at start.

#include "backend/ssh/ssh_host_key.h"
#include "ui/connection_opener.h"
#include "ui/saved_connection.h"

#include <QObject>
#include <QPointer>

#include <functional>

class QComboBox;
class QMenu;

namespace sn {

class MainWindow;

class ConnectionSwitcher : public QObject {
    Q_OBJECT
public:
    // connectionsFile: ConnectionStore's; embeddedConfig: the embedded engine's cluster.yaml.
    ConnectionSwitcher(MainWindow *window, QString connectionsFile, QString embeddedConfig);

    QVector<SavedConnection> connections() const { return m_connections; }
    // Adds, or replaces the one of that name (renamed: previousName), and saves the list.
    void saveConnection(const SavedConnection &connection, const QString &previousName = {});
    void removeConnection(const QString &name);

    // "" is the embedded engine. Returns at once; switched() or failed() follows.
    void switchTo(const QString &name);
    // The connection used last, if it was a remote one (the embedded engine is already shown).
    void reconnectLast();
    // Remembers `name` as shown without switching (the engine main() made from the command line).
    void setCurrent(const QString &name)
    {
        m_current = name;
        refresh();
    }
    QString current() const { return m_current; }
    bool busy() const { return !m_opening.isEmpty(); }
    QString lastError() const { return m_lastError; }
    // False: the choice is not remembered (screenshots, tests that must not touch settings).
    void setRemember(bool remember) { m_remember = remember; }

    void setOpenOptions(ConnectionOpenOptions options) { m_openOptions = std::move(options); }
    // Asked about an unknown SSH host key; default: a dialog with its fingerprint.
    void setHostKeyQuestion(std::function<bool(const SshHostKey &)> ask) { m_askHostKey = std::move(ask); }

    // The menu's entries (rebuilt each time it opens) and the toolbar combo.
    void fillMenu(QMenu *menu);
    QComboBox *combo() const { return m_combo; }
    // The words of the combo in the current language.
    void refresh();
    // Connection > Manage connections…
    void openManager();

    static QString embeddedTitle();

signals:
    void switched(const QString &name);
    void failed(const QString &name, const QString &message);

private:
    void open(const SavedConnection &connection, ConnectionOpenOptions options);
    void finish(const QString &name, std::shared_ptr<OpenedEngine> opened);
    void fail(const QString &name, const QString &message);

    QPointer<MainWindow> m_window;
    ConnectionStore m_store;
    QString m_embeddedConfig;
    QVector<SavedConnection> m_connections;
    QString m_current;
    QString m_opening; // the name being opened; empty: none (the embedded engine opens at once)
    QString m_lastError;
    bool m_remember = true;
    ConnectionOpenOptions m_openOptions;
    std::function<bool(const SshHostKey &)> m_askHostKey;
    QComboBox *m_combo = nullptr;
};

} // namespace sn
