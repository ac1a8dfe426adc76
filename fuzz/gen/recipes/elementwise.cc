// Op recipes for element-wise arithmetic on tiles and tensors: the binary
// ops, their scalar forms and the unary ops (ir/ops/tile_elementwise.cc,
// tile_unary.cc, tensor_elementwise.cc, tensor_unary.cc).
// Internal to the program generator; see recipe_util.h.

#include <algorithm>
#include <optional>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "fuzz/gen/recipes/families.h"
#include "fuzz/gen/recipes/recipe_util.h"
#include "ir/attr.h"
#include "ir/context.h"
#include "ir/expr.h"

namespace pto::fuzz::recipes {
namespace {

constexpr DataType kDivDTypes[] = {DataType::kInt16, DataType::kInt32, DataType::kFP16,
                                   DataType::kFP32};
constexpr DataType kSubsDTypes[] = {DataType::kInt8, DataType::kInt16, DataType::kInt32,
                                    DataType::kFP16, DataType::kFP32, DataType::kBF16};

// --- Tile ops -------------------------------------------------------------

bool TileBinary(GenScope& s, absl::string_view op) {
  const Var* lhs = s.AnyTile();
  if (lhs == nullptr) return false;
  return s.TryOp(op, {lhs, TilePartner(s, lhs)}) != nullptr;
}

bool TileDiv(GenScope& s) {
  DataType dtype = s.Pick(absl::Span<const DataType>(kDivDTypes));
  std::vector<int64_t> shape = s.Shape(1, 3);
  const Var* lhs =
      s.TileOr([](const TileType* t) { return In(t->dtype(), kDivDTypes); }, dtype, shape);
  if (lhs == nullptr) return false;
  const Var* rhs = s.Coin() ? s.FindOfType(lhs->type()) : lhs;
  if (s.OneIn(3)) {
    return s.TryOp("tile.div", {lhs, rhs}, {{"high_precision", AttrValue::Bool(s.Coin())}}) !=
           nullptr;
  }
  return s.TryOp("tile.div", {lhs, rhs}) != nullptr;
}

bool TileScalar(GenScope& s, absl::string_view op) {
  const Var* t = s.AnyTile();
  if (t == nullptr) return false;
  return s.TryOp(op, {t, ScalarOperand(s)}) != nullptr;
}

bool TileSubs(GenScope& s) {
  DataType dt = s.Pick(absl::Span<const DataType>(kSubsDTypes));
  std::vector<int64_t> shape = s.Shape(1, 3);
  const Var* t =
      s.TileOr([](const TileType* t) { return In(t->dtype(), kSubsDTypes); }, dt, shape);
  if (t == nullptr) return false;
  const Expr* scalar = s.FindScalar([](DataType d) { return In(d, kSubsDTypes); });
  if (scalar == nullptr || s.Coin()) {
    scalar = s.Literal(s.Pick(absl::Span<const DataType>(kSubsDTypes)));
  }
  return s.TryOp("tile.subs", {t, scalar}) != nullptr;
}

bool TileUnary(GenScope& s, absl::string_view op) {
  const Var* t = s.AnyTile();
  return t != nullptr && s.TryOp(op, {t}) != nullptr;
}

bool TileFP32Unary(GenScope& s, absl::string_view op) {
  std::vector<int64_t> shape = s.Shape(1, 3);
  const Var* t = s.TileOr([](const TileType* t) { return t->dtype() == DataType::kFP32; },
                          DataType::kFP32, shape);
  return t != nullptr && s.TryOp(op, {t}) != nullptr;
}

// --- Tensor ops ------------------------------------------------------------------------

bool TensorBinary(GenScope& s, absl::string_view op) {
  const Var* lhs = s.AnyTensor();
  if (lhs == nullptr) return false;
  return s.TryOp(op, {lhs, TensorPartner(s, lhs)}) != nullptr;
}

bool TensorMinMax(GenScope& s, absl::string_view op) {
  if (s.Coin()) return TensorBinary(s, op);
  const Var* lhs = s.AnyTensor();
  return lhs != nullptr && s.TryOp(op, {lhs, ScalarOperand(s)}) != nullptr;
}

bool TensorDiv(GenScope& s) {
  const Var* lhs = s.FindTensor([](const TensorType* t) { return In(t->dtype(), kDivDTypes); });
  if (lhs == nullptr || s.OneIn(3)) {
    DataType dtype = s.Pick(absl::Span<const DataType>(kDivDTypes));
    lhs = s.FreshTensor(dtype, s.Shape(1, 3));
  }
  if (lhs == nullptr) return false;
  const Var* rhs = s.Coin() ? lhs : TensorPartner(s, lhs);
  if (s.OneIn(3)) {
    return s.TryOp("tensor.div", {lhs, rhs}, {{"high_precision", AttrValue::Bool(s.Coin())}}) !=
           nullptr;
  }
  return s.TryOp("tensor.div", {lhs, rhs}) != nullptr;
}

bool TensorScalar(GenScope& s, absl::string_view op) {
  const Var* t = s.AnyTensor();
  return t != nullptr && s.TryOp(op, {t, ScalarOperand(s)}) != nullptr;
}

bool TensorSubs(GenScope& s) {
  const Var* t = s.FindTensor([](const TensorType* t) { return In(t->dtype(), kSubsDTypes); });
  if (t == nullptr || s.OneIn(3)) {
    DataType dtype = s.Pick(absl::Span<const DataType>(kSubsDTypes));
    t = s.FreshTensor(dtype, s.Shape(1, 3));
  }
  if (t == nullptr) return false;
  const Expr* args[] = {t, s.Literal(s.Pick(absl::Span<const DataType>(kSubsDTypes)))};
  return s.TryOp("tensor.subs", args, {}) != nullptr;
}

bool TensorFP32Unary(GenScope& s, absl::string_view op) {
  const Var* t = s.FindTensor([](const TensorType* t) { return t->dtype() == DataType::kFP32; });
  if (t == nullptr || s.OneIn(3)) t = s.FreshTensor(DataType::kFP32, s.Shape(1, 3));
  return t != nullptr && s.TryOp(op, {t}) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("tensor.add", TensorBinary, "tensor.add"),
    PTO_RECIPE("tensor.adds", TensorScalar, "tensor.adds"),
    PTO_RECIPE("tensor.cos", TensorFP32Unary, "tensor.cos"),
    PTO_RECIPE("tensor.div", TensorDiv),
    PTO_RECIPE("tensor.divs", TensorScalar, "tensor.divs"),
    PTO_RECIPE("tensor.maximum", TensorMinMax, "tensor.maximum"),
    PTO_RECIPE("tensor.minimum", TensorMinMax, "tensor.minimum"),
    PTO_RECIPE("tensor.mul", TensorBinary, "tensor.mul"),
    PTO_RECIPE("tensor.muls", TensorScalar, "tensor.muls"),
    PTO_RECIPE("tensor.sin", TensorFP32Unary, "tensor.sin"),
    PTO_RECIPE("tensor.sub", TensorBinary, "tensor.sub"),
    PTO_RECIPE("tensor.subs", TensorSubs),
    PTO_RECIPE("tile.abs", TileUnary, "tile.abs"),
    PTO_RECIPE("tile.add", TileBinary, "tile.add"),
    PTO_RECIPE("tile.adds", TileScalar, "tile.adds"),
    PTO_RECIPE("tile.cos", TileFP32Unary, "tile.cos"),
    PTO_RECIPE("tile.div", TileDiv),
    PTO_RECIPE("tile.divs", TileScalar, "tile.divs"),
    PTO_RECIPE("tile.maximum", TileBinary, "tile.maximum"),
    PTO_RECIPE("tile.maximums", TileScalar, "tile.maximums"),
    PTO_RECIPE("tile.minimum", TileBinary, "tile.minimum"),
    PTO_RECIPE("tile.minimums", TileScalar, "tile.minimums"),
    PTO_RECIPE("tile.mul", TileBinary, "tile.mul"),
    PTO_RECIPE("tile.muls", TileScalar, "tile.muls"),
    PTO_RECIPE("tile.neg", TileUnary, "tile.neg"),
    PTO_RECIPE("tile.sin", TileFP32Unary, "tile.sin"),
    PTO_RECIPE("tile.sub", TileBinary, "tile.sub"),
    PTO_RECIPE("tile.subs", TileSubs),
};

}  // namespace

absl::Span<const OpRecipe> ElementwiseRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
