#include "backend/ctl/ctl.h"

#include "backend/engine/engine_config.h"
#include "backend/engine/local_engine.h"
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"
#include "backend/remote/client/remote_connection.h"
#include "translations/engine_message.h"
#include "translations/translation_loader.h"

#include <google/protobuf/util/json_util.h>

#include <QJsonArray>
#include <QJsonDocument>

namespace sn::ctl {

namespace {

// QT_TRANSLATE_NOOP: lupdate takes the text from here; usageText() translates it when printed.
const char *kUsageText = QT_TRANSLATE_NOOP(
    "sn::ctl::CtlText", R"(usage: supernodectl [--json] [--lang zh_CN|en] [--config cluster.yaml] COMMAND [ARGS]
       supernodectl --remote grpcs://HOST:PORT --token-file F [--ca F] [--client-cert F --client-key F] COMMAND

Commands:
  status [--after SECONDS]         cluster headline numbers (GPUs, utilization, temperature,
                                   power, jobs, anomalies) after running the engine that long
  nodes                            every node: address, GPUs (count and model), reporting or
                                   not, known from cluster.yaml (configured), its agent
                                   (registered; unconfigured: only its agent) or the simulator,
                                   and when its agent last registered it
  sim faults                       the faults the simulated super node can inject
  sim run [--seconds N] [--seed S] [--inject KIND:NODE[:INDEX][@SECOND]]...
                                   run the simulated super node in virtual time, inject faults,
                                   and print the summary and the events raised
  sim --trace FILE [--nodes NODES.csv] [--policy fifo|bestfit|default] [--inflate [--seed N]]
                                   replay a job trace (Alibaba OpenB or generic CSV) on the
                                   scheduler in virtual time, or run FGD workload inflation
  config check FILE                validate a cluster.yaml; errors name line and column
  inspect nvidia-smi FILE          what the nvidia-smi parsers read from a captured `-q -x`
                                   XML or `--query-gpu` CSV (with header); errors name line
                                   and column
  inspect metrics FILE             what the Prometheus text parser reads from a captured /metrics
                                   scrape: metric families, types, series, values
  inspect topo FILE [--host NAME] [--gpu-model MODEL] [--nccl-env | --nccl-xml]
                                   the topology graph read from a captured nvidia-smi topo -m:
                                   devices, link type per pair, NIC and NUMA affinity;
                                   --nccl-env: the NCCL environment it calls for, with reasons;
                                   --nccl-xml: its NCCL_TOPO_FILE (needs PCI bus ids)
  logs [--node N] [--gpu G] [--job ID] [--contains TEXT] [--level info|warning|error|critical]
       [--last SECONDS] [--limit N]
                                   the engine's log lines (default: the last hour, 100 lines)
  logs templates FILE [--format FORMAT] [--settings FILE --source NAME]
                                   the template of every line of a log file (--json: one object
                                   per line, then a summary); FORMAT like
                                   '<Date> <Time> <Level> <Component>: <Content>'
  anomaly scan FILE.csv            the metric anomaly detectors over a timestamp,value series
                                   (NAB's layout); --json: one object per row
  plan --model-params N [--gpus N] [--gpu-model MODEL] [--nodes N] [--tp N] [--pp N]
       [--zero 0-3 | --fsdp FULL_SHARD|SHARD_GRAD_OP|NO_SHARD] [--precision fp32|fp16|bf16|fp8] [--optimizer adam|adamw|sgd|adam8bit]
       [--seq N] [--micro-batch N] [--grad-accum N] [--checkpointing none|selective|full]
       [--sequence-parallel] [--layers N --hidden N --heads N --kv-heads N --head-dim N]
       [--mfu F] [--overlap F] [--compression none|fp8|ratio:R|topk:F] [--reserve-gib G]
       [--tokens N] [--nics-per-node N] [--nic-gbps G] [--explain]
       [--inference [--weights fp16|bf16|fp8|int8|int4] [--kv-cache FORMAT] [--batch N]
                    [--output-tokens N]]
                                   will a model fit on these GPUs, how long will it take, how
                                   should it run: memory per GPU, largest micro-batch, step and
                                   job time, communication share, configurations that fit;
                                   on the cluster's GPUs and topology unless --gpu-model names
                                   another (docs/planner.md); --explain: how each number was
                                   computed
  jobs submit --gpus N [--name S] [--user U] [--queue Q] [--priority-class C] [--runtime SECONDS]
       [--backend embedded|slurm|kubernetes] [--command CMD] [--nodes N] [--tasks-per-node N]
       [--cpus N] [--partition P] [--time-limit SECONDS] [--workdir DIR] [--gpu-model M]
       [--image IMAGE] [--dry-run]
                                   submit a job (also: supernodectl submit ...); --dry-run prints
                                   exactly what the backend would be sent (the sbatch script, the
                                   manifests) and, on stderr, the command it goes to
  jobs list [--state STATE] [--limit N] | jobs get ID | jobs cancel ID | jobs requeue ID
                                   jobs (useful with --remote: the daemon keeps them)
  jobs why ID                      why a job waits (the scheduler's reason, its place in the
                                   order), or what it does instead
  events [--open] [--limit N]      the event timeline, newest first
  gpus [--node N] [--after SECONDS]
                                   every GPU's newest values of the last minute: utilization,
                                   memory, temperature, power, SM clock, last XID, job
  top [--node N] [--interval SECONDS] [--iterations N]
                                   the same, busiest GPUs first under the cluster's headline,
                                   refreshed every interval (until interrupted, or N times)
  query METRIC [--node N] [--gpu G] [--last SECONDS] [--step SECONDS]
        [--agg avg|min|max|sum|p95] [--by LABEL,...]
                                   a metric's series over the last SECONDS (default 300): raw
                                   points, or one a step (across series with --agg)
  bench [--seconds N]              how fast this engine answers from here: GetSummary round
                                   trips and a GPU chart query (read-only)
  certs init DIR [--host NAME]...  create a CA, a server certificate (for 127.0.0.1, localhost
                                   and each NAME) and a client certificate in DIR; keys 0600
  tokens create --role viewer|operator|admin --file F [--name NAME]
                                   add a token to supernoded's tokens file (stored hashed) and
                                   print the token, once
  known-hosts add [USER@]HOST[:PORT] [--accept-host-key SHA256:...] [--known-hosts FILE]
                                   record a node's SSH host key (run as the user of the program
                                   that connects: supernoded, the engine); without the
                                   fingerprint the key is shown and refused
  report [--from T] [--to T] [--scope cluster|node:N|queue:Q|job:ID] [--sections a,b]
         [--snapshot FILE] [--seed N] [--lang zh_CN|en] --format pdf|html|csv -o PATH
                                   a cluster report for a range (default: the last 24 hours;
                                   the embedded simulated super node simulates the range first);
                                   csv writes one file per table into the folder PATH;
                                   --lang: the report's language (default: LANG);
                                   T: ISO 8601 (2026-01-01T00:00:00Z) or epoch milliseconds
  snapshot [--from T] [--to T] [--scope S] -o FILE
                                   save the range's data into one file that report --snapshot
                                   builds the same report from on another machine
  version                          print the version

Options:
  --json                           print one JSON object (field names as in supernode.proto)
  --lang zh_CN|en                  the language of the human output (default: LC_ALL,
                                   LC_MESSAGES, LANG); --json keys and exit codes do not change
  --config FILE                    the cluster.yaml to simulate (default: built-in demo,
                                   2 nodes x 8 H100 80GB)
  --remote URL                     talk to a supernoded: grpcs://HOST:PORT (TLS) or grpc://...
  --token-file F                   the bearer token, one line (supernodectl tokens create)
  --ca F                           the CA that signed the daemon's certificate (certs init: ca.pem)
  --client-cert F --client-key F   for a daemon that asks for mutual TLS

Exit codes: 0 ok, 1 request failed, 2 usage error, 3 invalid input, 4 engine unavailable.
)");

} // namespace

int terminalColumns(const QString &text)
{
    int used = 0;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        // CJK ideographs, punctuation and full-width forms are two columns wide in a terminal.
        used += (u >= 0x1100 && u <= 0x115F) || (u >= 0x2E80 && u <= 0xA4CF) || (u >= 0xAC00 && u <= 0xD7A3) ||
                        (u >= 0xF900 && u <= 0xFAFF) || (u >= 0xFE30 && u <= 0xFE4F) || (u >= 0xFF00 && u <= 0xFF60) ||
                        (u >= 0xFFE0 && u <= 0xFFE6)
                    ? 2
                    : 1;
    }
    return used;
}

QString padToColumns(const QString &text, int columns)
{
    return text + QString(std::max(1, columns - terminalColumns(text)), QLatin1Char(' '));
}

QString severityText(pb::Severity severity)
{
    switch (severity) {
    case pb::SEVERITY_INFO:
        return CtlText::tr("info");
    case pb::SEVERITY_WARNING:
        return CtlText::tr("warning");
    case pb::SEVERITY_ERROR:
        return CtlText::tr("error");
    case pb::SEVERITY_CRITICAL:
        return CtlText::tr("critical");
    default:
        return QString::fromStdString(pb::Severity_Name(severity)).remove(QStringLiteral("SEVERITY_")).toLower();
    }
}

std::unique_ptr<EngineApi> openEngine(Context &ctx, int *exitCode)
{
    if (!ctx.remote.isEmpty()) {
        auto options =
            rpc::remoteEngineOptions({ctx.remote.toStdString(), ctx.tokenFile.toStdString(), ctx.caFile.toStdString(),
                                      ctx.clientCertFile.toStdString(), ctx.clientKeyFile.toStdString()});
        if (!options) {
            *exitCode = fail(ctx, options.error());
            return nullptr;
        }
        return std::make_unique<rpc::RemoteEngine>(std::move(*options));
    }
    auto spec = engineClusterSpec(ctx.configPath.toStdString());
    if (!spec) {
        *exitCode = fail(ctx, spec.error());
        return nullptr;
    }
    LocalEngine::Options options;
    options.engine.spec = std::move(*spec);
    options.engine.virtualTime = true;
    return std::make_unique<LocalEngine>(std::move(options));
}

std::string messageToJson(const google::protobuf::Message &message)
{
    std::string json;
    google::protobuf::util::JsonPrintOptions options;
    options.add_whitespace = false;
    options.always_print_primitive_fields = true;
    options.preserve_proto_field_names = true;
    (void)google::protobuf::util::MessageToJsonString(message, &json, options);
    return json;
}

QByteArray jsonStringLiteral(const std::string &text)
{
    const QByteArray array =
        QJsonDocument(QJsonArray{QString::fromUtf8(text.data(), qsizetype(text.size()))}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2); // ["..."] without the brackets
}

void printJson(Context &ctx, const google::protobuf::Message &message)
{
    ctx.out << QString::fromStdString(messageToJson(message)) << '\n';
}

int fail(Context &ctx, const Error &error)
{
    // The engine's English, translated where the catalogue knows the message (docs/i18n.md).
    ctx.err << "supernodectl: " << errorText(error) << '\n';
    switch (error.code) {
    case ErrorCode::InvalidArgument:
    case ErrorCode::NotFound:
        return kInvalidInput;
    case ErrorCode::Unavailable:
        return kUnavailable;
    default:
        return kFailed;
    }
}

int usage(Context &ctx, const QString &message)
{
    ctx.err << "supernodectl: " << message << "\n" << CtlText::tr("Run 'supernodectl --help' for usage.") << '\n';
    return kUsage;
}

bool takeNumber(Context &ctx, const QString &name, double min, double max, double *value, int *exitCode)
{
    const qsizetype i = ctx.args.indexOf(name);
    if (i < 0)
        return true;
    bool ok = false;
    const double v = i + 1 < ctx.args.size() ? ctx.args[i + 1].toDouble(&ok) : 0;
    if (!ok || v < min || v > max) {
        *exitCode = usage(ctx, CtlText::tr("%1 needs a number between %2 and %3").arg(name).arg(min).arg(max));
        return false;
    }
    *value = v;
    ctx.args.remove(i, 2);
    return true;
}

bool takeText(Context &ctx, const QString &name, QString *value, int *exitCode)
{
    const qsizetype i = ctx.args.indexOf(name);
    if (i < 0)
        return true;
    if (i + 1 >= ctx.args.size()) {
        *exitCode = usage(ctx, CtlText::tr("%1 needs a value").arg(name));
        return false;
    }
    *value = ctx.args[i + 1];
    ctx.args.remove(i, 2);
    return true;
}

bool noArgumentsLeft(Context &ctx, const QString &command, int *exitCode)
{
    if (ctx.args.isEmpty())
        return true;
    *exitCode = usage(ctx, CtlText::tr("%1 takes no argument '%2'").arg(command, ctx.args.front()));
    return false;
}

int run(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    Context ctx{out, err, false, {}, {}, {}, {}, {}, {}, {}};
    QStringList rest = arguments.mid(1);
    while (!rest.isEmpty() && rest.front().startsWith(QLatin1String("--"))) {
        const QString opt = rest.takeFirst();
        if (opt == QLatin1String("--json")) {
            ctx.json = true;
        } else if (opt == QLatin1String("--config")) {
            if (rest.isEmpty())
                return usage(ctx, CtlText::tr("--config needs a file"));
            ctx.configPath = rest.takeFirst();
        } else if (QString *value = opt == QLatin1String("--remote")        ? &ctx.remote
                                    : opt == QLatin1String("--token-file")  ? &ctx.tokenFile
                                    : opt == QLatin1String("--ca")          ? &ctx.caFile
                                    : opt == QLatin1String("--client-cert") ? &ctx.clientCertFile
                                    : opt == QLatin1String("--client-key")  ? &ctx.clientKeyFile
                                                                            : nullptr) {
            if (rest.isEmpty())
                return usage(ctx, CtlText::tr("%1 needs a value").arg(opt));
            *value = rest.takeFirst();
        } else if (opt == QLatin1String("--lang")) {
            // For every command; main() already installed the environment's language.
            if (rest.isEmpty())
                return usage(ctx, CtlText::tr("%1 needs a value").arg(opt));
            const QString language = rest.takeFirst();
            if (auto installed = installTranslations(language); !installed)
                return usage(ctx, QStringLiteral("--lang: %1").arg(QString::fromStdString(installed.error().message)));
        } else if (opt == QLatin1String("--help")) {
            out << CtlText::tr(kUsageText);
            return kOk;
        } else if (opt == QLatin1String("--version")) {
            rest.prepend(QStringLiteral("version"));
            break;
        } else {
            return usage(ctx, CtlText::tr("unknown option %1").arg(opt));
        }
    }
    if (rest.isEmpty())
        return usage(ctx, CtlText::tr("no command given"));
    const QString command = rest.takeFirst();
    // Options after the command name apply as well: "supernodectl status --json".
    ctx.json = ctx.json || rest.removeAll(QStringLiteral("--json")) > 0;
    ctx.args = rest;
    if (command == QLatin1String("status"))
        return statusCommand(ctx);
    if (command == QLatin1String("nodes"))
        return nodesCommand(ctx);
    if (command == QLatin1String("sim"))
        return simCommand(ctx);
    if (command == QLatin1String("config"))
        return configCommand(ctx);
    if (command == QLatin1String("inspect"))
        return inspectCommand(ctx);
    if (command == QLatin1String("logs"))
        return logsCommand(ctx);
    if (command == QLatin1String("anomaly"))
        return anomalyCommand(ctx);
    if (command == QLatin1String("plan"))
        return planCommand(ctx);
    if (command == QLatin1String("jobs"))
        return jobsCommand(ctx);
    if (command == QLatin1String("submit")) { // the same as "jobs submit"
        ctx.args.prepend(QStringLiteral("submit"));
        return jobsCommand(ctx);
    }
    if (command == QLatin1String("events"))
        return eventsCommand(ctx);
    if (command == QLatin1String("gpus"))
        return gpusCommand(ctx);
    if (command == QLatin1String("top"))
        return topCommand(ctx);
    if (command == QLatin1String("query"))
        return queryCommand(ctx);
    if (command == QLatin1String("bench"))
        return benchCommand(ctx);
    if (command == QLatin1String("certs"))
        return certsCommand(ctx);
    if (command == QLatin1String("report"))
        return reportCommand(ctx);
    if (command == QLatin1String("snapshot"))
        return snapshotCommand(ctx);
    if (command == QLatin1String("tokens"))
        return tokensCommand(ctx);
    if (command == QLatin1String("known-hosts"))
        return knownHostsCommand(ctx);
    if (command == QLatin1String("version")) {
        if (ctx.json)
            out << "{\"name\":\"supernodectl\",\"version\":\"" << SN_VERSION << "\"}\n";
        else
            out << "supernodectl " << SN_VERSION << '\n';
        return kOk;
    }
    if (command == QLatin1String("help")) {
        out << CtlText::tr(kUsageText);
        return kOk;
    }
    return usage(ctx, CtlText::tr("unknown command '%1'").arg(command));
}

} // namespace sn::ctl
