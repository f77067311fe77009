// The contract's bounds on a job spec and a plan request: every string, list and map one past its
// bound is refused with InvalidArgument naming the field and the bound; at the bound it passes.
#include "backend/api/job_spec_bounds.h"

#include <QTest>

#include <functional>

using namespace sn;

namespace {

using B = JobSpecBounds;
using Change = std::function<void(pb::JobSpec &, std::size_t)>;

struct Case {
    const char *field;
    std::size_t bound;
    Change fill; // makes the field `size` long
};

std::vector<Case> cases()
{
    const auto text = [](std::size_t n) { return std::string(n, 'x'); };
    return {
        {"name", B::kWord, [=](pb::JobSpec &s, std::size_t n) { s.set_name(text(n)); }},
        {"user", B::kWord, [=](pb::JobSpec &s, std::size_t n) { s.set_user(text(n)); }},
        {"queue", B::kWord, [=](pb::JobSpec &s, std::size_t n) { s.set_queue(text(n)); }},
        {"priority_class", B::kWord, [=](pb::JobSpec &s, std::size_t n) { s.set_priority_class(text(n)); }},
        {"partition", B::kWord, [=](pb::JobSpec &s, std::size_t n) { s.set_partition(text(n)); }},
        {"backend", B::kBackend, [=](pb::JobSpec &s, std::size_t n) { s.set_backend(text(n)); }},
        {"working_directory", B::kPath, [=](pb::JobSpec &s, std::size_t n) { s.set_working_directory(text(n)); }},
        {"container_image", B::kImage, [=](pb::JobSpec &s, std::size_t n) { s.set_container_image(text(n)); }},
        {"command", B::kCommand, [=](pb::JobSpec &s, std::size_t n) { s.set_command(text(n)); }},
        {"gpu_models[1]", B::kWord,
         [=](pb::JobSpec &s, std::size_t n) { s.add_gpu_models("H100"), s.add_gpu_models(text(n)); }},
        {"gpu_models", B::kGpuModels,
         [](pb::JobSpec &s, std::size_t n) {
             for (std::size_t i = 0; i < n; ++i)
                 s.add_gpu_models("H100");
         }},
        {"dependencies[0]", B::kDependency,
         [](pb::JobSpec &s, std::size_t n) { s.add_dependencies("afterok:" + std::string(n - 8, '1')); }},
        {"dependencies", B::kDependencies,
         [](pb::JobSpec &s, std::size_t n) {
             for (std::size_t i = 0; i < n; ++i)
                 s.add_dependencies("singleton");
         }},
        {"environment name", B::kEnvName,
         [=](pb::JobSpec &s, std::size_t n) { (*s.mutable_environment())[text(n)] = "1"; }},
        {"environment HF_HOME", B::kEnvValue,
         [=](pb::JobSpec &s, std::size_t n) { (*s.mutable_environment())["HF_HOME"] = text(n); }},
        {"environment", B::kEnvironment,
         [](pb::JobSpec &s, std::size_t n) {
             for (std::size_t i = 0; i < n; ++i)
                 (*s.mutable_environment())["V" + std::to_string(i)] = "1";
         }},
        // Sixteen values of 16 KiB each, less the names' bytes: one byte more is past the total.
        {"environment", B::kEnvTotal,
         [](pb::JobSpec &s, std::size_t n) {
             for (int i = 0; i < 16; ++i) {
                 const std::string name = "V" + std::to_string(i + 10);
                 const std::size_t share = n / 16 - name.size() + (i == 0 ? n % 16 : 0);
                 (*s.mutable_environment())[name] = std::string(share, 'x');
             }
         }},
        {"declared_model.precision", B::kModelWord,
         [=](pb::JobSpec &s, std::size_t n) { s.mutable_declared_model()->set_precision(text(n)); }},
        {"declared_model.compression", B::kModelWord,
         [=](pb::JobSpec &s, std::size_t n) { s.mutable_declared_model()->set_compression(text(n)); }},
    };
}

} // namespace

class TstJobSpecBounds : public QObject {
    Q_OBJECT
private slots:
    void eachFieldPassesAtItsBoundAndIsRefusedPastIt_data()
    {
        QTest::addColumn<int>("index");
        const auto all = cases();
        for (std::size_t i = 0; i < all.size(); ++i)
            QTest::addRow("%s at most %zu", all[i].field, all[i].bound) << static_cast<int>(i);
    }
    void eachFieldPassesAtItsBoundAndIsRefusedPastIt()
    {
        QFETCH(int, index);
        const Case c = cases()[static_cast<std::size_t>(index)];
        pb::JobSpec atBound;
        c.fill(atBound, c.bound);
        const Status ok = checkJobSpecBounds(atBound);
        QVERIFY2(ok, ok ? "" : ok.error().message.c_str());

        pb::JobSpec past;
        c.fill(past, c.bound + 1);
        const Status refused = checkJobSpecBounds(past);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ErrorCode::InvalidArgument);
        const QString message = QString::fromStdString(refused.error().message);
        QVERIFY2(message.startsWith(QString("job spec ") + c.field), qPrintable(message));
        QVERIFY2(message.contains("at most " + QString::number(c.bound)), qPrintable(message));
    }

    // A name too long is named by its first bytes only: the message must not carry half a megabyte.
    void aLongNameIsCutInTheMessage()
    {
        pb::JobSpec spec;
        (*spec.mutable_environment())[std::string(500 * 1000, 'N')] = "1";
        const Status refused = checkJobSpecBounds(spec);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.size() < 200, refused.error().message.c_str());
        QVERIFY(refused.error().message.find("500000 bytes") != std::string::npos);
    }

    void planRequestsAreBoundedToo()
    {
        pb::PlanJobRequest request;
        request.mutable_model()->set_optimizer(std::string(B::kModelWord + 1, 'a'));
        const Status refused = checkPlanRequestBounds(request);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.find("plan request model.optimizer") == 0, refused.error().message.c_str());
        request.mutable_model()->set_optimizer("adamw");
        request.set_gpu_model(std::string(B::kWord + 1, 'H'));
        QVERIFY(!checkPlanRequestBounds(request));
        request.set_gpu_model("H100");
        QVERIFY(checkPlanRequestBounds(request));
    }
};

QTEST_GUILESS_MAIN(TstJobSpecBounds)
#include "tst_job_spec_bounds.moc"
