#include "ui/setup/setup_state.h"
#include "translations/engine_message.h"

#include "backend/ssh/ssh_target.h"
#include "backend/setup/cluster_spec_builder.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace sn {

QString WizardNode::name() const
{
    return inventory ? QString::fromStdString(inventory->name) : QString();
}

QJsonObject SetupState::toJson() const
{
    QJsonArray nodes;
    for (const WizardNode &n : this->nodes)
        nodes.append(QJsonObject{{"address", n.address},
                                 {"identityFile", n.identityFile},
                                 {"acceptedFingerprint", n.acceptedFingerprint},
                                 {"dropped", n.dropped}});
    QJsonArray classes;
    for (const PriorityClass &c : policy.priorityClasses)
        classes.append(QJsonObject{{"name", QString::fromStdString(c.name)}, {"value", c.value}});
    QJsonArray queues;
    for (const QueueSpec &q : policy.queues)
        queues.append(QJsonObject{{"name", QString::fromStdString(q.name)},
                                  {"gpuMin", q.quota.gpuMin},
                                  {"gpuMax", q.quota.gpuMax},
                                  {"memoryLimitBytes", QString::number(q.quota.memoryLimitBytes)}});
    return {{"version", 1},
            {"clusterName", clusterName},
            {"importedYaml", importedYaml},
            {"nodes", nodes},
            {"priorityClasses", classes},
            {"queues", queues},
            {"backend", backend},
            {"allowedClients", QJsonArray::fromStringList(allowedClients)},
            {"listenAddress", listenAddress},
            {"mutualTls", mutualTls},
            {"certificateDir", certificateDir},
            {"certificatesCreated", certificatesCreated},
            {"outputYaml", outputYaml},
            {"page", page}};
}

SetupState SetupState::fromJson(const QJsonObject &o)
{
    SetupState s;
    s.clusterName = o.value("clusterName").toString(s.clusterName);
    s.importedYaml = o.value("importedYaml").toString();
    for (const QJsonValue &v : o.value("nodes").toArray()) {
        const QJsonObject n = v.toObject();
        WizardNode w;
        w.address = n.value("address").toString();
        w.identityFile = n.value("identityFile").toString();
        w.acceptedFingerprint = n.value("acceptedFingerprint").toString();
        w.dropped = n.value("dropped").toBool();
        s.nodes.push_back(w);
    }
    s.policy = setup::defaultSchedulingPolicy();
    if (o.contains("priorityClasses")) {
        s.policy.priorityClasses.clear();
        for (const QJsonValue &v : o.value("priorityClasses").toArray())
            s.policy.priorityClasses.push_back(
                {v.toObject().value("name").toString().toStdString(), v.toObject().value("value").toInt()});
    }
    if (o.contains("queues")) {
        s.policy.queues.clear();
        for (const QJsonValue &v : o.value("queues").toArray()) {
            const QJsonObject q = v.toObject();
            s.policy.queues.push_back({q.value("name").toString().toStdString(),
                                       {q.value("gpuMin").toInt(), q.value("gpuMax").toInt(),
                                        q.value("memoryLimitBytes").toString().toLongLong()},
                                       1});
        }
        if (!s.policy.queues.empty())
            s.policy.resourceQuota = s.policy.queues.front().quota;
    }
    s.backend = o.value("backend").toString(s.backend);
    for (const QJsonValue &v : o.value("allowedClients").toArray())
        s.allowedClients << v.toString();
    s.listenAddress = o.value("listenAddress").toString(s.listenAddress);
    s.mutualTls = o.value("mutualTls").toBool(s.mutualTls);
    s.certificateDir = o.value("certificateDir").toString();
    s.certificatesCreated = o.value("certificatesCreated").toBool();
    s.outputYaml = o.value("outputYaml").toString();
    s.page = o.value("page").toInt();
    return s;
}

bool SetupState::save(const QString &file, QString *why) const
{
    QSaveFile f(file);
    if (!f.open(QIODevice::WriteOnly)) {
        *why = f.errorString();
        return false;
    }
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner); // addresses and key paths are nobody else's
    f.write(QJsonDocument(toJson()).toJson());
    if (!f.commit()) {
        *why = f.errorString();
        return false;
    }
    return true;
}

std::optional<SetupState> SetupState::load(const QString &file, QString *why)
{
    QFile f(file);
    if (!f.exists())
        return std::nullopt;
    if (!f.open(QIODevice::ReadOnly)) {
        *why = file + ": " + f.errorString();
        return std::nullopt;
    }
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        *why = QStringLiteral("%1: offset %2: %3").arg(file).arg(err.offset).arg(err.errorString());
        return std::nullopt;
    }
    return fromJson(doc.object());
}

QVector<int> SetupState::activeNodes() const
{
    QVector<int> out;
    for (int i = 0; i < nodes.size(); ++i)
        if (!nodes[i].dropped)
            out << i;
    return out;
}

SshOptions SetupState::sshOptionsFor(const WizardNode &node, const SshOptions &defaults, QString *why) const
{
    SshOptions o = defaults;
    auto target = parseSshTarget(node.address.trimmed().toStdString());
    if (!target) {
        *why = sn::errorText(target.error());
        return o;
    }
    o.target = *target;
    if (o.target.port == 0 && defaults.target.port != 0)
        o.target.port = defaults.target.port;
    if (o.target.user.empty())
        o.target.user = defaults.target.user;
    if (!node.identityFile.isEmpty())
        o.identityFiles = {node.identityFile.toStdString()};
    o.hostKeys.acceptFingerprint = node.acceptedFingerprint.toStdString();
    return o;
}

} // namespace sn
