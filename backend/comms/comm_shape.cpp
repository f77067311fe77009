#include "backend/comms/comm_shape.h"

#include "backend/comms/link_rates.h"
#include "backend/model/hgx_board.h"

namespace sn::comms {

CommShape shapeFromMatrix(const TopoMatrix &m, const P2pMatrix *p2p, const std::string &gpuModel, double nicGBps,
                          LinkKind net)
{
    CommShape s;
    std::vector<std::size_t> gpus;
    for (std::size_t i = 0; i < m.devices.size(); ++i)
        if (m.devices[i].isGpu)
            gpus.push_back(i);
    s.gpusPerNode = static_cast<int>(gpus.size());
    s.nicsPerNode = m.nicCount();
    s.nicGBps = nicGBps;
    s.net = net;

    bool allNvLink = gpus.size() > 1;
    bool allBehindSwitches = gpus.size() > 1;
    int minBond = 0, maxTotal = 0;
    for (std::size_t a : gpus) {
        int total = 0;
        for (std::size_t b : gpus) {
            if (a == b)
                continue;
            const TopoCell &c = m.at(a, b);
            allNvLink = allNvLink && c.path == TopoPath::NvLink;
            allBehindSwitches = allBehindSwitches && (c.path == TopoPath::Pix || c.path == TopoPath::Pxb);
            if (c.path == TopoPath::NvLink) {
                minBond = minBond == 0 ? c.nvlinks : std::min(minBond, c.nvlinks);
                total += c.nvlinks;
            }
        }
        maxTotal = std::max(maxTotal, total);
    }
    const int nvGen = nvlinkGenerationOf(gpuModel);
    if (allNvLink) {
        const bool switched = maxTotal > hgx::kNvLinksPerH100;
        s.intra = switched ? IntraFabric::NvSwitch : IntraFabric::NvLinkDirect;
        // Through a switch a GPU drives all its links at once; with direct bonds a ring step uses one bond.
        s.intraGBps = minBond * nvlinkGBpsPerLink(nvGen > 0 ? nvGen : 3);
        s.nvls = switched && nvGen >= 4;
        return s;
    }
    const bool p2pOk = p2p ? p2p->allPairsOk() : allBehindSwitches;
    s.intra = p2pOk ? IntraFabric::PcieP2p : IntraFabric::PcieHostStaged;
    const int gen = pcieGenerationOf(gpuModel);
    s.intraGBps = 16 * pcieGBpsPerLane(gen > 0 ? gen : 3);
    return s;
}

} // namespace sn::comms
