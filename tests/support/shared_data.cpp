#include "tests/support/shared_data.h"

#include <QDir>
#include <QFileInfo>
#include <QTest>

namespace sn::test {

QString sharedDataDir()
{
    const QByteArray fromEnv = qgetenv("SN_SHARED_DATA");
    return QDir::cleanPath(QString::fromLocal8Bit(fromEnv.isEmpty() ? QByteArray(SN_SHARED_DATA_DEFAULT) : fromEnv));
}

QString sharedDataPath(const QString &relative)
{
    return sharedDataDir() + QLatin1Char('/') + relative;
}

bool requireSharedData(const QString &relative)
{
    const QString path = sharedDataPath(relative);
    if (QFileInfo::exists(path))
        return true;
    const QString message =
        QStringLiteral("shared data %1 not found (set SN_SHARED_DATA to the shared/data folder)").arg(path);
    if (qgetenv("CI") == "true") {
        QTest::qFail(qPrintable(message), __FILE__, __LINE__);
        return false;
    }
    QTest::qSkip(qPrintable(message), __FILE__, __LINE__);
    return false;
}

} // namespace sn::test
