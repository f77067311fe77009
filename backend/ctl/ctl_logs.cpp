// supernodectl logs [--node N]...: the engine's log lines (queryLogsCommand, below). And
// supernodectl logs templates FILE [--format FORMAT] [--settings FILE --source NAME]: the
// template of every line of a log file, mined offline with the engine's own miner. With
// --json, one object per input line in order, {"line": N, "template_id": "...", "template":
// "..."}, then one {"summary": {...}}. Templates are printed as they stand after the whole
// file, so one id always shows one template.
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"
#include "backend/logs/log_parser.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
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
                    << ", \"template_id\": " << (ids[i] ? jsonStringLiteral(logs::templateIdText(ids[i])) : QByteArray("null"))
                    << ", \"template\": " << (t ? jsonStringLiteral(t->text()) : QByteArray("null")) << "}\n";
        }
        ctx.out << "{\"summary\": {\"lines\": " << ids.size() << ", \"templates\": " << miner.size()
                << ", \"truncated_lines\": " << truncated << ", \"header_mismatches\": " << mismatches
                << ", \"evicted_templates\": " << miner.evicted()
                << ", \"format\": " << jsonStringLiteral(parser->format().text()) << "}}\n";
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

// logs [--node N] [--gpu G] [--job ID] [--contains TEXT] [--level LEVEL] [--last SECONDS]
// [--limit N]: the engine's log lines (QueryLogs), oldest first, as the console's log tail.
int queryLogsCommand(Context &ctx)
{
    int code = kOk;
    QString node, job, contains, level;
    double gpu = -1, last = 3600, limit = 100;
    if (!takeText(ctx, QStringLiteral("--node"), &node, &code) ||
        !takeText(ctx, QStringLiteral("--job"), &job, &code) ||
        !takeText(ctx, QStringLiteral("--contains"), &contains, &code) ||
        !takeText(ctx, QStringLiteral("--level"), &level, &code) ||
        !takeNumber(ctx, QStringLiteral("--gpu"), 0, 1023, &gpu, &code) ||
        !takeNumber(ctx, QStringLiteral("--last"), 1, 400 * 24 * 3600, &last, &code) ||
        !takeNumber(ctx, QStringLiteral("--limit"), 1, 100000, &limit, &code) ||
        !noArgumentsLeft(ctx, QStringLiteral("logs"), &code))
        return code;
    pb::LogQueryRequest q;
    q.set_node(node.toStdString());
    q.set_job_id(job.toStdString());
    q.set_contains(contains.toStdString());
    q.set_limit(static_cast<int>(limit));
    if (gpu >= 0)
        q.set_gpu(static_cast<int>(gpu));
    if (!level.isEmpty()) {
        pb::Severity severity;
        if (!pb::Severity_Parse("SEVERITY_" + level.toUpper().toStdString(), &severity) ||
            severity == pb::SEVERITY_UNSPECIFIED)
            return usage(ctx, CtlText::tr("--level must be info, warning, error or critical, not '%1'").arg(level));
        q.set_min_severity(severity);
    }
    auto engine = openEngine(ctx, &code);
    if (!engine)
        return code;
    auto summary = waitFor(engine->getSummary());
    if (!summary)
        return fail(ctx, summary.error());
    q.set_start_ms(summary->time_ms() - static_cast<std::int64_t>(last * 1000));
    q.set_end_ms(summary->time_ms());
    auto answer = waitFor(engine->queryLogs(q));
    if (!answer)
        return fail(ctx, answer.error());
    if (ctx.json) {
        printJson(ctx, *answer);
        return kOk;
    }
    std::vector<const pb::LogLine *> lines;
    for (const pb::LogLine &l : answer->lines())
        lines.push_back(&l);
    std::stable_sort(lines.begin(), lines.end(),
                     [](const pb::LogLine *a, const pb::LogLine *b) { return a->time_ms() < b->time_ms(); });
    for (const pb::LogLine *l : lines)
        ctx.out << QDateTime::fromMSecsSinceEpoch(l->time_ms(), Qt::UTC).toString(Qt::ISODate) << ' '
                << QString::fromStdString(l->node()) << ' ' << QString::fromStdString(l->source()) << ": "
                << QString::fromStdString(l->text()) << '\n';
    if (lines.empty())
        ctx.out << CtlText::tr("no log lines match") << '\n';
    return kOk;
}

int logsCommand(Context &ctx)
{
    if (ctx.args.isEmpty() || ctx.args.front().startsWith(QLatin1String("--")))
        return queryLogsCommand(ctx);
    const QString sub = ctx.args.takeFirst();
    if (sub == QLatin1String("templates"))
        return templatesCommand(ctx);
    return usage(ctx, CtlText::tr("unknown logs subcommand '%1'").arg(sub));
}

} // namespace sn::ctl
