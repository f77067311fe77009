#pragma once
// The CommShape (cost_model.h) of one node's GPUs, read from what discovery captured: the
// `nvidia-smi topo -m` matrix, optionally `topo -p2p`, and the GPU model.

#include "backend/comms/cost_model.h"
#include "backend/comms/nvidia_smi_topo.h"

namespace sn::comms {

// NVLink between every GPU pair: NVSwitch (the bonded counts exceed one GPU's links) or direct
// bonds, at links x per-link rate, with NVLS on NVLink 4 and later switches. Otherwise PCIe x16
// of the model's generation: peer-to-peer where the P2P matrix says OK (or, without one, where
// nvidia-smi puts every pair behind PCIe switches, PIX/PXB, which is where NCCL enables P2P by
// default), staged through host memory where it does not. NICs: the matrix's NIC columns, at
// nicGBps each (the matrix does not give speeds).
CommShape shapeFromMatrix(const TopoMatrix &matrix, const P2pMatrix *p2p, const std::string &gpuModel,
                          double nicGBps = 0, LinkKind net = LinkKind::Roce);

} // namespace sn::comms
