// JobSpec -> sbatch: each field becomes its sbatch option as one argv word, the script carries
// only the environment (single-quoted) and the command exactly as written, and what sbatch
// cannot express is refused with the field named.
#include "backend/scheduler/backends/slurm_script.h"

#include <QTest>

#include <algorithm>
#include <limits>

using namespace sn;

namespace {

pb::JobSpec baseSpec()
{
    pb::JobSpec spec;
    spec.set_name("train");
    spec.set_command("python train.py");
    spec.set_gpus_min(2);
    spec.set_gpus_max(2);
    return spec;
}

bool hasWord(const RenderedJob &job, const std::string &word)
{
    return std::find(job.command.begin(), job.command.end(), word) != job.command.end();
}

QString words(const RenderedJob &job)
{
    QStringList list;
    for (const std::string &w : job.command)
        list << QString::fromStdString(w);
    return list.join(" | ");
}

} // namespace

class TstSlurmScript : public QObject {
    Q_OBJECT
private slots:
    void eachFieldBecomesItsOption_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("expected");
        QTest::newRow("gpus untyped") << "gpus"
                                      << "--gres=gpu:2";
        QTest::newRow("gpus typed") << "model"
                                    << "--gres=gpu:h200:2";
        QTest::newRow("nodes") << "nodes"
                               << "--nodes=2";
        QTest::newRow("gres per node") << "nodes"
                                       << "--gres=gpu:1";
        QTest::newRow("tasks") << "tasks"
                               << "--ntasks-per-node=8";
        QTest::newRow("cpus per task") << "tasks"
                                       << "--cpus-per-task=4";
        QTest::newRow("mem") << "mem"
                             << "--mem=1536M";
        QTest::newRow("partition") << "partition"
                                   << "--partition=gpu";
        QTest::newRow("default partition") << "none"
                                           << "--partition=batch";
        QTest::newRow("qos mapped") << "qos"
                                    << "--qos=high";
        QTest::newRow("qos unmapped") << "qos-unmapped"
                                      << "--qos=research";
        QTest::newRow("account") << "account"
                                 << "--account=mlteam";
        QTest::newRow("time") << "time"
                              << "--time=1-01:02:00";
        QTest::newRow("dependency") << "dependency"
                                    << "--dependency=afterok:12,afterany:13";
        QTest::newRow("requeue") << "requeue"
                                 << "--requeue";
        QTest::newRow("signal") << "checkpoint"
                                << "--signal=USR1@300";
        QTest::newRow("signal capped") << "checkpoint-long"
                                       << "--signal=USR1@600";
        QTest::newRow("chdir") << "chdir"
                               << "--chdir=/home/ml";
        QTest::newRow("name") << "none"
                              << "--job-name=train";
        QTest::newRow("parsable") << "none"
                                  << "--parsable";
    }
    void eachFieldBecomesItsOption()
    {
        QFETCH(QString, field);
        QFETCH(QString, expected);
        pb::JobSpec spec = baseSpec();
        SlurmSubmitOptions options;
        options.partition = "batch";
        options.qosByPriorityClass = {{"urgent", "high"}};
        if (field == "model")
            spec.add_gpu_models("NVIDIA H200");
        if (field == "nodes")
            spec.set_node_count(2);
        if (field == "tasks") {
            spec.set_tasks_per_node(8);
            spec.set_cpus(32);
        }
        if (field == "mem")
            spec.set_memory_bytes(1536ll << 20);
        if (field == "partition")
            spec.set_partition("gpu");
        if (field == "qos")
            spec.set_priority_class("urgent");
        if (field == "qos-unmapped")
            spec.set_priority_class("research");
        if (field == "account")
            spec.set_queue("mlteam");
        if (field == "time")
            spec.set_time_limit_s(25 * 3600 + 2 * 60 - 30);
        if (field == "dependency") {
            spec.add_dependencies("afterok:12");
            spec.add_dependencies("afterany:13");
        }
        if (field == "requeue")
            spec.set_requeue(true);
        if (field == "checkpoint")
            spec.set_checkpoint_interval_s(300);
        if (field == "checkpoint-long")
            spec.set_checkpoint_interval_s(3600);
        if (field == "chdir")
            spec.set_working_directory("/home/ml");
        auto job = renderSbatch(spec, options);
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        QVERIFY2(hasWord(*job, expected.toStdString()), qPrintable(words(*job)));
        QCOMPARE(QString::fromStdString(job->command.front()), QString("sbatch"));
        QCOMPARE(QString::fromStdString(job->mediaType), QString("text/x-shellscript"));
    }

    void hostileTextStaysOneWordAndTheScriptBodyAsWritten()
    {
        pb::JobSpec spec = baseSpec();
        const std::string name = "a'b\"c $(touch /tmp/x) `id`; rm -rf /\nsecond line";
        const std::string command = "echo 'it''s' \"$(date)\" `hostname`; echo done\nexit 0";
        spec.set_name(name);
        spec.set_command(command);
        (*spec.mutable_environment())["TOKEN"] = "it's $(not run) `nor this`";
        auto job = renderSbatch(spec, {});
        QVERIFY(job.ok());
        QVERIFY(hasWord(*job, "--job-name=" + name)); // one word, byte for byte
        const std::string &script = job->text;
        QVERIFY(script.rfind("#!/bin/bash\n", 0) == 0);
        QVERIFY(script.find("export TOKEN='it'\\''s $(not run) `nor this`'\n") != std::string::npos);
        QVERIFY(script.size() >= command.size() + 1);
        QCOMPARE(script.substr(script.size() - command.size() - 1), command + "\n");
        QVERIFY(script.find(name) == std::string::npos); // the name travels on argv only
    }

    void refusesWhatSbatchCannotExpress_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("field");
        QTest::newRow("no command") << "no-command"
                                    << "command";
        QTest::newRow("elastic") << "elastic"
                                 << "gpus_min";
        QTest::newRow("fraction") << "fraction"
                                  << "gpu_milli";
        QTest::newRow("uneven") << "uneven"
                                << "gpus_max";
        QTest::newRow("two models") << "models"
                                    << "gpu_models";
        QTest::newRow("bad env name") << "env"
                                      << "environment";
        QTest::newRow("bad dependency") << "dependency"
                                        << "dependencies";
        QTest::newRow("dependency injection") << "dependency-injection"
                                              << "dependencies";
        QTest::newRow("negative") << "negative"
                                  << "node_count";
    }
    void refusesWhatSbatchCannotExpress()
    {
        QFETCH(QString, change);
        QFETCH(QString, field);
        pb::JobSpec spec = baseSpec();
        if (change == "no-command")
            spec.clear_command();
        if (change == "elastic")
            spec.set_gpus_max(4);
        if (change == "fraction")
            spec.set_gpu_milli(500);
        if (change == "uneven") {
            spec.set_gpus_min(3), spec.set_gpus_max(3);
            spec.set_node_count(2);
        }
        if (change == "models") {
            spec.add_gpu_models("H100");
            spec.add_gpu_models("H200");
        }
        if (change == "env")
            (*spec.mutable_environment())["A B"] = "x";
        if (change == "dependency")
            spec.add_dependencies("afterok");
        if (change == "dependency-injection")
            spec.add_dependencies("afterok:1 --wrap=id");
        if (change == "negative")
            spec.set_node_count(-1);
        auto job = renderSbatch(spec, {});
        QVERIFY(!job.ok());
        QCOMPARE(job.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(job.error().message).contains(field), job.error().message.c_str());
    }

    // Half a megabyte of a valid name or dependency used to go through a recursive std::regex, one
    // stack frame a character, and overflow the stack of the engine's thread (issue 29); the
    // checks are one pass now, and still tell valid from invalid at that length.
    void aLongNameOrDependencyIsCheckedWithoutRecursion()
    {
        const std::size_t size = 500 * 1000;
        pb::JobSpec spec = baseSpec();
        (*spec.mutable_environment())[std::string(size, 'A')] = "x";
        spec.add_dependencies("afterok:" + std::string(size, '1') + "_2+3:4");
        auto job = renderSbatch(spec, {});
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        QVERIFY(job->text.find("export " + std::string(size, 'A') + "='x'") != std::string::npos);

        spec.mutable_environment()->clear();
        (*spec.mutable_environment())[std::string(size, 'A') + "-"] = "x";
        QVERIFY(!renderSbatch(spec, {}).ok());
        spec.mutable_environment()->clear();
        spec.set_dependencies(0, "afterok:" + std::string(size, '1') + ":");
        QVERIFY(!renderSbatch(spec, {}).ok());
        spec.set_dependencies(0, "afterok:1_:2");
        QVERIFY(!renderSbatch(spec, {}).ok());
        spec.set_dependencies(0, "afterok:1_2+3:4+5");
        QVERIFY(renderSbatch(spec, {}).ok());
    }

    void gresTypesAndDurations()
    {
        QCOMPARE(QString::fromStdString(slurmGresType("NVIDIA H200")), QString("h200"));
        QCOMPARE(QString::fromStdString(slurmGresType("H100 80GB HBM3")), QString("h100"));
        QCOMPARE(QString::fromStdString(slurmGresType("a100")), QString("a100"));
        QCOMPARE(QString::fromStdString(slurmDuration(59)), QString("0-00:01:00"));
        QCOMPARE(QString::fromStdString(slurmDuration(3600)), QString("0-01:00:00"));
        QCOMPARE(QString::fromStdString(slurmDuration(2 * 86400 + 61)), QString("2-00:02:00"));
        // The largest limit a JobSpec can carry still rounds up to a whole minute, not past int64.
        const std::int64_t maxSeconds = std::numeric_limits<std::int64_t>::max();
        QCOMPARE(QString::fromStdString(slurmDuration(maxSeconds)),
                 QString("%1-%2:%3:00")
                     .arg((maxSeconds / 60 + 1) / 1440)
                     .arg((maxSeconds / 60 + 1) / 60 % 24, 2, 10, QChar('0'))
                     .arg((maxSeconds / 60 + 1) % 60, 2, 10, QChar('0')));
    }

    // The largest values a JobSpec's fields can hold are rendered, not overflowed (the fuzzer's
    // find: 2 nodes x 1342177279 tasks per node overflowed int).
    void extremeCountsAndSizesAreRenderedExactly()
    {
        pb::JobSpec spec = baseSpec();
        spec.set_node_count(2);
        spec.set_tasks_per_node(1342177279);
        spec.set_cpus(std::numeric_limits<std::int32_t>::max());
        spec.set_memory_bytes(std::numeric_limits<std::int64_t>::max());
        const auto job = renderSbatch(spec, {});
        QVERIFY2(job, job ? "" : job.error().message.c_str());
        QVERIFY2(hasWord(*job, "--ntasks-per-node=1342177279"), qPrintable(words(*job)));
        QVERIFY2(hasWord(*job, "--cpus-per-task=1"), qPrintable(words(*job)));
        QVERIFY2(hasWord(*job, "--mem=8796093022208M"), qPrintable(words(*job))); // 2^63 bytes, in MiB

        spec.set_tasks_per_node(1);
        const auto perTask = renderSbatch(spec, {});
        QVERIFY(perTask);
        QVERIFY2(hasWord(*perTask, "--cpus-per-task=1073741824"), qPrintable(words(*perTask))); // (2^31-1)/2 up
    }
};

QTEST_GUILESS_MAIN(TstSlurmScript)
#include "tst_slurm_script.moc"
