// Op recipes for the tile ops issue #20 added (ir/ops/tile_elementwise.cc's
// three-operand and partial ops, tile_unary.cc's primitive math,
// tile_bitwise.cc, tile_fillpad.cc, tile_broadcast.cc, tile_reduction.cc).
// Internal to the program generator; see recipe_util.h.
//
// Scratch operands reuse a tile of the operand's own type (often the operand
// itself), which every deducer accepts; a random tile now and then probes
// the rejections.

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "fuzz/gen/recipes/families.h"
#include "fuzz/gen/recipes/recipe_util.h"
#include "ir/attr.h"
#include "ir/context.h"
#include "ir/enums.h"
#include "ir/expr.h"

namespace pto::fuzz::recipes {
namespace {

constexpr DataType kIntDTypes[] = {DataType::kInt8,  DataType::kInt16,  DataType::kInt32,
                                   DataType::kUInt8, DataType::kUInt16, DataType::kUInt32};
constexpr DataType kNotDTypes[] = {DataType::kInt16, DataType::kUInt16};
constexpr DataType kFloatDTypes[] = {DataType::kFP16, DataType::kFP32};
constexpr DataType kRowExpandAddDTypes[] = {DataType::kInt8, DataType::kInt16, DataType::kInt32,
                                            DataType::kFP16, DataType::kFP32};
constexpr DataType kRowMinDTypes[] = {DataType::kInt16, DataType::kInt32, DataType::kFP16,
                                      DataType::kFP32};

// A scratch tile for `t`: a visible tile of its type, `t` itself, or (1 in
// 8) any tile.
const Var* ScratchFor(GenScope& s, const Var* t) {
  if (s.OneIn(8)) {
    if (const Var* any = s.AnyTile()) return any;
  }
  if (s.Coin()) {
    if (const Var* same = s.FindOfType(t->type())) return same;
  }
  return t;
}

// A visible tile of one of `dtypes`, else a fresh one of rank min_rank..3.
const Var* TileIn(GenScope& s, absl::Span<const DataType> dtypes, int min_rank) {
  std::vector<int64_t> shape = min_rank >= 2 ? Shape2D(s) : s.Shape(1, 3);
  return s.TileOr(
      [&](const TileType* t) {
        return In(t->dtype(), dtypes) && t->rank() >= static_cast<size_t>(min_rank);
      },
      s.Pick(dtypes), shape);
}

// A static rank-2 tile of any dtype (visible or fresh).
const Var* Tile2D(GenScope& s) {
  return s.TileOr([](const TileType* t) { return t->rank() == 2 && IsStatic(t); },
                  s.AnyDType(), Shape2D(s));
}

// --- Element-wise ------------------------------------------------------------------

bool BinaryWithTmp(GenScope& s, absl::string_view op) {
  const Var* lhs = s.AnyTile();
  if (lhs == nullptr) return false;
  return s.TryOp(op, {lhs, TilePartner(s, lhs), ScratchFor(s, lhs)}) != nullptr;
}

bool ScalarWithTile(GenScope& s, absl::string_view op) {
  const Var* lhs = s.AnyTile();
  if (lhs == nullptr) return false;
  const Expr* scalar = ScalarOperand(s);
  return s.TryOp(op, {lhs, scalar, ScratchFor(s, lhs)}) != nullptr;
}

bool TriTile(GenScope& s, absl::string_view op) {
  const Var* lhs = s.AnyTile();
  if (lhs == nullptr) return false;
  return s.TryOp(op, {lhs, TilePartner(s, lhs), TilePartner(s, lhs)}) != nullptr;
}

bool TwoTiles(GenScope& s, absl::string_view op) {
  const Var* lhs = s.AnyTile();
  return lhs != nullptr && s.TryOp(op, {lhs, TilePartner(s, lhs)}) != nullptr;
}

bool TileAndScalar(GenScope& s, absl::string_view op) {
  const Var* lhs = s.AnyTile();
  return lhs != nullptr && s.TryOp(op, {lhs, ScalarOperand(s)}) != nullptr;
}

bool Prelu(GenScope& s) {
  const Var* t = TileIn(s, kFloatDTypes, 2);
  if (t == nullptr) return false;
  return s.TryOp("tile.prelu", {t, ScratchFor(s, t), ScratchFor(s, t)}) != nullptr;
}

// --- Unary -------------------------------------------------------------------------

bool Unary(GenScope& s, absl::string_view op) {
  const Var* t = s.AnyTile();
  return t != nullptr && s.TryOp(op, {t}) != nullptr;
}

bool HighPrecisionUnary(GenScope& s, absl::string_view op) {
  const Var* t = s.Coin() ? TileIn(s, kFloatDTypes, 1) : s.AnyTile();
  if (t == nullptr) return false;
  if (s.OneIn(3)) {
    return s.TryOp(op, {t}, {{"high_precision", AttrValue::Bool(s.Coin())}}) != nullptr;
  }
  return s.TryOp(op, {t}) != nullptr;
}

bool Rsqrt(GenScope& s) {
  const Var* t = s.AnyTile();
  if (t == nullptr) return false;
  if (s.Coin()) return s.TryOp("tile.rsqrt", {t}) != nullptr;
  return s.TryOp("tile.rsqrt", {t, ScratchFor(s, t)}) != nullptr;
}

// --- Bitwise -----------------------------------------------------------------------

const Expr* IntScalar(GenScope& s) {
  if (s.OneIn(8)) return ScalarOperand(s);
  if (const Var* v = s.FindScalar([](DataType d) { return d.IsInt(); }); v && s.Coin()) return v;
  return s.Literal(s.Pick({DataType::kInt32, DataType::kInt64, DataType::kInt16}));
}

bool IntBinary(GenScope& s, absl::string_view op, bool tmp) {
  const Var* lhs = TileIn(s, kIntDTypes, 1);
  if (lhs == nullptr) return false;
  const Var* rhs = TilePartner(s, lhs);
  if (tmp) return s.TryOp(op, {lhs, rhs, ScratchFor(s, lhs)}) != nullptr;
  return s.TryOp(op, {lhs, rhs}) != nullptr;
}

bool IntScalarOp(GenScope& s, absl::string_view op, bool tmp) {
  const Var* lhs = TileIn(s, kIntDTypes, 1);
  if (lhs == nullptr) return false;
  if (tmp) return s.TryOp(op, {lhs, IntScalar(s), ScratchFor(s, lhs)}) != nullptr;
  return s.TryOp(op, {lhs, IntScalar(s)}) != nullptr;
}

bool Not(GenScope& s) {
  const Var* t = s.OneIn(8) ? s.AnyTile() : TileIn(s, kNotDTypes, 1);
  return t != nullptr && s.TryOp("tile.not", {t}) != nullptr;
}

// --- Fill pad ----------------------------------------------------------------------

NamedAttr PadKwarg(GenScope& s) {
  ir::PadValue pad = s.OneIn(16) ? ir::PadValue::kNull
                                 : s.Pick({ir::PadValue::kZero, ir::PadValue::kMax,
                                           ir::PadValue::kMin});
  return {"pad_value", AttrValue::Enum(pad)};
}

bool FillPad(GenScope& s, absl::string_view op) {
  const Var* t = s.AnyTile();
  if (t == nullptr) return false;
  if (s.OneIn(4)) return s.TryOp(op, {t}) != nullptr;
  return s.TryOp(op, {t}, {PadKwarg(s)}) != nullptr;
}

bool FillPadExpand(GenScope& s) {
  const Var* t = s.FindTile([](const TileType* t) { return IsStatic(t); });
  if (t == nullptr) t = s.FreshTile(s.AnyDType(), s.Shape(1, 3));
  if (t == nullptr) return false;
  std::vector<int64_t> shape = *StaticShape(TileOf(t)->shape());
  for (int64_t& d : shape) {
    if (s.Coin()) d += s.OneIn(8) ? -1 : s.Int(1, 16);
  }
  return s.TryOp("tile.fillpad_expand", {t, s.IndexList(shape)}, {PadKwarg(s)}) != nullptr;
}

// --- Broadcast ---------------------------------------------------------------------

// A [rows, 1] (row) or [1, cols] (column) vector for the rank-2 `t`.
const Var* VectorFor(GenScope& s, const Var* t, bool row, DataType dtype) {
  std::vector<int64_t> shape = *StaticShape(TileOf(t)->shape());
  if (row) {
    shape[1] = 1;
  } else {
    shape[0] = 1;
  }
  if (s.OneIn(8)) shape[row ? 0 : 1] = s.Extent();
  return s.FreshTile(dtype, shape);
}

bool RowExpand(GenScope& s, absl::string_view op) {
  const Var* t = Tile2D(s);
  if (t == nullptr) return false;
  const Var* v = VectorFor(s, t, /*row=*/true, TileOf(t)->dtype());
  return v != nullptr && s.TryOp(op, {t, v}) != nullptr;
}

bool RowExpandAdd(GenScope& s) {
  const Var* t = TileIn(s, kRowExpandAddDTypes, 2);
  if (t == nullptr || !IsStatic(TileOf(t))) return false;
  const Var* v = VectorFor(s, t, /*row=*/true, TileOf(t)->dtype());
  if (v == nullptr) return false;
  if (s.Coin()) return s.TryOp("tile.row_expand_add", {t, v}) != nullptr;
  return s.TryOp("tile.row_expand_add", {t, v, ScratchFor(s, t)}) != nullptr;
}

bool ColExpand(GenScope& s, absl::string_view op) {
  const Var* t = Tile2D(s);
  if (t == nullptr) return false;
  const Var* v = VectorFor(s, t, /*row=*/false, TileOf(t)->dtype());
  return v != nullptr && s.TryOp(op, {t, v}) != nullptr;
}

// --- Reduction ---------------------------------------------------------------------

bool Reduce(GenScope& s, absl::string_view op, int tmp) {
  const Var* t = absl::string_view(op) == "tile.row_min" && s.Coin()
                     ? TileIn(s, kRowMinDTypes, 2)
                     : Tile2D(s);
  if (t == nullptr) return false;
  if (tmp == 2 || (tmp == 1 && s.Coin())) {
    return s.TryOp(op, {t, ScratchFor(s, t)}) != nullptr;
  }
  return s.TryOp(op, {t}) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("tile.rem", BinaryWithTmp, "tile.rem"),
    PTO_RECIPE("tile.rems", ScalarWithTile, "tile.rems"),
    PTO_RECIPE("tile.fmod", TwoTiles, "tile.fmod"),
    PTO_RECIPE("tile.fmods", TileAndScalar, "tile.fmods"),
    PTO_RECIPE("tile.part_add", TwoTiles, "tile.part_add"),
    PTO_RECIPE("tile.part_mul", TwoTiles, "tile.part_mul"),
    PTO_RECIPE("tile.part_max", TwoTiles, "tile.part_max"),
    PTO_RECIPE("tile.part_min", TwoTiles, "tile.part_min"),
    PTO_RECIPE("tile.addc", TriTile, "tile.addc"),
    PTO_RECIPE("tile.subc", TriTile, "tile.subc"),
    PTO_RECIPE("tile.addsc", ScalarWithTile, "tile.addsc"),
    PTO_RECIPE("tile.subsc", ScalarWithTile, "tile.subsc"),
    PTO_RECIPE("tile.prelu", Prelu),
    PTO_RECIPE("tile.lrelu", TileAndScalar, "tile.lrelu"),
    PTO_RECIPE("tile.exp", Unary, "tile.exp"),
    PTO_RECIPE("tile.sqrt", Unary, "tile.sqrt"),
    PTO_RECIPE("tile.relu", Unary, "tile.relu"),
    PTO_RECIPE("tile.recip", HighPrecisionUnary, "tile.recip"),
    PTO_RECIPE("tile.log", HighPrecisionUnary, "tile.log"),
    PTO_RECIPE("tile.rsqrt", Rsqrt),
    PTO_RECIPE("tile.and", IntBinary, "tile.and", false),
    PTO_RECIPE("tile.or", IntBinary, "tile.or", false),
    PTO_RECIPE("tile.xor", IntBinary, "tile.xor", true),
    PTO_RECIPE("tile.shl", IntBinary, "tile.shl", false),
    PTO_RECIPE("tile.shr", IntBinary, "tile.shr", false),
    PTO_RECIPE("tile.ands", IntScalarOp, "tile.ands", false),
    PTO_RECIPE("tile.ors", IntScalarOp, "tile.ors", false),
    PTO_RECIPE("tile.xors", IntScalarOp, "tile.xors", true),
    PTO_RECIPE("tile.shls", IntScalarOp, "tile.shls", false),
    PTO_RECIPE("tile.shrs", IntScalarOp, "tile.shrs", false),
    PTO_RECIPE("tile.not", Not),
    PTO_RECIPE("tile.fillpad", FillPad, "tile.fillpad"),
    PTO_RECIPE("tile.fillpad_inplace", FillPad, "tile.fillpad_inplace"),
    PTO_RECIPE("tile.fillpad_expand", FillPadExpand),
    PTO_RECIPE("tile.row_expand", RowExpand, "tile.row_expand"),
    PTO_RECIPE("tile.row_expand_sub", RowExpand, "tile.row_expand_sub"),
    PTO_RECIPE("tile.row_expand_div", RowExpand, "tile.row_expand_div"),
    PTO_RECIPE("tile.row_expand_mul", RowExpand, "tile.row_expand_mul"),
    PTO_RECIPE("tile.row_expand_max", RowExpand, "tile.row_expand_max"),
    PTO_RECIPE("tile.row_expand_min", RowExpand, "tile.row_expand_min"),
    PTO_RECIPE("tile.row_expand_expdif", RowExpand, "tile.row_expand_expdif"),
    PTO_RECIPE("tile.row_expand_add", RowExpandAdd),
    PTO_RECIPE("tile.col_expand", ColExpand, "tile.col_expand"),
    PTO_RECIPE("tile.col_expand_mul", ColExpand, "tile.col_expand_mul"),
    PTO_RECIPE("tile.col_expand_add", ColExpand, "tile.col_expand_add"),
    PTO_RECIPE("tile.col_expand_div", ColExpand, "tile.col_expand_div"),
    PTO_RECIPE("tile.col_expand_sub", ColExpand, "tile.col_expand_sub"),
    PTO_RECIPE("tile.col_expand_max", ColExpand, "tile.col_expand_max"),
    PTO_RECIPE("tile.col_expand_min", ColExpand, "tile.col_expand_min"),
    PTO_RECIPE("tile.col_expand_expdif", ColExpand, "tile.col_expand_expdif"),
    PTO_RECIPE("tile.expands", TileAndScalar, "tile.expands"),
    PTO_RECIPE("tile.row_sum", Reduce, "tile.row_sum", 2),
    PTO_RECIPE("tile.row_max", Reduce, "tile.row_max", 2),
    PTO_RECIPE("tile.row_min", Reduce, "tile.row_min", 2),
    PTO_RECIPE("tile.row_prod", Reduce, "tile.row_prod", 2),
    PTO_RECIPE("tile.col_sum", Reduce, "tile.col_sum", 1),
    PTO_RECIPE("tile.col_max", Reduce, "tile.col_max", 0),
    PTO_RECIPE("tile.col_min", Reduce, "tile.col_min", 0),
    PTO_RECIPE("tile.col_prod", Reduce, "tile.col_prod", 0),
    PTO_RECIPE("tile.row_argmax", Reduce, "tile.row_argmax", 2),
    PTO_RECIPE("tile.row_argmin", Reduce, "tile.row_argmin", 2),
    PTO_RECIPE("tile.col_argmax", Reduce, "tile.col_argmax", 2),
    PTO_RECIPE("tile.col_argmin", Reduce, "tile.col_argmin", 2),
};

}  // namespace

absl::Span<const OpRecipe> TileMathRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
