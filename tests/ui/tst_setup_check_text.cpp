// The setup wizard's check results and hardware profile in Chinese: every finding, fix, title
// and pass reason the checks can produce, from a real H100 capture made faulty one fact at a
// time, must come out of the zh_CN catalogue with no English of its frame left (the commands,
// paths, names and numbers in it are the engine's data and stay); in English it is the engine's
// own text, unchanged.
#include "backend/setup/hardware_profile.h"
#include "backend/setup/node_inventory.h"
#include "backend/setup/setup_checks.h"
#include "tests/backend/setup/setup_fake_node.h"
#include "tests/support/in_language.h"
#include "translations/translation_loader.h"
#include "ui/setup/setup_check_text.h"

#include <QRegularExpression>
#include <QTest>

#include <functional>
#include <set>

using namespace sn;
using namespace sn::setup;
using sn::test::inChinese;

namespace {

const std::string kH100 = "nvidia-h100-80gb-hbm3__590.48.01";

NodeInventory goodNode(const std::string &name)
{
    test::CaptureRunner r = test::captureNode(kH100);
    auto inv = discoverInventory(r, name);
    if (!inv)
        qFatal("%s: %s", name.c_str(), inv.error().message.c_str());
    inv->stateDirFreeBytes = 100LL << 30; // this build machine's disk is not the point here
    return *inv;
}

NetPort port(const std::string &name, const std::string &fabric, double gbps, int mtu)
{
    NetPort p;
    p.name = name;
    p.netdev = "ens" + name.substr(name.size() - 1);
    p.fabric = fabric;
    p.up = true;
    p.speedGbps = gbps;
    p.mtu = mtu;
    return p;
}

// Each fault of the checks, as one change to node02 of a two-node cluster.
std::vector<std::pair<const char *, std::function<void(NodeInventory &)>>> faults()
{
    return {
        {"no nvidia-smi", [](NodeInventory &n) { n.gpuSource.clear(); }},
        {"unreadable driver", [](NodeInventory &n) { n.driverVersion = "abc"; }},
        {"old driver", [](NodeInventory &n) { n.driverVersion = "470.57.02"; }},
        {"driver below CUDA", [](NodeInventory &n) { n.driverVersion = "535.54.03"; }},
        {"no CUDA", [](NodeInventory &n) { n.cudaVersion.clear(); }},
        {"unknown CUDA", [](NodeInventory &n) { n.cudaVersion = "99.0"; }},
        {"nvlink not read", [](NodeInventory &n) { n.nvlinkRead = false; }},
        {"nvlink down", [](NodeInventory &n) { n.nvlinks.front().links.front().active = false; }},
        {"PCIe only", [](NodeInventory &n) { n.nvlinks.clear(); }},
        {"ECC unknown", [](NodeInventory &n) { n.gpus.gpus.front().eccModeCurrent.clear(); }},
        {"ECC after reset",
         [](NodeInventory &n) {
             n.gpus.gpus.front().eccModeCurrent = "Disabled";
             n.gpus.gpus.front().eccModePending = "Enabled";
         }},
        {"ECC off",
         [](NodeInventory &n) {
             n.gpus.gpus.front().eccModeCurrent = "Disabled";
             n.gpus.gpus.front().eccModePending = "Disabled";
         }},
        {"persistence unknown", [](NodeInventory &n) { n.gpus.gpus.front().persistenceMode.clear(); }},
        {"persistence off", [](NodeInventory &n) { n.gpus.gpus.front().persistenceMode = "Disabled"; }},
        {"remap pending", [](NodeInventory &n) { n.gpus.gpus.front().remappedRowsPending = true; }},
        {"remap failed", [](NodeInventory &n) { n.gpus.gpus.front().reading.set(GpuField::RowRemapFailure, 1); }},
        {"pages at limit", [](NodeInventory &n) { n.gpus.gpus.front().reading.set(GpuField::RetiredSbe, 64); }},
        {"pages retired", [](NodeInventory &n) { n.gpus.gpus.front().reading.set(GpuField::RetiredSbe, 40); }},
        {"no readings",
         [](NodeInventory &n) {
             NvidiaSmiDevice &g = n.gpus.gpus.front();
             g.reading.valid.reset();
             g.enforcedPowerLimitW.reset();
         }},
        {"hot", [](NodeInventory &n) { n.gpus.gpus.front().reading.set(GpuField::Temperature, 80); }},
        {"warm", [](NodeInventory &n) { n.gpus.gpus.front().reading.set(GpuField::Temperature, 55); }},
        {"power capped",
         [](NodeInventory &n) {
             n.gpus.gpus.front().enforcedPowerLimitW = 300;
             n.gpus.gpus.front().defaultPowerLimitW = 700;
         }},
        {"no ports", [](NodeInventory &n) { n.ports.clear(); }},
        {"RoCE mixed",
         [](NodeInventory &n) {
             NetPort down = port("mlx5_0", "roce", 200, 9000);
             down.up = false;
             NetPort pfcOff = port("mlx5_1", "roce", 100, 4200);
             pfcOff.pfc = false;
             pfcOff.ecn = false;
             n.ports = {down, port("mlx5_2", "roce", 200, 9000), pfcOff};
         }},
        {"RoCE good",
         [](NodeInventory &n) {
             NetPort p = port("mlx5_0", "roce", 200, 9000);
             p.pfc = p.ecn = true;
             n.ports = {p};
             n.modules = std::set<std::string>{"nvidia_peermem"};
         }},
        {"no peermem",
         [](NodeInventory &n) {
             n.ports = {port("mlx5_0", "infiniband", 400, 4096)};
             n.modules = std::set<std::string>{};
         }},
        {"no lsmod",
         [](NodeInventory &n) {
             n.ports = {port("mlx5_0", "infiniband", 400, 4096)};
             n.modules.reset();
         }},
        {"clock unknown", [](NodeInventory &n) { n.clockSynchronized.reset(); }},
        {"clock off",
         [](NodeInventory &n) {
             n.clockSynchronized = false;
             n.clockOffsetS = 5.2;
         }},
        {"disk unknown", [](NodeInventory &n) { n.stateDirFreeBytes.reset(); }},
        {"disk full", [](NodeInventory &n) { n.stateDirFreeBytes = 5LL << 30; }},
        {"disk low", [](NodeInventory &n) { n.stateDirFreeBytes = 30LL << 30; }},
    };
}

// English words of the checks' and the profile's frames: none may be left in the Chinese.
// Commands in backticks, paths, names, versions and numbers are the engine's data and stay.
const QRegularExpression &englishFrame()
{
    static const QRegularExpression kWords(
        QStringLiteral("\\b(the|a|and|or|of|to|is|on|for|at|not|did|run|runs|no|every|from|than|found|needs|after|"
                       "before|then|that|this|it|which|say|older|differ|different|down|mode|reported|pending|"
                       "failed|retired|limit|idle|expected|below|power|limited|link|ports?|speeds?|network|"
                       "visible|host|off|state|clock|free|space|disk|directory|check|install|enable|reset|reboot|"
                       "watch|plan|restore|replace|set|use|turn|load|point|server|logs|telemetry|memory|driver|"
                       "version|temperature|nothing|all|up|alike|loaded|enough|module|priority|nodes?|reference|"
                       "unknown|none|count|sockets|storage|switches|expect|measure|pass|warn|fail)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    return kWords;
}

QString judged(QString zh)
{
    static const QRegularExpression kCommand(QStringLiteral("`[^`]*`"));
    static const QRegularExpression kPath(QStringLiteral("\\S*/\\S*"));
    static const QRegularExpression kEcho(QStringLiteral("echo 1 > \\S+"));
    return zh.remove(kCommand).remove(kEcho).remove(kPath);
}

void verifyChinese(const QString &english, const QString &zh)
{
    const auto left = englishFrame().match(judged(zh));
    QVERIFY2(!left.hasMatch(), qPrintable(english + "\n" + zh + "\nleft: " + left.captured()));
    for (const QString &kept : {QStringLiteral("node01"), QStringLiteral("node02"), QStringLiteral("GPU0")})
        QVERIFY2(zh.count(kept) == english.count(kept), qPrintable(english + "\n" + zh + "\nlost: " + kept));
}

} // namespace

class TestSetupCheckText : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(installTranslations(QStringLiteral("en"))); }

    void everyCheckTextInChinese()
    {
        std::set<std::string> notPassing, passing;
        std::set<std::string> texts; // each distinct finding, fix and pass reason
        for (const auto &[name, fault] : faults()) {
            NodeInventory bad = goodNode("node02");
            fault(bad);
            for (const CheckResult &c : runChecks({goodNode("node01"), bad})) {
                (c.status == CheckStatus::Pass ? passing : notPassing).insert(c.id);
                QCOMPARE(ui::setupCheckTitle(c), QString::fromStdString(c.title));
                QCOMPARE(ui::setupCheckReason(c), QString::fromStdString(c.reason));
                QCOMPARE(ui::setupCheckFix(c), QString::fromStdString(c.fix));
                const QString title = inChinese([&] { return ui::setupCheckTitle(c); });
                QVERIFY2(title != QString::fromStdString(c.title) || c.title == "NVLink" ||
                             c.title == "GPUDirect RDMA",
                         c.title.c_str());
                verifyChinese(QString::fromStdString(c.reason), inChinese([&] { return ui::setupCheckReason(c); }));
                verifyChinese(QString::fromStdString(c.fix), inChinese([&] { return ui::setupCheckFix(c); }));
                if (QTest::currentTestFailed()) {
                    qWarning("fault: %s, check %s", name, c.id.c_str());
                    return;
                }
                texts.insert(c.reason);
                texts.insert(c.fix);
            }
        }
        // Every check was seen passing and not passing, and the faults gave many distinct texts:
        // a fault that stops producing its finding shows here.
        QCOMPARE(notPassing.size(), std::size_t(12));
        QCOMPARE(passing.size(), std::size_t(12));
        QVERIFY2(texts.size() >= 70, qPrintable(QString::number(texts.size())));
    }

    void theHardwareProfileInChinese()
    {
        NodeInventory a100 = goodNode("node01");
        a100.gpus.gpus.front().reading.model = "NVIDIA A100-SXM4-80GB";
        a100.gpus.gpus.front().reading.set(GpuField::FbTotal, 40 * 1024);
        a100.cpu = CpuInfo{"Intel(R) Xeon(R) Platinum 8380 CPU @ 2.30GHz", 1, 40, 80};
        NodeInventory l40s = goodNode("node02");
        l40s.gpus.gpus.front().reading.model = "NVIDIA L40S";
        l40s.driverVersion.clear();
        NodeInventory none = goodNode("node03");
        none.gpus.gpus.clear();
        none.cpu.reset();
        NodeInventory amd = goodNode("node04");
        amd.gpus.gpus.front().reading.model = "NVIDIA A100-SXM4-80GB";
        amd.cpu = CpuInfo{"AMD EPYC 7763 64-Core Processor", 2, 64, 256};
        const ClusterProfile p = compareHardware({a100, l40s, none, amd});
        std::vector<std::pair<std::string, std::function<QString()>>> texts;
        for (const NodeProfile &n : p.nodes) {
            texts.push_back({n.summary, [s = n.summary] { return ui::hardwareSummaryText(s); }});
            for (const std::string &d : n.differences)
                texts.push_back({d, [d] { return ui::hardwareProfileText(d); }});
        }
        for (const std::string &m : p.mismatches)
            texts.push_back({m, [m] { return ui::hardwareMismatchText(m); }});
        for (const std::string &note : p.notes)
            texts.push_back({note, [note] { return ui::hardwareProfileText(note); }});
        QVERIFY2(texts.size() >= 16, qPrintable(QString::number(texts.size())));
        for (const auto &[english, text] : texts) {
            QCOMPARE(text(), QString::fromStdString(english));
            // Model names are data: "NVIDIA A100-SXM4-80GB", "AMD EPYC 7763 64-Core Processor".
            QString zh = inChinese(text);
            verifyChinese(QString::fromStdString(english), zh.remove(QStringLiteral("64-Core Processor")));
        }
    }

    // A sentence the catalogue does not know (a new check, or one whose words changed) is shown
    // as the engine wrote it, never half-translated.
    void anUnknownSentenceStaysAsWritten()
    {
        CheckResult c;
        c.title = "Fan speed";
        c.status = CheckStatus::Warn;
        c.findings = {"node01: fans at 20%", "node02: clock not synchronised"};
        c.reason = c.findings[0] + "; " + c.findings[1];
        c.fixes = {"Check the fans."};
        c.fix = c.fixes[0];
        QCOMPARE(inChinese([&] { return ui::setupCheckTitle(c); }), QStringLiteral("Fan speed"));
        const QString reason = inChinese([&] { return ui::setupCheckReason(c); });
        QVERIFY2(reason.startsWith(QStringLiteral("node01: fans at 20%；")), qPrintable(reason));
        QVERIFY2(!reason.contains(QStringLiteral("clock not synchronised")), qPrintable(reason));
        QCOMPARE(inChinese([&] { return ui::setupCheckFix(c); }), QStringLiteral("Check the fans."));
    }
};

QTEST_MAIN(TestSetupCheckText)
#include "tst_setup_check_text.moc"
