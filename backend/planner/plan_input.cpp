#include "backend/planner/plan_input.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace sn::planner {

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

template <typename E, std::size_t N>
std::optional<E> fromTable(const std::pair<const char *, E> (&table)[N], const std::string &name)
{
    const std::string key = lower(name);
    for (const auto &[n, e] : table)
        if (key == n)
            return e;
    return std::nullopt;
}

template <typename E, std::size_t N> const char *nameInTable(const std::pair<const char *, E> (&table)[N], E e)
{
    for (const auto &[n, v] : table)
        if (v == e)
            return n;
    return "?";
}

constexpr std::pair<const char *, TrainPrecision> kPrecisions[] = {
    {"fp32", TrainPrecision::Fp32},
    {"fp16", TrainPrecision::Fp16Mixed},
    {"bf16", TrainPrecision::Bf16Mixed},
    {"fp8", TrainPrecision::Fp8Mixed},
};
constexpr std::pair<const char *, Optimizer> kOptimizers[] = {
    {"adam", Optimizer::Adam},
    {"adamw", Optimizer::AdamW},
    {"sgd", Optimizer::SgdMomentum},
    {"adam8bit", Optimizer::Adam8bit},
};
constexpr std::pair<const char *, Checkpointing> kCheckpointing[] = {
    {"none", Checkpointing::None},
    {"selective", Checkpointing::Selective},
    {"full", Checkpointing::Full},
};
constexpr std::pair<const char *, WeightFormat> kWeights[] = {
    {"fp32", WeightFormat::Fp32}, {"fp16", WeightFormat::Fp16}, {"bf16", WeightFormat::Bf16},
    {"fp8", WeightFormat::Fp8},   {"int8", WeightFormat::Int8}, {"int4", WeightFormat::Int4},
};

} // namespace

const char *trainPrecisionName(TrainPrecision p)
{
    return nameInTable(kPrecisions, p);
}
std::optional<TrainPrecision> trainPrecisionFromName(const std::string &name)
{
    return fromTable(kPrecisions, name);
}
const char *optimizerName(Optimizer o)
{
    return nameInTable(kOptimizers, o);
}
std::optional<Optimizer> optimizerFromName(const std::string &name)
{
    return fromTable(kOptimizers, name);
}
const char *checkpointingName(Checkpointing c)
{
    return nameInTable(kCheckpointing, c);
}
std::optional<Checkpointing> checkpointingFromName(const std::string &name)
{
    return fromTable(kCheckpointing, name);
}
const char *weightFormatName(WeightFormat w)
{
    return nameInTable(kWeights, w);
}
std::optional<WeightFormat> weightFormatFromName(const std::string &name)
{
    return fromTable(kWeights, name);
}

double weightFormatBytes(WeightFormat w)
{
    switch (w) {
    case WeightFormat::Fp32:
        return 4;
    case WeightFormat::Fp16:
    case WeightFormat::Bf16:
        return 2;
    case WeightFormat::Fp8:
    case WeightFormat::Int8:
        return 1;
    case WeightFormat::Int4:
        // GPTQ/AWQ keep an FP16 scale and zero point per group of 128 weights.
        return 0.5 + 4.0 / 128;
    }
    return 2;
}

} // namespace sn::planner
