#include "backend/model/cluster_yaml_logs.h"

namespace sn::yaml_fields {

namespace {
bool readFlag(const Field &f)
{
    bool value = false;
    if (!f.value.IsScalar() || !YAML::convert<bool>::decode(f.value, value))
        fail(f.mark(), quote(f.path) + " expects true or false, got " + describe(f.value));
    return value;
}
} // namespace

LogsSpec readLogs(const Field &f)
{
    LogsSpec spec;
    const MapFields m(f, "in 'logs'", {"files", "journal", "kernel"});
    if (const Field *files = m.find("files")) {
        requireSequence(*files, " of files like '- {path: /var/log/syslog, source: syslog}'");
        UniqueCheck<std::string> paths("log file");
        for (std::size_t i = 0; i < files->value.size(); ++i) {
            const Field e = entry(*files, i);
            const MapFields fm(e, "in a log file", {"path", "node", "source", "fromStart"});
            const Field &path = fm.require("path", "path: /var/log/syslog");
            LogFileSpec file;
            file.path = readName(path);
            if (file.path.front() != '/')
                fail(path.mark(), quote(path.path) + " must be an absolute path, got " + describe(path.value));
            paths.add(file.path, path.mark(), "'" + file.path + "'");
            if (const Field *v = fm.find("node"))
                file.node = readName(*v);
            if (const Field *v = fm.find("source"))
                file.source = readName(*v);
            if (const Field *v = fm.find("fromStart"))
                file.fromStart = readFlag(*v);
            spec.files.push_back(file);
        }
    }
    if (const Field *v = m.find("journal"))
        spec.journal = readFlag(*v);
    if (const Field *v = m.find("kernel"))
        spec.kernel = readFlag(*v);
    return spec;
}

void writeLogs(YAML::Emitter &out, const LogsSpec &spec)
{
    out << YAML::Key << "logs" << YAML::Value << YAML::BeginMap;
    if (!spec.files.empty()) {
        out << YAML::Key << "files" << YAML::Value << YAML::BeginSeq;
        for (const LogFileSpec &f : spec.files) {
            out << YAML::BeginMap << YAML::Key << "path" << YAML::Value << f.path;
            if (!f.node.empty())
                out << YAML::Key << "node" << YAML::Value << f.node;
            if (!f.source.empty())
                out << YAML::Key << "source" << YAML::Value << f.source;
            if (f.fromStart)
                out << YAML::Key << "fromStart" << YAML::Value << true;
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    if (spec.journal)
        out << YAML::Key << "journal" << YAML::Value << true;
    if (spec.kernel)
        out << YAML::Key << "kernel" << YAML::Value << true;
    out << YAML::EndMap;
}

} // namespace sn::yaml_fields
