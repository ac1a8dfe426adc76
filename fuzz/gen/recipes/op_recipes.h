// The built-in op recipes of the program generator: one way to build a call
// of each registered op from the values in scope (internal to //fuzz/gen:program_generator).
//
// A recipe picks or materialises operands through GenScope, draws the
// kwargs, and emits the call with GenScope::TryOp; it returns false when
// the deducer rejected what it drew (nothing is emitted then).
//
//   for (const OpRecipe& r : BuiltinRecipes()) { r.op; r.build(scope); }

#ifndef PTO_FUZZ_GEN_RECIPES_OP_RECIPES_H_
#define PTO_FUZZ_GEN_RECIPES_OP_RECIPES_H_

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "fuzz/gen/program_generator.h"

namespace pto::fuzz {

struct OpRecipe {
  absl::string_view op;
  bool (*build)(GenScope& scope);
};

// Sorted by op name.
absl::Span<const OpRecipe> BuiltinRecipes();

// Ops that deliberately have no recipe, sorted by name.
absl::Span<const UncoveredOp> BuiltinUncoveredOps();

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_GEN_RECIPES_OP_RECIPES_H_
