#include "backend/comms/calibration.h"

#include "backend/comms/comm_shape.h"
#include "backend/comms/nccl_tests_log.h"

#include <QFile>

#include <cmath>
#include <iterator>

namespace sn::comms {

namespace {

Result<std::string> readFile(const std::string &dir, const std::string &relative)
{
    QFile f(QString::fromStdString(dir + "/" + relative));
    if (!f.open(QIODevice::ReadOnly))
        return notFound("cannot read calibration data " + f.fileName().toStdString() + ": " +
                        f.errorString().toStdString());
    return f.readAll().toStdString();
}

Result<TopoMatrix> readMatrix(const std::string &dir, const std::string &name)
{
    auto text = readFile(dir, "nvidia-smi/topo/" + name);
    if (!text)
        return text.error();
    return parseNvidiaSmiTopoMatrix(*text, name);
}

// A case from an nccl-tests log: ranks, hosts and GPU model from the log itself.
Result<CalibrationCase> logCase(const std::string &dir, const std::string &log, const CommShape &nodeShape)
{
    const std::string path = "nccl/nccl-tests/" + log;
    auto text = readFile(dir, path);
    if (!text)
        return text.error();
    auto run = parseNcclTestsLog(*text, path);
    if (!run)
        return run.error();
    auto collective = collectiveFromName(run->collective);
    if (!collective)
        return invalidArgument(path + ": unknown collective '" + run->collective + "'");
    const NcclTestsRow *row = run->largest();
    CalibrationCase c;
    c.source = path;
    c.collective = *collective;
    c.shape = nodeShape;
    c.shape.nodes = run->nodes();
    c.shape.gpusPerNode = static_cast<int>(run->ranks.size()) / c.shape.nodes;
    c.bytes = static_cast<double>(row->bytes);
    c.measuredBusbwGBps = row->outOfPlace.busbwGBps;
    c.name = std::to_string(c.shape.nodes) + "x" + std::to_string(c.shape.gpusPerNode) + " " +
             run->ranks.front().model + " " + run->collective;
    return c;
}

} // namespace

Result<std::vector<CalibrationCase>> calibrationCases(const std::string &dir)
{
    std::vector<CalibrationCase> cases;
    auto a100 = readMatrix(dir, "stas00_network-README_8xA100_NV12.txt");
    auto h100 = readMatrix(dir, "stas00_network-README_8xH100_NV18.txt");
    auto pix = readMatrix(dir, "autodl_2x2080Ti_PIX.txt");
    if (!a100 || !h100 || !pix)
        return !a100 ? a100.error() : !h100 ? h100.error() : pix.error();
    auto p2pText = readFile(dir, "nvidia-smi/topo/autodl_2x2080Ti_topo-p2p-p.txt");
    if (!p2pText)
        return p2pText.error();
    auto p2p = parseNvidiaSmiTopoP2p(*p2pText, "autodl_2x2080Ti_topo-p2p-p.txt");
    if (!p2p)
        return p2p.error();

    // GCP A3 Mega: 8 x H100 SXM on NVSwitch, 8 x 200 Gb/s NICs per VM with GPUDirect-TCPXO
    // (Google Cloud, "A3 Mega machine type": 1,600 Gb/s of GPU network bandwidth).
    CommShape a3mega = shapeFromMatrix(*h100, nullptr, "NVIDIA H100 80GB HBM3", 200.0 / 8, LinkKind::Ethernet);
    a3mega.nicsPerNode = 8;
    auto a3 = logCase(dir, "gcp-a3mega_2x8xH100_all_reduce_perf.txt", a3mega);
    if (!a3)
        return a3.error();
    cases.push_back(*a3);

    // Two RTX 2080 Ti behind one PCIe switch (PIX) without peer-to-peer (topo -p2p: NS).
    const CommShape turing = shapeFromMatrix(*pix, &*p2p, "NVIDIA GeForce RTX 2080 Ti");
    for (const char *log : {"autodl_2x2080Ti_all_reduce_perf_g2.txt", "autodl_2x2080Ti_all_gather_perf_g2.txt",
                            "autodl_2x2080Ti_broadcast_perf_g2.txt", "autodl_2x2080Ti_reduce_perf_g2.txt",
                            "autodl_2x2080Ti_alltoall_perf_g2.txt"}) {
        auto c = logCase(dir, log, turing);
        if (!c)
            return c.error();
        cases.push_back(*c);
    }

    // Published large-message all-reduce busbw (the issue quotes them; midpoints of the ranges).
    const double large = 8.0 * (1LL << 30);
    CalibrationCase h{"8x H100 NVLink4 all_reduce (published)",
                      "8x H100 NVLink4: 450-480 GB/s busbw",
                      true,
                      Collective::AllReduce,
                      shapeFromMatrix(*h100, nullptr, "NVIDIA H100 80GB HBM3"),
                      large,
                      465};
    CalibrationCase a{"8x A100 NVLink3 all_reduce (published)",
                      "8x A100: 200-230 GB/s busbw",
                      true,
                      Collective::AllReduce,
                      shapeFromMatrix(*a100, nullptr, "NVIDIA A100-SXM4-80GB"),
                      large,
                      215};
    CommShape roce = shapeFromMatrix(*a100, nullptr, "NVIDIA A100-SXM4-80GB", 100.0 / 8, LinkKind::Roce);
    roce.nodes = 2;
    roce.nicsPerNode = 8;
    CalibrationCase r{"2x8 A100 8x100G RoCE all_reduce (published)",
                      "2 A100 nodes, 8x100G RoCE: ~75 GB/s busbw",
                      true,
                      Collective::AllReduce,
                      roce,
                      large,
                      75};
    cases.push_back(h);
    cases.push_back(a);
    cases.push_back(r);
    return cases;
}

std::vector<CaseResult> evaluate(const std::vector<CalibrationCase> &cases, const CostParams &params)
{
    std::vector<CaseResult> out;
    for (const CalibrationCase &c : cases) {
        const Prediction p = predict(c.collective, c.bytes, c.shape, params);
        out.push_back({c, p, std::abs(p.busbwGBps - c.measuredBusbwGBps) / c.measuredBusbwGBps});
    }
    return out;
}

double maxRelativeError(const std::vector<CaseResult> &results)
{
    double worst = 0;
    for (const CaseResult &r : results)
        worst = std::max(worst, r.relativeError);
    return worst;
}

CostParams calibrateCostParams(const std::vector<CalibrationCase> &cases, CostParams p)
{
    // In dependency order: a knob is fitted to the cases it moves that no later knob also moves
    // (the host-staged efficiency to broadcast and reduce, which load one direction; then the
    // duplex share to the collectives that load both), so each fit is one-dimensional and the
    // result does not depend on where the search starts.
    double *knobs[] = {&p.nvlink.efficiency,          &p.nvls.efficiency,    &p.pcieHostStaged.efficiency,
                       &p.pcieHostStaged.duplexShare, &p.pcieP2p.efficiency, &p.net.efficiency};
    constexpr std::size_t kKnobs = std::size(knobs);
    auto sensitivity = [&](std::size_t k) {
        const double saved = *knobs[k];
        const std::vector<CaseResult> before = evaluate(cases, p);
        *knobs[k] = saved * 1.01;
        const std::vector<CaseResult> after = evaluate(cases, p);
        *knobs[k] = saved;
        std::vector<bool> moved(cases.size());
        for (std::size_t i = 0; i < cases.size(); ++i)
            moved[i] = std::abs(after[i].predicted.busbwGBps - before[i].predicted.busbwGBps) >
                       1e-3 * before[i].predicted.busbwGBps;
        return moved;
    };
    for (int round = 0; round < 2; ++round) {
        std::vector<std::vector<bool>> moves(kKnobs);
        for (std::size_t k = 0; k < kKnobs; ++k)
            moves[k] = sensitivity(k);
        for (std::size_t k = 0; k < kKnobs; ++k) {
            std::vector<CalibrationCase> own, all;
            for (std::size_t i = 0; i < cases.size(); ++i) {
                if (!moves[k][i])
                    continue;
                all.push_back(cases[i]);
                bool later = false;
                for (std::size_t j = k + 1; j < kKnobs; ++j)
                    later = later || moves[j][i];
                if (!later)
                    own.push_back(cases[i]);
            }
            const std::vector<CalibrationCase> &fitTo = own.empty() ? all : own;
            if (fitTo.empty())
                continue;
            double best = *knobs[k], bestError = maxRelativeError(evaluate(fitTo, p));
            for (int step = 50; step <= 1000; ++step) {
                *knobs[k] = step / 1000.0;
                const double e = maxRelativeError(evaluate(fitTo, p));
                if (e < bestError - 1e-12) {
                    bestError = e;
                    best = *knobs[k];
                }
            }
            *knobs[k] = best;
        }
    }
    return p;
}

} // namespace sn::comms
