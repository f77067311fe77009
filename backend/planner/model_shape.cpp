#include "backend/planner/model_shape.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace sn::planner {

namespace {

struct KnownShape {
    const char *name;
    double parameters;
    int layers, hidden, heads, kvHeads;
};

// GPT-3 (Brown et al. 2020, table 2.1) and Llama 2 (Touvron et al. 2023, the released configs).
constexpr KnownShape kShapes[] = {
    {"GPT-3 Small", 125e6, 12, 768, 12, 12}, {"GPT-3 Medium", 350e6, 24, 1024, 16, 16},
    {"GPT-3 XL", 1.3e9, 24, 2048, 16, 16},   {"GPT-3 2.7B", 2.7e9, 32, 2560, 32, 32},
    {"Llama 2 7B", 6.7e9, 32, 4096, 32, 32}, {"Llama 2 13B", 13e9, 40, 5120, 40, 40},
    {"Llama 2 70B", 70e9, 80, 8192, 64, 8},  {"GPT-3 175B", 175e9, 96, 12288, 96, 96},
};
// Within this (log) distance of a published model's parameter count, the request is taken to be
// that model: its layer count and KV heads too, not only its width.
constexpr double kSameModel = 0.1;

} // namespace

Result<ResolvedShape> resolveShape(const ModelShape &given)
{
    if (!(given.parameters > 0) || !std::isfinite(given.parameters))
        return invalidArgument("model parameters must be a positive number (e.g. 13e9), not " +
                               std::to_string(given.parameters));
    if (given.layers < 0 || given.hidden < 0 || given.heads < 0 || given.kvHeads < 0 || given.headDim < 0)
        return invalidArgument("layers, hidden, heads, kv heads and head size must not be negative");
    ResolvedShape r;
    r.shape = given;
    ModelShape &m = r.shape;
    if (m.layers == 0 || m.hidden == 0 || m.heads == 0) {
        // The published shape nearest in parameters (log scale), for whatever the user left out.
        const KnownShape *best = &kShapes[0];
        for (const KnownShape &k : kShapes)
            if (std::abs(std::log(k.parameters / m.parameters)) < std::abs(std::log(best->parameters / m.parameters)))
                best = &k;
        r.assumedFrom = best->name;
        const bool same = given.hidden == 0 && given.layers == 0 && given.heads == 0 &&
                          std::abs(std::log(best->parameters / m.parameters)) < kSameModel;
        if (m.hidden == 0)
            m.hidden = best->hidden;
        if (m.heads == 0)
            m.heads = best->heads;
        if (same) {
            m.layers = best->layers;
            if (m.kvHeads == 0)
                m.kvHeads = best->kvHeads;
        } else if (m.layers == 0) { // keep 12·L·h² close to the parameter count for the hidden size in use
            m.layers = std::max(1, int(std::lround(m.parameters / (12.0 * m.hidden * m.hidden))));
        }
    }
    if (m.hidden % m.heads != 0 && given.headDim == 0)
        return invalidArgument("hidden size " + std::to_string(m.hidden) + " is not a multiple of the " +
                               std::to_string(m.heads) + " attention heads; give --head-dim or fix --hidden/--heads");
    if (m.kvHeads == 0)
        m.kvHeads = m.heads;
    if (m.kvHeads > m.heads || m.heads % m.kvHeads != 0)
        return invalidArgument("attention heads (" + std::to_string(m.heads) +
                               ") must be a multiple of the KV heads (" + std::to_string(m.kvHeads) + ")");
    if (m.headDim == 0)
        m.headDim = m.hidden / m.heads;
    return r;
}

} // namespace sn::planner
