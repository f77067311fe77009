// The whole estimate: request validation, fit and the reason it fails, the largest micro-batch,
// ranked candidates and the nearest fitting configuration, step time from FLOPs and the comms
// cost model, inference memory and time.
#include "backend/planner/job_planner.h"
#include "backend/planner/model_shape.h"

#include <cmath>
#include <random>

#include <QTest>

using namespace sn::planner;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// The example: 13B on 2 x 8 A100 80GB, BF16, ZeRO 2, sequence 4096, micro-batch 4.
PlanInput thirteenB()
{
    PlanInput in;
    in.model.parameters = 13e9;
    in.gpuModel = "A100-80GB";
    in.gpus = 16;
    in.seq = 4096;
    in.training.precision = TrainPrecision::Bf16Mixed;
    in.training.zeroStage = 2;
    in.training.microBatch = 4;
    in.training.checkpointing = Checkpointing::None;
    return in;
}

} // namespace

class TestJobPlanner : public QObject {
    Q_OBJECT
private slots:
    void badInputGetsAClearMessage_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("expected");
        QTest::newRow("negative params") << "params"
                                         << "positive";
        QTest::newRow("no gpus") << "gpus"
                                 << "at least 1";
        QTest::newRow("gpus not divisible by tp*pp") << "tp3"
                                                     << "not divisible by TP x PP";
        QTest::newRow("tp not dividing heads") << "tp16"
                                               << "does not divide the 40 attention heads";
        QTest::newRow("pp beyond layers") << "pp"
                                          << "exceeds the model's";
        QTest::newRow("unknown gpu") << "gpu"
                                     << "known models: A100-40GB";
        QTest::newRow("zero stage") << "zero"
                                    << "ZeRO stage must be 0, 1, 2 or 3";
        QTest::newRow("bf16 on v100") << "bf16v100"
                                      << "no BF16";
        QTest::newRow("fp8 on a100") << "fp8a100"
                                     << "FP8 training needs one of H100-SXM";
        QTest::newRow("uneven nodes") << "nodes"
                                      << "cannot be split evenly over 3 nodes";
        QTest::newRow("negative seq") << "seq"
                                      << "sequence length";
        QTest::newRow("mfu") << "mfu"
                             << "MFU";
        QTest::newRow("negative micro-batch") << "mb"
                                              << "micro-batch";
        QTest::newRow("kv heads") << "kv"
                                  << "multiple of the KV heads";
        QTest::newRow("hidden vs heads") << "hidden"
                                         << "not a multiple of the";
        QTest::newRow("negative layers") << "layers"
                                         << "must not be negative";
    }
    void badInputGetsAClearMessage()
    {
        QFETCH(QString, field);
        QFETCH(QString, expected);
        PlanInput in = thirteenB();
        if (field == "params")
            in.model.parameters = -1;
        else if (field == "gpus")
            in.gpus = 0;
        else if (field == "tp3")
            in.tp = 3;
        else if (field == "tp16")
            in.tp = 16;
        else if (field == "pp")
            in.pp = 16, in.model.layers = 8;
        else if (field == "gpu")
            in.gpuModel = "MI300X";
        else if (field == "zero")
            in.training.zeroStage = 4;
        else if (field == "bf16v100")
            in.gpuModel = "V100-32GB";
        else if (field == "fp8a100")
            in.training.precision = TrainPrecision::Fp8Mixed;
        else if (field == "nodes")
            in.nodes = 3;
        else if (field == "seq")
            in.seq = -4096;
        else if (field == "mfu")
            in.mfu = 0;
        else if (field == "mb")
            in.training.microBatch = -1;
        else if (field == "kv")
            in.model.kvHeads = 7;
        else if (field == "hidden")
            in.model.hidden = 5010, in.model.heads = 40, in.model.layers = 40;
        else if (field == "layers")
            in.model.layers = -2;
        auto e = planJob(in);
        QVERIFY(!e.ok());
        QCOMPARE(e.error().code, sn::ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(e.error().message).contains(expected), e.error().message.c_str());
    }

    // The ZeRO paper's 7.5B / 64 GPU figures through the whole planner (V100 32GB, FP16 Adam).
    void zeroPaperThroughThePlanner_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("paperGB");
        QTest::newRow("baseline") << 0 << 120.0;
        QTest::newRow("P_os") << 1 << 31.4;
        QTest::newRow("P_os+g") << 2 << 16.6;
        QTest::newRow("P_os+g+p") << 3 << 1.9;
    }
    void zeroPaperThroughThePlanner()
    {
        QFETCH(int, stage);
        QFETCH(double, paperGB);
        PlanInput in;
        in.model.parameters = 7.5e9;
        in.gpuModel = "V100-32GB";
        in.gpus = 64;
        in.training.precision = TrainPrecision::Fp16Mixed;
        in.training.optimizer = Optimizer::Adam;
        in.training.zeroStage = stage;
        in.training.checkpointing = Checkpointing::Full;
        auto e = planJob(in);
        QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
        const double states = e->memory.paramsBytes + e->memory.gradsBytes + e->memory.optimizerBytes;
        QVERIFY2(std::abs(states / 1e9 - paperGB) < 0.05, qPrintable(QString::number(states / 1e9)));
        // 120 GB cannot fit a 32 GiB V100; 31.4 GB just does, with full recomputation and the reserve.
        QCOMPARE(e->fits, stage >= 1);
    }

    void thirteenBOnSixteenA100s()
    {
        auto e = planJob(thirteenB());
        QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
        QCOMPARE(e->nodes, 2);
        QCOMPARE(e->config.dp, 16);
        // Model states: 13e9 x (2 + (2 + 12) / 16) bytes.
        QCOMPARE(e->memory.paramsBytes, 26e9);
        QCOMPARE(e->memory.gradsBytes + e->memory.optimizerBytes, 13e9 * 14 / 16);
        // 13e9 is Llama 2 13B's size: its 40 layers of 5120 with 40 heads.
        QCOMPARE(e->shape.assumedFrom, std::string("Llama 2 13B"));
        QCOMPARE(e->shape.shape.layers, 40);
        // Activations: 40 layers x 4096 x 4 x 5120 x (34 + 5 x 40 x 4096 / 5120) bytes.
        QCOMPARE(e->memory.activationBytes, 40.0 * 4096 * 4 * 5120 * (34 + 5.0 * 40 * 4096 / 5120));
        QVERIFY(!e->fits); // ~150 GiB of activations without checkpointing
        QVERIFY(QString::fromStdString(e->reason).contains("activations"));
        QVERIFY(e->nearest.has_value());
        QVERIFY(!e->nearest->change.empty());
        QVERIFY(e->nearest->memoryBytes <= e->gpu.memoryBytes());
        QVERIFY(QString::fromStdString(e->reason).contains(QString::fromStdString(e->nearest->change)));
        QVERIFY(!e->explain.empty());
    }

    // A size near a published model takes its whole shape (Llama 2 70B: 80 layers, 8 KV heads);
    // one between them keeps the nearest width and sets the depth from 12·L·h².
    void shapeFromTheNearestPublishedModel_data()
    {
        QTest::addColumn<double>("parameters");
        QTest::addColumn<QString>("from");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("kvHeads");
        QTest::newRow("70b") << 70e9 << "Llama 2 70B" << 80 << 8;
        QTest::newRow("7b") << 7e9 << "Llama 2 7B" << 32 << 32;
        QTest::newRow("30b") << 30e9 << "Llama 2 13B" << int(std::lround(30e9 / (12.0 * 5120 * 5120))) << 40;
    }
    void shapeFromTheNearestPublishedModel()
    {
        QFETCH(double, parameters);
        QFETCH(QString, from);
        QFETCH(int, layers);
        QFETCH(int, kvHeads);
        auto s = resolveShape({parameters, 0, 0, 0, 0, 0});
        QVERIFY(s.ok());
        QCOMPARE(QString::fromStdString(s->assumedFrom), from);
        QCOMPARE(s->shape.layers, layers);
        QCOMPARE(s->shape.kvHeads, kvHeads);
        // Given fields are kept.
        auto given = resolveShape({parameters, 10, 1024, 8, 0, 0});
        QVERIFY(given.ok());
        QVERIFY(given->assumedFrom.empty());
        QCOMPARE(given->shape.layers, 10);
        QCOMPARE(given->shape.headDim, 128);
    }

    void largestMicroBatchIsTheEdge()
    {
        PlanInput in = thirteenB();
        in.training.checkpointing = Checkpointing::Full;
        auto e = planJob(in);
        QVERIFY(e.ok());
        QVERIFY(e->fits);
        const int best = e->maxMicroBatch;
        QVERIFY(best >= 4);
        in.training.microBatch = best;
        QVERIFY(planJob(in)->fits);
        in.training.microBatch = best + 1;
        QVERIFY(!planJob(in)->fits);
    }

    void candidatesFitAndAreRankedByThroughput()
    {
        auto e = planJob(thirteenB());
        QVERIFY(e.ok());
        QVERIFY(!e->candidates.empty());
        QVERIFY(e->candidates.size() <= 10);
        for (std::size_t i = 0; i < e->candidates.size(); ++i) {
            const Candidate &c = e->candidates[i];
            QVERIFY(c.memoryBytes <= e->gpu.memoryBytes());
            QCOMPARE(c.config.tp * c.config.pp * c.config.dp, 16);
            QVERIFY(40 % c.config.tp == 0);
            if (i > 0)
                QVERIFY(c.tokensPerSecond <= e->candidates[i - 1].tokensPerSecond);
        }
    }

    void nothingFitsNamesTheGpusNeeded()
    {
        PlanInput in;
        in.model.parameters = 175e9;
        in.gpuModel = "L4";
        in.gpus = 2;
        auto e = planJob(in);
        QVERIFY(e.ok());
        QVERIFY(!e->fits);
        QVERIFY(!e->nearest);
        QVERIFY(e->candidates.empty());
        // 175e9 x 16 bytes / 24 GiB is ~109 GPUs of model states alone.
        QVERIFY(e->minimumGpus >= 128);
        QVERIFY(QString::fromStdString(e->reason).contains("needs at least"));
    }

    void computeTimeFollowsSixPT()
    {
        PlanInput in = thirteenB();
        in.training.checkpointing = Checkpointing::Full;
        in.training.microBatch = 1;
        in.training.tokens = 1e9;
        auto e = planJob(in);
        QVERIFY(e.ok());
        const double tokens = 1.0 * 16 * 4096;
        QCOMPARE(e->time.tokensPerStep, tokens);
        // 8 x P x tokens with full recomputation, at 312 TFLOPS BF16 x MFU 0.4 on 16 GPUs.
        QVERIFY(qFuzzyCompare(e->time.computeMs, 8 * 13e9 * tokens / (16 * 312e12 * 0.4) * 1e3));
        QVERIFY(e->time.dpCommMs > 0);
        QVERIFY(e->time.stepMs <= e->time.stepMsNoOverlap);
        QVERIFY(e->time.commShare <= e->time.commShareNoOverlap);
        QVERIFY(e->time.commShare >= 0 && e->time.commShareNoOverlap < 1);
        QCOMPARE(e->time.steps, std::ceil(1e9 / tokens));
        QVERIFY(qFuzzyCompare(e->time.jobSeconds, e->time.steps * e->time.stepMsCompressed / 1000));
    }

    void crossingNodesCostsMoreThanNvlink()
    {
        PlanInput in = thirteenB();
        in.training.checkpointing = Checkpointing::Full;
        in.gpus = 8;
        const double oneNode = planJob(in)->time.dpCommMs;
        in.gpus = 16;
        const double twoNodes = planJob(in)->time.dpCommMs;
        QVERIFY2(twoNodes > oneNode, qPrintable(QStringLiteral("%1 vs %2").arg(twoNodes).arg(oneNode)));
        // Rail-optimised 8 x 400G nodes carry the hierarchical all-reduce's inter-node share
        // well; one NIC per node makes the network the bottleneck.
        in.nicsPerNode = 1;
        const double oneNic = planJob(in)->time.dpCommMs;
        QVERIFY2(oneNic > 2 * twoNodes, qPrintable(QStringLiteral("%1 vs %2").arg(oneNic).arg(twoNodes)));
    }

    void compressionShrinksCommunication()
    {
        PlanInput in = thirteenB();
        in.training.checkpointing = Checkpointing::Full;
        in.training.overlap = 0;
        in.training.compression = sn::comms::GradientCompression::fp8FromFp16();
        auto e = planJob(in);
        QVERIFY(e.ok());
        QCOMPARE(e->time.compression, std::string("fp16->fp8"));
        QVERIFY(e->time.dpCommCompressedMs < e->time.dpCommMs * 0.7);
        QVERIFY(e->time.commShareCompressed < e->time.commShare);
    }

    void tensorParallelTrafficAppearsWithTp()
    {
        PlanInput in = thirteenB();
        in.tp = 4;
        auto e = planJob(in);
        QVERIFY(e.ok());
        QCOMPARE(e->config.dp, 4);
        QVERIFY(e->time.tpCommMs > 0);
        QCOMPARE(e->memory.paramsBytes, 13e9 / 4 * 2);
        in.tp = 1;
        QCOMPARE(planJob(in)->time.tpCommMs, 0.0);
    }

    // Random requests, sensible and absurd: every one gets an estimate or an InvalidArgument with
    // a message; estimates have finite numbers and their candidates fit.
    void randomRequestsNeverBreakThePlanner()
    {
        std::mt19937 rng(14);
        auto pick = [&](std::initializer_list<int> values) {
            return *(values.begin() + std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(rng));
        };
        const std::vector<std::string> gpus = knownGpuNames();
        int estimates = 0;
        for (int i = 0; i < 400; ++i) {
            // A sensible request...
            PlanInput in;
            in.workload = rng() % 3 == 0 ? Workload::Inference : Workload::Training;
            in.model.parameters = std::pow(10.0, std::uniform_real_distribution<double>(8, 11.5)(rng));
            if (rng() % 2) {
                in.model.layers = pick({24, 32, 80});
                in.model.hidden = pick({2048, 4096, 8192});
                in.model.heads = pick({16, 32, 64});
                in.model.kvHeads = pick({0, 8, 16});
            }
            in.gpuModel = gpus[rng() % gpus.size()];
            in.gpus = pick({1, 2, 8, 16, 64});
            in.tp = in.gpus % 2 == 0 ? pick({1, 2}) : 1;
            in.seq = pick({2048, 4096, 128});
            in.training.precision = rng() % 2 ? TrainPrecision::Fp16Mixed : TrainPrecision::Fp32;
            in.training.optimizer = Optimizer(rng() % 4);
            in.training.zeroStage = pick({0, 1, 2, 3});
            in.training.checkpointing = Checkpointing(rng() % 3);
            in.training.microBatch = pick({1, 2, 8});
            in.training.gradientAccumulation = pick({1, 4, 16});
            in.training.tokens = pick({0, 1000000});
            in.inference.weights = rng() % 2 ? WeightFormat::Fp16 : WeightFormat::Int4;
            in.inference.batch = pick({1, 16});
            // ...and, one time in three, one absurd field.
            switch (rng() % 30) {
            case 0:
                in.model.parameters = -in.model.parameters;
                break;
            case 1:
                in.model.layers = pick({-3, 200000});
                break;
            case 2:
                in.model.hidden = 5001, in.model.heads = 32, in.model.layers = 10;
                break;
            case 3:
                in.model.kvHeads = 7, in.model.heads = 32;
                break;
            case 4:
                in.gpuModel = "TPU-v5";
                break;
            case 5:
                in.gpus = pick({0, -8, 2000000});
                break;
            case 6:
                in.nodes = 3;
                break;
            case 7:
                in.tp = pick({0, 3, 1 << 30});
                break;
            case 8:
                in.pp = pick({0, 1 << 30});
                break;
            case 9:
                in.seq = pick({0, -1, 1 << 30});
                break;
            case 10:
                in.mfu = 1.5;
                break;
            case 11:
                in.training.zeroStage = 4;
                break;
            case 12:
                in.training.microBatch = pick({0, 100000});
                break;
            case 13:
                in.inference.batch = 0;
                break;
            case 14:
                in.training.precision = TrainPrecision::Fp8Mixed;
                break; // fails on pre-Hopper
            default:
                break;
            }
            auto e = planJob(in);
            if (!e.ok()) {
                QCOMPARE(e.error().code, sn::ErrorCode::InvalidArgument);
                QVERIFY(!e.error().message.empty());
                continue;
            }
            ++estimates;
            QVERIFY(std::isfinite(e->memory.totalBytes()) && e->memory.totalBytes() > 0);
            QVERIFY(std::isfinite(e->time.stepMs) && e->time.stepMs > 0);
            QVERIFY(std::isfinite(e->time.commShare) && e->time.commShare >= 0 && e->time.commShare <= 1);
            QCOMPARE(e->fits, e->reason.empty());
            for (const Candidate &c : e->candidates)
                QVERIFY(c.memoryBytes <= e->gpu.memoryBytes());
        }
        QVERIFY2(estimates > 200, qPrintable(QString::number(estimates))); // the sensible ones were planned
    }

    // Llama 2 70B inference on one 8 x H100 node, TP 8: 17.5 GB of BF16 weights per GPU and
    // 1/8 of the 327,680-byte-per-token KV cache.
    void llama70bInference()
    {
        PlanInput in;
        in.workload = Workload::Inference;
        in.model = {70e9, 80, 8192, 64, 8, 128};
        in.gpuModel = "H100-SXM";
        in.gpus = 8;
        in.tp = 8;
        in.seq = 4096;
        in.inference.batch = 16;
        in.inference.outputTokens = 256;
        auto e = planJob(in);
        QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
        QCOMPARE(e->memory.paramsBytes, 70e9 * 2 / 8);
        QCOMPARE(e->memory.kvCacheBytes, 327680.0 / 8 * 4096 * 16);
        QVERIFY(e->fits);
        QVERIFY(e->maxMicroBatch > 16);
        // Decode reads the weights once per token: at least 17.5 GB / 3.35 TB/s.
        QVERIFY(e->time.decodeMsPerToken >= 70e9 * 2 / 8 / 3350e9 * 1e3);
        QVERIFY(e->time.jobSeconds > 0);
        // One GPU cannot hold 140 GB of BF16 weights; INT4 can.
        in.gpus = 1;
        in.tp = 1;
        in.inference.batch = 1;
        auto one = planJob(in);
        QVERIFY(one.ok());
        QVERIFY(!one->fits);
        QVERIFY(one->nearest.has_value());
        QCOMPARE(one->nearest->config.weights, WeightFormat::Int4);
        QVERIFY(one->memory.paramsBytes > 80 * kGiB);
    }
};

QTEST_GUILESS_MAIN(TestJobPlanner)
#include "tst_job_planner.moc"
