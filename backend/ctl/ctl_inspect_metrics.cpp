// supernodectl inspect metrics FILE: what the Prometheus text parser reads from a captured
// /metrics scrape (support cases, offline analysis). Its own file so that other `inspect`
// subjects (nvidia-smi) live beside it without touching it.
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"

#include "backend/telemetry/prometheus/prometheus_text_parser.h"
#include "backend/telemetry/prometheus/prometheus_text_renderer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace sn::ctl {

namespace {

// JSON has no NaN or infinities: those are written as Prometheus writes them, as strings.
QJsonValue jsonValue(double v)
{
    if (std::isfinite(v))
        return v;
    return QString::fromStdString(formatPrometheusValue(v));
}

QString labelsText(const Labels &labels)
{
    if (labels.empty())
        return {};
    QString out = "{";
    bool first = true;
    for (const auto &[k, v] : labels) {
        if (!first)
            out += ',';
        first = false;
        out += QString::fromStdString(k) + "=\"" + QString::fromStdString(escapeLabelValue(v)) + '"';
    }
    return out + '}';
}

} // namespace

int inspectMetricsCommand(Context &ctx)
{
    if (ctx.args.size() != 1)
        return usage(ctx, CtlText::tr("inspect metrics needs exactly one file"));
    const QString path = ctx.args.front();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(ctx,
                    invalidArgument(CtlText::tr("cannot read %1: %2").arg(path, file.errorString()).toStdString()));
    const QByteArray bytes = file.readAll();
    auto parsed = parsePrometheusText(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (!parsed) {
        const QString message = path + ':' + QString::fromStdString(parsed.error().message);
        if (ctx.json) {
            QJsonObject o{{"valid", false}, {"file", path}, {"error", message}};
            static const QRegularExpression where(QStringLiteral(R"(^(\d+):(\d+): )"));
            if (const auto m = where.match(QString::fromStdString(parsed.error().message)); m.hasMatch()) {
                o.insert("line", m.captured(1).toInt());
                o.insert("column", m.captured(2).toInt());
            }
            ctx.out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
        }
        ctx.err << message << '\n';
        return kInvalidInput;
    }

    // Families in the order of their first sample (or declaration, for families without any).
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::size_t>> members;
    for (std::size_t i = 0; i < parsed->samples.size(); ++i) {
        const std::string family = parsed->familyOf(parsed->samples[i].metric);
        if (!members.count(family))
            order.push_back(family);
        members[family].push_back(i);
    }
    for (const auto &[name, meta] : parsed->families)
        if (!members.count(name)) {
            order.push_back(name);
            members[name];
        }

    if (ctx.json) {
        QJsonArray families;
        for (const std::string &name : order) {
            const auto it = parsed->families.find(name);
            const MetricFamilyMeta meta = it == parsed->families.end() ? MetricFamilyMeta{} : it->second;
            QJsonArray samples;
            for (std::size_t i : members[name]) {
                const MetricSample &s = parsed->samples[i];
                QJsonObject labels;
                for (const auto &[k, v] : s.labels)
                    labels.insert(QString::fromStdString(k), QString::fromStdString(v));
                QJsonObject o{{"metric", QString::fromStdString(s.metric)},
                              {"labels", labels},
                              {"value", jsonValue(s.value)},
                              {"line", parsed->sampleLines[i]}};
                if (parsed->sampleHasTimestamp[i])
                    o.insert("timestamp_ms", static_cast<qint64>(s.timeMs));
                samples.append(o);
            }
            QJsonObject f{{"name", QString::fromStdString(name)},
                          {"type", metricTypeName(meta.type)},
                          {"help", QString::fromStdString(meta.help)},
                          {"samples", samples}};
            if (!meta.unit.empty())
                f.insert("unit", QString::fromStdString(meta.unit));
            families.append(f);
        }
        QJsonObject o{{"valid", true},
                      {"file", path},
                      {"samples", static_cast<qint64>(parsed->samples.size())},
                      {"families", families}};
        ctx.out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
        return kOk;
    }

    ctx.out
        << CtlText::tr("%1: %2 samples in %3 metric families").arg(path).arg(parsed->samples.size()).arg(order.size())
        << '\n';
    for (const std::string &name : order) {
        const auto it = parsed->families.find(name);
        const MetricFamilyMeta meta = it == parsed->families.end() ? MetricFamilyMeta{} : it->second;
        // The type (gauge, counter, ...) is Prometheus's keyword, the same in every language.
        ctx.out << '\n'
                << QString::fromStdString(name) << "  " << metricTypeName(meta.type) << ", "
                << (members[name].size() == 1 ? CtlText::tr("1 sample")
                                              : CtlText::tr("%1 samples").arg(members[name].size()));
        if (!meta.unit.empty())
            ctx.out << CtlText::tr(", unit %1").arg(QString::fromStdString(meta.unit));
        if (!meta.help.empty())
            ctx.out << "  " << QString::fromStdString(meta.help);
        ctx.out << '\n';
        for (std::size_t i : members[name]) {
            const MetricSample &s = parsed->samples[i];
            ctx.out << "  " << QString::fromStdString(s.metric) << labelsText(s.labels) << ' '
                    << QString::fromStdString(formatPrometheusValue(s.value));
            if (parsed->sampleHasTimestamp[i])
                ctx.out << " @" << s.timeMs;
            ctx.out << '\n';
        }
    }
    return kOk;
}

} // namespace sn::ctl
