#pragma once
// Reads a PDF back with poppler's tools (poppler-utils), as a reader's viewer would: the text
// pdftotext extracts and the pages pdftoppm renders. For the report tests.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace sn::test {

// The text of pages first..last (1-based; 0: all), UTF-8.
inline QString pdfText(const QString &pdf, int first = 0, int last = 0)
{
    QStringList args;
    if (first > 0)
        args << "-f" << QString::number(first) << "-l" << QString::number(last > 0 ? last : first);
    args << "-enc"
         << "UTF-8" << pdf << "-";
    QProcess p;
    p.start("pdftotext", args);
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return QStringLiteral("pdftotext failed: ") + QString::fromUtf8(p.readAllStandardError());
    return QString::fromUtf8(p.readAllStandardOutput());
}

inline int pdfPages(const QString &pdf)
{
    QProcess p;
    p.start("pdfinfo", {pdf});
    p.waitForFinished(60000);
    for (const QString &line : QString::fromUtf8(p.readAllStandardOutput()).split('\n'))
        if (line.startsWith("Pages:"))
            return line.mid(6).trimmed().toInt();
    return -1;
}

// The share of a page's pixels that are not white, rendered in grey at 30 dpi; -1 when
// pdftoppm failed.
inline double pdfInkShare(const QString &pdf, int page, const QString &workDir)
{
    const QString prefix = QDir(workDir).filePath(QStringLiteral("page"));
    QProcess p;
    p.start("pdftoppm", {"-r", "30", "-gray", "-singlefile", "-f", QString::number(page), "-l", QString::number(page),
                         pdf, prefix});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return -1;
    QFile f(prefix + ".pgm");
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray pgm = f.readAll();
    // "P5\n<w> <h>\n255\n" then one byte per pixel.
    const QList<QByteArray> header = pgm.left(64).split('\n');
    if (header.size() < 4 || header[0] != "P5")
        return -1;
    const QList<QByteArray> size = header[1].split(' ');
    const qsizetype pixels = size.value(0).toLongLong() * size.value(1).toLongLong();
    const qsizetype offset = header[0].size() + header[1].size() + header[2].size() + 3;
    if (pixels <= 0 || pgm.size() < offset + pixels)
        return -1;
    qsizetype ink = 0;
    for (qsizetype i = 0; i < pixels; ++i)
        ink += quint8(pgm[offset + i]) < 200 ? 1 : 0;
    return double(ink) / double(pixels);
}

} // namespace sn::test
