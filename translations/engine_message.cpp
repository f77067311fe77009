#include "translations/engine_message.h"

#include "translations/message_patterns.h"
#include "translations/plan_text.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace sn {

namespace {

constexpr const char *kContext = "sn::EngineMessage";

// The English the engine writes (backend/model/yaml_fields*, cluster_yaml_read.cpp,
// engine/engine_config.cpp, remote/, ssh/). Keep each exactly as the engine builds it:
// a pattern that drifts from its source silently stops matching (tst_engine_message checks the
// commonest against the real engine's output).
const char *const kPatterns[] = {
    // cluster.yaml: reading the file
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot read cluster file %1: no such file"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot read cluster file %1: it is a directory"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot read cluster file %1: it is larger than 16 MiB"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot read cluster file %1: permission denied"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot read cluster file %1: read error"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "invalid YAML: unexpected %1 (expected a 'key: value' line or a '- ' entry)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "invalid YAML: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "the file is empty: expected a cluster starting with 'apiVersion: %1' and 'kind: Cluster'"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1: the cluster has no nodes and no simulation section"),
    // cluster.yaml: keys and values
    QT_TRANSLATE_NOOP("sn::EngineMessage", "unknown key '%1' %2 (did you mean '%3'? expected one of: %4)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "unknown key '%1' %2 (expected one of: %3)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "duplicate key '%1' %2 (first at line %3)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "duplicate %1 %2 (first at line %3)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 is missing required key '%2' (expected e.g. %3)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "keys %1 must be plain names, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a map, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a string, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects true or false, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a speed like 100G, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a speed above 0 like 100G, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a byte quantity like 512Gi, 80G or 1024, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a duration like 500ms, 15s, 1h30m or 15d, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects a sequence, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects one of %2, got %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 expects %2, got %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 must be between %2 and %3, got %4"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 must not be empty"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "'apiVersion' must be %1, got %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "'kind' must be Cluster, got %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 lists %2 GPUs; a node holds at most 16"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "an integer of at least %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "an integer from %1 to %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "an integer"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "in %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "at the top level"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the file"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "a map"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "a sequence"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "nothing"),
    // connecting to supernoded (remote_connection.cpp, grpc_status.cpp, call_gate.cpp)
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the engine daemon is unavailable: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the engine daemon did not answer in time: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the engine daemon is overloaded or the request too large: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the call was cancelled: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "internal error in the engine daemon"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the remote engine was closed"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "failed to connect to all addresses; last error: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "--remote '%1': expected grpcs://HOST:PORT (or grpc://HOST:PORT without TLS)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "--remote '%1': port 0 is not a daemon's port"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "--token-file %1: expected one line holding the token"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "--ca goes with grpcs://, not grpc://"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "--client-cert and --client-key go together"),
    // permission refusals
    QT_TRANSLATE_NOOP("sn::EngineMessage", "not authenticated: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the authorization header must be 'Bearer TOKEN'"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "this daemon needs a token: send 'authorization: Bearer TOKEN' (supernodectl --token-file)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the token is not known to this daemon"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 needs the role %2; '%3' is %4"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "rate limit: more than %1 calls per second from '%2'"),
    // a job the scheduler refuses at submission (scheduler/job_validation.cpp)
    QT_TRANSLATE_NOOP("sn::EngineMessage", "job '%1': %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "GPU counts must not be negative (min %1, max %2)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "gpus min (%1) is above max (%2); ask for min <= max, or the same number twice for an exact "
                      "count"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "gpuMilli must be in 1..1000 (a share of one GPU), got %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "a GPU share (gpuMilli %1) is for one GPU, but it asks for %2; share one GPU or ask for whole "
                      "GPUs"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "memory must not be negative"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "CPUs must not be negative, got %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "estimated runtime and checkpoint interval must not be negative"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "asks for %1 GPUs; the cluster has %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "asks for %1 GPUs without gang; the largest node has %2 (set gang to spread it over nodes)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "no node has any of the GPU models it asks for; the cluster has %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "asks for %1 GPUs of the models it names; the cluster has %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "asks for %1 CPUs; the largest node has %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "asks for %1 CPUs; the cluster has %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "asks for %1 GiB of memory; the largest node has %2 GiB"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "asks for %1 GiB of memory; the cluster has %2 GiB"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "unknown priority class %1; the policy has %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "unknown queue %1; the queues are %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "asks for %1 GPUs; queue %2 may use at most %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "asks for %1 GiB of memory; queue %2 allows %3 GiB per job"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "depends on unknown job %1"),
    // acting on jobs and events, and the simulation's controls (engine/engine*.cpp, sim/): what the
    // Jobs page, the event panel and supernodectl's cancel, requeue, ack and sim commands meet
    QT_TRANSLATE_NOOP("sn::EngineMessage", "no job with id %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "no job with id '%1'"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "job %1 has already ended (%2)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "job %1 has already ended (%2): submit it again to run it again"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "job %1 is waiting in the queue already"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "completed"), // a job's state inside the messages above
    QT_TRANSLATE_NOOP("sn::EngineMessage", "failed"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cancelled"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "no event with id %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "job backend '%1' is not configured for this cluster (cluster.yaml jobBackends)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "job backend '%1' is not configured for this cluster (cluster.yaml jobBackends); known: %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the engine runs in real time; only a virtual-time engine can be advanced"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot advance time by a negative amount"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "cannot advance time by more than 30 days (%1 ms) in one call; advance in steps"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "unknown fault kind %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the engine stopped before it answered"),
    // the setup wizard's discovery and apply steps (setup/cluster_discovery.cpp, node_installer.cpp):
    // a command's own output after "exited N:" stays as the node printed it
    QT_TRANSLATE_NOOP("sn::EngineMessage", "no way to reach this node"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "timed out: discovery took longer than %1 s on this node"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "copying %1 files"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "`%1` exited %2: %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "did not report within %1 s (%2: %3)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 (its changes were undone)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "rollback incomplete on %1: %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "rolled back after %1 failed"),
    // the job planner's refusals of what it is asked (planner/job_planner.cpp, model_shape.cpp,
    // gpu_catalogue.cpp, engine/job_plan.cpp): the submitter's plan panel and `supernodectl plan`
    QT_TRANSLATE_NOOP("sn::EngineMessage", "GPU count must be at least 1, not %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "node count must not be negative"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 GPUs cannot be split evenly over %2 nodes"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 GPUs is more than the planner handles (%2)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "tensor and pipeline parallel degrees must be at least 1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "TP x PP = %1 x %2 needs more than the %3 GPUs asked for"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 GPUs are not divisible by TP x PP = %2 x %3 = %4"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "sequence length must be 1 to %1 tokens, not %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "MFU must be in (0, 1], not %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "framework reserve must not be negative"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "NIC count and speed must not be negative"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "batch must be 1 to %1, not %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "output tokens must not be negative"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 has no FP8 math; FP8 needs one of %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "ZeRO stage must be 0, 1, 2 or 3 (FSDP full shard is 3), not %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "micro-batch must be 1 to %1, not %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "gradient accumulation steps must be 1 to %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "training tokens must not be negative"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "overlap must be in [0, 1], not %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "gradient compression ratio must be in (0, 1] and top-k in [0, 1)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 has no BF16 math (it predates Ampere); use --precision fp16"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 has no FP8 math; FP8 training needs one of %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "layers must be at most %1 and hidden size, heads and head size at most %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "TP %1 does not divide the %2 attention heads"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "PP %1 exceeds the model's %2 layers"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "model parameters must be a positive number (e.g. 13e9), not %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "layers, hidden, heads, kv heads and head size must not be negative"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "hidden size %1 is not a multiple of the %2 attention heads; give --head-dim or fix "
                      "--hidden/--heads"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "attention heads (%1) must be a multiple of the KV heads (%2)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "unknown GPU model '%1'; known models: %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 '%2' is not one of %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "compression '%1' is not one of none, fp8, ratio:R, topk:F"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "kv cache 'int4' is not supported; use bf16, fp16, fp8 or int8"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the cluster has no GPUs; name a GPU model"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "declared model: %1"),
    // reports (backend/report/): the report dialog and `supernodectl report`/`snapshot`
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the report range is empty: --to must be after --from"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the range to simulate is empty: --to must be after --from"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "scope '%1': expected cluster, node:NAME, queue:NAME or job:ID"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "scope %1: the snapshot holds only scope %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "range: the end (%1) is not after the start (%2)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "range %1 to %2 is not inside the snapshot's, %3 to %4"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot create the folder %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot write %1: %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot write %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot read %1: %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "writing a PDF needs a QGuiApplication (run with QT_QPA_PLATFORM=offscreen)"),
    // SSH (ssh/)
    QT_TRANSLATE_NOOP("sn::EngineMessage", "SSH: no host to connect to"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "SSH: %1 accepted none of the keys offered (%2); add your public key to the node's "
                      "authorized_keys or load it into ssh-agent"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "the host key of %1 is not known (%2 %3 is not in %4); refusing to connect. Check the "
                      "fingerprint with the host's administrator, then accept it (ssh once from a terminal, or "
                      "accept that fingerprint where this tool asks)."),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "WARNING: the host key of %1 has CHANGED (now %2 %3). Someone could be eavesdropping (a "
                      "man-in-the-middle attack), or the host was reinstalled. The old key is at %4; refusing to "
                      "connect. If the change is expected, remove that line (ssh-keygen -R '%5') and connect again."),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "cannot check the host key of %1 against %2: %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "SSH: cannot connect (%1): %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "SSH: authentication with %1 failed (%2): %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "SSH: cannot open a channel to run %1 (%2): %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "SSH: cannot run %1 (%2): %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "SSH address '%1': port '%2' is not a number from 1 to 65535"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "SSH address '%1': empty user before '@'"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "SSH address '%1': '[' without ']'"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "SSH address '%1': expected ':PORT' after ']'"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "SSH address '%1': no host"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "SSH address '%1': user and host may not hold spaces, quotes, slashes or control characters"),
    // Slurm and Kubernetes backends (scheduler/backends/): the frame is ours, what follows the
    // colon is sbatch's, kubectl's or the API server's own words and stays as they wrote it.
    QT_TRANSLATE_NOOP("sn::EngineMessage", "Slurm refused the job: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "Slurm (%1): %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "'%1' is not a Slurm job id"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1: Slurm reports an error %2: %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1: Slurm reports an error: %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "slurmrestd %1: HTTP %2 (is the token valid for user '%3'?)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "slurmrestd %1: HTTP %2: %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "slurmrestd has no requeue (jobBackends.slurm.via: cli has, through scontrol): cancel job %1 "
                      "and submit it again"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "Kubernetes refused the job: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "Kubernetes (kubectl, %1): %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "Kubernetes API server unreachable (%1): %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "a Job named %1 already exists in namespace %2 (kubectl apply: %3); give the job another "
                      "name or delete the old one"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "kubectl apply did not report the Job %1: %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "'%1' is not a Kubernetes job id (namespace/name)"),
};

// Why a job waits or was stopped, and why a plan does not fit (backend/scheduler/scheduler*.cpp,
// sim/simulated_cluster.cpp, engine/engine_jobs.cpp, planner/job_planner.cpp). The engine joins such
// clauses with "; " ("waiting for 8 GPUs on one node; the largest free block is 4 GPUs on n3;
// position 2"), so engineReasonText() translates clause by clause with these patterns, each
// matched against one whole clause: a pattern ending in a placeholder could otherwise swallow the
// clauses after it. Number and model variants are spelled out rather than nested, for the same
// reason.
const char *const kReasonPatterns[] = {
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1; %2"), // the joint between two clauses
    // scheduler
    QT_TRANSLATE_NOOP("sn::EngineMessage", "position %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting behind the first %1 pending jobs (not considered this cycle)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "submitted"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waits for the next scheduling cycle"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "requeued from its last checkpoint"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "resumes from its last checkpoint"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for job %1 to end successfully"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for job %1 to end"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "dependency never satisfied: job %1 ended failed"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "dependency never satisfied: job %1 ended cancelled"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "queue %1 is at its max of %2 GPUs (%3 in use)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "queue %1 is at its memory limit of %2 GiB"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "behind job %1 (first in, first out)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for %1 CPUs on one node"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for a %1/1000 share of one GPU"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for a %1/1000 share of one %2 GPU"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for 1 GPU on one node"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for 1 GPU %1 on one node"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for %1 GPUs on one node"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for %1 GPUs %2 on one node"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for %1 GPUs on one NVSwitch node"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for %1 GPUs %2 on one NVSwitch node"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the largest free block is 1 GPU on %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the largest free block is %1 GPUs on %2"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for %1 GPUs across nodes, all at once (gang)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for %1 GPUs %2 across nodes, all at once (gang)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "%1 free"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "resources reserved for it from +%1 s"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "it would delay the reservation of job %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "preempted for job %1 (higher priority)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "preempted for job %1 (queue %2 reclaims its guarantee)"),
    // the embedded engine's jobs (simulation, RequeueJob)
    QT_TRANSLATE_NOOP("sn::EngineMessage", "waiting for the next placement pass"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "requeued: the engine restarted"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "interrupted by a hardware fault"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "requeued on request"),
    // the planner: why a job does not fit
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the declared model does not fit on %1 x %2: %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "needs %1 per GPU but %2 has %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the largest part is parameters (%1)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the largest part is gradients (%1)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the largest part is optimizer states (%1)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the largest part is activations (%1)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "the largest part is KV cache (%1)"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "nearest configuration that fits: %1"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "no configuration of %1 GPUs fits: it needs at least %2 %3"),
    QT_TRANSLATE_NOOP("sn::EngineMessage", "no configuration of %1 GPUs fits"),
    QT_TRANSLATE_NOOP("sn::EngineMessage",
                      "TP %1 spans nodes (%2 GPUs per node): tensor-parallel traffic crosses the network"),
};

const MessagePatterns &patterns()
{
    static const MessagePatterns kCompiled(kContext, kPatterns);
    return kCompiled;
}

// Without the joint "%1; %2" (kReasonPatterns[0]): clauses are split before matching.
const MessagePatterns &reasonPatterns()
{
    static const MessagePatterns kCompiled(kContext, std::span(kReasonPatterns).subspan(1));
    return kCompiled;
}

// "cluster.yaml:6:3: " and the like: kept as they are, the rest translated.
const QRegularExpression &locationPrefix()
{
    static const QRegularExpression kPrefix(QStringLiteral("^([^\\s:][^:\\n]*:\\d+:\\d+: )(.+)$"),
                                            QRegularExpression::DotMatchesEverythingOption);
    return kPrefix;
}

// "node01: MESSAGE" or "node01 (ssh://root@10.0.0.1:22): MESSAGE": the setup wizard's discovery
// and installer put the node first. One word (and where it was reached), then the message.
const QRegularExpression &nodePrefix()
{
    static const QRegularExpression kPrefix(QStringLiteral("^([A-Za-z0-9_.\\-]+(?: \\([^()\\s]+\\))?: )(.+)$"),
                                            QRegularExpression::DotMatchesEverythingOption);
    return kPrefix;
}

QString translate(const QString &message, int depth)
{
    if (depth > 4 || message.isEmpty())
        return message;
    if (const auto m = locationPrefix().match(message); m.hasMatch())
        return m.captured(1) + translate(m.captured(2), depth + 1);
    const auto translatePart = [depth](const QString &part) {
        // A quoted part is the user's own text (a key, a value): never translated.
        const bool quoted = part.startsWith(QLatin1Char('\'')) || part.startsWith(QLatin1Char('"'));
        return quoted ? part : translate(part, depth + 1);
    };
    if (auto whole = patterns().translate(message, translatePart))
        return *whole;
    // Only when the whole is no message of the catalogue: a node's name before one that is (the
    // name kept as written, like a file:line:column), else the English unchanged.
    if (const auto m = nodePrefix().match(message); m.hasMatch())
        if (const QString rest = translate(m.captured(2), depth + 1); rest != m.captured(2))
            return m.captured(1) + rest;
    return message;
}

// One clause of a reason. Its parts of one word are numbers, ids, names and sizes, kept as they
// are; a part of several words is a clause itself ("...does not fit on 8 x H100: needs ...").
// A clause no reason pattern knows may still be an engine message (a fault's cause), or the
// planner's changes to a configuration ("ZeRO 0 -> 2, checkpointing none -> full").
QString translateClause(const QString &clause, int depth)
{
    if (depth > 2)
        return clause;
    const auto translated = reasonPatterns().translate(clause, [depth](const QString &part) {
        return part.contains(QLatin1Char(' ')) ? translateClause(part, depth + 1) : part;
    });
    if (translated)
        return *translated;
    const QString message = translate(clause, 0);
    return message != clause ? message : planConfigText(clause.toStdString());
}

} // namespace

QString engineMessageText(const QString &message)
{
    return translate(message, 0);
}

QString engineMessageText(const std::string &message)
{
    return translate(QString::fromStdString(message), 0);
}

QString errorText(const Error &error)
{
    return engineMessageText(error.message);
}

QString engineReasonText(const QString &reason)
{
    const QStringList clauses = reason.split(QStringLiteral("; "));
    QString out = translateClause(clauses.front(), 0);
    for (qsizetype i = 1; i < clauses.size(); ++i)
        out = substitutePlaceholders(QCoreApplication::translate(kContext, kReasonPatterns[0]),
                                     {out, translateClause(clauses[i], 0)});
    return out;
}

QString engineReasonText(const std::string &reason)
{
    return engineReasonText(QString::fromStdString(reason));
}

QStringList engineMessagePatterns()
{
    return patternSources(kPatterns) + patternSources(kReasonPatterns);
}

} // namespace sn
