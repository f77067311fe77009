// The NCCL advice (backend/comms/nccl_env.cpp) in Chinese: every reason and note the advice can
// give, produced from real graphs (an HGX fabric on InfiniBand and on RoCE, a down port, an
// Ethernet-only workstation, a real `nvidia-smi topo -m` capture, a node with no PCIe paths),
// comes out of the zh_CN catalogue with no English of its frame left, the NIC, interface and GPU
// names kept; in English it is the engine's own text; every pattern of the catalogue is produced
// by some graph, so a sentence changed in the engine without its pattern fails here.
#include "backend/comms/fabric_builder.h"
#include "backend/comms/nccl_env.h"
#include "backend/comms/nvidia_smi_topo.h"
#include "tests/backend/comms/nccl_test_graphs.h"
#include "tests/support/in_language.h"
#include "tests/support/shared_data.h"
#include "translations/message_patterns.h"
#include "translations/nccl_advice_text.h"
#include "translations/translation_loader.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <set>

using namespace sn;
using namespace sn::comms;
using sn::test::addEthernet;
using sn::test::gpuSpec;
using sn::test::inChinese;
using sn::test::roceCluster;

namespace {

// Each graph's advice for its host, every kind of reason and note among them.
std::vector<NcclEnvAdvice> advices()
{
    std::vector<NcclEnvAdvice> out;
    out.push_back(recommendNcclEnv(buildFabric(FabricShape{}), "node0001"));
    out.push_back(recommendNcclEnv(roceCluster({3, 3, 3, 3, 3, 3, 3, 3}), "node0001"));
    out.push_back(recommendNcclEnv(roceCluster({3, 3, 3, 3, 3, 3, 3, 5}), "node0001"));
    out.push_back(recommendNcclEnv(roceCluster({3, 3, 3, -1, 3, 3, 3, 3}), "node0001"));
    TopologyGraph down = roceCluster({3, 3, 3, 3, 3, 3, 3, 3});
    down.device(down.find("node0001/mlx5_3")).health = LinkHealth::Down;
    addEthernet(down, "node0001", "docker0", LinkHealth::Up);
    addEthernet(down, "node0001", "eno2", LinkHealth::Up);
    out.push_back(recommendNcclEnv(down, "node0001"));

    ClusterSpec workstation;
    NodeSpec ws;
    ws.name = "ws1";
    ws.gpus = {gpuSpec(0, "NVIDIA GeForce RTX 4090"), gpuSpec(1, "NVIDIA GeForce RTX 4090")};
    ws.nics = {{"enp5s0", LinkType::Ethernet, 10, 0}};
    workstation.nodes = {ws};
    out.push_back(recommendNcclEnv(graphFromClusterSpec(workstation), "ws1"));

    // cluster.yaml knows the NICs but not where they sit on PCIe.
    ClusterSpec unplaced;
    NodeSpec n;
    n.name = "gpu01";
    n.gpus = {gpuSpec(0, "NVIDIA A100-SXM4-80GB"), gpuSpec(1, "NVIDIA A100-SXM4-80GB")};
    n.nics = {NicSpec{.name = "mlx5_0", .type = LinkType::InfiniBand, .speedGbps = 200}};
    unplaced.nodes = {n};
    out.push_back(recommendNcclEnv(graphFromClusterSpec(unplaced), "gpu01"));

    QFile f(test::sharedDataPath("nvidia-smi/topo/jdh4-della-i14g20_2xA100_SYS_2NIC.txt"));
    if (f.open(QIODevice::ReadOnly))
        if (auto m = parseNvidiaSmiTopoMatrix(f.readAll().toStdString()))
            out.push_back(recommendNcclEnv(graphFromTopoMatrix(*m, "della", "NVIDIA A100-PCIE-40GB"), "della"));
    return out;
}

// English words of the advice's frames; none may be left in the Chinese. Variable names,
// values, commands in backticks and NIC, interface and GPU names are data and stay.
const QRegularExpression &englishFrame()
{
    static const QRegularExpression kWords(
        QStringLiteral("\\b(the|a|and|or|of|to|is|on|by|with|vs|for|not|no|run|runs|every|than|older|otherwise|"
                       "uses|put|their|takes|one|set|instead|unknown|known|node|nodes|exact|name|names|left|out|"
                       "because|port|down|reach|nearest|only|through|usually|slower|keep|share|switch|raise|"
                       "path|some|recommended|bootstrap|socket|transport|unset|may|take|bridge|hang|connecting|"
                       "across|sockets|disabling|skips|probe|makes|choice|explicit|logs|goes|without|default|"
                       "level|stated|so|driver|update|misreads|cannot|quietly|turn|off|reduction|model|needs|"
                       "fabric|manager|wiring|leaf|rail|rings|channel|same|both|never|cross|spine|note|"
                       "interface|indices|different|address|routable|link-local|discovery|reads|choose)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    return kWords;
}

QString judged(QString zh)
{
    static const QRegularExpression kCommand(QStringLiteral("`[^`]*`"));
    static const QRegularExpression kVariable(QStringLiteral("\\bNCCL_[A-Z_]+(=\\S*)?"));
    // NVIDIA's product name stays as such in Chinese, where the English calls it "the fabric manager".
    return zh.remove(kCommand).remove(kVariable).remove(QStringLiteral("Fabric Manager"));
}

} // namespace

class TestNcclAdviceText : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(installTranslations(QStringLiteral("en"))); }

    void everyReasonAndNoteInChinese()
    {
        if (!test::requireSharedData("nvidia-smi/topo"))
            return;
        const MessagePatterns &catalogue = ncclAdviceCatalogue();
        std::set<QString> produced; // the patterns the graphs' sentences matched
        std::set<std::string> sentences;
        for (const NcclEnvAdvice &a : advices()) {
            std::vector<std::string> texts = a.notes;
            for (const NcclEnvSetting &s : a.settings)
                texts.push_back(s.reason);
            for (const std::string &english : texts) {
                sentences.insert(english);
                const QString en = QString::fromStdString(english);
                QCOMPARE(ncclAdviceText(english), en);
                const auto m = catalogue.match(en);
                QVERIFY2(m, qPrintable("no pattern for: " + en));
                produced.insert(QString::fromUtf8(m->source));
                const QString zh = inChinese([&] { return ncclAdviceText(english); });
                const auto left = englishFrame().match(judged(zh));
                QVERIFY2(!left.hasMatch(), qPrintable(en + "\n" + zh + "\nleft: " + left.captured()));
                for (const QString &part : m->parts)
                    QVERIFY2(zh.contains(part), qPrintable(en + "\n" + zh + "\nlost: " + part));
            }
            // The shell form: the same lines as the engine's, translated; the exports untouched.
            const QString shell = inChinese([&] { return ncclAdviceShell(a); });
            QCOMPARE(ncclAdviceShell(a), QString::fromStdString(a.shell()));
            for (const NcclEnvSetting &s : a.settings)
                QVERIFY(shell.contains(QString::fromStdString("export " + s.name + "=" + s.value + "\n")));
            QCOMPARE(shell.count(QLatin1Char('\n')), QString::fromStdString(a.shell()).count(QLatin1Char('\n')));
        }
        QCOMPARE(produced.size(), std::size_t(ncclAdvicePatterns().size()));
        QVERIFY2(sentences.size() >= 14, qPrintable(QString::number(sentences.size())));
    }

    // A sentence the catalogue does not know is shown as the engine wrote it.
    void anUnknownSentenceStaysAsWritten()
    {
        const std::string english = "NCCL_P2P_LEVEL is left to NCCL: NVLink joins every GPU";
        QCOMPARE(inChinese([&] { return ncclAdviceText(english); }), QString::fromStdString(english));
    }
};

QTEST_GUILESS_MAIN(TestNcclAdviceText)
#include "tst_nccl_advice_text.moc"
