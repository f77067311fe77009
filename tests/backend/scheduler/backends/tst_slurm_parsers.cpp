// Slurm's outputs read from real captures (Slurm 22.05.8 on Debian 12, a 21.08 squeue, a 2015
// scontrol), and every malformed input refused with what and where.
#include "backend/scheduler/backends/slurm_hostlist.h"
#include "backend/scheduler/backends/slurm_job_json.h"
#include "backend/scheduler/backends/slurm_job_state.h"
#include "backend/scheduler/backends/slurm_scontrol.h"

#include "tests/support/shared_data.h"

#include <QFile>
#include <QTest>

using namespace sn;

namespace {

const QString kDebian = "slurm/debian12-slurm-22.05/";

std::string readShared(const QString &relative)
{
    QFile f(test::sharedDataPath(relative));
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

class TstSlurmParsers : public QObject {
    Q_OBJECT
private slots:
    void squeueJsonOfTheRealCluster()
    {
        if (!test::requireSharedData(kDebian + "squeue.json"))
            return;
        auto jobs = parseSqueueJson(readShared(kDebian + "squeue.json"));
        QVERIFY2(jobs.ok(), jobs.ok() ? "" : jobs.error().message.c_str());
        QCOMPARE(jobs->size(), std::size_t{3});
        std::map<std::string, SlurmJobInfo> byName;
        for (const SlurmJobInfo &j : *jobs)
            byName[j.name] = j;

        const SlurmJobInfo &train = byName.at("train-llm");
        QCOMPARE(q(train.jobId), QString("1"));
        QCOMPARE(q(train.state), QString("RUNNING"));
        QCOMPARE(q(train.account), QString("mlteam"));
        QCOMPARE(q(train.qos), QString("high"));
        QCOMPARE(train.nodes, std::vector<std::string>{"gpu01"});
        QCOMPARE(train.gpus.size(), std::size_t{2});
        QCOMPARE(q(train.gpus[1].node), QString("gpu01"));
        QCOMPARE(train.gpus[1].index, 1);
        QCOMPARE(q(train.allocTres), QString("cpu=1,node=1,billing=1,gres/gpu=2,gres/gpu:h200=2"));

        const SlurmJobInfo &gang = byName.at("gang-2x8");
        QCOMPARE(gang.nodes, (std::vector<std::string>{"gpu02", "gpu03"}));
        QCOMPARE(gang.gpus.size(), std::size_t{16});
        QCOMPARE(q(gang.gpus[15].node), QString("gpu03"));
        QCOMPARE(gang.gpus[15].index, 7);

        const SlurmJobInfo &over = byName.at("over-limit");
        QCOMPARE(q(over.state), QString("PENDING"));
        QCOMPARE(q(over.reason), QString("QOSMaxGRESPerUser"));
        QVERIFY(over.nodes.empty());

        const pb::Job job = jobFromSlurm(over);
        QCOMPARE(job.state(), pb::JOB_STATE_PENDING);
        QCOMPARE(q(job.id()), QString("slurm-3"));
        QCOMPARE(q(job.backend_job_id()), QString("3"));
        QVERIFY2(q(job.pending_reason()).contains("QOSMaxGRESPerUser"), job.pending_reason().c_str());
        QVERIFY2(q(job.pending_reason()).contains("GPUs"), job.pending_reason().c_str());
        QCOMPARE(job.start_time_ms(), 0);
        const pb::Job running = jobFromSlurm(train);
        QCOMPARE(running.state(), pb::JOB_STATE_RUNNING);
        QCOMPARE(running.gpus_size(), 2);
        QVERIFY(running.pending_reason().empty());
        QCOMPARE(running.end_time_ms(), 0); // squeue's end_time of a running job is a forecast
        QCOMPARE(running.start_time_ms(), 1796223460000);
    }

    void squeueJsonOfAnOlderSlurm()
    {
        if (!test::requireSharedData("slurm/rivosinc_exporter/squeue_out.json"))
            return;
        auto jobs = parseSqueueJson(readShared("slurm/rivosinc_exporter/squeue_out.json"));
        QVERIFY2(jobs.ok(), jobs.ok() ? "" : jobs.error().message.c_str());
        QCOMPARE(jobs->size(), std::size_t{2});
        QCOMPARE(q(jobs->front().jobId), QString("26515966"));
        QCOMPARE(jobs->front().nodes, std::vector<std::string>{"cs75"});
    }

    void sacctJsonOfTheRealCluster()
    {
        if (!test::requireSharedData(kDebian + "sacct.json"))
            return;
        auto jobs = parseSacctJson(readShared(kDebian + "sacct.json"));
        QVERIFY2(jobs.ok(), jobs.ok() ? "" : jobs.error().message.c_str());
        QCOMPARE(jobs->size(), std::size_t{3});
        const SlurmJobInfo &gang = (*jobs)[1];
        QCOMPARE(q(gang.name), QString("gang-2x8"));
        QCOMPARE(gang.nodes, (std::vector<std::string>{"gpu02", "gpu03"}));
        QVERIFY2(q(gang.allocTres).contains("gres/gpu=16"), gang.allocTres.c_str());
        QCOMPARE(gpusInTres(gang.allocTres), 16);
        QCOMPARE(q((*jobs)[2].state), QString("PENDING"));
        QVERIFY((*jobs)[2].nodes.empty()); // "None assigned"
    }

    void scontrolNodesOfTheRealCluster()
    {
        if (!test::requireSharedData(kDebian + "scontrol-o-show-node.txt"))
            return;
        auto nodes = parseScontrolNodes(readShared(kDebian + "scontrol-o-show-node.txt"));
        QVERIFY2(nodes.ok(), nodes.ok() ? "" : nodes.error().message.c_str());
        QCOMPARE(nodes->size(), std::size_t{4});
        const BackendNode &n = nodes->front();
        QCOMPARE(q(n.name), QString("gpu01"));
        QCOMPARE(q(n.state), QString("mixed"));
        QCOMPARE(n.cpus, 16);
        QCOMPARE(n.memoryBytes, 64000ll << 20);
        QCOMPARE(n.gpus, 8);
        QCOMPARE(n.gpusAllocated, 2);
        QCOMPARE(q(n.gpuModel), QString("h200"));
        QCOMPARE(n.queues, (std::vector<std::string>{"gpu", "debug"}));
        QCOMPARE((*nodes)[3].gpusAllocated, 0);
        QCOMPARE(q((*nodes)[3].state), QString("idle"));
    }

    void scontrolNodesOfAnOldSlurmWithoutGpus()
    {
        if (!test::requireSharedData("slurm/freenodes/scontrol_show_node_oneliner.txt"))
            return;
        auto nodes = parseScontrolNodes(readShared("slurm/freenodes/scontrol_show_node_oneliner.txt"));
        QVERIFY2(nodes.ok(), nodes.ok() ? "" : nodes.error().message.c_str());
        QCOMPARE(nodes->size(), std::size_t{21});
        QCOMPARE(nodes->front().gpus, 0);
        QCOMPARE(q(nodes->front().state), QString("allocated"));
    }

    void partitions()
    {
        const std::string text =
            "PartitionName=gpu AllowGroups=ALL Default=YES QoS=N/A DefaultTime=NONE MaxTime=UNLIMITED "
            "Nodes=gpu[01-04] State=UP TotalCPUs=64\n"
            "PartitionName=debug Default=NO MaxTime=01:00:00 Nodes=gpu01 State=DOWN\n"
            "PartitionName=long MaxTime=2-00:00:30 Nodes=gpu02 State=UP\n"
            // Found by fuzz_slurm_text in CI: a day count past int64 threw out of std::stoll.
            "PartitionName=huge MaxTime=4444444444444444444444444442-00:00:00 Nodes=gpu03 State=UP\n"
            "PartitionName=wraps MaxTime=106751991167300-23:59:59 Nodes=gpu03 State=UP\n";
        auto queues = parseScontrolPartitions(text);
        QVERIFY2(queues.ok(), queues.ok() ? "" : queues.error().message.c_str());
        QCOMPARE(queues->size(), std::size_t{5});
        QCOMPARE((*queues)[2].maxTimeS, 2 * 86400 + 30);
        QCOMPARE((*queues)[3].maxTimeS, 0); // beyond int64 seconds: no limit, as UNLIMITED
        QCOMPARE((*queues)[4].maxTimeS, 0); // the days fit in int64 seconds, days plus hours do not
        QCOMPARE((*queues)[0].nodes.size(), std::size_t{4});
        QVERIFY((*queues)[0].isDefault);
        QCOMPARE((*queues)[0].maxTimeS, 0);
        QCOMPARE((*queues)[1].maxTimeS, 3600);
        QCOMPARE(q((*queues)[1].state), QString("down"));
    }

    void sbatchParsable_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("id"); // empty: an error
        QTest::newRow("plain") << "17\n"
                               << "17";
        QTest::newRow("cluster") << "17;peers\n"
                                 << "17";
        QTest::newRow("array") << "17_3\n"
                               << "17_3";
        QTest::newRow("human form") << "Submitted batch job 1\n"
                                    << "";
        QTest::newRow("empty") << ""
                               << "";
        QTest::newRow("error text") << "sbatch: error: Batch job submission failed: Invalid qos specification\n"
                                    << "";
    }
    void sbatchParsable()
    {
        QFETCH(QString, text);
        QFETCH(QString, id);
        auto parsed = parseSbatchParsable(text.toStdString());
        if (id.isEmpty()) {
            QVERIFY(!parsed.ok());
            QVERIFY2(q(parsed.error().message).contains("sbatch --parsable"), parsed.error().message.c_str());
        } else {
            QVERIFY(parsed.ok());
            QCOMPARE(q(*parsed), id);
        }
    }

    void realHumanSbatchOutputIsNotTakenForAnId()
    {
        if (!test::requireSharedData(kDebian + "sbatch-1.txt"))
            return;
        QVERIFY(!parseSbatchParsable(readShared(kDebian + "sbatch-1.txt")).ok());
    }

    void malformedJson_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("where"); // what the message must contain
        QTest::newRow("syntax") << "{\"jobs\": [\n  {\"job_id\": 1,,}]}"
                                << "squeue --json:2:";
        QTest::newRow("not an object") << "[1,2]"
                                       << "expected a JSON object";
        QTest::newRow("no jobs") << "{\"meta\": {}}"
                                 << "'jobs'";
        QTest::newRow("job not object") << "{\"jobs\": [3]}"
                                        << "jobs[0] is not an object";
        QTest::newRow("no id") << "{\"jobs\": [{\"job_state\": \"RUNNING\"}]}"
                               << "jobs[0]: 'job_id' is missing";
        QTest::newRow("no state") << "{\"jobs\": [{\"job_id\": 4}]}"
                                  << "jobs[0] (job 4): 'job_state' is missing";
        QTest::newRow("bad hostlist")
            << "{\"jobs\": [{\"job_id\": 5, \"job_state\": \"RUNNING\", \"nodes\": \"gpu[01-\"}]}"
            << "(job 5): 'nodes'";
        QTest::newRow("gres beyond nodes")
            << "{\"jobs\": [{\"job_id\": 6, \"job_state\": \"RUNNING\", \"nodes\": \"a\", "
               "\"gres_detail\": [\"gpu:1(IDX:0)\", \"gpu:1(IDX:0)\"]}]}"
            << "'gres_detail' has 2 entries for 1 nodes";
        QTest::newRow("bad gpu index") << "{\"jobs\": [{\"job_id\": 7, \"job_state\": \"RUNNING\", \"nodes\": \"a\", "
                                          "\"gres_detail\": [\"gpu:2(IDX:3-1)\"]}]}"
                                       << "runs backwards";
        QTest::newRow("slurm error") << "{\"errors\": [{\"error\": \"Unable to contact slurm controller\", "
                                        "\"error_number\": 1007}], \"jobs\": []}"
                                     << "Slurm reports an error 1007";
        QTest::newRow("truncated") << "{\"jobs\": [{\"job_id\": 1"
                                   << "squeue --json:1:";
    }
    void malformedJson()
    {
        QFETCH(QString, json);
        QFETCH(QString, where);
        auto jobs = parseSqueueJson(json.toStdString());
        QVERIFY(!jobs.ok());
        QVERIFY2(q(jobs.error().message).contains(where), jobs.error().message.c_str());
    }

    // sacct says "Nothing found" (ESLURM_REST_EMPTY_RESULT) as an error when no job matches,
    // e.g. before slurmdbd has its first records: that is an empty list, not a failure.
    void sacctNothingFoundIsAnEmptyList()
    {
        auto jobs = parseSacctJson("{\"errors\": [{\"description\": \"Nothing found with query\", "
                                   "\"error_number\": 9003, \"error\": \"Nothing found\"}], \"jobs\": []}");
        QVERIFY2(jobs.ok(), jobs.ok() ? "" : jobs.error().message.c_str());
        QVERIFY(jobs->empty());
    }

    void malformedSacct()
    {
        auto jobs = parseSacctJson("{\"jobs\": [{\"job_id\": 9, \"state\": {}}]}");
        QVERIFY(!jobs.ok());
        QVERIFY2(q(jobs.error().message).contains("sacct --json: jobs[0] (job 9).state: 'current' is missing"),
                 jobs.error().message.c_str());
    }

    void malformedScontrol_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where");
        QTest::newRow("no NodeName") << "NodeName=a State=IDLE\nState=IDLE CPUTot=4\n"
                                     << "line 2: no NodeName=";
        QTest::newRow("garbage") << "\n\nhello world\n"
                                 << "line 3: 'hello' where Key=Value";
        QTest::newRow("partition output") << "PartitionName=gpu State=UP\n"
                                          << "line 1: no NodeName=";
    }
    void malformedScontrol()
    {
        QFETCH(QString, text);
        QFETCH(QString, where);
        auto nodes = parseScontrolNodes(text.toStdString());
        QVERIFY(!nodes.ok());
        QVERIFY2(q(nodes.error().message).contains("scontrol -o show node: " + where), nodes.error().message.c_str());
        auto queues = parseScontrolPartitions("PartitionName=x Nodes=a[1-\n");
        QVERIFY(!queues.ok());
        QVERIFY2(q(queues.error().message).contains("line 1: Nodes:"), queues.error().message.c_str());
    }

    void hostlists_data()
    {
        QTest::addColumn<QString>("list");
        QTest::addColumn<QStringList>("hosts"); // empty with error set: refused
        QTest::addColumn<bool>("ok");
        QTest::newRow("one") << "gpu01" << QStringList{"gpu01"} << true;
        QTest::newRow("range") << "gpu[02-03]" << QStringList{"gpu02", "gpu03"} << true;
        QTest::newRow("mixed") << "gpu[01,03-04],cpu1" << QStringList{"gpu01", "gpu03", "gpu04", "cpu1"} << true;
        QTest::newRow("two groups") << "r[1-2]n[1-2]" << QStringList{"r1n1", "r1n2", "r2n1", "r2n2"} << true;
        QTest::newRow("null") << "(null)" << QStringList{} << true;
        QTest::newRow("unclosed") << "gpu[01-02" << QStringList{} << false;
        QTest::newRow("backwards") << "gpu[03-01]" << QStringList{} << false;
        QTest::newRow("letters") << "gpu[a-b]" << QStringList{} << false;
        QTest::newRow("stray bracket") << "gpu]" << QStringList{} << false;
        QTest::newRow("empty item") << "a,,b" << QStringList{} << false;
        // Found by fuzz/fuzz_slurm_text: bracket groups multiply out (4^7 x 704 names took 14 s and
        // ~1 GB), so the product is bounded, not only each range.
        QTest::newRow("groups multiply past the limit")
            << "a[01-04]b[01-04]c[01-04]d[01-04]e[01-04]f[01-04]g[01-04]h[01-704]" << QStringList{} << false;
        QTest::newRow("items add up past the limit") << "a[1-40000],b[1-40000]" << QStringList{} << false;
    }
    void hostlistLimitIsTheProduct()
    {
        auto big = expandSlurmHostlist("r[1-256]n[1-256]"); // exactly 65536
        QVERIFY2(big.ok(), big.ok() ? "" : big.error().message.c_str());
        QCOMPARE(big->size(), std::size_t(65536));
        QCOMPARE(QString::fromStdString(big->back()), QString("r256n256"));
        auto over = expandSlurmHostlist("r[1-256]n[1-256],x");
        QVERIFY(!over.ok());
        QVERIFY2(q(over.error().message).contains("expands to more than 65536 hosts"), over.error().message.c_str());
        std::string ranges = "0-4096";
        for (int i = 0; i < 16; ++i)
            ranges += ",0-4096"; // 17 x 4097 indices
        auto indices = expandSlurmIndexList(ranges);
        QVERIFY(!indices.ok());
        QVERIFY2(q(indices.error().message).contains("expands to more than 65536 indices"),
                 indices.error().message.c_str());
    }
    void hostlists()
    {
        QFETCH(QString, list);
        QFETCH(QStringList, hosts);
        QFETCH(bool, ok);
        auto expanded = expandSlurmHostlist(list.toStdString());
        QCOMPARE(expanded.ok(), ok);
        if (!ok) {
            QVERIFY2(q(expanded.error().message).contains(list), expanded.error().message.c_str());
            return;
        }
        QStringList got;
        for (const std::string &h : *expanded)
            got << q(h);
        QCOMPARE(got, hosts);
    }

    void statesAndReasons_data()
    {
        QTest::addColumn<QString>("slurm");
        QTest::addColumn<int>("state");
        QTest::newRow("pending") << "PENDING" << int(pb::JOB_STATE_PENDING);
        QTest::newRow("requeued") << "REQUEUED" << int(pb::JOB_STATE_PENDING);
        QTest::newRow("running") << "RUNNING" << int(pb::JOB_STATE_RUNNING);
        QTest::newRow("completing") << "COMPLETING" << int(pb::JOB_STATE_RUNNING);
        QTest::newRow("completed") << "COMPLETED" << int(pb::JOB_STATE_COMPLETED);
        QTest::newRow("oom") << "OUT_OF_MEMORY" << int(pb::JOB_STATE_FAILED);
        QTest::newRow("timeout") << "TIMEOUT" << int(pb::JOB_STATE_FAILED);
        QTest::newRow("node fail") << "NODE_FAIL" << int(pb::JOB_STATE_FAILED);
        QTest::newRow("sacct cancelled") << "CANCELLED+" << int(pb::JOB_STATE_CANCELLED);
        QTest::newRow("sacct cancelled by") << "CANCELLED by 0" << int(pb::JOB_STATE_CANCELLED);
        QTest::newRow("preempted") << "PREEMPTED" << int(pb::JOB_STATE_PREEMPTED);
        QTest::newRow("suspended") << "SUSPENDED" << int(pb::JOB_STATE_PREEMPTED);
        QTest::newRow("unknown") << "WIBBLE" << int(pb::JOB_STATE_UNSPECIFIED);
    }
    void statesAndReasons()
    {
        QFETCH(QString, slurm);
        QFETCH(int, state);
        QCOMPARE(int(jobStateFromSlurm(slurm.toStdString())), state);
    }

    void reasonsInWords()
    {
        QCOMPARE(q(slurmReasonInWords("None")), QString());
        QVERIFY(q(slurmReasonInWords("Resources")).startsWith("waiting for resources"));
        QCOMPARE(q(slurmReasonInWords("QOSMaxGRESPerUser")),
                 QString("the QOS's limit on GPUs (GRES) per user is reached (Slurm: QOSMaxGRESPerUser)"));
        QCOMPARE(q(slurmReasonInWords("AssocGrpGRES")),
                 QString("the account's group limit on GPUs (GRES) is reached (Slurm: AssocGrpGRES)"));
        QCOMPARE(q(slurmReasonInWords("SomethingNew")), QString("Slurm: SomethingNew"));
    }

    void exitCodesFromTheWaitStatus()
    {
        auto jobs = parseSqueueJson("{\"jobs\": [{\"job_id\": 8, \"job_state\": \"FAILED\", \"exit_code\": 768},"
                                    "{\"job_id\": 9, \"job_state\": \"CANCELLED\", \"exit_code\": 15}]}");
        QVERIFY(jobs.ok());
        QCOMPARE(jobFromSlurm((*jobs)[0]).exit_code(), 3);
        QCOMPARE(jobFromSlurm((*jobs)[1]).exit_code(), 128 + 15);
    }
};

QTEST_GUILESS_MAIN(TstSlurmParsers)
#include "tst_slurm_parsers.moc"
