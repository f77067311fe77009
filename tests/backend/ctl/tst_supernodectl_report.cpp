// supernodectl report and snapshot as a user runs them, offscreen: the embedded simulated
// super node simulates the range (seeded), each format is written and read back, a snapshot
// builds the same report on "another machine", and bad input is refused with what and where.
#include "tests/backend/ctl/ctl_process.h"
#include "tests/backend/report/csv_reader.h"
#include "tests/backend/report/pdf_tools.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using sn::test::ctl;

namespace {

const QStringList kRange = {"--from", "2026-01-01T00:00:00Z", "--to", "2026-01-01T03:00:00Z", "--seed", "5"};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestSupernodectlReport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_snapshot = m_dir.filePath("3h.snap");
        const auto r = ctl(QStringList{"snapshot"} + kRange + QStringList{"-o", m_snapshot});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("snapshot of demo-supernode, 2026-01-01 00:00 UTC to 2026-01-01 03:00 UTC"),
                 r.out.constData());
    }

    void writesEachFormatFromTheSnapshot_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("pdf") << "pdf";
        QTest::newRow("html") << "html";
        QTest::newRow("csv") << "csv";
    }

    void writesEachFormatFromTheSnapshot()
    {
        QFETCH(QString, format);
        const QString out = m_dir.filePath("report." + format);
        const auto r = ctl({"report", "--snapshot", m_snapshot, "--format", format, "-o", out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.startsWith(format.toUpper().toUtf8() + " report of demo-supernode"));
        QVERIFY(r.out.contains("GPU-hours available 48.0")); // 16 GPUs x 3 h
        if (format == "pdf") {
            const QString text = sn::test::pdfText(out);
            QVERIFY(text.contains("demo-supernode"));
            QVERIFY(text.contains("Simulated cluster"));
            QVERIFY(text.contains("Recommendations"));
            QVERIFY(text.contains("48.0"));
        } else if (format == "html") {
            const QByteArray html = readAll(out);
            QVERIFY(html.startsWith("<!DOCTYPE html>"));
            QCOMPARE(html.count("<svg"), 3);
        } else {
            const QStringList files = QDir(out).entryList({"*.csv"});
            QVERIFY2(files.contains("kpis.csv") && files.contains("jobs.csv") && files.contains("gpu_utilization.csv"),
                     qPrintable(files.join(' ')));
            const auto kpis = sn::test::readCsv(readAll(QDir(out).filePath("kpis.csv")));
            QVERIFY2(kpis.error.isEmpty(), qPrintable(kpis.error));
            QCOMPARE(sn::test::csvValue(kpis, "GPU-hours available", "Value").value_or("?"), "48");
        }
    }

    void aSnapshotBuildsTheSameReportAsTheLiveEngine()
    {
        // Same seed, same range: the simulation is deterministic, so the live report and the one
        // from the snapshot file agree to the byte (the engine's description aside).
        const QString live = m_dir.filePath("live.html"), fromFile = m_dir.filePath("file.html");
        auto r = ctl(QStringList{"report"} + kRange + QStringList{"--format", "html", "-o", live});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = ctl({"report", "--snapshot", m_snapshot, "--format", "html", "-o", fromFile});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(readAll(live), readAll(fromFile));
    }

    void scopesAndSectionsNarrowTheReport()
    {
        // A cluster snapshot holds every GPU, so a node's report can be built from it.
        const QString out = m_dir.filePath("node.html");
        const auto r = ctl({"report", "--snapshot", m_snapshot, "--format", "html", "--sections", "kpis,gpus", "-o",
                            out, "--scope", "node:node02"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("GPU-hours available 24.0"), r.out.constData()); // 8 GPUs x 3 h
        const QByteArray html = readAll(out);
        QVERIFY(html.contains("scope node:node02"));
        QVERIFY(html.contains("<section id=\"kpis\""));
        QVERIFY(html.contains("<section id=\"gpus\""));
        QVERIFY(!html.contains("<section id=\"jobs\""));
        QVERIFY(!html.contains("<td>node01</td>"));
        const auto bad =
            ctl({"report", "--snapshot", m_snapshot, "--format", "html", "-o", out, "--sections", "kpis,fun"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--sections: no section 'fun'"), bad.err.constData());
        const auto range = ctl({"report", "--snapshot", m_snapshot, "--format", "html", "-o", out, "--to", "1000"});
        QCOMPARE(range.exitCode, 2);
        QVERIFY2(range.err.contains("the snapshot holds its range"), range.err.constData());
    }

    void writesTheReportInTheLanguageAskedFor_data()
    {
        QTest::addColumn<QStringList>("lang"); // --lang, or none
        QTest::addColumn<QByteArray>("lcAll"); // the environment's locale
        QTest::addColumn<QByteArray>("title"); // the KPI section's title
        QTest::addColumn<QByteArray>("htmlLang");
        QTest::newRow("--lang zh_CN") << QStringList{"--lang", "zh_CN"} << QByteArray("C.UTF-8") << QByteArray("概要")
                                      << QByteArray("zh");
        QTest::newRow("LC_ALL zh_CN.UTF-8")
            << QStringList{} << QByteArray("zh_CN.UTF-8") << QByteArray("概要") << QByteArray("zh");
        QTest::newRow("--lang en over a Chinese environment")
            << QStringList{"--lang", "en"} << QByteArray("zh_CN.UTF-8") << QByteArray("Summary") << QByteArray("en");
        QTest::newRow("a locale without a translation: English")
            << QStringList{} << QByteArray("de_DE.UTF-8") << QByteArray("Summary") << QByteArray("de");
    }

    void writesTheReportInTheLanguageAskedFor()
    {
        QFETCH(QStringList, lang);
        QFETCH(QByteArray, lcAll);
        QFETCH(QByteArray, title);
        QFETCH(QByteArray, htmlLang);
        const QByteArray saved = qgetenv("LC_ALL");
        qputenv("LC_ALL", lcAll);
        const QString out = m_dir.filePath("lang.html");
        const auto r = ctl(QStringList{"report", "--snapshot", m_snapshot, "--format", "html", "-o", out} + lang);
        qputenv("LC_ALL", saved);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray html = readAll(out);
        QVERIFY2(html.contains("<h2>" + title + "</h2>"), html.left(600).constData());
        QVERIFY2(html.contains("<html lang=\"" + htmlLang + "\">"), html.left(200).constData());
        if (title == "概要") {
            QVERIFY(html.contains("<h2>建议</h2>"));
            QVERIFY(html.contains("可用 GPU 小时"));
            QVERIFY(html.contains("2026年1月1日 00:00 UTC 至 2026年1月1日 03:00 UTC"));
            QVERIFY(html.contains("<td class=\"num\">48.0</td>")); // 16 GPUs x 3 h, no grouping
        }
    }

    void refusesBadInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("error");
        QTest::newRow("no format") << QStringList{"report", "-o", "x"} << 2 << "report needs --format pdf, html or csv";
        QTest::newRow("docx") << QStringList{"report", "--format", "docx", "-o", "x"} << 2
                              << "--format pdf, html or csv";
        QTest::newRow("no output") << QStringList{"report", "--format", "pdf"} << 2 << "report needs -o PATH";
        QTest::newRow("bad time") << QStringList{"report", "--format", "pdf", "-o", "x", "--from", "yesterday"} << 3
                                  << "--from 'yesterday': expected an ISO 8601 time";
        QTest::newRow("empty range") << QStringList{"report",
                                                    "--format",
                                                    "pdf",
                                                    "-o",
                                                    "x",
                                                    "--from",
                                                    "2026-01-02T00:00:00Z",
                                                    "--to",
                                                    "2026-01-01T00:00:00Z"}
                                     << 3 << "--to must be after --from";
        QTest::newRow("bad scope") << QStringList{"report", "--format", "pdf", "-o", "x", "--scope", "rack:1"} << 3
                                   << "scope 'rack:1': expected cluster, node:NAME, queue:NAME or job:ID";
        QTest::newRow("missing value") << QStringList{"report", "--format", "pdf", "-o"} << 2
                                       << "an option is missing its value";
        QTest::newRow("stray argument") << QStringList{"report", "--format", "pdf", "-o", "x", "extra"} << 2
                                        << "unexpected argument 'extra'";
        QTest::newRow("snapshot with format") << QStringList{"snapshot", "--format", "pdf", "-o", "x"} << 2
                                              << "snapshot needs -o FILE (and takes no --format";
        QTest::newRow("unknown language")
            << QStringList{"report", "--snapshot", "x", "--format", "html", "-o", "x", "--lang", "xx_YY"} << 2
            << "--lang: unknown language 'xx_YY'; the languages are: en, zh_CN";
        QTest::newRow("a language without a translation")
            << QStringList{"report", "--snapshot", "x", "--format", "html", "-o", "x", "--lang", "fr_FR"} << 2
            << "--lang: no translation for 'fr_FR'; the languages are: en, zh_CN";
        QTest::newRow("no snapshot file")
            << QStringList{"report", "--snapshot", "/nonexistent/x.snap", "--format", "html", "-o", "x"} << 3
            << "cannot read /nonexistent/x.snap";
    }

    void refusesBadInput()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, error);
        const auto r = ctl(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(error), r.err.constData());
    }

    // The engine's refusals of a report, in Chinese (the usage errors are CtlText's:
    // tst_supernodectl_lang).
    void refusesBadInputInChinese_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::newRow("bad scope") << QStringList{"report", "--format", "pdf", "-o", "x", "--scope", "rack:1"}
                                   << QString::fromUtf8("范围 'rack:1'：应为 cluster、node:NAME、queue:NAME 或 job:ID");
        QTest::newRow("no snapshot file")
            << QStringList{"report", "--snapshot", "/nonexistent/x.snap", "--format", "html", "-o", "x"}
            << QString::fromUtf8("无法读取 /nonexistent/x.snap：");
        QTest::newRow("unwritable output")
            << QStringList{"report", "--snapshot", m_snapshot, "--format", "csv", "-o", "/proc/no-such-dir/r"}
            << QString::fromUtf8("无法创建文件夹 /proc/no-such-dir/r");
    }
    void refusesBadInputInChinese()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        const auto r = ctl(args + QStringList{"--lang", "zh_CN"});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(QString::fromUtf8(r.err).contains(error), r.err.constData());
    }

    void refusesADamagedSnapshotSayingWhereAndWritesNothing()
    {
        QByteArray bytes = readAll(m_snapshot);
        QVERIFY(bytes.size() > 1000);
        bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x01);
        const QString damaged = m_dir.filePath("damaged.snap");
        QFile f(damaged);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        const QString out = m_dir.filePath("damaged.pdf");
        const auto r = ctl({"report", "--snapshot", damaged, "--format", "pdf", "-o", out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(damaged.toUtf8() + ": report snapshot damaged: the payload (bytes 24-"),
                 r.err.constData());
        QVERIFY(r.err.contains("does not match its CRC-32 at byte 20"));
        QVERIFY(!QFile::exists(out));
    }

private:
    QTemporaryDir m_dir;
    QString m_snapshot;
};

QTEST_GUILESS_MAIN(TestSupernodectlReport)
#include "tst_supernodectl_report.moc"
