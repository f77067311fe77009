// supernodectl inspect nvidia-smi FILE: a captured `nvidia-smi -q -x` or `--query-gpu` CSV (with
// its header line) through the collector's own parsers; prints what they read.
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"

#include "backend/api/metric_catalogue.h"
#include "backend/telemetry/collectors/nvidia_smi_csv.h"
#include "backend/telemetry/collectors/nvidia_smi_xml.h"
#include "backend/telemetry/collectors/reading_json.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace sn::ctl {

namespace {

QString optionalText(const std::optional<int> &v)
{
    return v ? QString::number(*v) : QStringLiteral("-");
}

void printText(Context &ctx, const QString &path, const QString &format, const NvidiaSmiSnapshot &s)
{
    ctx.out << CtlText::tr("%1: nvidia-smi %2, %3 GPU(s)").arg(path, format).arg(s.gpus.size());
    if (!s.driverVersion.empty())
        ctx.out << CtlText::tr(", driver %1").arg(q(s.driverVersion));
    if (!s.cudaVersion.empty())
        ctx.out << CtlText::tr(", CUDA %1").arg(q(s.cudaVersion));
    if (!s.timestamp.empty())
        ctx.out << CtlText::tr(", at %1").arg(q(s.timestamp));
    ctx.out << '\n';
    for (const NvidiaSmiDevice &d : s.gpus) {
        const GpuReading &r = d.reading;
        ctx.out << "\nGPU " << r.gpu << "  " << q(r.model) << "  " << q(r.pciBusId) << "  " << q(r.uuid) << '\n';
        ctx.out << "  "
                << CtlText::tr("pstate %1, PCIe gen %2/%3 x%4, MIG %5")
                       .arg(q(d.pstate.empty() ? "-" : d.pstate), optionalText(d.pcieGenCurrent),
                            optionalText(d.pcieGenMax), optionalText(d.pcieWidthCurrent),
                            q(d.migModeCurrent.empty() ? "-" : d.migModeCurrent));
        if (!d.migDevices.empty())
            ctx.out << CtlText::tr(" (%1 instances)").arg(d.migDevices.size());
        if (!d.vbiosVersion.empty())
            ctx.out << CtlText::tr(", VBIOS %1").arg(q(d.vbiosVersion));
        ctx.out << '\n';
        QStringList missing;
        for (std::size_t i = 0; i < kGpuFieldCount; ++i) {
            const metric::Info &info = metric::info(static_cast<GpuField>(i));
            if (!r.has(info.field)) {
                missing << QString::fromLatin1(info.name);
                continue;
            }
            const double v = r.get(info.field);
            const QString value = info.field == GpuField::ThrottleReasons
                                      ? QStringLiteral("0x%1").arg(static_cast<qulonglong>(v), 0, 16)
                                      : QString::number(v, 'g', 12);
            // Metric names and units are dcgm-exporter's, the same in every language.
            ctx.out << "  " << QString::fromLatin1(info.name).leftJustified(42) << value.rightJustified(14) << ' '
                    << info.unit << '\n';
        }
        if (!missing.isEmpty())
            ctx.out << "  " << CtlText::tr("not reported: %1").arg(missing.join(QStringLiteral(", "))) << '\n';
    }
}

} // namespace

int inspectNvidiaSmiCommand(Context &ctx)
{
    if (ctx.args.size() != 1)
        return usage(ctx, CtlText::tr("inspect nvidia-smi needs exactly one file"));
    const QString path = ctx.args.front();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(ctx, notFound(CtlText::tr("cannot read %1: %2").arg(path, file.errorString()).toStdString()));
    const QByteArray data = file.readAll();
    const std::string_view text(data.constData(), static_cast<std::size_t>(data.size()));
    // `-q -x` output starts with "<?xml" or "<nvidia_smi_log"; anything else is read as CSV.
    const bool xml = data.trimmed().startsWith('<');
    const QString format = xml ? QStringLiteral("-q -x") : QStringLiteral("--query-gpu CSV");
    auto parsed = xml ? parseNvidiaSmiXml(text, path.toStdString()) : parseNvidiaSmiCsv(text, path.toStdString());
    if (!parsed) {
        const QString message = QString::fromStdString(parsed.error().message);
        if (ctx.json) {
            QJsonObject o{{"valid", false}, {"file", path}, {"format", format}, {"error", message}};
            static const QRegularExpression where(QStringLiteral(R"(:(\d+):(\d+): )"));
            if (const auto m = where.match(message); m.hasMatch()) {
                o.insert("line", m.captured(1).toInt());
                o.insert("column", m.captured(2).toInt());
            }
            ctx.out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
        }
        ctx.err << message << '\n';
        return kInvalidInput;
    }
    if (ctx.json) {
        QJsonObject o = nvidiaSmiSnapshotToJson(*parsed);
        o.insert("valid", true);
        o.insert("file", path);
        o.insert("format", xml ? "xml" : "csv");
        ctx.out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
    } else {
        printText(ctx, path, format, *parsed);
    }
    return kOk;
}

} // namespace sn::ctl
