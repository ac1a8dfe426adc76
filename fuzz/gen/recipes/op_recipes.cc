// Built-in op recipes: how the program generator builds a call of each op.
//
// Recipes aim at calls the deducer accepts most of the time (so every op
// shows up in generated programs) while still drawing the odd operand that
// probes a rejection path; a rejected attempt is simply discarded. They live
// in one file per op family (families.h); this file merges the tables.

#include "fuzz/gen/recipes/op_recipes.h"

#include <algorithm>
#include <vector>

#include "fuzz/gen/recipes/families.h"

namespace pto::fuzz {

absl::Span<const OpRecipe> BuiltinRecipes() {
  static const std::vector<OpRecipe>* recipes = [] {
    auto* all = new std::vector<OpRecipe>();
    for (auto family : {recipes::ElementwiseRecipes, recipes::CompareSelectRecipes,
                        recipes::CastRecipes, recipes::MemoryRecipes, recipes::ViewRecipes,
                        recipes::QuantMxRecipes, recipes::DistRecipes,
                        recipes::TileMathRecipes, recipes::TensorOpRecipes,
                        recipes::SystemRecipes, recipes::MatmulRecipes,
                        recipes::TransformRecipes, recipes::MemoryAccessRecipes,
                        recipes::GatherSortRecipes}) {
      absl::Span<const OpRecipe> table = family();
      all->insert(all->end(), table.begin(), table.end());
    }
    std::sort(all->begin(), all->end(),
              [](const OpRecipe& a, const OpRecipe& b) { return a.op < b.op; });
    return all;
  }();
  return *recipes;
}

absl::Span<const UncoveredOp> BuiltinUncoveredOps() { return {}; }

}  // namespace pto::fuzz
