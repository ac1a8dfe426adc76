// Operand helpers and the table macro shared by the op-recipe families
// (elementwise.cc, cast.cc, ...; internal to //fuzz/gen:program_generator).
//
// A family file defines its recipes on top of these and lists them in a
// table that families.h declares:
//
//   bool TileAbs(GenScope& s) {
//     const Var* t = s.AnyTile();
//     return t != nullptr && s.TryOp("tile.abs", {t}) != nullptr;
//   }
//   constexpr OpRecipe kRecipes[] = {PTO_RECIPE("tile.abs", TileAbs)};

#ifndef PTO_FUZZ_GEN_RECIPES_RECIPE_UTIL_H_
#define PTO_FUZZ_GEN_RECIPES_RECIPE_UTIL_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "fuzz/gen/program_generator.h"
#include "fuzz/gen/recipes/op_recipes.h"
#include "ir/context.h"
#include "ir/dtype.h"
#include "ir/expr.h"
#include "ir/type.h"

namespace pto::fuzz::recipes {

using ir::AttrValue;
using ir::DataType;
using ir::Expr;
using ir::NamedAttr;
using ir::TensorType;
using ir::TileType;
using ir::Var;

// The recipe for `op_name`: `fn(scope, extra args...)`, as a plain function
// pointer so the tables stay constexpr.
#define PTO_RECIPE(op_name, fn, ...) \
  OpRecipe { op_name, [](GenScope& s) { return fn(s, ##__VA_ARGS__); } }

// The dims as constants, or nullopt when one is symbolic.
std::optional<std::vector<int64_t>> StaticShape(ir::ExprSpan dims);
bool IsStatic(const ir::ShapedType* t);
bool FullyValid(const TileType* t);
bool In(DataType t, absl::Span<const DataType> set);

const TileType* TileOf(const Var* v);
const TensorType* TensorOf(const Var* v);

// A visible scalar usable as a symbolic extent (offsets, valid shapes,
// dims), or nullptr.
const Var* ExtentScalar(GenScope& s);

// A scalar operand: a visible scalar or a literal.
const Expr* ScalarOperand(GenScope& s);

// An index operand for offsets and valid extents: a constant in [lo, hi]
// usually, a visible index-like scalar (a loop var, a dynamic dim) sometimes.
const Expr* IndexOperand(GenScope& s, int64_t lo, int64_t hi);

// The second operand of an element-wise binary op on `lhs` (itself, one of
// its shape, or a fresh one that broadcasts against it).
const Var* TilePartner(GenScope& s, const Var* lhs);
const Var* TensorPartner(GenScope& s, const Var* lhs);

// A rank-2 static shape.
std::vector<int64_t> Shape2D(GenScope& s);

// Coordinates inside `t`: constants within the static dims, an index
// scalar now and then.
const Expr* Coordinates(GenScope& s, const TensorType* t);

// Emits a call kept for its effect (pld.system.notify / wait, pld.tile.put
// / get, the pipe ops) as a statement; false when the deducer rejected it.
bool EmitEffect(GenScope& s, absl::string_view op, absl::Span<const Expr* const> args,
                absl::Span<const NamedAttr> kwargs = {});

}  // namespace pto::fuzz::recipes

#endif  // PTO_FUZZ_GEN_RECIPES_RECIPE_UTIL_H_
