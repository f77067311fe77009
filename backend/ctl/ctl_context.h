#pragma once
// What every supernodectl command gets: the parsed global options, output streams, and the
// engine it talks to (embedded in virtual time now; a remote daemon once backend/remote lands).

#include "backend/api/engine_api.h"
#include "backend/ctl/ctl.h"

#include <google/protobuf/message.h>

#include <QByteArray>
#include <QStringList>
#include <QTextStream>

#include <memory>

namespace sn::ctl {

struct Context {
    QTextStream &out;
    QTextStream &err;
    bool json = false;
    QString configPath; // --config; empty: the built-in demo super node
    // --remote grpcs://host:port and its credentials: the commands talk to that supernoded.
    QString remote, tokenFile, caFile, clientCertFile, clientKeyFile;
    QStringList args; // the command's own arguments, after its name
};

// The engine the command talks to: the supernoded named by --remote, else the embedded
// simulated engine in virtual time, from --config or the demo cluster.
// On a bad config prints the error and returns nullptr with *exitCode set.
std::unique_ptr<EngineApi> openEngine(Context &ctx, int *exitCode);

// A message as one line of JSON with the proto field names; printJson writes it to ctx.out.
std::string messageToJson(const google::protobuf::Message &message);
void printJson(Context &ctx, const google::protobuf::Message &message);
// A JSON string literal, quotes included, for output written line by line (--json of logs and
// anomaly scans); invalid UTF-8 becomes U+FFFD rather than breaking the output.
QByteArray jsonStringLiteral(const std::string &text);
// Prints the error the way every command does and returns its exit code.
int fail(Context &ctx, const Error &error);
int usage(Context &ctx, const QString &message);

// Takes "NAME VALUE" out of ctx.args when present; a value outside [min, max] is a usage error.
bool takeNumber(Context &ctx, const QString &name, double min, double max, double *value, int *exitCode);
// Takes "NAME VALUE" out of ctx.args when present; NAME without a value is a usage error.
bool takeText(Context &ctx, const QString &name, QString *value, int *exitCode);
// A usage error naming the first argument no option took, if any is left.
bool noArgumentsLeft(Context &ctx, const QString &command, int *exitCode);
void printSummaryText(Context &ctx, const pb::ClusterSummary &summary);

int statusCommand(Context &ctx);
// ctl_nodes.cpp: "nodes": every node, where it is known from, reporting or not.
int nodesCommand(Context &ctx);
int simCommand(Context &ctx);
int simTraceCommand(Context &ctx); // ctl_sim_trace.cpp: sim --trace FILE ...
int configCommand(Context &ctx);
// ctl_inspect*.cpp: "inspect SUBJECT FILE".
int inspectCommand(Context &ctx);
int inspectMetricsCommand(Context &ctx);
int inspectNvidiaSmiCommand(Context &ctx);
int inspectTopoCommand(Context &ctx);
// ctl_logs.cpp: "logs templates FILE"; ctl_anomaly.cpp: "anomaly scan FILE.csv".
int logsCommand(Context &ctx);
int anomalyCommand(Context &ctx);
// ctl_plan.cpp: "plan --model-params N ..." through the engine's PlanJob.
int planCommand(Context &ctx);
// ctl_certs.cpp: "certs init DIR [--host NAME]..."; "tokens create --role R --file F [--name N]".
int certsCommand(Context &ctx);
// ctl_jobs.cpp: "jobs submit|list|get|why|cancel|requeue", "events [--open] [--limit N]".
int jobsCommand(Context &ctx);
int eventsCommand(Context &ctx);
int tokensCommand(Context &ctx);
// ctl_known_hosts.cpp: "known-hosts add": record a node's SSH host key by its fingerprint.
int knownHostsCommand(Context &ctx);
// ctl_telemetry.cpp: "gpus" (each GPU's newest values), "top" (the same, busiest first, refreshed),
// "query METRIC" (QueryRange); ctl_logs.cpp: "logs [--node N]..." (QueryLogs); ctl_bench.cpp:
// "bench" (read-only round trips to the engine).
int gpusCommand(Context &ctx);
int topCommand(Context &ctx);
int queryCommand(Context &ctx);
int benchCommand(Context &ctx);
// ctl_report.cpp: "report ... --format pdf|html|csv -o PATH", "snapshot ... -o FILE".
int reportCommand(Context &ctx);
int snapshotCommand(Context &ctx);

} // namespace sn::ctl
