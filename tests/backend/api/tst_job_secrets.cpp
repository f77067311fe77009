// Which environment values are secret and how they read once taken out; bounds on the list.
// That no reply, audit row or state file holds one is tested on a real daemon
// (tst_remote_security) and that the job still gets it on a real Slurm (tst_slurm_rest).
#include "backend/api/job_secrets.h"
#include "backend/api/job_spec_bounds.h"

#include <QTest>

#include <google/protobuf/util/message_differencer.h>

using namespace sn;

class TestJobSecrets : public QObject {
    Q_OBJECT

private slots:
    void namesThatSayTheyHoldASecret_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("secret");
        for (const char *name :
             {"HF_TOKEN", "WANDB_API_KEY", "AWS_SECRET_ACCESS_KEY", "AWS_ACCESS_KEY_ID", "OPENAI_API_KEY",
              "GITHUB_TOKEN", "DB_PASSWORD", "MYSQL_PWD_PASSWD", "hf_token", "HUGGING_FACE_HUB_TOKEN", "NGC_API_KEY",
              "GOOGLE_APPLICATION_CREDENTIALS", "SSH_PRIVATE_KEY", "COMET_APIKEY"})
            QTest::newRow(name) << name << true;
        for (const char *name : {"EPOCHS", "NCCL_DEBUG", "CUDA_VISIBLE_DEVICES", "NCCL_IB_HCA", "KEYBOARD", "PATH",
                                 "TOKENIZERS_PARALLELISM", "PWD", "SSH_KEY_TYPE", "MAX_TOKENS_PER_BATCH_X"})
            QTest::newRow(name) << name << false;
    }
    void namesThatSayTheyHoldASecret()
    {
        QFETCH(QString, name);
        QFETCH(bool, secret);
        QCOMPARE(isSecretEnvironment(pb::JobSpec(), name.toStdString()), secret);
    }

    void valuesAreReplacedAndTheNamesListed()
    {
        pb::JobSpec spec;
        (*spec.mutable_environment())["HF_TOKEN"] = "hf_abc";
        (*spec.mutable_environment())["RUN_LABEL"] = "mine";
        (*spec.mutable_environment())["EPOCHS"] = "3";
        spec.add_secret_environment("RUN_LABEL");
        const pb::JobSpec kept = withoutSecrets(spec);
        QCOMPARE(kept.environment().at("HF_TOKEN"), std::string("<secret>"));
        QCOMPARE(kept.environment().at("RUN_LABEL"), std::string("<secret>"));
        QCOMPARE(kept.environment().at("EPOCHS"), std::string("3"));
        QCOMPARE(kept.secret_environment_size(), 2);
        QCOMPARE(kept.secret_environment(0), std::string("HF_TOKEN")); // sorted
        QCOMPARE(kept.secret_environment(1), std::string("RUN_LABEL"));
        QVERIFY(google::protobuf::util::MessageDifferencer::Equals(withoutSecrets(kept), kept)); // idempotent
        QCOMPARE(spec.environment().at("HF_TOKEN"), std::string("hf_abc"));                      // a copy

        pb::Job job;
        *job.mutable_spec() = spec;
        QCOMPARE(withoutSecrets(job).spec().environment().at("HF_TOKEN"), std::string("<secret>"));
    }

    void theListIsBoundedAndNamesOnlyWhatIsThere()
    {
        pb::JobSpec spec;
        spec.set_name("j");
        (*spec.mutable_environment())["A"] = "1";
        spec.add_secret_environment("A");
        QVERIFY(checkJobSpecBounds(spec).ok());
        spec.add_secret_environment("MISSING");
        const Status missing = checkJobSpecBounds(spec);
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().code, ErrorCode::InvalidArgument);
        QVERIFY2(missing.error().message.find("secret_environment names 'MISSING'") != std::string::npos,
                 missing.error().message.c_str());
        pb::JobSpec many;
        (*many.mutable_environment())["A"] = "1";
        for (std::size_t i = 0; i <= JobSpecBounds::kEnvironment; ++i)
            many.add_secret_environment("A");
        const Status tooMany = checkJobSpecBounds(many);
        QVERIFY(!tooMany.ok());
        QVERIFY2(tooMany.error().message.find("secret_environment") != std::string::npos,
                 tooMany.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestJobSecrets)
#include "tst_job_secrets.moc"
