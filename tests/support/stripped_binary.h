#pragma once
// The programs the setup tests copy to their "nodes" over SFTP, without debug information, as
// the packages ship them (installer/: the .debs' binaries are stripped). A Debug build's
// supernoded and supernode-agent are about 130 MB together, nearly all of it debug info, and
// uploading them to two nodes per test function took most of QTest's 300 s watchdog.

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QString>

namespace sn::test {

// A stripped copy of `binary` in `dir`; `binary` itself where strip is missing or fails.
inline QString strippedCopy(const QString &binary, const QString &dir)
{
    const QString copy = QDir(dir).filePath(QFileInfo(binary).fileName());
    QProcess strip;
    strip.start("strip", {"--strip-debug", "-o", copy, binary});
    if (strip.waitForFinished(60000) && strip.exitStatus() == QProcess::NormalExit && strip.exitCode() == 0)
        return copy;
    qWarning("strip %s failed (%s): copying it whole", qPrintable(binary), qPrintable(strip.errorString()));
    return binary;
}

} // namespace sn::test
