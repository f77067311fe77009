#include "backend/planner/gpu_catalogue.h"

#include <algorithm>
#include <cctype>

namespace sn::planner {

const char *mathPrecisionName(MathPrecision p)
{
    switch (p) {
    case MathPrecision::Fp32:
        return "fp32";
    case MathPrecision::Tf32:
        return "tf32";
    case MathPrecision::Fp16:
        return "fp16";
    case MathPrecision::Bf16:
        return "bf16";
    case MathPrecision::Fp8:
        return "fp8";
    case MathPrecision::Int8:
        return "int8";
    }
    return "?";
}

double GpuModelInfo::peakTflops(MathPrecision p) const
{
    switch (p) {
    case MathPrecision::Fp32:
        return fp32;
    case MathPrecision::Tf32:
        return tf32;
    case MathPrecision::Fp16:
        return fp16;
    case MathPrecision::Bf16:
        return bf16;
    case MathPrecision::Fp8:
        return fp8;
    case MathPrecision::Int8:
        return int8;
    }
    return 0;
}

const std::vector<GpuModelInfo> &gpuCatalogue()
{
    // Dense tensor-core peaks (the datasheets' sparsity figures halved). FP16/BF16 are with FP32
    // accumulate, which is what training uses; FP8 is Hopper/Ada Transformer Engine math.
    // Order matters for matching nvidia-smi names: the more specific name first.
    static const std::vector<GpuModelInfo> kModels = {
        // NVIDIA A100 Tensor Core GPU datasheet (nvidia-a100-datasheet-us-nvidia-1758950-r4-web),
        // SXM column: 40GB HBM2 1,555 GB/s; NVLink 600 GB/s; FP32 19.5, TF32 156, FP16/BF16 312,
        // INT8 624 TOPS.
        {"A100-40GB", "NVIDIA A100 40GB SXM4", 40, 1555, 600, 4, true, 19.5, 156, 312, 312, 0, 624,
         "NVIDIA A100 Tensor Core GPU datasheet (1758950-r4), SXM 40GB"},
        // Same datasheet, 80GB SXM: HBM2e 2,039 GB/s, the same math.
        {"A100-80GB", "NVIDIA A100 80GB SXM4", 80, 2039, 600, 4, true, 19.5, 156, 312, 312, 0, 624,
         "NVIDIA A100 Tensor Core GPU datasheet (1758950-r4), SXM 80GB"},
        // NVIDIA H100 Tensor Core GPU datasheet (h100-datasheet-2430615), H100 SXM: 80GB HBM3
        // 3.35 TB/s; NVLink 900 GB/s; FP32 67, TF32 989 / BF16 1,979 / FP8 3,958 / INT8 3,958
        // with sparsity.
        {"H100-SXM", "NVIDIA H100 80GB HBM3 (SXM5)", 80, 3350, 900, 5, true, 67, 494.5, 989.5, 989.5, 1979, 1979,
         "NVIDIA H100 Tensor Core GPU datasheet (2430615), H100 SXM"},
        // Same datasheet, H100 PCIe (the datasheet's "H100 NVL" predecessor column): 80GB HBM2e
        // 2 TB/s; NVLink bridge 600 GB/s (pairs); FP32 51, TF32 756 / BF16 1,513 / FP8 3,026
        // with sparsity.
        {"H100-PCIe", "NVIDIA H100 PCIe 80GB", 80, 2000, 600, 5, true, 51, 378, 756, 756, 1513, 1513,
         "NVIDIA H100 Tensor Core GPU datasheet (2430615), H100 PCIe"},
        // NVIDIA H200 Tensor Core GPU datasheet (h200-datasheet-3002446), H200 SXM: 141GB HBM3e
        // 4.8 TB/s; NVLink 900 GB/s; the H100 SXM's math.
        {"H200", "NVIDIA H200 141GB HBM3e (SXM)", 141, 4800, 900, 5, true, 67, 494.5, 989.5, 989.5, 1979, 1979,
         "NVIDIA H200 Tensor Core GPU datasheet (3002446), H200 SXM"},
        // NVIDIA L40S datasheet (l40s-datasheet-2807960): 48GB GDDR6 864 GB/s, no NVLink; FP32 91.6,
        // TF32 366 / BF16 733 / FP8 1,466 / INT8 1,466 with sparsity.
        {"L40S", "NVIDIA L40S", 48, 864, 0, 4, true, 91.6, 183, 362, 362, 733, 733,
         "NVIDIA L40S GPU datasheet (2807960)"},
        // NVIDIA L4 Tensor Core GPU datasheet (l4-datasheet-2595652): 24GB GDDR6 300 GB/s; FP32 30.3,
        // TF32 120 / BF16 242 / FP8 485 / INT8 485 with sparsity.
        {"L4", "NVIDIA L4", 24, 300, 0, 4, true, 30.3, 60, 121, 121, 242.5, 242.5,
         "NVIDIA L4 Tensor Core GPU datasheet (2595652)"},
        // NVIDIA A10 Tensor Core GPU datasheet (a10-datasheet-1863406): 24GB GDDR6 600 GB/s; FP32 31.2,
        // TF32 62.5, BF16/FP16 125, INT8 250 TOPS (dense).
        {"A10", "NVIDIA A10", 24, 600, 0, 4, true, 31.2, 62.5, 125, 125, 0, 250,
         "NVIDIA A10 Tensor Core GPU datasheet (1863406)"},
        // NVIDIA T4 Tensor Core GPU datasheet (t4-tensor-core-datasheet-951643): 16GB GDDR6 320 GB/s;
        // FP32 8.1, mixed FP16/FP32 65, INT8 130 TOPS; Turing has no TF32 or BF16.
        {"T4", "NVIDIA Tesla T4", 16, 320, 0, 3, true, 8.1, 0, 65, 0, 0, 130,
         "NVIDIA T4 Tensor Core GPU datasheet (951643)"},
        // NVIDIA Tesla V100 datasheet (tesla-v100-datasheet-letter-fnl-web), SXM2: 16/32GB HBM2
        // 900 GB/s; NVLink 300 GB/s; FP32 15.7, tensor (FP16) 125; no TF32, BF16 or INT8 tensor math.
        {"V100-16GB", "NVIDIA Tesla V100 SXM2 16GB", 16, 900, 300, 3, true, 15.7, 0, 125, 0, 0, 0,
         "NVIDIA Tesla V100 GPU datasheet, SXM2 16GB"},
        {"V100-32GB", "NVIDIA Tesla V100 SXM2 32GB", 32, 900, 300, 3, true, 15.7, 0, 125, 0, 0, 0,
         "NVIDIA Tesla V100 GPU datasheet, SXM2 32GB"},
        // NVIDIA Ada GPU Architecture whitepaper (v2.1), appendix table for GeForce RTX 4090: 24GB
        // GDDR6X 1,008 GB/s; FP32 82.6; TF32 82.6, FP16/BF16 with FP32 accumulate 165.2, FP8
        // with FP32 accumulate 330.3, INT8 660.6 (dense). No NVLink; the driver disables PCIe P2P.
        {"RTX-4090", "NVIDIA GeForce RTX 4090", 24, 1008, 0, 4, false, 82.6, 82.6, 165.2, 165.2, 330.3, 660.6,
         "NVIDIA Ada GPU Architecture whitepaper v2.1, GeForce RTX 4090"},
    };
    return kModels;
}

std::vector<std::string> knownGpuNames()
{
    std::vector<std::string> names;
    for (const GpuModelInfo &m : gpuCatalogue())
        names.push_back(m.name);
    return names;
}

namespace {

// Upper case without spaces, '-' and '_': "a100 80gb" and "A100-80GB" compare equal.
std::string squeeze(const std::string &s)
{
    std::string out;
    for (char c : s)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

bool has(const std::string &s, const char *part)
{
    return s.find(part) != std::string::npos;
}

// nvidia-smi's names ("NVIDIA A100-SXM4-80GB", "NVIDIA H100 80GB HBM3", "Tesla T4") to ours.
std::string fromDriverName(const std::string &squeezed)
{
    const std::string &s = squeezed;
    if (has(s, "H200"))
        return "H200";
    if (has(s, "H100"))
        return has(s, "PCIE") ? "H100-PCIe" : "H100-SXM";
    if (has(s, "A100"))
        return has(s, "40GB") ? "A100-40GB" : "A100-80GB";
    if (has(s, "L40S"))
        return "L40S";
    if (has(s, "V100"))
        return has(s, "32GB") ? "V100-32GB" : "V100-16GB";
    if (has(s, "4090"))
        return "RTX-4090";
    if (has(s, "T4"))
        return "T4";
    if (has(s, "A10") && !has(s, "A100"))
        return "A10";
    if (has(s, "L4"))
        return "L4";
    return {};
}

} // namespace

Result<GpuModelInfo> findGpuModel(const std::string &name)
{
    const std::string key = squeeze(name);
    for (const GpuModelInfo &m : gpuCatalogue())
        if (squeeze(m.name) == key)
            return m;
    const std::string mapped = key.empty() ? std::string() : fromDriverName(key);
    for (const GpuModelInfo &m : gpuCatalogue())
        if (m.name == mapped)
            return m;
    std::string known;
    for (const std::string &n : knownGpuNames())
        known += (known.empty() ? "" : ", ") + n;
    return invalidArgument("unknown GPU model '" + name + "'; known models: " + known);
}

} // namespace sn::planner
