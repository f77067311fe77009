#include "backend/model/cluster_yaml_job_backends.h"

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
        fail(where, "'jobBackends.slurm' via rest needs 'restUrl: http://head:6820' and 'tokenFile: /path/to/jwt'");
    return slurm;
}

} // namespace

JobBackendsSpec readJobBackends(const Field &f)
{
    JobBackendsSpec spec;
    const MapFields m(f, "in 'jobBackends'", {"default", "slurm"}, false);
    m.rejectUnknownKeys();
    const Field *byDefault = m.find("default");
    if (byDefault)
        spec.defaultBackend = readOneOf(*byDefault, {"embedded", "slurm", "kubernetes"});
    if (const Field *v = m.find("slurm"))
        spec.slurm = readSlurm(*v);
    if (spec.defaultBackend == "slurm" && !spec.slurm)
        fail(byDefault->mark(),
             "'jobBackends.default' slurm needs a 'slurm:' section beside it (e.g. slurm: {via: cli})");
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
    out << YAML::EndMap;
}

} // namespace sn::yaml_fields
