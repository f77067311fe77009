#pragma once
// GPU readings as JSON for `supernodectl inspect nvidia-smi --json` and
// `supernode-agent --probe --json`: one shape for every source, so scripts read either.
//
// gpuReadingToJson: {"gpu":0,"uuid":..,"modelName":..,"pci_bus_id":..,"Hostname":..,
//   "time_ms":..,"metrics":{"DCGM_FI_DEV_GPU_UTIL":100,...},   // valid fields only
//   "not_reported":["DCGM_FI_DEV_FAN_SPEED",...],              // fields the GPU did not report
//   "nvlinks":[{"link":0,"tx_bytes_per_second":..,"rx_bytes_per_second":..}]}  // when present
// nvidiaSmiSnapshotToJson: {"timestamp","driver_version","cuda_version","gpus":[reading +
//   "device":{serial, vbios_version, pstate, pcie_gen_current, ..., "mig_devices":[...]}]}

#include "backend/model/gpu_reading.h"
#include "backend/telemetry/collectors/nvidia_smi_snapshot.h"

#include <QJsonObject>

namespace sn {

QJsonObject gpuReadingToJson(const GpuReading &reading);
QJsonObject nvidiaSmiDeviceToJson(const NvidiaSmiDevice &device); // reading + "device"
QJsonObject nvidiaSmiSnapshotToJson(const NvidiaSmiSnapshot &snapshot);

} // namespace sn
