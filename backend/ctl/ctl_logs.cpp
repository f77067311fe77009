// supernodectl logs templates FILE [--format FORMAT] [--settings FILE --source NAME]: the
// template of every line of a log file, mined offline with the engine's own miner. With
// --json, one object per input line in order, {"line": N, "template_id": "...", "template":
// "..."}, then one {"summary": {...}}. Templates are printed as they stand after the whole
// file, so one id always shows one template.
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"
#include "backend/logs/log_parser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <fstream>

namespace sn::ctl {

namespace {

QString takeOption(Context &ctx, const QString &name)
{
    const qsizetype i = ctx.args.indexOf(name);
    if (i < 0 || i + 1 >= ctx.args.size())
        return {};
    const QString v = ctx.args[i + 1];
    ctx.args.remove(i, 2);
    return v;
}

// A JSON string literal; invalid UTF-8 becomes U+FFFD rather than breaking the output.
QByteArray jsonString(const std::string &s)
{
    const QByteArray a =
        QJsonDocument(QJsonArray{QString::fromUtf8(s.data(), qsizetype(s.size()))}).toJson(QJsonDocument::Compact);
    return a.mid(1, a.size() - 2);
}

Result<logs::LogParser> parserFor(Context &ctx)
{
    const QString format = takeOption(ctx, QStringLiteral("--format"));
    const QString settingsPath = takeOption(ctx, QStringLiteral("--settings"));
    const QString source = takeOption(ctx, QStringLiteral("--source"));
    logs::LogSourceSettings settings;
    if (!settingsPath.isEmpty()) {
        auto all = logs::readLogSourceSettings(settingsPath.toStdString());
        if (!all)
            return all.error();
        const auto it = all->find(source.toStdString());
        if (it == all->end())
            return invalidArgument(
                CtlText::tr("%1: no source '%2' (name it with --source)").arg(settingsPath, source).toStdString());
        settings = it->second;
    }
    if (!format.isEmpty())
        settings.format = format.toStdString();
    logs::MinerConfig config = settings.minerConfig();
    config.maxTemplates = 1000000; // offline: a whole file's templates, still bounded
    auto f = logs::LogFormat::parse(settings.format);
    if (!f)
        return f.error();
    auto masks = logs::RegexMasks::compile(settings.masks);
    if (!masks)
        return masks.error();
    return logs::LogParser(std::move(*f), std::move(*masks), config);
}

int templatesCommand(Context &ctx)
{
    auto parser = parserFor(ctx);
    if (!parser)
        return fail(ctx, parser.error());
    if (ctx.args.size() != 1)
        return usage(ctx, CtlText::tr("logs templates needs one FILE"));
    const std::string path = ctx.args.front().toStdString();
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return fail(ctx, notFound(CtlText::tr("cannot read %1").arg(ctx.args.front()).toStdString()));
    std::vector<std::uint32_t> ids;
    std::size_t truncated = 0, mismatches = 0;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const logs::ParsedLine &p = parser->add(line);
        ids.push_back(p.match.id);
        truncated += p.match.truncated;
        mismatches += !p.headerMatched && !line.empty();
    }
    const logs::TemplateMiner &miner = parser->miner();
    if (ctx.json) {
        for (std::size_t i = 0; i < ids.size(); ++i) {
            const logs::LogTemplate *t = ids[i] ? miner.find(ids[i]) : nullptr;
            ctx.out << "{\"line\": " << (i + 1)
                    << ", \"template_id\": " << (ids[i] ? jsonString(logs::templateIdText(ids[i])) : QByteArray("null"))
                    << ", \"template\": " << (t ? jsonString(t->text()) : QByteArray("null")) << "}\n";
        }
        ctx.out << "{\"summary\": {\"lines\": " << ids.size() << ", \"templates\": " << miner.size()
                << ", \"truncated_lines\": " << truncated << ", \"header_mismatches\": " << mismatches
                << ", \"evicted_templates\": " << miner.evicted()
                << ", \"format\": " << jsonString(parser->format().text()) << "}}\n";
        return kOk;
    }
    for (const logs::LogTemplate *t : miner.templates())
        ctx.out << QString::fromStdString(logs::templateIdText(t->id)) << "  "
                << QString::number(t->count).rightJustified(8) << "  "
                << QString::fromUtf8(t->text().data(), qsizetype(t->text().size())) << '\n';
    ctx.out << CtlText::tr("%1 line(s), %2 template(s), %3 truncated, %4 not in the format")
                   .arg(ids.size())
                   .arg(miner.size())
                   .arg(truncated)
                   .arg(mismatches)
            << '\n';
    return kOk;
}

} // namespace

int logsCommand(Context &ctx)
{
    if (ctx.args.isEmpty())
        return usage(ctx, CtlText::tr("logs needs a subcommand: templates"));
    const QString sub = ctx.args.takeFirst();
    if (sub == QLatin1String("templates"))
        return templatesCommand(ctx);
    return usage(ctx, CtlText::tr("unknown logs subcommand '%1'").arg(sub));
}

} // namespace sn::ctl
