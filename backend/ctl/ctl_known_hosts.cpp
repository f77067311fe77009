// supernodectl known-hosts add [USER@]HOST[:PORT] [--accept-host-key SHA256:...] [--known-hosts F]
// [--ssh-config F]: records a node's SSH host key for the programs that run unattended and so
// refuse unknown hosts (the engine's nvidia-smi, Slurm and power caps over SSH; supernoded).
// Run as the user that program runs as (`sudo -u supernode supernodectl known-hosts add ...`),
// so the key lands in that user's known_hosts. Nothing is accepted blindly: without the
// fingerprint, or with another one, the key is shown and refused; a changed key is always
// refused (docs/ssh.md).
#include "backend/ctl/ctl_context.h"
#include "backend/ctl/ctl_text.h"
#include "backend/ssh/ssh_session.h"
#include "backend/ssh/ssh_target.h"

namespace sn::ctl {

int knownHostsCommand(Context &ctx)
{
    if (ctx.args.size() < 2 || ctx.args[0] != QLatin1String("add"))
        return usage(ctx, CtlText::tr("expected: known-hosts add [USER@]HOST[:PORT] [--accept-host-key SHA256:...] "
                                      "[--known-hosts FILE] [--ssh-config FILE]"));
    const QString address = ctx.args[1];
    ctx.args.remove(0, 2);
    QString fingerprint, knownHosts, config;
    int exitCode = kOk;
    if (!takeText(ctx, QStringLiteral("--accept-host-key"), &fingerprint, &exitCode) ||
        !takeText(ctx, QStringLiteral("--known-hosts"), &knownHosts, &exitCode) ||
        !takeText(ctx, QStringLiteral("--ssh-config"), &config, &exitCode) ||
        !noArgumentsLeft(ctx, QStringLiteral("known-hosts add"), &exitCode))
        return exitCode;
    if (!fingerprint.isEmpty() && !fingerprint.startsWith(QLatin1String("SHA256:")))
        return usage(ctx, CtlText::tr("--accept-host-key takes a fingerprint as ssh-keygen -l prints it "
                                      "(SHA256:...), not '%1'")
                              .arg(fingerprint));
    auto target = parseSshTarget(address.toStdString());
    if (!target)
        return fail(ctx, target.error());
    SshOptions options;
    options.target = *target;
    if (!config.isEmpty())
        options.configFile = config.toStdString();
    options.knownHostsFile = knownHosts.toStdString();
    options.hostKeys.acceptFingerprint = fingerprint.toStdString();
    SshSession session(options);
    if (Status s = session.checkHostKey(); !s) {
        const int code = fail(ctx, s.error());
        if (!ctx.json && s.error().code == ErrorCode::PermissionDenied && fingerprint.isEmpty())
            ctx.err << CtlText::tr("Compare the fingerprint with the one the node shows (ssh-keygen -lf "
                                   "/etc/ssh/ssh_host_ed25519_key.pub on its console), then run this again with "
                                   "--accept-host-key and that fingerprint.")
                    << '\n';
        return code;
    }
    const QString where = QString::fromStdString(session.where());
    if (ctx.json)
        ctx.out << QStringLiteral("{\"host\":%1,\"known\":true}\n")
                       .arg(QString::fromUtf8(jsonStringLiteral(session.where())));
    else if (fingerprint.isEmpty())
        ctx.out << CtlText::tr("%1: its host key is known already").arg(where) << '\n';
    else
        ctx.out << CtlText::tr("%1: host key %2 recorded").arg(where, fingerprint) << '\n';
    return kOk;
}

} // namespace sn::ctl
