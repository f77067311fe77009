#pragma once
// A real Slurm cluster for tests, on this one machine and on loopback: munged, slurmctld and
// several `slurmd -N gpuNN` (each with its own Port=), optionally slurmdbd on a private MariaDB
// (QOS limits, sacct) and slurmrestd (JWT). Everything lives in a temporary directory, is started
// without systemd and stopped by the PIDs this object started; job processes the slurmds left
// behind are found by a marker in their environment, never by name. GPUs are fake: character
// devices made with mknod (major 195, like /dev/nvidiaN), declared in gres.conf with
// AutoDetect=off; SlurmdParameters=config_overrides lets a small machine declare 8-GPU nodes.
// Needs root (mknod, SlurmUser=root) and the Debian packages of scripts/deps.

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <functional>
#include <memory>
#include <vector>

namespace sn::test {

class SlurmCluster {
public:
    struct Options {
        int nodes = 4;       // gpu01..gpuNN
        int gpusPerNode = 8; // gres gpu:h200:N each
        int cpusPerNode = 16;
        bool accounting = false; // slurmdbd + MariaDB, AccountingStorageEnforce=associations,limits,qos
        bool rest = false;       // slurmrestd on a free port, JWT (AuthAltTypes=auth/jwt)
    };

    SlurmCluster();
    ~SlurmCluster(); // stops

    // What is missing for these options ("" when all is there): programs, plugins, root.
    static QString missing(const Options &options);

    // Starts everything and waits until every node is idle (and, with accounting, the account
    // "mlteam" with user root and the QOS "high" and "low" exist). Sets SLURM_CONF in this
    // process so that sbatch, squeue, ... run by the test find this cluster.
    bool start(const Options &options, QString *why);
    void stop(); // idempotent

    QString dir() const { return m_dir.path(); }
    QString confPath() const { return m_dir.filePath("etc/slurm.conf"); }
    QString workDir() const { return m_dir.filePath("work"); } // for jobs' --chdir; world-writable
    QString restUrl() const;                                   // http://127.0.0.1:PORT
    // A JWT for root from `scontrol token`, for slurmrestd.
    QString token(int lifespanS, QString *why) const;

    // A Slurm command against this cluster (its SLURM_CONF); false with the output in why.
    bool run(const QString &program, const QStringList &args, QString *why, QString *out = nullptr) const;
    // The last lines of the daemons' logs, for failure messages.
    QString logs() const;

private:
    QProcess *launch(const QString &name, const QString &program, const QStringList &args,
                     const QProcessEnvironment &env);
    bool waitFor(const std::function<bool()> &ready, int timeoutMs) const;
    bool writeConfig(QString *why);
    bool startMunge(QString *why);
    bool startDatabase(QString *why);
    bool startSlurmctldAndNodes(QString *why);
    bool setUpAccounting(QString *why);
    bool startRest(QString *why);
    void killLeftoverJobProcesses();

    QTemporaryDir m_dir;
    Options m_options;
    QProcessEnvironment m_env;
    std::vector<std::unique_ptr<QProcess>> m_processes; // in start order; stopped in reverse
    quint16 m_ctldPort = 0, m_slurmdPort = 0, m_dbdPort = 0, m_dbPort = 0, m_restPort = 0;
    std::vector<quint16> m_nodePorts;
};

// True when the set-up can run; otherwise QSKIP()s, or QFAIL()s under CI=true (like requireOpenSsh()).
bool requireSlurm(const SlurmCluster::Options &options);

} // namespace sn::test
