#include "translations/nccl_advice_text.h"

#include <QCoreApplication>

namespace sn {

namespace {

constexpr const char *kContext = "sn::NcclAdvice";

// Exactly as backend/comms/nccl_env.cpp builds them.
const char *const kPatterns[] = {
    // NCCL_IB_HCA
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "the %1 RDMA NIC(s) of this node by exact name ('=': mlx5_1 must not also match mlx5_10)"),
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "the %1 RDMA NIC(s) of this node by exact name ('=': mlx5_1 must not also match mlx5_10); "
                      "left out because their port is down: %2"),
    // NCCL_IB_GID_INDEX
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "RoCE: the GID of the RoCE v2 IPv4 address on every NIC (routable, and what PFC/ECN QoS is "
                      "set up for); older NCCL otherwise uses GID 0, RoCE v1 link-local"),
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "RoCE NICs put their RoCE v2 IPv4 GID at different indices; NCCL_IB_GID_INDEX takes one. Set "
                      "NCCL_IB_ROCE_VERSION_NUM=2 and NCCL_IB_ADDR_FAMILY=AF_INET (NCCL 2.21+) instead"),
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "RoCE GID index unknown for %1: run `ibv_devinfo -v` on the node (discovery reads it) to "
                      "choose NCCL_IB_GID_INDEX"),
    // NCCL_SOCKET_IFNAME
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "bootstrap (and the socket transport) on %1; unset, NCCL may take docker0, a bridge or a "
                      "link-local port and hang connecting"),
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "no Ethernet interface known for NCCL_SOCKET_IFNAME: run `ip -j link` (discovery reads it)"),
    // NCCL_IB_DISABLE
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "no RDMA NIC on this node: across nodes NCCL runs over sockets; disabling IB skips the verbs "
                      "probe and makes the choice explicit in the logs"),
    // NCCL_NET_GDR_LEVEL
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "every GPU has an RDMA NIC behind a shared PCIe switch: GPUDirect RDMA goes NIC-GPU without "
                      "the CPU (NCCL's default level, stated so a driver update that misreads the topology cannot "
                      "quietly turn it off)"),
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "%1 reach their nearest NIC only through the CPU (%2): GPUDirect RDMA through the root "
                      "complex is usually slower than staging in host memory, so keep it to GPUs that share a "
                      "switch with a NIC (do not raise it to PHB/SYS)"),
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "the PCIe path from some GPUs to the NICs is unknown (no `nvidia-smi topo -m`), so "
                      "NCCL_NET_GDR_LEVEL is not recommended"),
    // NCCL_NVLS_ENABLE
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "NVSwitch with in-switch reduction (NVLink %1): 1 GiB all-reduce busbw %2 GB/s with NVLS vs "
                      "%3 GB/s by ring (cost model); needs the fabric manager and NCCL 2.17+"),
    // NCCL_CROSS_NIC
    QT_TRANSLATE_NOOP("sn::NcclAdvice",
                      "rail-optimised wiring: NIC k of every node is on the leaf of rail k, so rings that keep each "
                      "channel on the same rail on both nodes never cross the spine"),
};

} // namespace

const MessagePatterns &ncclAdviceCatalogue()
{
    static const MessagePatterns kCompiled(kContext, kPatterns);
    return kCompiled;
}

QString ncclAdviceText(const std::string &english)
{
    const QString text = QString::fromStdString(english);
    return ncclAdviceCatalogue().translate(text).value_or(text);
}

QString ncclAdviceShell(const comms::NcclEnvAdvice &advice)
{
    QString out;
    for (const comms::NcclEnvSetting &s : advice.settings)
        out += QStringLiteral("# %1\nexport %2=%3\n")
                   .arg(ncclAdviceText(s.reason), QString::fromStdString(s.name), QString::fromStdString(s.value));
    for (const std::string &n : advice.notes)
        out += QCoreApplication::translate("sn::NcclAdvice", "# note: %1").arg(ncclAdviceText(n)) + QLatin1Char('\n');
    return out;
}

QStringList ncclAdvicePatterns()
{
    return patternSources(kPatterns);
}

} // namespace sn
