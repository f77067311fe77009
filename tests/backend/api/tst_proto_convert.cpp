// The model <-> proto conversions that carry state across a daemon restart (the daemon keeps
// events as pb::Event and the engine restores them with fromProto): every field survives the
// round trip, so a restored anomaly keeps its span, evidence, acknowledgement and resolution.
#include "backend/api/proto_convert.h"

#include <QTest>

using namespace sn;

class TestProtoConvert : public QObject {
    Q_OBJECT

private slots:
    void anEventSurvivesTheRoundTripWhole()
    {
        Event e;
        e.id = 42;
        e.timeMs = 1767225600000;
        e.severity = Severity::Critical;
        e.kind = "gpu.thermal";
        e.node = "node03";
        e.gpu = 5;
        e.message = "GPU 5 at 91 °C";
        e.simulated = true;
        e.acknowledged = true;
        e.endMs = 1767225660000;
        e.ongoing = false;
        e.evidence = {"DCGM_FI_DEV_GPU_TEMP{gpu=\"5\"}", "learned_band", 91.0, 40.0, 80.0, 93.5, 7.25};
        e.acknowledgedBy = "alice";
        e.acknowledgedMs = 1767225610000;
        e.jobId = "1071";
        e.templateId = "0a1b2c3d";
        e.resolved = true;
        e.resolvedBy = "bob";
        e.resolvedMs = 1767225700000;

        const Event back = fromProto(toProto(e));
        QCOMPARE(back.id, e.id);
        QCOMPARE(back.timeMs, e.timeMs);
        QCOMPARE(int(back.severity), int(e.severity));
        QCOMPARE(back.kind, e.kind);
        QCOMPARE(back.node, e.node);
        QCOMPARE(back.gpu, e.gpu);
        QCOMPARE(back.message, e.message);
        QCOMPARE(back.simulated, e.simulated);
        QCOMPARE(back.acknowledged, e.acknowledged);
        QCOMPARE(back.endMs, e.endMs);
        QCOMPARE(back.ongoing, e.ongoing);
        QCOMPARE(back.evidence.series, e.evidence.series);
        QCOMPARE(back.evidence.detector, e.evidence.detector);
        QCOMPARE(back.evidence.value, e.evidence.value);
        QCOMPARE(back.evidence.bandLow, e.evidence.bandLow);
        QCOMPARE(back.evidence.bandHigh, e.evidence.bandHigh);
        QCOMPARE(back.evidence.peakValue, e.evidence.peakValue);
        QCOMPARE(back.evidence.peakScore, e.evidence.peakScore);
        QCOMPARE(back.acknowledgedBy, e.acknowledgedBy);
        QCOMPARE(back.acknowledgedMs, e.acknowledgedMs);
        QCOMPARE(back.jobId, e.jobId);
        QCOMPARE(back.templateId, e.templateId);
        QCOMPARE(back.resolved, e.resolved);
        QCOMPARE(back.resolvedBy, e.resolvedBy);
        QCOMPARE(back.resolvedMs, e.resolvedMs);
    }

    void anEventWithoutEvidenceStaysWithout()
    {
        Event e;
        e.id = 7;
        e.kind = "node.down";
        const Event back = fromProto(toProto(e));
        QVERIFY(back.evidence.series.empty());
        QCOMPARE(back.gpu, -1);
        QVERIFY(!back.ongoing);
    }
};

QTEST_MAIN(TestProtoConvert)
#include "tst_proto_convert.moc"
