// cluster.yaml `jobBackends:`: read and written back unchanged, and every mistake refused with
// file:line:column and what was expected.
#include "backend/model/cluster_yaml.h"

#include <QTest>

using namespace sn;

namespace {
const std::string kHead = "apiVersion: supernode/v1\nkind: Cluster\nmetadata:\n  name: demo\n"; // lines 1-4
}

class TstClusterYamlJobBackends : public QObject {
    Q_OBJECT
private slots:
    void readsEveryField()
    {
        const auto spec = parseClusterYaml(kHead + "jobBackends:\n"
                                                   "  default: slurm\n"
                                                   "  slurm:\n"
                                                   "    via: ssh\n"
                                                   "    host: admin@head01:2222\n"
                                                   "    user: admin\n"
                                                   "    identityFile: /home/admin/.ssh/id_ed25519\n"
                                                   "    partition: gpu\n"
                                                   "    qos: {urgent: high, batch: low}\n");
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
        QVERIFY(spec->jobBackends.has_value());
        const JobBackendsSpec &b = *spec->jobBackends;
        QCOMPARE(QString::fromStdString(b.defaultBackend), QString("slurm"));
        QVERIFY(b.slurm.has_value());
        QCOMPARE(QString::fromStdString(b.slurm->via), QString("ssh"));
        QCOMPARE(QString::fromStdString(b.slurm->host), QString("admin@head01:2222"));
        QCOMPARE(QString::fromStdString(b.slurm->identityFile), QString("/home/admin/.ssh/id_ed25519"));
        QCOMPARE(QString::fromStdString(b.slurm->partition), QString("gpu"));
        QCOMPARE(b.slurm->qos.size(), std::size_t{2});
        QCOMPARE(QString::fromStdString(b.slurm->qos.at("urgent")), QString("high"));

        const auto back = parseClusterYaml(writeClusterYaml(*spec));
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QVERIFY(*back == *spec);
    }

    void restAndDefaults()
    {
        const auto spec =
            parseClusterYaml(kHead + "jobBackends:\n  slurm:\n    via: rest\n"
                                     "    restUrl: http://head01:6820\n    tokenFile: /etc/supernode/slurm.jwt\n");
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
        QCOMPARE(QString::fromStdString(spec->jobBackends->defaultBackend), QString("embedded"));
        QCOMPARE(QString::fromStdString(spec->jobBackends->slurm->restUrl), QString("http://head01:6820"));
        const auto back = parseClusterYaml(writeClusterYaml(*spec));
        QVERIFY(back.ok() && *back == *spec);
        const auto none = parseClusterYaml(kHead);
        QVERIFY(none.ok() && !none->jobBackends.has_value());
    }

    void rejectsMistakes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("unknown default") << "jobBackends:\n  default: pbs\n"
                                         << 6 << 12
                                         << "'jobBackends.default' must be one of embedded, slurm, kubernetes";
        QTest::newRow("slurm default without section") << "jobBackends:\n  default: slurm\n"
                                                       << 6 << 12 << "needs a 'slurm:' section";
        QTest::newRow("typo") << "jobBackends:\n  slurm:\n    partiton: gpu\n"
                              << 7 << 5 << "unknown key 'partiton' in 'jobBackends.slurm' (did you mean 'partition'?";
        QTest::newRow("bad via") << "jobBackends:\n  slurm:\n    via: telnet\n"
                                 << 7 << 10 << "'jobBackends.slurm.via' must be one of cli, ssh, rest";
        QTest::newRow("ssh without host") << "jobBackends:\n  slurm:\n    via: ssh\n" << 7 << 10 << "needs 'host:";
        QTest::newRow("rest without token") << "jobBackends:\n  slurm:\n    via: rest\n    restUrl: http://h:6820\n"
                                            << 7 << 10 << "'tokenFile: /path/to/jwt'";
        QTest::newRow("rest url not http") << "jobBackends:\n  slurm:\n    restUrl: head:6820\n"
                                           << 7 << 14 << "must be an http:// URL";
        QTest::newRow("relative token file") << "jobBackends:\n  slurm:\n    tokenFile: jwt.txt\n"
                                             << 7 << 16 << "must be an absolute path";
        QTest::newRow("qos not a map") << "jobBackends:\n  slurm:\n    qos: high\n" << 7 << 10 << "expects a map";
        QTest::newRow("qos without value") << "jobBackends:\n  slurm:\n    qos:\n      urgent:\n"
                                           << 8 << 7 << "'jobBackends.slurm.qos.urgent' needs a QOS name";
        QTest::newRow("unknown section key")
            << "jobBackends:\n  defualt: slurm\n"
            << 6 << 3 << "unknown key 'defualt' in 'jobBackends' (did you mean 'default'?";
    }
    void rejectsMistakes()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, messagePart);
        const auto spec = parseClusterYaml(kHead + text.toStdString());
        QVERIFY2(!spec.ok(), "accepted");
        const QString message = QString::fromStdString(spec.error().message);
        const QString where = QString("cluster.yaml:%1:%2: ").arg(line).arg(column);
        QVERIFY2(message.startsWith(where), qPrintable(message + "\n   does not start with " + where));
        QVERIFY2(message.contains(messagePart), qPrintable(message + "\n   does not contain " + messagePart));
    }
};

QTEST_GUILESS_MAIN(TstClusterYamlJobBackends)
#include "tst_cluster_yaml_job_backends.moc"
