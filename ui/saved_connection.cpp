#include "ui/saved_connection.h"

#include "backend/remote/client/remote_connection.h"
#include "backend/ssh/ssh_target.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSettings>

#include <memory>

namespace sn {

namespace {

// An empty path passes (the field is optional); otherwise the file must be there to read.
void checkFile(QList<ConnectionProblem> &problems, const QString &field, const QString &path)
{
    if (path.isEmpty())
        return;
    const QFileInfo info(path);
    if (!info.exists())
        problems.append({field, QCoreApplication::translate("sn::SavedConnection", "%1: no such file").arg(path)});
    else if (!info.isFile() || !info.isReadable())
        problems.append(
            {field, QCoreApplication::translate("sn::SavedConnection", "%1: not a readable file").arg(path)});
}

std::unique_ptr<QSettings> open(const QString &file)
{
    if (file.isEmpty())
        return std::make_unique<QSettings>(QStringLiteral("SuperNode"), QStringLiteral("SuperNode Console"));
    return std::make_unique<QSettings>(file, QSettings::IniFormat);
}

constexpr const char *kListKey = "connections";
constexpr const char *kLastKey = "mainWindow/connection";

} // namespace

QString SavedConnection::where() const
{
    if (viaSsh())
        return QStringLiteral("ssh://%1 → 127.0.0.1:%2").arg(sshTarget).arg(remotePort);
    return url;
}

QList<ConnectionProblem> validateConnection(const SavedConnection &c, const QStringList &otherNames)
{
    QList<ConnectionProblem> problems;
    if (c.name.trimmed().isEmpty())
        problems.append(
            {QStringLiteral("name"), QCoreApplication::translate("sn::SavedConnection", "Give the connection a name")});
    else if (otherNames.contains(c.name.trimmed(), Qt::CaseInsensitive))
        problems.append({QStringLiteral("name"),
                         QCoreApplication::translate("sn::SavedConnection", "Another connection is called %1")
                             .arg(c.name.trimmed())});
    if (c.viaSsh()) {
        if (auto target = parseSshTarget(c.sshTarget.trimmed().toStdString()); !target)
            problems.append({QStringLiteral("sshTarget"), QString::fromStdString(target.error().message)});
        if (c.remotePort == 0)
            problems.append({QStringLiteral("remotePort"),
                             QCoreApplication::translate("sn::SavedConnection", "The daemon's port is 1 to 65535")});
        checkFile(problems, QStringLiteral("sshKeyFile"), c.sshKeyFile);
    } else if (c.url.trimmed().isEmpty()) {
        problems.append(
            {QStringLiteral("url"),
             QCoreApplication::translate("sn::SavedConnection", "The daemon's address, as grpcs://HOST:PORT")});
    } else if (auto url = rpc::parseRemoteUrl(c.url.trimmed().toStdString()); !url) {
        problems.append({QStringLiteral("url"), QString::fromStdString(url.error().message)});
    }
    checkFile(problems, QStringLiteral("caFile"), c.caFile);
    if (c.tokenFile.isEmpty())
        problems.append({QStringLiteral("tokenFile"),
                         QCoreApplication::translate("sn::SavedConnection",
                                                     "The file with the token (supernodectl tokens create)")});
    else
        checkFile(problems, QStringLiteral("tokenFile"), c.tokenFile);
    checkFile(problems, QStringLiteral("clientCertFile"), c.clientCertFile);
    checkFile(problems, QStringLiteral("clientKeyFile"), c.clientKeyFile);
    if (c.clientCertFile.isEmpty() != c.clientKeyFile.isEmpty())
        problems.append(
            {c.clientCertFile.isEmpty() ? QStringLiteral("clientCertFile") : QStringLiteral("clientKeyFile"),
             QCoreApplication::translate("sn::SavedConnection",
                                         "Mutual TLS needs both the client certificate and its key")});
    return problems;
}

ConnectionStore::ConnectionStore(QString file) : m_file(std::move(file)) {}

QVector<SavedConnection> ConnectionStore::load() const
{
    auto s = open(m_file);
    QVector<SavedConnection> list;
    const int n = s->beginReadArray(QString::fromLatin1(kListKey));
    for (int i = 0; i < n; ++i) {
        s->setArrayIndex(i);
        SavedConnection c;
        c.name = s->value(QStringLiteral("name")).toString();
        c.url = s->value(QStringLiteral("url")).toString();
        c.caFile = s->value(QStringLiteral("caFile")).toString();
        c.tokenFile = s->value(QStringLiteral("tokenFile")).toString();
        c.clientCertFile = s->value(QStringLiteral("clientCertFile")).toString();
        c.clientKeyFile = s->value(QStringLiteral("clientKeyFile")).toString();
        c.sshTarget = s->value(QStringLiteral("sshTarget")).toString();
        const uint port = s->value(QStringLiteral("remotePort"), 7443).toUInt();
        c.remotePort = port > 0 && port <= 65535 ? static_cast<quint16>(port) : 7443;
        c.sshKeyFile = s->value(QStringLiteral("sshKeyFile")).toString();
        c.tlsName = s->value(QStringLiteral("tlsName")).toString();
        if (!c.name.isEmpty()) // a hand-edited entry without a name cannot be chosen
            list.append(c);
    }
    s->endArray();
    return list;
}

void ConnectionStore::save(const QVector<SavedConnection> &connections) const
{
    auto s = open(m_file);
    s->remove(QString::fromLatin1(kListKey)); // entries removed since are gone, not left behind
    s->beginWriteArray(QString::fromLatin1(kListKey), static_cast<int>(connections.size()));
    for (int i = 0; i < connections.size(); ++i) {
        const SavedConnection &c = connections[i];
        s->setArrayIndex(i);
        s->setValue(QStringLiteral("name"), c.name);
        s->setValue(QStringLiteral("url"), c.url);
        s->setValue(QStringLiteral("caFile"), c.caFile);
        s->setValue(QStringLiteral("tokenFile"), c.tokenFile); // the path: the token stays in its file
        s->setValue(QStringLiteral("clientCertFile"), c.clientCertFile);
        s->setValue(QStringLiteral("clientKeyFile"), c.clientKeyFile);
        s->setValue(QStringLiteral("sshTarget"), c.sshTarget);
        s->setValue(QStringLiteral("remotePort"), c.remotePort);
        s->setValue(QStringLiteral("sshKeyFile"), c.sshKeyFile);
        s->setValue(QStringLiteral("tlsName"), c.tlsName);
    }
    s->endArray();
}

QString ConnectionStore::last() const
{
    return open(m_file)->value(QString::fromLatin1(kLastKey)).toString();
}

void ConnectionStore::setLast(const QString &name) const
{
    open(m_file)->setValue(QString::fromLatin1(kLastKey), name);
}

} // namespace sn
