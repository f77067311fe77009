// supernodectl certs init / tokens create: what an administrator needs before starting
// supernoded beyond loopback (docs/remote.md).
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"
#include "backend/remote/common/access_tokens.h"
#include "backend/remote/common/certificate_authority.h"

#include <QDateTime>
#include <QFileInfo>

namespace sn::ctl {

int certsCommand(Context &ctx)
{
    if (ctx.args.size() < 2 || ctx.args[0] != QLatin1String("init"))
        return usage(ctx, CtlText::tr("expected: certs init DIR [--host NAME]..."));
    const QString dir = ctx.args[1];
    std::vector<std::string> hosts;
    for (qsizetype i = 2; i < ctx.args.size(); ++i) {
        if (ctx.args[i] != QLatin1String("--host") || i + 1 >= ctx.args.size())
            return usage(ctx, CtlText::tr("certs init takes --host NAME, not '%1'").arg(ctx.args[i]));
        hosts.push_back(ctx.args[++i].toStdString());
    }
    auto files = rpc::initCertificates(dir.toStdString(), hosts);
    if (!files)
        return fail(ctx, files.error());
    if (ctx.json) {
        ctx.out << QStringLiteral("{\"ca\":\"%1\",\"server_cert\":\"%2\",\"server_key\":\"%3\",\"client_cert\":\"%4\","
                                  "\"client_key\":\"%5\"}\n")
                       .arg(QString::fromStdString(files->caCertificate),
                            QString::fromStdString(files->serverCertificate), QString::fromStdString(files->serverKey),
                            QString::fromStdString(files->clientCertificate), QString::fromStdString(files->clientKey));
        return kOk;
    }
    ctx.out << CtlText::tr("created in %1:").arg(dir) << '\n'
            << "  ca.pem, ca.key          " << CtlText::tr("the certificate authority (keep ca.key offline)") << '\n'
            << "  server.pem, server.key  " << CtlText::tr("for supernoded --tls-cert/--tls-key")
            << " (127.0.0.1, ::1, localhost";
    for (const std::string &h : hosts)
        ctx.out << ", " << QString::fromStdString(h);
    ctx.out << ")\n"
            << "  client.pem, client.key  " << CtlText::tr("for mutual TLS (supernoded --tls-ca ca.pem)") << '\n';
    return kOk;
}

int tokensCommand(Context &ctx)
{
    if (ctx.args.isEmpty() || ctx.args[0] != QLatin1String("create"))
        return usage(ctx, CtlText::tr("expected: tokens create --role viewer|operator|admin --file F [--name N]"));
    QString role, file, name;
    for (qsizetype i = 1; i < ctx.args.size(); i += 2) {
        if (i + 1 >= ctx.args.size())
            return usage(ctx, CtlText::tr("%1 needs a value").arg(ctx.args[i]));
        const QString &flag = ctx.args[i];
        if (flag == QLatin1String("--role"))
            role = ctx.args[i + 1];
        else if (flag == QLatin1String("--file"))
            file = ctx.args[i + 1];
        else if (flag == QLatin1String("--name"))
            name = ctx.args[i + 1];
        else
            return usage(ctx, CtlText::tr("tokens create takes --role, --file and --name, not '%1'").arg(flag));
    }
    if (file.isEmpty())
        return usage(ctx, CtlText::tr("tokens create needs --file (the daemon's --tokens file)"));
    const auto r = rpc::parseRole(role.toStdString());
    if (!r)
        return usage(ctx, CtlText::tr("--role must be viewer, operator or admin, not '%1'").arg(role));
    if (name.isEmpty())
        name = QStringLiteral("%1-%2").arg(role, QString::number(QDateTime::currentSecsSinceEpoch()));
    auto token = rpc::createToken(name.toStdString(), *r);
    if (!token)
        return fail(ctx, token.error());
    if (Status s = rpc::appendToken(file.toStdString(), token->entry); !s)
        return fail(ctx, s.error());
    // The only time the token is shown: the file keeps a salted hash.
    if (ctx.json)
        ctx.out << QStringLiteral("{\"name\":\"%1\",\"role\":\"%2\",\"token\":\"%3\"}\n")
                       .arg(name, role, QString::fromStdString(token->token));
    else
        ctx.out << QString::fromStdString(token->token) << '\n';
    if (!ctx.json)
        ctx.err << CtlText::tr("token '%1' (%2) added to %3; it is shown only now. Save it to a file for "
                               "--token-file.")
                       .arg(name, role, QFileInfo(file).absoluteFilePath())
                << '\n';
    return kOk;
}

} // namespace sn::ctl
