// The GPU failure signature library in Chinese: every signature's title, meaning and action has
// its zh_CN text, looked up by the English the engine keeps; the events the real log pipeline
// raises from driver, NCCL, kernel and slurmd lines (with a node and GPU, a node only, neither)
// come out with the signature's Chinese words and the node and GPU kept, and in English exactly as
// the engine wrote them; a message that only resembles a signature's stays as written.
#include "backend/logs/log_pipeline.h"
#include "backend/logs/signature_library.h"
#include "tests/support/in_language.h"
#include "translations/event_text.h"
#include "translations/signature_text.h"

#include <QRegularExpression>
#include <QTest>

using namespace sn;
using sn::test::inChinese;

namespace {

bool hasChinese(const QString &text)
{
    static const QRegularExpression kHan(QStringLiteral("\\p{Han}"));
    return kHan.match(text).hasMatch();
}

QStringList wordsOf(const logs::Signature &s)
{
    return {signatureTitleText(s), signatureMeaningText(s), signatureActionText(s)};
}

QStringList chineseWordsOf(const logs::Signature &s)
{
    return inChinese([&] { return wordsOf(s).join(QLatin1Char('\n')); }).split(QLatin1Char('\n'));
}

// The event the real pipeline raises for one line.
Event signatureEvent(const std::string &node, int gpu, const std::string &source, const std::string &text)
{
    logs::LogPipeline pipeline;
    LogRecord line;
    line.timeMs = 1767225753000;
    line.node = node;
    line.gpu = gpu;
    line.source = source;
    line.text = text;
    for (Event &e : pipeline.process(line))
        if (e.evidence.detector.starts_with("signature:"))
            return e;
    qFatal("no signature event for: %s", text.c_str());
}

} // namespace

class TestSignatureText : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(installTranslations(QStringLiteral("en"))); }

    void everySignatureHasItsChineseWords()
    {
        for (const logs::Signature &s : logs::SignatureLibrary::builtIn().signatures()) {
            QCOMPARE(wordsOf(s), (QStringList{QString::fromStdString(s.title), QString::fromStdString(s.meaning),
                                              QString::fromStdString(s.action)}));
            const QStringList zh = chineseWordsOf(s);
            QCOMPARE(zh.size(), 3);
            for (const QString &words : zh)
                QVERIFY2(hasChinese(words), qPrintable(QString::fromStdString(s.id) + ": " + words));
        }
    }

    void eventsOfRealLines_data()
    {
        QTest::addColumn<QString>("node");
        QTest::addColumn<int>("gpu");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("id");
        QTest::newRow("xid 79, node and GPU")
            << "gpu03" << 5 << "kernel"
            << "[ 8123.441802] NVRM: Xid (PCI:0000:18:00): 79, pid=0, name=python, GPU has fallen off the bus."
            << "nvrm.xid.79";
        QTest::newRow("nccl timeout, node only")
            << "gpu07" << -1 << "job/4412"
            << "[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=12, OpType=ALLREDUCE, "
               "Timeout(ms)=1800000) ran for 1800405 milliseconds before timing out."
            << "nccl.timeout";
        QTest::newRow("oom killer, neither")
            << "" << -1 << "kernel"
            << "Out of memory: Killed process 4242 (python) total-vm:123456kB, anon-rss:1000kB, file-rss:0kB, "
               "shmem-rss:0kB, UID:1000 oom_score_adj:0"
            << "host.oom_killer";
        QTest::newRow("slurmd, GPU only") << "" << 2 << "slurmd"
                                          << "slurmd: fatal: Unable to determine this slurmd's NodeName"
                                          << "slurm.slurmd_error";
    }
    void eventsOfRealLines()
    {
        QFETCH(QString, node);
        QFETCH(int, gpu);
        QFETCH(QString, source);
        QFETCH(QString, line);
        QFETCH(QString, id);
        const Event e = signatureEvent(node.toStdString(), gpu, source.toStdString(), line.toStdString());
        QCOMPARE(QString::fromStdString(e.evidence.detector), "signature:" + id);
        QCOMPARE(eventMessageText(e.message), QString::fromStdString(e.message));
        const logs::Signature &s = *logs::SignatureLibrary::builtIn().find(id.toStdString());
        const QString zh = inChinese([&] { return eventMessageText(e.message); });
        const QStringList words = chineseWordsOf(s);
        for (const QString &w : words)
            QVERIFY2(zh.contains(w), qPrintable(zh + "\nlacks: " + w));
        if (!node.isEmpty())
            QVERIFY2(zh.contains(node), qPrintable(zh));
        if (gpu >= 0)
            QVERIFY2(zh.contains(QStringLiteral("GPU %1").arg(gpu)), qPrintable(zh));
        // No English frame left around the Chinese words.
        QString rest = zh;
        for (const QString &w : words)
            rest.remove(w);
        rest.remove(node);
        QVERIFY2(!rest.contains(QStringLiteral(" on ")), qPrintable(zh));
    }

    void everySignaturesEventIsRecognised()
    {
        for (const logs::Signature &s : logs::SignatureLibrary::builtIn().signatures())
            for (const auto &[node, gpu] :
                 {std::pair<std::string, int>{"node01", 3}, {"node01", -1}, {"", 0}, {"", -1}}) {
                const QString message = QString::fromStdString(logs::signatureEventMessage(s, node, gpu));
                const auto zh = inChinese([&] { return signatureEventText(message).value_or(QString()); });
                QVERIFY2(zh.startsWith(inChinese([&] { return signatureTitleText(s); })),
                         qPrintable(message + "\n" + zh));
            }
    }

    // A title followed by words that are not its meaning and action is not its event.
    void aResemblingMessageStaysAsWritten()
    {
        const std::string message = "GPU has fallen off the bus (Xid 79) on node01 GPU 3: The GPU stopped answering.";
        QVERIFY(!signatureEventText(QString::fromStdString(message)));
        QCOMPARE(inChinese([&] { return eventMessageText(message); }), QString::fromStdString(message));
    }
};

QTEST_GUILESS_MAIN(TestSignatureText)
#include "tst_signature_text.moc"
