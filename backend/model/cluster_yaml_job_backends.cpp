#include "backend/model/cluster_yaml_job_backends.h"

#include <algorithm>

namespace sn::yaml_fields {

namespace {

std::string readOneOf(const Field &f, std::initializer_list<const char *> allowed)
{
    const std::string value = readName(f);
    std::string list;
    for (const char *a : allowed) {
        if (value == a)
            return value;
        list += (list.empty() ? "" : ", ") + std::string(a);
    }
    fail(f.mark(), quote(f.path) + " must be one of " + list + ", got " + describe(f.value));
}

SlurmBackendSpec readSlurm(const Field &f)
{
    SlurmBackendSpec slurm;
    const MapFields m(f, "in 'jobBackends.slurm'",
                      {"via", "host", "user", "identityFile", "restUrl", "tokenFile", "partition", "qos"});
    const Field *via = m.find("via");
    if (via)
        slurm.via = readOneOf(*via, {"cli", "ssh", "rest"});
    if (const Field *v = m.find("host"))
        slurm.host = readName(*v);
    if (const Field *v = m.find("user"))
        slurm.user = readName(*v);
    if (const Field *v = m.find("identityFile"))
        slurm.identityFile = readName(*v);
    if (const Field *v = m.find("restUrl")) {
        slurm.restUrl = readName(*v);
        if (slurm.restUrl.rfind("http://", 0) != 0 && slurm.restUrl.rfind("https://", 0) != 0)
            fail(v->mark(),
                 quote(v->path) + " must be an http:// URL such as http://head:6820, got " + describe(v->value));
    }
    if (const Field *v = m.find("tokenFile")) {
        slurm.tokenFile = readName(*v);
        if (slurm.tokenFile.front() != '/')
            fail(v->mark(), quote(v->path) + " must be an absolute path, got " + describe(v->value));
    }
    if (const Field *v = m.find("partition"))
        slurm.partition = readName(*v);
    if (const Field *v = m.find("qos")) {
        const MapFields classes(*v, "in 'jobBackends.slurm.qos'", {}, false);
        for (auto it = v->value.begin(); it != v->value.end(); ++it) {
            const std::string name = it->first.Scalar();
            const Field *entry = classes.find(name.c_str());
            if (!entry)
                fail(it->first.Mark(), quote(v->path + "." + name) + " needs a QOS name, e.g. '" + name + ": high'");
            slurm.qos[name] = readName(*entry);
        }
    }
    const YAML::Mark where = via ? via->mark() : f.mark();
    if (slurm.via == "ssh" && slurm.host.empty())
        fail(where, "'jobBackends.slurm' via ssh needs 'host: head-node' (the machine that runs sbatch)");
    if (slurm.via == "rest" && (slurm.restUrl.empty() || slurm.tokenFile.empty()))
        fail(where,
             "'jobBackends.slurm' via rest needs 'restUrl: http://127.0.0.1:6820' and 'tokenFile: /path/to/jwt'");
    return slurm;
}

bool isDnsLabel(const std::string &s)
{
    if (s.empty() || s.size() > 63 || s.front() == '-' || s.back() == '-')
        return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

KubernetesTolerationSpec readToleration(const Field &f)
{
    KubernetesTolerationSpec t;
    const MapFields m(f, "in " + quote(f.path), {"key", "operator", "value", "effect"});
    if (const Field *v = m.find("key"))
        t.key = readName(*v);
    if (const Field *v = m.find("operator"))
        t.op = readOneOf(*v, {"Exists", "Equal"});
    if (const Field *v = m.find("value"))
        t.value = readString(*v);
    if (const Field *v = m.find("effect"))
        t.effect = readOneOf(*v, {"NoSchedule", "PreferNoSchedule", "NoExecute"});
    if (t.op == "Equal" && t.key.empty())
        fail(f.mark(), quote(f.path) + " with operator Equal needs a 'key'");
    if (t.op == "Exists" && !t.value.empty())
        fail(m.find("value")->mark(), quote(f.path) + " with operator Exists takes no 'value' (use operator: Equal)");
    return t;
}

KubernetesBackendSpec readKubernetes(const Field &f)
{
    KubernetesBackendSpec k;
    const MapFields m(f, "in 'jobBackends.kubernetes'",
                      {"kubeconfig", "context", "namespace", "image", "queueing", "localQueue", "volcanoQueue",
                       "gpuProductLabel", "tolerations", "applyPolicy"});
    if (const Field *v = m.find("kubeconfig")) {
        k.kubeconfig = readName(*v);
        if (k.kubeconfig.front() != '/')
            fail(v->mark(), quote(v->path) + " must be an absolute path, got " + describe(v->value));
    }
    if (const Field *v = m.find("context"))
        k.context = readName(*v);
    if (const Field *v = m.find("namespace")) {
        k.namespaceName = readName(*v);
        if (!isDnsLabel(k.namespaceName))
            fail(v->mark(), quote(v->path) + " must be a namespace name (lower-case letters, digits, '-'), got " +
                                describe(v->value));
    }
    if (const Field *v = m.find("image"))
        k.image = readName(*v);
    const Field *queueing = m.find("queueing");
    if (queueing)
        k.queueing = readOneOf(*queueing, {"none", "kueue", "volcano"});
    if (const Field *v = m.find("localQueue")) {
        k.localQueue = readName(*v);
        if (k.queueing != "kueue")
            fail(v->mark(), quote(v->path) + " needs 'queueing: kueue'");
    }
    if (const Field *v = m.find("volcanoQueue")) {
        k.volcanoQueue = readName(*v);
        if (k.queueing != "volcano")
            fail(v->mark(), quote(v->path) + " needs 'queueing: volcano'");
    }
    if (const Field *v = m.find("gpuProductLabel"))
        k.gpuProductLabel = readName(*v);
    if (const Field *v = m.find("tolerations")) { // "tolerations: []": none at all
        const YAML::Node &list =
            requireSequence(*v, " (e.g. [{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}])");
        k.tolerations.emplace();
        for (std::size_t i = 0; i < list.size(); ++i)
            k.tolerations->push_back(readToleration(entry(*v, i)));
    }
    if (const Field *v = m.find("applyPolicy"))
        k.applyPolicy = readBool(*v);
    return k;
}

} // namespace

JobBackendsSpec readJobBackends(const Field &f)
{
    JobBackendsSpec spec;
    const MapFields m(f, "in 'jobBackends'", {"default", "slurm", "kubernetes"}, false);
    m.rejectUnknownKeys();
    const Field *byDefault = m.find("default");
    if (byDefault)
        spec.defaultBackend = readOneOf(*byDefault, {"embedded", "slurm", "kubernetes"});
    if (const Field *v = m.find("slurm"))
        spec.slurm = readSlurm(*v);
    if (spec.defaultBackend == "slurm" && !spec.slurm)
        fail(byDefault->mark(),
             "'jobBackends.default' slurm needs a 'slurm:' section beside it (e.g. slurm: {via: cli})");
    if (const Field *v = m.find("kubernetes"))
        spec.kubernetes = readKubernetes(*v);
    if (spec.defaultBackend == "kubernetes" && !spec.kubernetes)
        fail(byDefault->mark(), "'jobBackends.default' kubernetes needs a 'kubernetes:' section beside it (e.g. "
                                "kubernetes: {namespace: ml, image: nvcr.io/nvidia/pytorch:24.01-py3})");
    return spec;
}

void writeJobBackends(YAML::Emitter &out, const JobBackendsSpec &spec)
{
    out << YAML::Key << "jobBackends" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "default" << YAML::Value << spec.defaultBackend;
    if (spec.slurm) {
        const SlurmBackendSpec &s = *spec.slurm;
        out << YAML::Key << "slurm" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "via" << YAML::Value << s.via;
        for (const auto &[key, value] : {std::pair<const char *, const std::string &>{"host", s.host},
                                         {"user", s.user},
                                         {"identityFile", s.identityFile},
                                         {"restUrl", s.restUrl},
                                         {"tokenFile", s.tokenFile},
                                         {"partition", s.partition}})
            if (!value.empty())
                out << YAML::Key << key << YAML::Value << value;
        if (!s.qos.empty()) {
            out << YAML::Key << "qos" << YAML::Value << YAML::BeginMap;
            for (const auto &[priorityClass, qos] : s.qos)
                out << YAML::Key << priorityClass << YAML::Value << qos;
            out << YAML::EndMap;
        }
        out << YAML::EndMap;
    }
    if (spec.kubernetes) {
        const KubernetesBackendSpec &k = *spec.kubernetes;
        out << YAML::Key << "kubernetes" << YAML::Value << YAML::BeginMap;
        for (const auto &[key, value] : {std::pair<const char *, const std::string &>{"kubeconfig", k.kubeconfig},
                                         {"context", k.context},
                                         {"namespace", k.namespaceName},
                                         {"image", k.image},
                                         {"queueing", k.queueing},
                                         {"localQueue", k.localQueue},
                                         {"volcanoQueue", k.volcanoQueue},
                                         {"gpuProductLabel", k.gpuProductLabel}})
            if (!value.empty())
                out << YAML::Key << key << YAML::Value << value;
        if (k.tolerations) {
            out << YAML::Key << "tolerations" << YAML::Value << YAML::BeginSeq;
            for (const KubernetesTolerationSpec &t : *k.tolerations) {
                out << YAML::BeginMap;
                if (!t.key.empty())
                    out << YAML::Key << "key" << YAML::Value << t.key;
                out << YAML::Key << "operator" << YAML::Value << t.op;
                if (!t.value.empty())
                    out << YAML::Key << "value" << YAML::Value << YAML::DoubleQuoted << t.value;
                if (!t.effect.empty())
                    out << YAML::Key << "effect" << YAML::Value << t.effect;
                out << YAML::EndMap;
            }
            out << YAML::EndSeq;
        }
        out << YAML::Key << "applyPolicy" << YAML::Value << YAML::TrueFalseBool << k.applyPolicy;
        out << YAML::EndMap;
    }
    out << YAML::EndMap;
}

} // namespace sn::yaml_fields
