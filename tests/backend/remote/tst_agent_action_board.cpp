// The daemon's board of actions for node agents (agent_action_board.h), with the stream side
// played by the test: who may be asked, an action going out in every answer until its result
// comes back from the right agent, the wait bounded, and close() waking a waiter.
#include "backend/remote/daemon/agent_action_board.h"

#include <QTest>

#include <future>
#include <thread>

using namespace sn;
using namespace sn::rpc;
namespace pb = supernode::v1;

namespace {

google::protobuf::RepeatedPtrField<pb::AgentActionResult> resultFor(std::uint64_t id, double enforced)
{
    google::protobuf::RepeatedPtrField<pb::AgentActionResult> results;
    pb::AgentActionResult *r = results.Add();
    r->set_id(id);
    r->set_ok(true);
    r->set_enforced_watts(enforced);
    return results;
}

pb::AgentAction setLimit(int gpu, double watts)
{
    pb::AgentAction a;
    a.set_kind(pb::AgentAction::KIND_SET_POWER_LIMIT);
    a.set_gpu(gpu);
    a.set_watts(watts);
    return a;
}

// The actions waiting for an agent, once one is there (the asker runs on another thread).
std::vector<pb::AgentAction> waitForActions(const AgentActionBoard &board, const std::string &agent)
{
    std::vector<pb::AgentAction> actions;
    QTest::qWaitFor([&] { return !(actions = board.actionsFor(agent)).empty(); }, 5000);
    return actions;
}

} // namespace

class TestAgentActionBoard : public QObject {
    Q_OBJECT

private slots:
    void onlyAnAgentThatStreamsAndAllowsIsAsked()
    {
        AgentActionBoard board;
        Status s = board.canAsk("n1", "power-cap");
        QVERIFY(!s);
        QCOMPARE(s.error().code, ErrorCode::FailedPrecondition);
        QCOMPARE(s.error().message, std::string("no supernode-agent streams from n1"));
        board.streamBegan("n1", {});
        s = board.canAsk("n1", "power-cap");
        QVERIFY(!s);
        QCOMPARE(s.error().message,
                 std::string("the agent on n1 does not allow power-cap (start it with --allow power-cap)"));
        auto asked = board.ask("n1", "power-cap", setLimit(0, 400), std::chrono::milliseconds(50));
        QVERIFY(!asked);
        QVERIFY(board.actionsFor("n1").empty()); // refused at once: nothing was queued
        board.streamBegan("n1", {"power-cap"});
        QVERIFY(board.canAsk("n1", "power-cap"));
        QVERIFY(!board.canAsk("n2", "power-cap"));
    }

    void actionGoesOutUntilItsAgentAnswers()
    {
        AgentActionBoard board;
        board.streamBegan("n1", {"power-cap"});
        board.streamBegan("n2", {"power-cap"});
        auto answer = std::async(std::launch::async, [&] {
            return board.ask("n1", "power-cap", setLimit(3, 450), std::chrono::seconds(10));
        });
        const std::vector<pb::AgentAction> first = waitForActions(board, "n1");
        QCOMPARE(first.size(), std::size_t(1));
        QCOMPARE(first[0].kind(), pb::AgentAction::KIND_SET_POWER_LIMIT);
        QCOMPARE(first[0].gpu(), 3);
        QCOMPARE(first[0].watts(), 450.0);
        QVERIFY(first[0].id() != 0);
        QVERIFY(board.actionsFor("n2").empty()); // only its own agent's answers carry it
        // The answer carrying it was lost: the next stream's answer carries it again.
        const std::vector<pb::AgentAction> again = board.actionsFor("n1");
        QCOMPARE(again.size(), std::size_t(1));
        QCOMPARE(again[0].id(), first[0].id());
        // Another agent cannot answer it; an unknown id is dropped.
        board.resultsArrived("n2", resultFor(first[0].id(), 1));
        board.resultsArrived("n1", resultFor(first[0].id() + 1000, 2));
        QCOMPARE(answer.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout);
        board.resultsArrived("n1", resultFor(first[0].id(), 450));
        const auto result = answer.get();
        QVERIFY(result.ok());
        QCOMPARE(result->id(), first[0].id());
        QCOMPARE(result->enforced_watts(), 450.0);
        QVERIFY(board.actionsFor("n1").empty());
    }

    void idsAreDistinctAcrossAsksAndBoards()
    {
        AgentActionBoard a, b;
        for (AgentActionBoard *board : {&a, &b})
            board->streamBegan("n1", {"power-cap"});
        std::vector<std::uint64_t> ids;
        for (AgentActionBoard *board : {&a, &a, &b}) {
            auto answer = std::async(std::launch::async, [board] {
                return board->ask("n1", "power-cap", setLimit(0, 400), std::chrono::seconds(10));
            });
            const std::vector<pb::AgentAction> out = waitForActions(*board, "n1");
            QCOMPARE(out.size(), std::size_t(1));
            ids.push_back(out[0].id());
            board->resultsArrived("n1", resultFor(out[0].id(), 400));
            QVERIFY(answer.get().ok());
        }
        QCOMPARE(ids[1], ids[0] + 1);
        // Drawn at start, so a restarted daemon's ids are not the ones an agent remembers.
        QVERIFY(ids[2] != ids[0] && ids[2] != ids[1]);
    }

    void unansweredActionTimesOutAndIsWithdrawn()
    {
        AgentActionBoard board;
        board.streamBegan("n1", {"power-cap"});
        const auto result = board.ask("n1", "power-cap", setLimit(0, 400), std::chrono::milliseconds(100));
        QVERIFY(!result);
        QCOMPARE(result.error().code, ErrorCode::Unavailable);
        QVERIFY2(result.error().message.find("the agent on n1 did not answer within") == 0,
                 result.error().message.c_str());
        QVERIFY(board.actionsFor("n1").empty());
    }

    void closeWakesTheWaiter()
    {
        AgentActionBoard board;
        board.streamBegan("n1", {"power-cap"});
        auto answer = std::async(std::launch::async, [&] {
            return board.ask("n1", "power-cap", setLimit(0, 400), std::chrono::seconds(60));
        });
        QCOMPARE(waitForActions(board, "n1").size(), std::size_t(1));
        board.close();
        QCOMPARE(answer.wait_for(std::chrono::seconds(5)), std::future_status::ready);
        const auto result = answer.get();
        QVERIFY(!result);
        QCOMPARE(result.error().message, std::string("supernoded stopped before the agent on n1 answered"));
        QVERIFY(!board.canAsk("n1", "power-cap"));
    }
};

QTEST_GUILESS_MAIN(TestAgentActionBoard)
#include "tst_agent_action_board.moc"
