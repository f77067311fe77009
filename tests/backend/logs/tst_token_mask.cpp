// The shapes the miner masks: each row is a token as real logs write it.
#include "backend/logs/token_mask.h"

#include <QTest>

using namespace sn::logs;
Q_DECLARE_METATYPE(TokenShape)

class TestTokenMask : public QObject {
    Q_OBJECT
private slots:
    void classifiesTokens_data()
    {
        QTest::addColumn<QString>("token");
        QTest::addColumn<TokenShape>("shape");
        QTest::newRow("word") << "PacketResponder" << TokenShape::Word;
        QTest::newRow("word with colon") << "status:" << TokenShape::Word;
        QTest::newRow("integer") << "42" << TokenShape::Number;
        QTest::newRow("negative") << "-7" << TokenShape::Number;
        QTest::newRow("decimal in parens") << "(0.2477829)," << TokenShape::Number;
        QTest::newRow("with unit") << "12ms" << TokenShape::Number;
        QTest::newRow("percent") << "100%" << TokenShape::Number;
        QTest::newRow("ipv4") << "10.251.42.84" << TokenShape::Ipv4;
        QTest::newRow("ipv4 port") << "/10.250.19.102:54106" << TokenShape::Ipv4;
        QTest::newRow("uuid") << "be93e8a0-1dcb-4bd0-9a0e-4e3e3a28fbc4" << TokenShape::Uuid;
        QTest::newRow("pci nvidia-smi") << "00000000:18:00.0" << TokenShape::PciId;
        QTest::newRow("pci lspci") << "0000:3b:00.0" << TokenShape::PciId;
        QTest::newRow("pci NVRM") << "(PCI:0000:18:00):" << TokenShape::PciId;
        QTest::newRow("hex 0x") << "0x55d0c0" << TokenShape::Hex;
        QTest::newRow("hex long") << "113d3a99c3da401fbd62cc2caa5b96d2" << TokenShape::Hex;
        QTest::newRow("path") << "/var/log/kern.log" << TokenShape::Path;
        QTest::newRow("root alone is a word") << "/" << TokenShape::Word;
        QTest::newRow("block id") << "blk_-1608999687919862906" << TokenShape::HasDigit;
        QTest::newRow("core file") << "core.1234" << TokenShape::HasDigit;
        QTest::newRow("already masked") << "blk_<*>" << TokenShape::HasDigit;
        QTest::newRow("time is not pci") << "12:01:41" << TokenShape::HasDigit;
        QTest::newRow("empty") << "" << TokenShape::Word;
        QTest::newRow("only punctuation") << "(),;" << TokenShape::Word;
    }
    void classifiesTokens()
    {
        QFETCH(QString, token);
        QFETCH(TokenShape, shape);
        const std::string t = token.toStdString();
        QCOMPARE(tokenShapeName(tokenShape(t)), tokenShapeName(shape));
    }
};

QTEST_APPLESS_MAIN(TestTokenMask)
#include "tst_token_mask.moc"
