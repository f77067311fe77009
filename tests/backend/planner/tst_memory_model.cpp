// The planner's memory formulas against published figures; each row names its source.
#include "backend/planner/memory_model.h"

#include <QTest>

using namespace sn::planner;

class TestMemoryModel : public QObject {
    Q_OBJECT
private slots:
    // Rajbhandari et al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter
    // Models", SC'20, figure 1 / section 5.1: a 7.5B-parameter model, mixed-precision Adam
    // (K = 12), DP = 64: 120 GB baseline, 31.4 GB P_os, 16.6 GB P_os+g, 1.9 GB P_os+g+p.
    void zeroPaperModelStates_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("paperGB");
        QTest::newRow("baseline") << 0 << 120.0;
        QTest::newRow("P_os") << 1 << 31.4;
        QTest::newRow("P_os+g") << 2 << 16.6;
        QTest::newRow("P_os+g+p") << 3 << 1.9;
    }
    void zeroPaperModelStates()
    {
        QFETCH(int, stage);
        QFETCH(double, paperGB);
        for (TrainPrecision p : {TrainPrecision::Fp16Mixed, TrainPrecision::Bf16Mixed}) {
            const ModelStateMemory m = modelStateMemory(7.5e9, 64, stage, stateBytes(p, Optimizer::Adam));
            QVERIFY2(std::abs(m.total() / 1e9 - paperGB) < 0.05, qPrintable(QString::number(m.total() / 1e9)));
        }
    }

    void bytesPerParameterByPrecisionAndOptimizer_data()
    {
        QTest::addColumn<int>("precision");
        QTest::addColumn<int>("optimizer");
        QTest::addColumn<double>("total"); // params + grads + optimizer, unsharded
        // ZeRO paper: mixed-precision Adam 2 + 2 + 12.
        QTest::newRow("bf16 adamw") << int(TrainPrecision::Bf16Mixed) << int(Optimizer::AdamW) << 16.0;
        // FP32 Adam: weights, gradients, momentum and variance, 4 bytes each.
        QTest::newRow("fp32 adam") << int(TrainPrecision::Fp32) << int(Optimizer::Adam) << 16.0;
        // Mixed SGD with momentum: 2 + 2 + (4 master + 4 momentum).
        QTest::newRow("fp16 sgd") << int(TrainPrecision::Fp16Mixed) << int(Optimizer::SgdMomentum) << 12.0;
        // 8-bit Adam (Dettmers et al. 2022): 1-byte moments; 2 + 2 + (4 master + 2).
        QTest::newRow("bf16 adam8bit") << int(TrainPrecision::Bf16Mixed) << int(Optimizer::Adam8bit) << 10.0;
        QTest::newRow("fp8 adamw") << int(TrainPrecision::Fp8Mixed) << int(Optimizer::AdamW) << 16.0;
    }
    void bytesPerParameterByPrecisionAndOptimizer()
    {
        QFETCH(int, precision);
        QFETCH(int, optimizer);
        QFETCH(double, total);
        const StateBytes b = stateBytes(TrainPrecision(precision), Optimizer(optimizer));
        QCOMPARE(b.params + b.grads + b.optimizer, total);
    }

    // Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models"
    // (arXiv 2205.05198), table 2, per layer: no parallelism sbh(34 + 5as/h); tensor parallel
    // sbh(10 + 24/t + 5as/(ht)); + sequence parallel sbh/t (34 + 5as/h); selective recompute
    // with SP 34 sbh/t; full recompute 2sbh. Their GPT-3 175B row: s = 2048, h = 12288,
    // a = 96, t = 8 (5as/h = 80, as the paper notes, dwarfing the 34).
    void korthikantiActivationsPerLayer_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<bool>("sp");
        QTest::addColumn<int>("ckpt");
        QTest::addColumn<double>("perSbh"); // bytes / (s·b·h)
        QTest::newRow("none") << 1 << false << int(Checkpointing::None) << 34.0 + 80;
        QTest::newRow("tp8") << 8 << false << int(Checkpointing::None) << 10 + 24.0 / 8 + 80.0 / 8;
        QTest::newRow("tp8 sp") << 8 << true << int(Checkpointing::None) << (34.0 + 80) / 8;
        QTest::newRow("tp8 sp selective") << 8 << true << int(Checkpointing::Selective) << 34.0 / 8;
        QTest::newRow("tp8 selective") << 8 << false << int(Checkpointing::Selective) << 10 + 24.0 / 8;
        QTest::newRow("full") << 1 << false << int(Checkpointing::Full) << 2.0;
        QTest::newRow("tp8 sp full") << 8 << true << int(Checkpointing::Full) << 2.0 / 8;
    }
    void korthikantiActivationsPerLayer()
    {
        QFETCH(int, tp);
        QFETCH(bool, sp);
        QFETCH(int, ckpt);
        QFETCH(double, perSbh);
        ActivationShape a;
        a.seq = 2048;
        a.microBatch = 1;
        a.hidden = 12288;
        a.heads = 96;
        a.layers = 96;
        a.tp = tp;
        a.sequenceParallel = sp;
        a.checkpointing = Checkpointing(ckpt);
        const double sbh = 2048.0 * 12288;
        QCOMPARE(activationBytesPerLayer(a) / sbh, perSbh);
    }

    // Section 4.2.3: with 1F1B the first stage keeps p micro-batches of its L/p layers, so the
    // pipeline does not shrink the peak; with fewer micro-batches than stages it keeps fewer.
    void pipelineKeepsOneModelWorthOfActivations()
    {
        ActivationShape a;
        a.seq = 2048;
        a.hidden = 12288;
        a.heads = 96;
        a.layers = 96;
        a.tp = 8;
        a.sequenceParallel = true;
        const double unpipelined = activationBytesPerGpu(a);
        a.pp = 8;
        a.microBatchesPerStep = 64;
        QCOMPARE(activationBytesPerGpu(a), unpipelined);
        a.microBatchesPerStep = 2;
        QCOMPARE(activationBytesPerGpu(a), unpipelined / 4);
        a.bytesPerValue = 4; // FP32 training
        QCOMPARE(activationBytesPerGpu(a), unpipelined / 2);
    }

    // KV cache of published models, 16-bit:
    // - Llama 2 7B (32 layers, 32 heads of 128, no GQA): 2 x 32 x 32 x 128 x 2 = 524,288 bytes
    //   per token; "~2 GB" for batch 1 at 4096 tokens (NVIDIA Technical Blog, "Mastering LLM
    //   Techniques: Inference Optimization", 2023).
    // - Llama 2 70B (80 layers, GQA with 8 KV heads of 128; Touvron et al. 2023, section 2.2 and
    //   the released config): 327,680 bytes per token, 1.25 GiB at 4096 tokens.
    void kvCacheOfPublishedModels_data()
    {
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("kvHeads");
        QTest::addColumn<int>("batch");
        QTest::addColumn<int>("seq");
        QTest::addColumn<int>("tp");
        QTest::addColumn<double>("bytes");
        QTest::newRow("llama2-7b token") << 32 << 32 << 1 << 1 << 1 << 524288.0;
        QTest::newRow("llama2-7b 4k") << 32 << 32 << 1 << 4096 << 1 << 2.0 * 1024 * 1024 * 1024;
        QTest::newRow("llama2-70b token") << 80 << 8 << 1 << 1 << 1 << 327680.0;
        QTest::newRow("llama2-70b 4k x8") << 80 << 8 << 8 << 4096 << 1 << 10.0 * 1024 * 1024 * 1024;
        // TP 8 gives each GPU one KV head; TP 16 cannot split 8 heads further: replicated.
        QTest::newRow("llama2-70b tp8") << 80 << 8 << 1 << 1 << 8 << 327680.0 / 8;
        QTest::newRow("llama2-70b tp16") << 80 << 8 << 1 << 1 << 16 << 327680.0 / 8;
    }
    void kvCacheOfPublishedModels()
    {
        QFETCH(int, layers);
        QFETCH(int, kvHeads);
        QFETCH(int, batch);
        QFETCH(int, seq);
        QFETCH(int, tp);
        QFETCH(double, bytes);
        KvCacheShape kv;
        kv.batch = batch;
        kv.seq = seq;
        kv.layers = layers;
        kv.kvHeads = kvHeads;
        kv.headDim = 128;
        kv.tp = tp;
        QCOMPARE(kvCacheBytesPerGpu(kv), bytes);
    }
};

QTEST_GUILESS_MAIN(TestMemoryModel)
#include "tst_memory_model.moc"
