// The op-recipe tables, one per op family (one .cc file each, mirroring
// ir/ops/). BuiltinRecipes() (op_recipes.h) merges them; internal to
// //fuzz/gen:program_generator.
//
//   for (const OpRecipe& r : CastRecipes()) { ... r.op == "tile.cast" ... }

#ifndef PTO_FUZZ_GEN_RECIPES_FAMILIES_H_
#define PTO_FUZZ_GEN_RECIPES_FAMILIES_H_

#include "absl/types/span.h"
#include "fuzz/gen/recipes/op_recipes.h"

namespace pto::fuzz::recipes {

absl::Span<const OpRecipe> ElementwiseRecipes();    // elementwise.cc
absl::Span<const OpRecipe> CompareSelectRecipes();  // compare_select.cc
absl::Span<const OpRecipe> CastRecipes();           // cast.cc
absl::Span<const OpRecipe> MemoryRecipes();         // memory.cc
absl::Span<const OpRecipe> ViewRecipes();           // view.cc
absl::Span<const OpRecipe> QuantMxRecipes();        // quant_mx.cc
absl::Span<const OpRecipe> DistRecipes();           // dist.cc
absl::Span<const OpRecipe> TileMathRecipes();       // tile_math.cc (issue #20's tile ops)
absl::Span<const OpRecipe> TensorOpRecipes();       // tensor_ops.cc
absl::Span<const OpRecipe> SystemRecipes();         // system.cc
absl::Span<const OpRecipe> MatmulRecipes();         // matmul.cc
absl::Span<const OpRecipe> TransformRecipes();      // transform.cc
absl::Span<const OpRecipe> MemoryAccessRecipes();   // memory_access.cc
absl::Span<const OpRecipe> GatherSortRecipes();     // gather_sort.cc

}  // namespace pto::fuzz::recipes

#endif  // PTO_FUZZ_GEN_RECIPES_FAMILIES_H_
