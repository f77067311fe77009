#include "k8s_validate.h"

#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>

namespace sn::test {

ManifestCheck validateKubernetesManifests(const QString &manifests)
{
    const QString script = qEnvironmentVariable("SN_BINARY_DIR") + "/k8s-validate/validate.js";
    ManifestCheck check;
    if (!QFileInfo::exists(script)) {
        check.output = script + " is missing: run the tests through ctest, whose fixture k8s_validate_install "
                                "installs it (tests/support/k8s-validate/install)";
        return check;
    }
    QProcess node;
    node.setProcessChannelMode(QProcess::MergedChannels);
    node.start("node", {script, "-"});
    if (!node.waitForStarted(10000)) {
        check.output = "cannot start node: " + node.errorString();
        return check;
    }
    node.write(manifests.toUtf8());
    node.closeWriteChannel();
    if (!node.waitForFinished(60000)) {
        node.kill();
        node.waitForFinished(5000);
        check.output = "the validator did not finish in 60 s";
        return check;
    }
    check.output = QString::fromUtf8(node.readAll()).trimmed();
    check.exitCode = node.exitStatus() == QProcess::NormalExit ? node.exitCode() : -1;
    return check;
}

} // namespace sn::test
