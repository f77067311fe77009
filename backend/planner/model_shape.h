#pragma once
// A model's transformer shape: what the user gave, the rest filled in from the nearest
// published GPT-style shape for its parameter count (GPT-3 paper table 2.1, Llama 2), and the
// checks that keep the planner's formulas meaningful.

#include "backend/planner/plan_input.h"

namespace sn::planner {

struct ResolvedShape {
    ModelShape shape;        // every field set
    std::string assumedFrom; // non-empty when layers/hidden/heads were filled in: "GPT-3 13B"
};

// Errors: parameters not positive; a negative field; hidden not a multiple of heads;
// heads not a multiple of kvHeads.
Result<ResolvedShape> resolveShape(const ModelShape &given);

} // namespace sn::planner
