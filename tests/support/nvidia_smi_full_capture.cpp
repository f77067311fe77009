#include "tests/support/nvidia_smi_full_capture.h"

#include "tests/support/shared_data.h"

#include <QFile>
#include <QList>

namespace sn::test {

QByteArray fullCaptureSection(const QString &captureFile, const QString &title)
{
    QFile f(captureFile);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(captureFile));
    const QList<QByteArray> lines = f.readAll().split('\n');
    const QByteArray banner = "# " + title.toUtf8();
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines[i] != banner)
            continue;
        qsizetype start = i + 1;
        while (start < lines.size() && lines[start].startsWith('#'))
            ++start; // the "# $ command" line and the closing rule
        qsizetype end = start;
        while (end < lines.size() && !lines[end].startsWith("################"))
            ++end;
        while (end > start && lines[end - 1].trimmed().isEmpty())
            --end;
        QByteArray out;
        for (qsizetype k = start; k < end; ++k)
            out += lines[k] + '\n';
        return out;
    }
    qFatal("%s has no section '%s'", qPrintable(captureFile), qPrintable(title));
    return {};
}

QString fullCapturePath(const QString &modelAndDriver)
{
    return sharedDataPath("nvidia-smi/full-captures/linux-x86_64__" + modelAndDriver + ".txt");
}

std::string fullCaptureSectionString(const std::string &modelAndDriver, const char *title)
{
    return fullCaptureSection(fullCapturePath(QString::fromStdString(modelAndDriver)), title).toStdString();
}

} // namespace sn::test
