// replaceFileDurably: the mode asked for whatever the umask, the old content replaced whole, no
// temporary left behind, and a failure that names the file and leaves the old one as it was.
// (That the directory is fsynced after the rename is seen in real runs under strace:
// tst_supernodectl_remote, tst_wal.)
#include "backend/model/durable_file.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace sn;

namespace {
unsigned modeOf(const QString &path)
{
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_mode & 07777 : 07777u;
}

QByteArray contentOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}
} // namespace

class TestDurableFile : public QObject {
    Q_OBJECT

private slots:
    void replacesWholeWithTheModeAskedFor()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("server.pem");
        const mode_t before = ::umask(0077);
        QVERIFY(replaceFileDurably(path.toStdString(), "first\n", 0644).ok());
        QCOMPARE(modeOf(path), 0644u); // the umask does not narrow it
        ::umask(0);
        QVERIFY(replaceFileDurably(path.toStdString(), "second\n", 0600).ok());
        ::umask(before);
        QCOMPARE(modeOf(path), 0600u); // nor widen it
        QCOMPARE(contentOf(path), QByteArray("second\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"server.pem"});
    }

    void aFailureNamesTheFileAndKeepsTheOldOne()
    {
        QTemporaryDir dir;
        const QString missing = dir.filePath("no/such/dir/ca.key");
        const Status s = replaceFileDurably(missing.toStdString(), "key", 0600);
        QVERIFY(!s.ok());
        QCOMPARE(s.error().code, ErrorCode::Unavailable);
        QVERIFY2(QString::fromStdString(s.error().message).contains(missing), s.error().message.c_str());
        QVERIFY2(QString::fromStdString(s.error().message).contains("No such file"), s.error().message.c_str());

        // A directory where the file should be: the rename fails, nothing is left behind.
        const QString taken = dir.filePath("taken");
        QVERIFY(QDir().mkpath(taken + "/inside"));
        QVERIFY(!replaceFileDurably(taken.toStdString(), "x", 0600).ok());
        QVERIFY(QFileInfo(taken + "/inside").isDir());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{});

        const Status noDir = syncDirectory(dir.filePath("nowhere").toStdString());
        QVERIFY(!noDir.ok());
        QVERIFY2(QString::fromStdString(noDir.error().message).contains("nowhere"), noDir.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestDurableFile)
#include "tst_durable_file.moc"
