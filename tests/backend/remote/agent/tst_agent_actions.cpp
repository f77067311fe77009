// What the agent does with the daemon's actions (agent_actions.h), on the test stand-in for
// libnvidia-ml (fake_nvml.cpp: GPU 0 takes 200-700 W, GPU 1 refuses as NVML does for a non-root
// caller): only what --allow names runs, a repeat is answered from memory and not rerun, and
// every refusal says why.
#include "backend/remote/agent/agent_actions.h"

#include <QTest>

#include <dlfcn.h>

using namespace sn;
using namespace sn::agent;
namespace pb = supernode::v1;

namespace {

pb::AgentAction action(std::uint64_t id, pb::AgentAction::Kind kind, int gpu, double watts = 0)
{
    pb::AgentAction a;
    a.set_id(id);
    a.set_kind(kind);
    a.set_gpu(gpu);
    a.set_watts(watts);
    return a;
}

// The limit the fake library was last given for a GPU, in milliwatts (its test hook).
unsigned fakeLimitMw(unsigned gpu)
{
    void *lib = dlopen(FAKE_NVML_MODERN, RTLD_NOW | RTLD_NOLOAD);
    if (!lib)
        return 0;
    auto limitOf = reinterpret_cast<unsigned (*)(unsigned)>(dlsym(lib, "fakeNvmlPowerLimitMw"));
    const unsigned mw = limitOf ? limitOf(gpu) : 0;
    dlclose(lib);
    return mw;
}

} // namespace

class TestAgentActions : public QObject {
    Q_OBJECT
private slots:
    void allowListIsParsed()
    {
        auto one = parseAllowedActions({"power-cap"});
        QVERIFY(one);
        QCOMPARE(*one, std::vector<std::string>{"power-cap"});
        auto repeated = parseAllowedActions({"power-cap,power-cap", "power-cap", ""});
        QVERIFY(repeated);
        QCOMPARE(*repeated, std::vector<std::string>{"power-cap"});
        QVERIFY(parseAllowedActions({})->empty());
        auto unknown = parseAllowedActions({"power-cap,reboot"});
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().code, ErrorCode::InvalidArgument);
        QCOMPARE(unknown.error().message,
                 std::string("--allow 'reboot': not an action the agent runs (the actions are: power-cap)"));
    }

    void notAllowedIsRefusedWithoutTouchingNvml()
    {
        AgentActions actions("gpu01", FAKE_NVML_MODERN, {});
        const pb::AgentActionResult r = actions.run(action(1, pb::AgentAction::KIND_SET_POWER_LIMIT, 0, 300));
        QCOMPARE(r.id(), std::uint64_t(1));
        QVERIFY(!r.ok());
        QCOMPARE(r.error(),
                 std::string("the agent on gpu01 does not allow power-cap (start it with --allow power-cap)"));
        QVERIFY(!dlopen(FAKE_NVML_MODERN, RTLD_NOW | RTLD_NOLOAD)); // never loaded
    }

    void allowedCapIsSetReadBackAndNotRepeated()
    {
        AgentActions actions("gpu01", FAKE_NVML_MODERN, {"power-cap"});
        const pb::AgentActionResult range = actions.run(action(10, pb::AgentAction::KIND_POWER_RANGE, 0));
        QVERIFY2(range.ok(), range.error().c_str());
        QCOMPARE(range.min_watts(), 200.0);
        QCOMPARE(range.default_watts(), 700.0);

        const pb::AgentActionResult set = actions.run(action(11, pb::AgentAction::KIND_SET_POWER_LIMIT, 0, 450));
        QVERIFY2(set.ok(), set.error().c_str());
        QCOMPARE(set.id(), std::uint64_t(11));
        QCOMPARE(set.enforced_watts(), 450.0); // read back once the driver enforces it
        QCOMPARE(fakeLimitMw(0), 450000u);

        // The same id again (its answer was lost): the first result, and NVML is not asked.
        const pb::AgentActionResult repeat = actions.run(action(11, pb::AgentAction::KIND_SET_POWER_LIMIT, 0, 300));
        QVERIFY(repeat.ok());
        QCOMPARE(repeat.enforced_watts(), 450.0);
        QCOMPARE(fakeLimitMw(0), 450000u);

        QVERIFY(actions.run(action(12, pb::AgentAction::KIND_SET_POWER_LIMIT, 0, 700)).ok());
        QCOMPARE(fakeLimitMw(0), 700000u);
    }

    void refusalsSayWhy()
    {
        AgentActions actions("gpu01", FAKE_NVML_MODERN, {"power-cap"});
        const pb::AgentActionResult denied = actions.run(action(20, pb::AgentAction::KIND_SET_POWER_LIMIT, 1, 400));
        QVERIFY(!denied.ok());
        QVERIFY2(denied.error().find("GPU 1") != std::string::npos, denied.error().c_str());
        const pb::AgentActionResult below = actions.run(action(21, pb::AgentAction::KIND_SET_POWER_LIMIT, 0, 100));
        QVERIFY(!below.ok());
        QVERIFY2(below.error().find("below the card's minimum power limit of 200 W") != std::string::npos,
                 below.error().c_str());
        const pb::AgentActionResult unknown = actions.run(action(22, pb::AgentAction::KIND_UNSPECIFIED, 0));
        QVERIFY(!unknown.ok());
        QCOMPARE(unknown.error(),
                 std::string("the agent on gpu01 does not know action kind 0 (an older agent than the daemon?)"));
        AgentActions noLibrary("gpu01", "/nonexistent/libnvidia-ml.so.1", {"power-cap"});
        const pb::AgentActionResult missing = noLibrary.run(action(23, pb::AgentAction::KIND_POWER_RANGE, 0));
        QVERIFY(!missing.ok());
        QVERIFY2(missing.error().find("the agent on gpu01 cannot set power limits: NVML unavailable") == 0,
                 missing.error().c_str());
    }
};

QTEST_GUILESS_MAIN(TestAgentActions)
#include "tst_agent_actions.moc"
