#include "tests/support/slurm_cluster.h"

#include "tests/support/child_process.h"
#include "tests/support/loopback_port.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QThread>
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace sn::test {

namespace {

const char *kPluginDir = "/usr/lib/x86_64-linux-gnu/slurm-wlm";

bool listening(quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool ok = fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof(a)) == 0;
    if (fd >= 0)
        ::close(fd);
    return ok;
}

bool writeFile(const QString &path, const QString &text, QFileDevice::Permissions permissions = {})
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    f.write(text.toUtf8());
    f.close();
    return permissions == QFileDevice::Permissions() || f.setPermissions(permissions);
}

QString tail(const QString &path, int lines)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QStringList all = QString::fromLocal8Bit(f.readAll()).split('\n');
    return all.mid(std::max<qsizetype>(0, all.size() - lines)).join('\n');
}

QString nodeName(int i)
{
    return QString("gpu%1").arg(i + 1, 2, 10, QChar('0'));
}

} // namespace

SlurmCluster::SlurmCluster() = default;

SlurmCluster::~SlurmCluster()
{
    stop();
}

QString SlurmCluster::missing(const Options &options)
{
    QStringList programs{"munged", "mungekey", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "scancel"};
    if (options.accounting)
        programs << "slurmdbd"
                 << "sacctmgr"
                 << "sacct"
                 << "mariadbd"
                 << "mariadb-install-db"
                 << "mariadb";
    if (options.rest)
        programs << "slurmrestd";
    QStringList gone;
    for (const QString &p : programs)
        if (QStandardPaths::findExecutable(p, {"/usr/sbin", "/usr/bin", "/sbin", "/bin"}).isEmpty())
            gone << p;
    if (options.accounting && !QFileInfo::exists(QString(kPluginDir) + "/accounting_storage_mysql.so"))
        gone << "slurm-wlm-mysql-plugin";
    if (options.rest && !QFileInfo::exists(QString(kPluginDir) + "/auth_jwt.so"))
        gone << "slurm-wlm-jwt-plugin";
    if (::geteuid() != 0)
        gone << "root (mknod for the fake GPUs, SlurmUser=root)";
    return gone.join(", ");
}

QProcess *SlurmCluster::launch(const QString &name, const QString &program, const QStringList &args,
                               const QProcessEnvironment &env)
{
    auto process = std::make_unique<QProcess>();
    process->setProcessEnvironment(env);
    process->setWorkingDirectory(dir());
    process->setProcessChannelMode(QProcess::MergedChannels);
    // A file, not a pipe: a pipe nobody drains would block the daemon once it fills.
    process->setStandardOutputFile(m_dir.filePath("log/" + name + ".out"), QIODevice::Truncate);
    dieWithTheTest(*process); // a test that crashes takes its cluster with it
    process->start(program, args);
    process->waitForStarted(10000);
    m_processes.push_back(std::move(process));
    return m_processes.back().get();
}

bool SlurmCluster::waitFor(const std::function<bool()> &ready, int timeoutMs) const
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        if (ready())
            return true;
        QThread::msleep(100);
    }
    return ready();
}

bool SlurmCluster::run(const QString &program, const QStringList &args, QString *why, QString *out) const
{
    QProcess p;
    p.setProcessEnvironment(m_env);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    const bool finished = p.waitForFinished(30000);
    const QString output = QString::fromLocal8Bit(p.readAll());
    if (out)
        *out = output;
    if (finished && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0)
        return true;
    if (why)
        *why = program + " " + args.join(' ') + ": " + (finished ? output : QString("did not finish"));
    return false;
}

bool SlurmCluster::writeConfig(QString *why)
{
    for (const char *sub : {"etc", "munge", "state", "spool", "run", "log", "dev", "work", "db"})
        QDir(dir()).mkpath(sub);
    // slurmrestd runs as the slurm user and must read the configuration; munged wants its
    // socket's folder not writable by others (0755).
    QFile::setPermissions(dir(), QFileDevice::Permissions(0x7755));
    QFile::setPermissions(m_dir.filePath("etc"), QFileDevice::Permissions(0x7755));
    QFile::setPermissions(m_dir.filePath("munge"), QFileDevice::Permissions(0x7755));
    QFile::setPermissions(m_dir.filePath("work"), QFileDevice::Permissions(0x7777));
    for (int g = 0; g < m_options.gpusPerNode; ++g) {
        const QByteArray path = m_dir.filePath("dev/nvidia" + QString::number(g)).toLocal8Bit();
        if (::mknod(path.constData(), S_IFCHR | 0666, makedev(195, g)) != 0)
            return *why = "mknod " + QString(path) + ": " + QString::fromLocal8Bit(strerror(errno)), false;
    }
    m_ctldPort = freeLoopbackPort();
    m_slurmdPort = freeLoopbackPort();
    m_dbdPort = freeLoopbackPort();
    m_dbPort = freeLoopbackPort();
    m_restPort = freeLoopbackPort();
    const QString B = dir();
    QStringList conf{
        "ClusterName=sntest",
        "SlurmctldHost=localhost(127.0.0.1)",
        "SlurmUser=root",
        QString("SlurmctldPort=%1").arg(m_ctldPort),
        QString("SlurmdPort=%1").arg(m_slurmdPort),
        "AuthType=auth/munge",
        "CredType=cred/munge",
        "AuthInfo=socket=" + B + "/munge/munge.sock",
        "StateSaveLocation=" + B + "/state",
        "SlurmdSpoolDir=" + B + "/spool/%n",
        "SlurmctldPidFile=" + B + "/run/slurmctld.pid",
        "SlurmdPidFile=" + B + "/run/slurmd-%n.pid",
        "SlurmctldLogFile=" + B + "/log/slurmctld.log",
        "SlurmdLogFile=" + B + "/log/slurmd-%n.log",
        "ProctrackType=proctrack/linuxproc",
        "TaskPlugin=task/none",
        "JobAcctGatherType=jobacct_gather/linux",
        "MpiDefault=none",
        "SelectType=select/cons_tres",
        "SelectTypeParameters=CR_Core",
        "SchedulerType=sched/backfill",
        "PriorityType=priority/multifactor",
        "PriorityWeightQOS=1000",
        "GresTypes=gpu",
        "ReturnToService=2",
        "SlurmdParameters=config_overrides",
        "MailProg=/bin/true",
        "MinJobAge=300",
        // Quick scheduling so that tests wait seconds, not a default minute.
        "SchedulerParameters=sched_interval=1,bf_interval=1",
        "MessageTimeout=10",
    };
    if (m_options.rest)
        conf << "AuthAltTypes=auth/jwt"
             << "AuthAltParameters=jwt_key=" + B + "/etc/jwt_hs256.key";
    if (m_options.accounting)
        conf << "AccountingStorageType=accounting_storage/slurmdbd"
             << "AccountingStorageHost=localhost"
             << QString("AccountingStoragePort=%1").arg(m_dbdPort)
             // slurmctld reaches slurmdbd through munge; this names munge's socket.
             << "AccountingStoragePass=" + B + "/munge/munge.sock"
             // GPUs as TRES (AllocTRES gres/gpu=N, QOS limits on them) need slurmdbd.
             << "AccountingStorageTRES=gres/gpu,gres/gpu:h200"
             << "AccountingStorageEnforce=associations,limits,qos";
    else
        conf << "AccountingStorageType=accounting_storage/none";
    QStringList names;
    for (int i = 0; i < m_options.nodes; ++i) {
        m_nodePorts.push_back(freeLoopbackPort());
        names << nodeName(i);
        conf << QString("NodeName=%1 NodeAddr=127.0.0.1 Port=%2 CPUs=%3 RealMemory=64000 Gres=gpu:h200:%4 "
                        "State=UNKNOWN")
                    .arg(nodeName(i))
                    .arg(m_nodePorts.back())
                    .arg(m_options.cpusPerNode)
                    .arg(m_options.gpusPerNode);
    }
    conf << "PartitionName=gpu Nodes=" + names.join(',') + " Default=YES MaxTime=INFINITE State=UP PriorityTier=10"
         << "PartitionName=debug Nodes=" + names.front() + " MaxTime=60 State=UP PriorityTier=1";
    if (!writeFile(confPath(), conf.join('\n') + '\n', QFileDevice::Permissions(0x6644)))
        return *why = "cannot write slurm.conf", false;
    const QString gres =
        QString("AutoDetect=off\nName=gpu Type=h200 File=%1/dev/nvidia[0-%2]\n").arg(B).arg(m_options.gpusPerNode - 1);
    if (!writeFile(m_dir.filePath("etc/gres.conf"), gres, QFileDevice::Permissions(0x6644)))
        return *why = "cannot write gres.conf", false;
    if (m_options.accounting) {
        const QStringList dbd{"AuthType=auth/munge",
                              "AuthInfo=socket=" + B + "/munge/munge.sock",
                              "DbdHost=localhost",
                              "DbdAddr=127.0.0.1",
                              QString("DbdPort=%1").arg(m_dbdPort),
                              "SlurmUser=root",
                              "PidFile=" + B + "/run/slurmdbd.pid",
                              "LogFile=" + B + "/log/slurmdbd.log",
                              "StorageType=accounting_storage/mysql",
                              "StorageHost=127.0.0.1",
                              QString("StoragePort=%1").arg(m_dbPort),
                              "StorageUser=slurm",
                              "StoragePass=sntest",
                              "StorageLoc=slurm_acct_db"};
        // slurmdbd refuses a configuration others can read (it holds the database password).
        if (!writeFile(m_dir.filePath("etc/slurmdbd.conf"), dbd.join('\n') + '\n', QFileDevice::Permissions(0x6600)))
            return *why = "cannot write slurmdbd.conf", false;
    }
    m_env = QProcessEnvironment::systemEnvironment();
    m_env.insert("SLURM_CONF", confPath());
    // The marker by which job processes the slurmds leave behind are found at stop().
    m_env.insert("SN_TEST_SLURM_CLUSTER", dir());
    return true;
}

bool SlurmCluster::startMunge(QString *why)
{
    const QString key = m_dir.filePath("munge/munge.key");
    if (!run("mungekey", {"-c", "-k", key}, why))
        return false;
    const QString socket = m_dir.filePath("munge/munge.sock");
    launch("munged", "munged",
           {"-F", "-f", "--socket=" + socket, "--key-file=" + key, "--log-file=" + m_dir.filePath("log/munged.log"),
            "--pid-file=" + m_dir.filePath("run/munged.pid"), "--seed-file=" + m_dir.filePath("munge/seed")},
           m_env);
    if (!waitFor([&] { return QFileInfo::exists(socket); }, 10000))
        return *why = "munged did not create its socket: " + tail(m_dir.filePath("log/munged.out"), 10), false;
    return true;
}

bool SlurmCluster::startDatabase(QString *why)
{
    const QString data = m_dir.filePath("db");
    if (!run("mariadb-install-db",
             {"--no-defaults", "--datadir=" + data, "--user=root", "--auth-root-authentication-method=socket",
              "--skip-test-db"},
             why))
        return false;
    const QString socket = m_dir.filePath("run/mysqld.sock");
    launch("mariadbd", "mariadbd",
           {"--no-defaults", "--datadir=" + data, "--socket=" + socket, QString("--port=%1").arg(m_dbPort),
            "--bind-address=127.0.0.1", "--user=root", "--pid-file=" + m_dir.filePath("run/mariadbd.pid"),
            "--log-error=" + m_dir.filePath("log/mariadbd.log"), "--innodb-buffer-pool-size=64M", "--skip-log-bin"},
           m_env);
    if (!waitFor([&] { return listening(m_dbPort) && QFileInfo::exists(socket); }, 30000))
        return *why = "mariadbd did not start: " + tail(m_dir.filePath("log/mariadbd.log"), 10), false;
    if (!run("mariadb",
             {"--no-defaults", "-S", socket, "-u", "root", "-e",
              "CREATE USER 'slurm'@'127.0.0.1' IDENTIFIED BY 'sntest'; "
              "GRANT ALL ON *.* TO 'slurm'@'127.0.0.1';"},
             why))
        return false;
    launch("slurmdbd", "slurmdbd", {"-D"}, m_env); // finds slurmdbd.conf beside SLURM_CONF
    if (!waitFor([&] { return listening(m_dbdPort); }, 30000))
        return *why = "slurmdbd did not start: " + tail(m_dir.filePath("log/slurmdbd.out"), 10), false;
    return true;
}

bool SlurmCluster::startSlurmctldAndNodes(QString *why)
{
    launch("slurmctld", "slurmctld", {"-D", "-c", "-f", confPath()}, m_env);
    if (!waitFor([&] { return run("scontrol", {"ping"}, nullptr); }, 30000))
        return *why = "slurmctld did not answer: " + tail(m_dir.filePath("log/slurmctld.log"), 15), false;
    for (int i = 0; i < m_options.nodes; ++i)
        launch("slurmd-" + nodeName(i), "slurmd", {"-D", "-N", nodeName(i), "-f", confPath()}, m_env);
    const bool up = waitFor(
        [&] {
            QString out;
            if (!run("sinfo", {"-h", "-p", "gpu", "-t", "idle", "-o", "%D"}, nullptr, &out))
                return false;
            return out.trimmed().toInt() == m_options.nodes;
        },
        30000);
    if (!up)
        return *why = "the slurmds did not register: " + logs(), false;
    return true;
}

bool SlurmCluster::setUpAccounting(QString *why)
{
    // gres/gpu limits can only be set once slurmctld has registered the cluster with slurmdbd.
    const QList<QStringList> commands{{"-i", "add", "account", "mlteam"},
                                      {"-i", "add", "user", "root", "account=mlteam"},
                                      {"-i", "add", "qos", "high"},
                                      {"-i", "add", "qos", "low"},
                                      {"-i", "modify", "user", "root", "set", "qos+=high,low"}};
    for (const QStringList &c : commands)
        if (!run("sacctmgr", c, why))
            return false;
    return true;
}

bool SlurmCluster::startRest(QString *why)
{
    QFile key(m_dir.filePath("etc/jwt_hs256.key"));
    QFile random("/dev/urandom");
    if (!random.open(QIODevice::ReadOnly) || !key.open(QIODevice::WriteOnly))
        return *why = "cannot make the JWT key", false;
    key.write(random.read(32));
    key.close();
    key.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return true;
}

bool SlurmCluster::start(const Options &options, QString *why)
{
    m_options = options;
    if (!m_dir.isValid())
        return *why = "no temporary directory", false;
    if (const QString gone = missing(options); !gone.isEmpty())
        return *why = "missing: " + gone, false;
    if (!writeConfig(why) || !startMunge(why))
        return false;
    if (options.rest && !startRest(why))
        return false;
    if (options.accounting && !startDatabase(why))
        return false;
    if (!startSlurmctldAndNodes(why))
        return false;
    if (options.accounting && !setUpAccounting(why))
        return false;
    if (options.rest) {
        // slurmrestd refuses to run as root; SLURM_JWT=daemon makes it pass each request's token on.
        QProcessEnvironment env = m_env;
        env.insert("SLURM_JWT", "daemon");
        launch("slurmrestd", "slurmrestd",
               // The dbv0.0.38 (slurmdbd) plugin refuses to load without accounting.
               {"-u", "slurm", "-a", "rest_auth/jwt", "-s",
                options.accounting ? "openapi/v0.0.38,openapi/dbv0.0.38" : "openapi/v0.0.38",
                QString("127.0.0.1:%1").arg(m_restPort)},
               env);
        if (!waitFor([&] { return listening(m_restPort); }, 15000))
            return *why = "slurmrestd did not listen: " + tail(m_dir.filePath("log/slurmrestd.out"), 10), false;
    }
    qputenv("SLURM_CONF", confPath().toLocal8Bit());
    return true;
}

QString SlurmCluster::restUrl() const
{
    return QString("http://127.0.0.1:%1").arg(m_restPort);
}

QString SlurmCluster::token(int lifespanS, QString *why) const
{
    QString out;
    if (!run("scontrol", {"token", "username=root", QString("lifespan=%1").arg(lifespanS)}, why, &out))
        return {};
    const qsizetype eq = out.indexOf('=');
    return eq < 0 ? QString() : out.mid(eq + 1).trimmed();
}

QString SlurmCluster::logs() const
{
    QString text;
    QStringList files{"slurmctld.log"};
    for (int i = 0; i < m_options.nodes; ++i)
        files << "slurmd-" + nodeName(i) + ".log";
    for (const QString &f : files)
        text += "\n--- " + f + "\n" + tail(m_dir.filePath("log/" + f), 8);
    return text;
}

void SlurmCluster::killLeftoverJobProcesses()
{
    // slurmstepd and the jobs' processes outlive slurmd (they are not its children after the
    // double fork); they carry this cluster's marker in their environment.
    const QByteArray marker = "SN_TEST_SLURM_CLUSTER=" + dir().toLocal8Bit();
    for (const QString &entry : QDir("/proc").entryList(QDir::Dirs)) {
        bool numeric = false;
        const int pid = entry.toInt(&numeric);
        if (!numeric || pid == ::getpid())
            continue;
        QFile environ("/proc/" + entry + "/environ");
        if (!environ.open(QIODevice::ReadOnly))
            continue;
        if (environ.readAll().split('\0').contains(marker))
            ::kill(pid, SIGKILL);
    }
}

void SlurmCluster::stop()
{
    if (m_processes.empty())
        return;
    QString ignored;
    run("scancel", {"--full", "--user=root"}, &ignored);
    for (auto it = m_processes.rbegin(); it != m_processes.rend(); ++it) {
        QProcess &p = **it;
        if (p.state() == QProcess::NotRunning)
            continue;
        p.terminate(); // SIGTERM to the PID we started
        if (!p.waitForFinished(10000)) {
            p.kill();
            p.waitForFinished(5000);
        }
    }
    m_processes.clear();
    killLeftoverJobProcesses();
}

bool requireSlurm(const SlurmCluster::Options &options)
{
    const QString gone = SlurmCluster::missing(options);
    if (gone.isEmpty())
        return true;
    if (qgetenv("CI") == "true") {
        QTest::qFail(qPrintable("Slurm set-up incomplete under CI=true (scripts/deps installs it): missing " + gone),
                     __FILE__, __LINE__);
        return false;
    }
    QTest::qSkip(qPrintable("Slurm set-up incomplete, run scripts/deps: missing " + gone), __FILE__, __LINE__);
    return false;
}

} // namespace sn::test
