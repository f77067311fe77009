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

    void readsKubernetes()
    {
        const auto spec =
            parseClusterYaml(kHead + "jobBackends:\n"                                // 5
                                     "  default: kubernetes\n"                       // 6
                                     "  kubernetes:\n"                               // 7
                                     "    kubeconfig: /home/admin/.kube/config\n"    // 8
                                     "    context: prod\n"                           // 9
                                     "    namespace: ml\n"                           // 10
                                     "    image: nvcr.io/nvidia/pytorch:24.01-py3\n" // 11
                                     "    queueing: kueue\n"                         // 12
                                     "    localQueue: team-a\n"                      // 13
                                     "    gpuProductLabel: example.com/gpu\n"        // 14
                                     "    tolerations:\n"                            // 15
                                     "      - {key: gpu, operator: Equal, value: \"true\", effect: NoExecute}\n"
                                     "    applyPolicy: false\n");
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().message.c_str());
        const JobBackendsSpec &b = *spec->jobBackends;
        QCOMPARE(QString::fromStdString(b.defaultBackend), QString("kubernetes"));
        QVERIFY(b.kubernetes.has_value());
        const KubernetesBackendSpec &k = *b.kubernetes;
        QCOMPARE(QString::fromStdString(k.kubeconfig), QString("/home/admin/.kube/config"));
        QCOMPARE(QString::fromStdString(k.context), QString("prod"));
        QCOMPARE(QString::fromStdString(k.namespaceName), QString("ml"));
        QCOMPARE(QString::fromStdString(k.image), QString("nvcr.io/nvidia/pytorch:24.01-py3"));
        QCOMPARE(QString::fromStdString(k.queueing), QString("kueue"));
        QCOMPARE(QString::fromStdString(k.localQueue), QString("team-a"));
        QCOMPARE(QString::fromStdString(k.gpuProductLabel), QString("example.com/gpu"));
        QVERIFY(k.tolerations && k.tolerations->size() == 1);
        QCOMPARE(QString::fromStdString(k.tolerations->front().value), QString("true"));
        QCOMPARE(QString::fromStdString(k.tolerations->front().effect), QString("NoExecute"));
        QVERIFY(!k.applyPolicy);
        const auto back = parseClusterYaml(writeClusterYaml(*spec));
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QVERIFY(*back == *spec);

        // Defaults, and "tolerations: []" meaning none (unset means the GPU operator's taint).
        const auto plain = parseClusterYaml(kHead + "jobBackends:\n  kubernetes:\n    tolerations: []\n");
        QVERIFY2(plain.ok(), plain.ok() ? "" : plain.error().message.c_str());
        QCOMPARE(QString::fromStdString(plain->jobBackends->kubernetes->namespaceName), QString("default"));
        QCOMPARE(QString::fromStdString(plain->jobBackends->kubernetes->queueing), QString("none"));
        QVERIFY(plain->jobBackends->kubernetes->tolerations && plain->jobBackends->kubernetes->tolerations->empty());
        const auto plainBack = parseClusterYaml(writeClusterYaml(*plain));
        QVERIFY(plainBack.ok() && *plainBack == *plain);
        const auto unset = parseClusterYaml(kHead + "jobBackends:\n  kubernetes: {}\n");
        QVERIFY2(unset.ok(), unset.ok() ? "" : unset.error().message.c_str());
        QVERIFY(!unset->jobBackends->kubernetes->tolerations);
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
        QTest::newRow("kubernetes default without section") << "jobBackends:\n  default: kubernetes\n"
                                                            << 6 << 12 << "needs a 'kubernetes:' section";
        QTest::newRow("kubernetes typo")
            << "jobBackends:\n  kubernetes:\n    namepsace: ml\n"
            << 7 << 5 << "unknown key 'namepsace' in 'jobBackends.kubernetes' (did you mean 'namespace'?";
        QTest::newRow("kubernetes bad queueing")
            << "jobBackends:\n  kubernetes:\n    queueing: yunikorn\n"
            << 7 << 15 << "'jobBackends.kubernetes.queueing' must be one of none, kueue, volcano";
        QTest::newRow("kubernetes namespace") << "jobBackends:\n  kubernetes:\n    namespace: ML_Team\n"
                                              << 7 << 16 << "must be a namespace name";
        QTest::newRow("kubernetes relative kubeconfig") << "jobBackends:\n  kubernetes:\n    kubeconfig: kube.conf\n"
                                                        << 7 << 17 << "must be an absolute path";
        QTest::newRow("localQueue without kueue") << "jobBackends:\n  kubernetes:\n    localQueue: a\n"
                                                  << 7 << 17 << "needs 'queueing: kueue'";
        QTest::newRow("tolerations not a list") << "jobBackends:\n  kubernetes:\n    tolerations: gpu\n"
                                                << 7 << 18 << "expects a sequence";
        QTest::newRow("toleration bad effect")
            << "jobBackends:\n  kubernetes:\n    tolerations:\n      - {key: gpu, effect: Never}\n"
            << 8 << 28 << "'jobBackends.kubernetes.tolerations[0].effect' must be one of NoSchedule";
        QTest::newRow("toleration Exists with value")
            << "jobBackends:\n  kubernetes:\n    tolerations:\n      - {key: gpu, value: x}\n"
            << 8 << 27 << "takes no 'value'";
        QTest::newRow("toleration typo")
            << "jobBackends:\n  kubernetes:\n    tolerations:\n      - {key: gpu, efect: NoSchedule}\n"
            << 8 << 20 << "unknown key 'efect'";
        QTest::newRow("applyPolicy not a bool") << "jobBackends:\n  kubernetes:\n    applyPolicy: yes\n"
                                                << 7 << 18 << "applyPolicy";
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
