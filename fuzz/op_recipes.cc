// Built-in op recipes: how the program generator builds a call of each op.
//
// Recipes aim at calls the deducer accepts most of the time (so every op
// shows up in generated programs) while still drawing the odd operand that
// probes a rejection path; a rejected attempt is simply discarded.

#include "fuzz/op_recipes.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "absl/functional/function_ref.h"
#include "ir/context.h"
#include "ir/ops/builtin.h"

namespace pto::fuzz {
namespace {

using ir::AttrValue;
using ir::DataType;
using ir::Expr;
using ir::NamedAttr;
using ir::TensorType;
using ir::TileType;
using ir::Var;

// --- Shared helpers ---------------------------------------------------------------

std::optional<std::vector<int64_t>> StaticShape(ir::ExprSpan dims) {
  std::vector<int64_t> out;
  out.reserve(dims.size());
  for (const Expr* d : dims) {
    std::optional<int64_t> c = ir::AsConstInt(d);
    if (!c) return std::nullopt;
    out.push_back(*c);
  }
  return out;
}

bool IsStatic(const ir::ShapedType* t) { return StaticShape(t->shape()).has_value(); }

bool FullyValid(const TileType* t) { return ir::ExprListIdentical(t->ValidShape(), t->shape()); }

bool In(DataType t, absl::Span<const DataType> set) {
  return std::find(set.begin(), set.end(), t) != set.end();
}

// A visible scalar usable as a symbolic extent (offsets, valid shapes,
// dims).
const Var* ExtentScalar(GenScope& s) {
  return s.FindScalar([](DataType t) { return t.IsIndexLike(); });
}

const TileType* TileOf(const Var* v) { return v->type()->As<TileType>(); }
const TensorType* TensorOf(const Var* v) { return v->type()->As<TensorType>(); }

// A scalar operand: a visible scalar or a literal.
const Expr* ScalarOperand(GenScope& s) {
  if (s.Coin()) {
    if (const Var* v = s.FindScalar([](DataType) { return true; })) return v;
  }
  return s.Literal(s.Pick({DataType(DataType::kFP32), DataType(DataType::kIndex),
                           DataType(DataType::kInt32), DataType(DataType::kFP16),
                           DataType(DataType::kInt8)}));
}

// An index operand for offsets and valid extents: a constant in [lo, hi]
// usually, a visible index-like scalar (a loop var, a dynamic dim) sometimes.
const Expr* IndexOperand(GenScope& s, int64_t lo, int64_t hi) {
  if (s.OneIn(5)) {
    if (const Var* v = ExtentScalar(s)) return v;
  }
  return s.ctx().Index(s.Int64(lo, std::max(lo, hi)));
}

// Shape `shape` with some dims set to 1 or dropped in front: broadcasts
// against it.
std::vector<int64_t> BroadcastPartner(GenScope& s, std::vector<int64_t> shape) {
  for (int64_t& d : shape) {
    if (s.OneIn(3)) d = 1;
  }
  if (shape.size() > 1 && s.OneIn(3)) shape.erase(shape.begin());
  return shape;
}

// The second operand of an element-wise binary op on `lhs`.
const Var* TilePartner(GenScope& s, const Var* lhs) {
  const TileType* lt = TileOf(lhs);
  switch (s.Int(0, 3)) {
    case 0:
      return lhs;
    case 1:
      if (const Var* v = s.FindTile([&](const TileType* t) {
            return ir::ExprListIdentical(t->shape(), lt->shape());
          })) {
        return v;
      }
      return lhs;
    case 2:
      if (std::optional<std::vector<int64_t>> shape = StaticShape(lt->shape())) {
        DataType dtype = s.AnyDType();
        if (const Var* v = s.FreshTile(dtype, BroadcastPartner(s, *shape))) return v;
      }
      return lhs;
    default:
      if (const Var* v = s.FindOfType(lt)) return v;
      return lhs;
  }
}

const Var* TensorPartner(GenScope& s, const Var* lhs) {
  const TensorType* lt = TensorOf(lhs);
  switch (s.Int(0, 2)) {
    case 0:
      return lhs;
    case 1:
      if (const Var* v = s.FindTensor([&](const TensorType* t) {
            return ir::ExprListIdentical(t->shape(), lt->shape());
          })) {
        return v;
      }
      return lhs;
    default:
      if (std::optional<std::vector<int64_t>> shape = StaticShape(lt->shape())) {
        DataType dtype = s.AnyDType();
        if (const Var* v = s.FreshTensor(dtype, BroadcastPartner(s, *shape))) return v;
      }
      return lhs;
  }
}

// A rank-2 static shape.
std::vector<int64_t> Shape2D(GenScope& s) { return {s.Extent(), s.Extent()}; }

// tile.cast / tensor.cast kwargs in any of the spellings the DSL accepts.
std::vector<NamedAttr> CastKwargs(GenScope& s, DataType target) {
  std::vector<NamedAttr> kw = {{"target_type", AttrValue::DType(target)}};
  if (!s.OneIn(4)) {
    auto mode = static_cast<ir::RoundMode>(s.Int(0, ir::EnumSize<ir::RoundMode>() - 1));
    switch (s.Int(0, 3)) {
      case 0: kw.push_back({"mode", AttrValue::String(ir::EnumName(mode))}); break;
      case 1: kw.push_back({"mode", AttrValue::Int(static_cast<int>(mode))}); break;
      default: kw.push_back({"mode", AttrValue::Enum(mode)}); break;
    }
  }
  switch (s.Int(0, 5)) {
    case 0: kw.push_back({"saturation_mode", AttrValue::String("on")}); break;
    case 1: kw.push_back({"saturation_mode", AttrValue::String("off")}); break;
    case 2: kw.push_back({"saturation_mode", AttrValue::Int(s.Int(0, 1))}); break;
    case 3:
      kw.push_back({"saturation_mode", AttrValue::Enum(s.Coin() ? ir::SaturationMode::kOn
                                                                : ir::SaturationMode::kOff)});
      break;
    default: break;
  }
  return kw;
}

DataType OtherDType(GenScope& s, DataType from) {
  DataType to = s.AnyDType();
  if (to == from) to = from == DataType::kFP32 ? DataType::kFP16 : DataType::kFP32;
  return to;
}

constexpr DataType kDivDTypes[] = {DataType::kInt16, DataType::kInt32, DataType::kFP16,
                                   DataType::kFP32};
constexpr DataType kSubsDTypes[] = {DataType::kInt8, DataType::kInt16, DataType::kInt32,
                                    DataType::kFP16, DataType::kFP32, DataType::kBF16};
constexpr DataType kSelsSrcDTypes[] = {DataType::kInt8,   DataType::kUInt8, DataType::kInt16,
                                       DataType::kUInt16, DataType::kInt32, DataType::kUInt32,
                                       DataType::kFP16,   DataType::kFP32};
constexpr DataType kReinterpretDTypes[] = {
    DataType::kInt8,  DataType::kInt16,  DataType::kInt32,  DataType::kInt64, DataType::kUInt8,
    DataType::kUInt16, DataType::kUInt32, DataType::kUInt64, DataType::kFP16,  DataType::kBF16,
    DataType::kFP32};
constexpr DataType kQuantDTypes[] = {DataType::kFP16, DataType::kFP32, DataType::kBF16};

// --- Tile element-wise -------------------------------------------------------------

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

// --- tile.cast -------------------------------------------------------------------------

bool TileCast(GenScope& s) {
  const Var* t = s.AnyTile();
  if (t == nullptr) return false;
  DataType target = OtherDType(s, TileOf(t)->dtype());
  std::vector<NamedAttr> kw = CastKwargs(s, target);
  std::vector<const Expr*> args = {t};
  if (s.OneIn(4)) args.push_back(s.AnyTile());
  return s.TryOp("tile.cast", args, kw) != nullptr;
}

// --- Tile memory ----------------------------------------------------------------------

bool TileCreate(GenScope& s) {
  std::vector<int64_t> shape = s.Shape(1, 3);
  DataType dtype = s.AnyDType();
  std::vector<NamedAttr> kw = {{"dtype", AttrValue::DType(dtype)}};
  if (!s.OneIn(4)) {
    auto space = static_cast<ir::MemorySpace>(s.Int(0, ir::EnumSize<ir::MemorySpace>() - 1));
    if (s.Coin()) space = ir::MemorySpace::kVec;
    kw.push_back({"target_memory", AttrValue::Enum(space)});
    if (space == ir::MemorySpace::kMat && s.OneIn(3)) {
      kw.push_back({s.Coin() ? "transpose" : "flat_layout", AttrValue::Bool(true)});
    }
  }
  return s.TryOp("tile.create", {s.IndexList(shape)}, kw) != nullptr;
}

bool TileFull(GenScope& s) {
  std::vector<int64_t> shape = s.Shape(1, 3);
  DataType dtype = s.AnyDType();
  const Expr* value = s.Coin() ? s.Literal(DataType::kFP32) : s.Literal(DataType::kIndex);
  if (s.OneIn(5)) value = s.Literal(s.AnyDType());
  const Expr* args[] = {s.IndexList(shape), value};
  NamedAttr kw[] = {{"dtype", AttrValue::DType(dtype)}};
  return s.TryOp("tile.full", args, kw) != nullptr;
}

bool TileLoad(GenScope& s) {
  const Var* x = s.AnyTensor();
  if (x == nullptr) return false;
  const TensorType* tt = TensorOf(x);
  ir::Context& ctx = s.ctx();
  size_t rank = tt->rank();
  if (rank == 0) return false;
  size_t wrank = s.OneIn(6) ? static_cast<size_t>(s.Int(1, static_cast<int>(rank))) : rank;
  std::vector<const Expr*> offsets, shapes, valid;
  for (size_t i = 0; i < wrank; ++i) {
    std::optional<int64_t> dim = ir::AsConstInt(tt->shape()[rank - wrank + i]);
    int64_t extent = s.Extent();
    if (dim && *dim > 0 && !s.OneIn(6)) {
      extent = s.Pick({*dim, std::max<int64_t>(1, *dim / 2), std::min<int64_t>(*dim, 16),
                       int64_t{1}});
    }
    if (tt->dtype() == DataType::kFP4 && i + 1 == wrank && extent % 2 != 0) ++extent;
    const Expr* offset = ctx.Index(0);
    if (dim && *dim > extent && s.OneIn(3)) {
      offset = ctx.Index(s.Int64(0, *dim - extent));
    } else if (s.OneIn(6)) {
      offset = IndexOperand(s, 0, 0);
    }
    offsets.push_back(offset);
    shapes.push_back(ctx.Index(extent));
    valid.push_back(s.OneIn(3) ? IndexOperand(s, 1, extent) : ctx.Index(extent));
  }
  std::vector<NamedAttr> kw;
  ir::TensorLayout layout = tt->EffectiveView().layout;
  bool mx = layout == ir::TensorLayout::kMxAZZ || layout == ir::TensorLayout::kMxBNN;
  if (mx || s.OneIn(4)) {
    kw.push_back({"target_memory", AttrValue::Enum(mx || s.Coin() ? ir::MemorySpace::kMat
                                                                   : ir::MemorySpace::kVec)});
  }
  if (s.OneIn(4)) kw.push_back({"clamp", AttrValue::Bool(s.Coin())});
  const Expr* args[] = {x, ctx.NewMakeTuple(ctx.Save<const Expr*>(offsets)),
                        ctx.NewMakeTuple(ctx.Save<const Expr*>(shapes)),
                        ctx.NewMakeTuple(ctx.Save<const Expr*>(valid))};
  return s.TryOp("tile.load", args, kw) != nullptr;
}

bool TileStore(GenScope& s) {
  const Var* t = s.AnyTile();
  if (t == nullptr) return false;
  const TileType* tt = TileOf(t);
  const Var* out = s.FindTensor([&](const TensorType* o) { return o->rank() == tt->rank(); });
  if (out == nullptr) {
    if (std::optional<std::vector<int64_t>> shape = StaticShape(tt->shape())) {
      out = s.FreshTensor(tt->dtype(), *shape);
    }
  }
  if (out == nullptr) return false;
  const TensorType* ot = TensorOf(out);
  ir::Context& ctx = s.ctx();
  std::vector<const Expr*> offsets;
  std::optional<std::vector<int64_t>> valid = StaticShape(tt->ValidShape());
  for (size_t i = 0; i < ot->rank(); ++i) {
    std::optional<int64_t> dim = ir::AsConstInt(ot->shape()[i]);
    int64_t room = dim && valid ? *dim - (*valid)[i] : 0;
    offsets.push_back(room > 0 && s.OneIn(4) ? ctx.Index(s.Int64(0, room)) : ctx.Index(0));
  }
  std::vector<const Expr*> args = {t, ctx.NewMakeTuple(ctx.Save<const Expr*>(offsets)), out};
  if (s.OneIn(8)) {
    std::vector<int64_t> shapes(offsets.size(), 1);
    if (valid) shapes = *valid;
    for (int64_t& d : shapes) d = std::max<int64_t>(d, 1);
    args.push_back(s.IndexList(shapes));
  }
  std::vector<NamedAttr> kw;
  if (s.OneIn(4)) {
    kw.push_back({"atomic", AttrValue::Enum(s.Coin() ? ir::AtomicType::kAdd
                                                     : ir::AtomicType::kNone)});
  }
  if (s.OneIn(6)) {
    // A store kept for its effect alone.
    const ir::Call* call = s.TryCall("tile.store", args, kw);
    if (call == nullptr) return false;
    s.Emit(ctx.NewEval(call));
    return true;
  }
  return s.TryOp("tile.store", args, kw) != nullptr;
}

// --- Compare and select -------------------------------------------------------------

std::vector<NamedAttr> CmpKwargs(GenScope& s) {
  if (s.OneIn(4)) return {};
  int64_t cmp = s.OneIn(16) ? s.Int(-1, 7) : s.Int(0, 5);
  return {{"cmp_type", AttrValue::Int(cmp)}};
}

bool TileCmp(GenScope& s) {
  const Var* lhs = s.AnyTile();
  if (lhs == nullptr) return false;
  const Expr* args[] = {lhs, TilePartner(s, lhs)};
  return s.TryOp("tile.cmp", args, CmpKwargs(s)) != nullptr;
}

bool TileCmps(GenScope& s) {
  const Var* lhs = s.AnyTile();
  if (lhs == nullptr) return false;
  const Expr* args[] = {lhs, ScalarOperand(s)};
  return s.TryOp("tile.cmps", args, CmpKwargs(s)) != nullptr;
}

// The packed predicate mask of `value` (tile.cmps / tile.cmp), or nullptr.
const Var* MaskOf(GenScope& s, const Var* value) {
  NamedAttr kw[] = {{"cmp_type", AttrValue::Int(s.Int(0, 5))}};
  if (s.Coin()) {
    const Expr* args[] = {value, value};
    if (const Var* m = s.TryOp("tile.cmp", args, kw)) return m;
  }
  const Expr* args[] = {value, s.ctx().Float(0.0)};
  return s.TryOp("tile.cmps", args, kw);
}

bool TileSel(GenScope& s) {
  const Var* lhs = s.AnyTile();
  if (lhs == nullptr) return false;
  const Var* mask = s.Coin() ? MaskOf(s, lhs) : s.AnyTile();
  const Expr* args[] = {mask, lhs, TilePartner(s, lhs), s.AnyTile()};
  return s.TryOp("tile.sel", args, {}) != nullptr;
}

DataType TselsScalar(DataType src) {
  switch (src.code()) {
    case DataType::kUInt8: return DataType::kInt8;
    case DataType::kUInt16: return DataType::kInt16;
    case DataType::kUInt32: return DataType::kInt32;
    default: return src;
  }
}

bool TileSels(GenScope& s) {
  DataType dt = s.Pick(absl::Span<const DataType>(kSelsSrcDTypes));
  std::vector<int64_t> shape = Shape2D(s);
  const Var* src = s.TileOr(
      [](const TileType* t) { return t->rank() == 2 && In(t->dtype(), kSelsSrcDTypes); }, dt,
      shape);
  if (src == nullptr) return false;
  const Var* mask = MaskOf(s, src);
  if (mask == nullptr) return false;
  const Var* tmp = s.TileOr([](const TileType* t) { return t->rank() == 2; }, DataType::kUInt8,
                            {1, 32});
  const Expr* args[] = {mask, src, tmp, s.Literal(TselsScalar(TileOf(src)->dtype()))};
  return s.TryOp("tile.sels", args, {}) != nullptr;
}

// A literal every numeric dtype can hold exactly (select's scalar branch).
const Expr* SmallIntegralLiteral(GenScope& s) {
  int v = s.Int(0, 3);
  if (s.Coin()) return s.ctx().Float(static_cast<double>(v));
  return s.ctx().Index(v);
}

bool TileSelect(GenScope& s) {
  DataType dtype =
      s.Pick({DataType(DataType::kFP32), DataType(DataType::kFP16), DataType(DataType::kInt32)});
  std::vector<int64_t> shape = s.Shape(1, 3);
  const Var* model = s.TileOr(
      [](const TileType* t) { return IsStatic(t) && !t->dtype().IsBool(); }, dtype, shape);
  if (model == nullptr) return false;
  const Var* mask = MaskOf(s, model);
  if (mask == nullptr) return false;
  const Expr* on_true = model;
  const Expr* on_false = model;
  switch (s.Int(0, 2)) {
    case 0:
      if (const Var* v = s.FindOfType(model->type())) on_false = v;
      break;
    case 1:
      on_false = SmallIntegralLiteral(s);
      break;
    default:
      on_true = SmallIntegralLiteral(s);
      break;
  }
  const Expr* args[] = {mask, on_true, on_false};
  return s.TryOp("tile.select", args, {}) != nullptr;
}

// --- Views and transposes --------------------------------------------------------------

bool TileTransposeView(GenScope& s) {
  DataType dtype = s.AnyDType();
  std::vector<int64_t> shape = Shape2D(s);
  const Var* t = s.TileOr([](const TileType* t) { return t->rank() >= 2; }, dtype, shape);
  return t != nullptr && s.TryOp("tile.transpose_view", {t}) != nullptr;
}

bool FlatPackedTile(const TileType* t) {
  ir::TileView v = t->EffectiveView();
  return In(t->dtype(), kReinterpretDTypes) && t->rank() >= 1 &&
         v.slayout == ir::TileLayout::kNoneBox && v.blayout == ir::TileLayout::kRowMajor &&
         v.stride.empty() && (v.start_offset == nullptr || ir::AsConstInt(v.start_offset) == 0);
}

bool TileReinterpretView(GenScope& s) {
  DataType dtype = s.Pick(absl::Span<const DataType>(kReinterpretDTypes));
  int64_t rows = s.Extent();
  int64_t cols = s.Pick<int64_t>({16, 32, 64, 128});
  const Var* t = s.TileOr(FlatPackedTile, dtype, {rows, cols});
  if (t == nullptr) return false;
  const TileType* tt = TileOf(t);
  DataType target = s.Pick(absl::Span<const DataType>(kReinterpretDTypes));
  std::vector<const Expr*> args = {t};
  std::optional<std::vector<int64_t>> shape = StaticShape(tt->shape());
  if (shape && s.OneIn(3)) {
    int64_t bytes = tt->dtype().bytes();
    for (int64_t d : *shape) bytes *= d;
    if (bytes % target.bytes() == 0) args.push_back(s.IndexList({bytes / target.bytes()}));
  }
  NamedAttr kw[] = {{"dtype", AttrValue::DType(target)}};
  return s.TryOp("tile.reinterpret_view", args, kw) != nullptr;
}

bool TileSetValidShape(GenScope& s) {
  DataType dtype = s.AnyDType();
  std::vector<int64_t> shape = Shape2D(s);
  const Var* t = s.TileOr([](const TileType* t) { return t->rank() == 2; }, dtype, shape);
  if (t == nullptr) return false;
  const TileType* tt = TileOf(t);
  std::optional<int64_t> rows = ir::AsConstInt(tt->shape()[0]);
  std::optional<int64_t> cols = ir::AsConstInt(tt->shape()[1]);
  const Expr* args[] = {t, IndexOperand(s, 0, rows.value_or(1)),
                        IndexOperand(s, 0, cols.value_or(1))};
  return s.TryOp("tile.set_validshape", args, {}) != nullptr;
}

bool TileTranspose(GenScope& s) {
  DataType dtype = s.AnyDType();
  std::vector<int64_t> shape = s.Shape(2, 3);
  const Var* t = s.TileOr(
      [](const TileType* t) { return t->rank() >= 2 && t->dtype() != DataType::kFP4; }, dtype,
      shape);
  if (t == nullptr) return false;
  int rank = static_cast<int>(TileOf(t)->rank());
  int a = s.Int(-rank, rank - 1);
  int b = (a + rank + s.Int(1, rank - 1)) % rank;
  if (s.Coin()) b -= rank;
  std::vector<const Expr*> args = {t, s.ctx().Index(a), s.ctx().Index(b)};
  if (s.OneIn(4)) {
    const TileType* tt = TileOf(t);
    const Var* tmp = s.FindTile([&](const TileType* o) {
      return o->dtype() == tt->dtype() && o->rank() == tt->rank();
    });
    args.push_back(tmp != nullptr ? tmp : t);
  }
  return s.TryOp("tile.transpose", args, {}) != nullptr;
}

// --- MX quantisation ------------------------------------------------------------------

struct QuantSource {
  const Var* src;
  int64_t rows;
  int64_t cols;
  int axis;
};

// A 2-D FP16/FP32/BF16 tile of static shape that satisfies the MX rules.
std::optional<QuantSource> PickQuantSource(GenScope& s) {
  int axis = s.Int(0, 1);
  int64_t rows = axis == 1 ? s.Pick<int64_t>({16, 32, 48}) : s.Pick<int64_t>({32, 64});
  int64_t cols = s.Pick<int64_t>({64, 128});
  DataType dtype = s.Pick(absl::Span<const DataType>(kQuantDTypes));
  const Var* src = s.TileOr(
      [&](const TileType* t) {
        std::optional<std::vector<int64_t>> shape = StaticShape(t->shape());
        return shape && shape->size() == 2 && (*shape)[0] == rows && (*shape)[1] == cols &&
               In(t->dtype(), kQuantDTypes) && FullyValid(t);
      },
      dtype, {rows, cols});
  if (src == nullptr) return std::nullopt;
  return QuantSource{src, rows, cols, axis};
}

std::vector<NamedAttr> QuantKwargs(GenScope& s, int axis) {
  std::vector<NamedAttr> kw = {{"group_axis", AttrValue::Int(axis)}};
  if (s.OneIn(3)) kw.push_back({"dtype", AttrValue::DType(DataType::kFP8E4M3FN)});
  return kw;
}

// Binds the elements of the tuple `tuple` (sometimes).
void Unpack(GenScope& s, const Var* tuple) {
  if (tuple == nullptr) return;
  const auto* tt = tuple->type()->As<ir::TupleType>();
  for (size_t i = 0; i < tt->elements().size(); ++i) {
    if (s.Coin()) s.Bind(s.ctx().NewTupleGetItem(tuple, static_cast<int>(i)), "elt");
  }
}

bool TileQuantMx(GenScope& s) {
  std::optional<QuantSource> q = PickQuantSource(s);
  if (!q) return false;
  const Expr* args[] = {q->src};
  const Var* r = s.TryOp("tile.tquant_mx", args, QuantKwargs(s, q->axis));
  Unpack(s, r);
  return r != nullptr;
}

bool TileQuantMxRaw(GenScope& s) {
  std::optional<QuantSource> q = PickQuantSource(s);
  if (!q) return false;
  int64_t groups = q->axis == 0 ? q->rows / 32 * q->cols : q->rows * q->cols / 32;
  DataType dt = TileOf(q->src)->dtype();
  std::vector<int64_t> ws_shape = s.Coin() ? std::vector<int64_t>{1, groups}
                                           : std::vector<int64_t>{groups};
  const Var* max_ws = s.FreshTile(dt, ws_shape);
  const Var* scaling_ws = s.Coin() ? max_ws : s.FreshTile(dt, ws_shape);
  const Expr* args[] = {q->src, max_ws, scaling_ws};
  const Var* r = s.TryOp("tile.tquant_mx_raw", args, QuantKwargs(s, q->axis));
  Unpack(s, r);
  return r != nullptr;
}

bool TileTmovX2Zz(GenScope& s) {
  int axis = s.Int(0, 1);
  std::vector<int64_t> src_shape, tmp_shape;
  std::vector<NamedAttr> kw = {{"group_axis", AttrValue::Int(axis)}};
  if (axis == 1) {
    int64_t rows = s.Pick<int64_t>({16, 32});
    int64_t cols = s.Pick<int64_t>({2, 4});
    src_shape = s.Coin() ? std::vector<int64_t>{rows, cols} : std::vector<int64_t>{1, rows * cols};
    tmp_shape = {1, 64 + (rows / 16) * cols};
    kw.push_back({"dst_rows", AttrValue::Int(rows)});
    kw.push_back({"dst_cols", AttrValue::Int(cols)});
  } else {
    src_shape = {s.Pick<int64_t>({2, 4}), s.Pick<int64_t>({16, 32})};
    tmp_shape = {1, 32};
  }
  const Var* src = s.FreshTile(DataType::kUInt8, src_shape);
  const Var* tmp = s.FreshTile(DataType::kUInt8, tmp_shape);
  const Expr* args[] = {src, tmp};
  return s.TryOp("tile.tmov_x2zz", args, kw) != nullptr;
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

bool TensorCast(GenScope& s) {
  const Var* t = s.AnyTensor();
  if (t == nullptr) return false;
  DataType target = OtherDType(s, TensorOf(t)->dtype());
  const Expr* args[] = {t};
  return s.TryOp("tensor.cast", args, CastKwargs(s, target)) != nullptr;
}

bool TensorCreate(GenScope& s) {
  std::vector<int64_t> shape = s.Shape(1, 3);
  std::vector<const Expr*> dims;
  for (int64_t d : shape) {
    const Expr* dim = s.ctx().Index(d);
    if (s.OneIn(5)) {
      if (const Var* v = ExtentScalar(s)) dim = v;
    }
    dims.push_back(dim);
  }
  std::vector<NamedAttr> kw = {{"dtype", AttrValue::DType(s.AnyDType())}};
  if (s.OneIn(3)) {
    auto layout = s.OneIn(4) ? static_cast<ir::TensorLayout>(
                                   s.Int(0, ir::EnumSize<ir::TensorLayout>() - 1))
                             : ir::TensorLayout::kDN;
    kw.push_back({"layout", AttrValue::Enum(layout)});
  }
  if (s.OneIn(4)) kw.push_back({"manual_dep", AttrValue::Bool(s.Coin())});
  if (s.OneIn(4)) kw.push_back({"init_value", AttrValue::Float(s.Pick({0.0, 1.5, -3.0}))});
  const Expr* args[] = {s.ctx().NewMakeTuple(s.ctx().Save<const Expr*>(dims))};
  return s.TryOp("tensor.create", args, kw) != nullptr;
}

bool TensorFull(GenScope& s) {
  const Expr* value = s.Coin() ? s.Literal(DataType::kFP32) : s.Literal(DataType::kIndex);
  const Expr* args[] = {s.IndexList(s.Shape(1, 3)), value};
  NamedAttr kw[] = {{"dtype", AttrValue::DType(s.AnyDType())}};
  return s.TryOp("tensor.full", args, kw) != nullptr;
}

bool TensorView(GenScope& s) {
  const Var* t = s.AnyTensor();
  if (t == nullptr) return false;
  const TensorType* tt = TensorOf(t);
  std::vector<const Expr*> args = {t};
  std::vector<NamedAttr> kw;
  std::optional<std::vector<int64_t>> shape = StaticShape(tt->shape());
  switch (s.Int(0, 2)) {
    case 0: {  // a layout change only
      kw.push_back({"layout", AttrValue::Enum(s.Coin() ? ir::TensorLayout::kDN
                                                       : ir::TensorLayout::kND)});
      break;
    }
    case 1: {  // flatten or split the static element count
      if (!shape) {
        args.push_back(s.ctx().NewMakeTuple(tt->shape()));
        break;
      }
      int64_t n = 1;
      for (int64_t d : *shape) n *= d;
      int64_t split = s.Pick<int64_t>({1, 2, 4, 16});
      if (n % split == 0 && s.Coin()) {
        args.push_back(s.IndexList({split, n / split}));
      } else {
        args.push_back(s.IndexList({n}));
      }
      if (!tt->EffectiveView().valid_shape.empty() && s.Coin()) {
        args.push_back(s.ctx().NewMakeTuple(tt->ValidShape()));
      }
      break;
    }
    default: {  // the same shape, possibly with a layout
      args.push_back(s.ctx().NewMakeTuple(tt->shape()));
      if (s.Coin()) kw.push_back({"layout", AttrValue::Enum(ir::TensorLayout::kND)});
      break;
    }
  }
  return s.TryOp("tensor.view", args, kw) != nullptr;
}

bool TensorReinterpretView(GenScope& s) {
  const Var* t = s.FindTensor([](const TensorType* t) {
    return !t->IsDistributed() && In(t->dtype(), kReinterpretDTypes);
  });
  if (t == nullptr || s.OneIn(3)) {
    DataType dtype = s.Pick(absl::Span<const DataType>(kReinterpretDTypes));
    int64_t rows = s.Extent();
    int64_t cols = s.Pick<int64_t>({16, 32, 64});
    t = s.FreshTensor(dtype, {rows, cols});
  }
  if (t == nullptr) return false;
  DataType target = s.Pick(absl::Span<const DataType>(kReinterpretDTypes));
  std::vector<const Expr*> args = {t};
  if (std::optional<std::vector<int64_t>> shape = StaticShape(TensorOf(t)->shape());
      shape && s.OneIn(3)) {
    int64_t bytes = TensorOf(t)->dtype().bytes();
    for (int64_t d : *shape) bytes *= d;
    if (bytes % target.bytes() == 0) args.push_back(s.IndexList({bytes / target.bytes()}));
  }
  NamedAttr kw[] = {{"dtype", AttrValue::DType(target)}};
  return s.TryOp("tensor.reinterpret_view", args, kw) != nullptr;
}

// --- Cross-rank ops (windows are DistributedTensor params) --------------------------------

bool Int32Window(const TensorType* t) {
  return t->IsDistributed() && t->dtype() == DataType::kInt32 && t->rank() >= 1;
}

const Var* Window(GenScope& s, absl::FunctionRef<bool(const TensorType*)> pred) {
  return s.FindTensor([&](const TensorType* t) { return t->IsDistributed() && pred(t); });
}

// An integer scalar operand (peer, value, expected): a visible int scalar
// or a literal.
const Expr* IntOperand(GenScope& s) {
  if (s.Coin()) {
    if (const Var* v = s.FindScalar([](DataType t) { return t.IsInt(); })) return v;
  }
  DataType dtype = s.Pick({DataType(DataType::kInt32), DataType(DataType::kIndex)});
  return s.Literal(dtype);
}

// Coordinates inside `t`: constants within the static dims, an index
// scalar now and then.
const Expr* Coordinates(GenScope& s, const TensorType* t) {
  std::vector<const Expr*> coords;
  for (const Expr* dim : t->shape()) {
    std::optional<int64_t> n = ir::AsConstInt(dim);
    coords.push_back(IndexOperand(s, 0, n && *n > 0 ? *n - 1 : 0));
  }
  return s.ctx().NewMakeTuple(s.ctx().Save<const Expr*>(coords));
}

// A CommCtx value: a visible one or pld.system.get_comm_ctx of a window.
const Var* CommCtx(GenScope& s) {
  if (const Var* c = s.FindOfType(s.ctx().GetCommCtxType())) return c;
  const Var* w = Window(s, [](const TensorType*) { return true; });
  if (w == nullptr) return nullptr;
  return s.TryOp("pld.system.get_comm_ctx", {w});
}

bool GetCommCtx(GenScope& s) {
  const Var* w = Window(s, [](const TensorType*) { return true; });
  return w != nullptr && s.TryOp("pld.system.get_comm_ctx", {w}) != nullptr;
}

bool CommScalar(GenScope& s, absl::string_view op) {
  const Var* c = CommCtx(s);
  return c != nullptr && s.TryOp(op, {c}) != nullptr;
}

// A call kept for its effect (pld.system.notify / wait, pld.tile.put /
// get): TryOp emits it as a statement.
bool Effect(GenScope& s, absl::string_view op, absl::Span<const Expr* const> args,
            absl::Span<const NamedAttr> kwargs) {
  const ir::Call* call = s.TryCall(op, args, kwargs);
  if (call == nullptr) return false;
  s.Emit(s.ctx().NewEval(call));
  return true;
}

bool Notify(GenScope& s) {
  const Var* target = Window(s, Int32Window);
  if (target == nullptr) return false;
  const Expr* args[] = {target, IntOperand(s), Coordinates(s, TensorOf(target)), IntOperand(s)};
  NamedAttr kw[] = {{"op", AttrValue::Int(s.OneIn(16) ? 2 : s.Int(0, 1))}};
  return Effect(s, "pld.system.notify", args, kw);
}

bool Wait(GenScope& s) {
  const Var* signal = Window(s, Int32Window);
  if (signal == nullptr) return false;
  const Expr* args[] = {signal, Coordinates(s, TensorOf(signal)), IntOperand(s)};
  NamedAttr kw[] = {{"cmp", AttrValue::Int(s.Int(0, 1))}};
  return Effect(s, "pld.system.wait", args, kw);
}

bool ReduceDType(const TensorType* t) {
  return t->dtype() == DataType::kFP16 || t->dtype() == DataType::kFP32;
}

NamedAttr ReduceOpKwarg(GenScope& s) { return {"op", AttrValue::Int(s.Int(0, 3))}; }

bool AllReduce(GenScope& s) {
  const Var* target = Window(s, ReduceDType);
  if (target == nullptr) return false;
  std::vector<const Expr*> args = {target};
  if (s.Coin()) {
    if (const Var* signal = Window(s, Int32Window)) args.push_back(signal);
  }
  std::vector<NamedAttr> kw = {ReduceOpKwarg(s), {"core_num", AttrValue::Int(s.Int(1, 4))}};
  if (s.Coin()) kw.push_back({"mode", AttrValue::String(s.Coin() ? "ring" : "mesh")});
  return s.TryOp("pld.tensor.allreduce", args, kw) != nullptr;
}

// A window [NR, SIZE] of static shape and the INT32 signal window [NR, ...]
// of a collective.
struct Collective {
  const Var* target;
  int64_t rows;
  int64_t size;
  const Var* signal;
};

std::optional<Collective> PickCollective(GenScope& s, absl::FunctionRef<bool(DataType)> dtype) {
  const Var* target = Window(s, [&](const TensorType* t) {
    return t->rank() == 2 && dtype(t->dtype()) && StaticShape(t->shape()).has_value();
  });
  if (target == nullptr) return std::nullopt;
  std::vector<int64_t> shape = *StaticShape(TensorOf(target)->shape());
  const Var* signal = Window(s, [&](const TensorType* t) {
    return Int32Window(t) && ir::AsConstInt(t->shape()[0]) == shape[0];
  });
  if (signal == nullptr) return std::nullopt;
  return Collective{target, shape[0], shape[1], signal};
}

bool AllGather(GenScope& s) {
  std::optional<Collective> c = PickCollective(s, [](DataType) { return true; });
  if (!c) return false;
  const Var* input = s.FreshTensor(TensorOf(c->target)->dtype(), {1, c->size});
  const Expr* args[] = {input, c->target, c->signal};
  return s.TryOp("pld.tensor.allgather", args, {}) != nullptr;
}

bool AllToAll(GenScope& s) {
  std::optional<Collective> c = PickCollective(s, [](DataType) { return true; });
  if (!c) return false;
  const Var* input = s.FreshTensor(TensorOf(c->target)->dtype(), {c->rows, c->size});
  const Expr* args[] = {input, c->target, c->signal};
  return s.TryOp("pld.tensor.all_to_all", args, {}) != nullptr;
}

bool AllToAllV(GenScope& s) {
  std::optional<Collective> c = PickCollective(s, [](DataType) { return true; });
  if (!c) return false;
  const Var* input = s.FreshTensor(TensorOf(c->target)->dtype(), {c->rows, c->size});
  int64_t nr = c->rows;
  std::vector<int64_t> counts_shape = s.Coin() ? std::vector<int64_t>{nr}
                                               : std::vector<int64_t>{nr, 1};
  const Var* send_counts = s.FreshTensor(DataType::kInt32, counts_shape);
  const Var* recv_counts = Window(s, [&](const TensorType* t) {
    return Int32Window(t) && t->rank() == 2 && ir::AsConstInt(t->shape()[0]) == nr &&
           ir::AsConstInt(t->shape()[1]) == 1;
  });
  const Expr* args[] = {input, c->target, c->signal, send_counts, recv_counts};
  return s.TryOp("pld.tensor.all_to_all_v", args, {}) != nullptr;
}

bool ReduceScatter(GenScope& s) {
  std::optional<Collective> c =
      PickCollective(s, [](DataType t) { return t == DataType::kFP16 || t == DataType::kFP32; });
  if (!c) return false;
  const Expr* args[] = {c->target, c->signal};
  NamedAttr kw[] = {ReduceOpKwarg(s)};
  return s.TryOp("pld.tensor.reduce_scatter", args, kw) != nullptr;
}

bool Broadcast(GenScope& s) {
  const Var* target = Window(s, [](const TensorType*) { return true; });
  const Var* signal = Window(s, Int32Window);
  if (target == nullptr || signal == nullptr) return false;
  const Expr* args[] = {target, signal};
  NamedAttr kw[] = {{"root", AttrValue::Int(s.Int(0, 3))}};
  return s.TryOp("pld.tensor.broadcast", args, kw) != nullptr;
}

bool Barrier(GenScope& s) {
  const Var* signal = Window(s, Int32Window);
  return signal != nullptr && s.TryOp("pld.tensor.barrier", {signal}) != nullptr;
}

bool RemoteLoad(GenScope& s) {
  const Var* w = Window(s, [](const TensorType* t) { return StaticShape(t->shape()).has_value(); });
  if (w == nullptr) return false;
  std::vector<int64_t> dims = *StaticShape(TensorOf(w)->shape());
  std::vector<int64_t> shape, offsets;
  for (int64_t d : dims) {
    int64_t extent = s.Coin() ? d : s.Int64(1, d);
    shape.push_back(extent);
    offsets.push_back(s.Int64(0, d - extent));
  }
  std::vector<const Expr*> args = {w, IntOperand(s), s.IndexList(offsets), s.IndexList(shape)};
  if (s.Coin()) {
    std::vector<const Expr*> valid;
    for (int64_t e : shape) valid.push_back(IndexOperand(s, 0, e));
    args.push_back(s.ctx().NewMakeTuple(s.ctx().Save<const Expr*>(valid)));
  }
  return s.TryOp("pld.tile.remote_load", args, {}) != nullptr;
}

// put/get: the window, the local tensor of its shape and dtype, and a Vec
// bounce tile whose row is a whole number of 32-byte units.
bool Transfer(GenScope& s, absl::string_view op) {
  const Var* w = Window(s, [](const TensorType* t) {
    return t->rank() >= 1 && StaticShape(t->shape()).has_value() && t->dtype().bits() >= 8;
  });
  if (w == nullptr) return false;
  DataType dtype = TensorOf(w)->dtype();
  std::vector<int64_t> dims = *StaticShape(TensorOf(w)->shape());
  const Var* local = s.FreshTensor(dtype, dims);
  int64_t unit = 256 / dtype.storage_bits();
  int64_t cols = std::max<int64_t>(unit, dims.back() / unit * unit);
  const Var* stage = s.FreshTile(dtype, {1, cols});
  bool put = op == "pld.tile.put";
  std::vector<const Expr*> args = {put ? w : local, IntOperand(s), put ? local : w, stage};
  if (s.Coin()) {
    std::vector<int64_t> zeros(dims.size(), 0);
    args.push_back(s.IndexList(zeros));
    args.push_back(s.IndexList(zeros));
    args.push_back(s.IndexList(dims));
  }
  std::vector<NamedAttr> kw;
  if (put) kw.push_back({"atomic", AttrValue::Int(s.Int(0, 1))});
  return Effect(s, op, args, kw);
}

bool TensorRead(GenScope& s) {
  const Var* t = s.FindTensor([](const TensorType* t) { return t->rank() >= 1; });
  if (t == nullptr) return false;
  const Expr* args[] = {t, Coordinates(s, TensorOf(t))};
  return s.TryOp("tensor.read", args, {}) != nullptr;
}

// --- The table ---------------------------------------------------------------------------

#define PTO_RECIPE(op_name, fn, ...) \
  OpRecipe { op_name, [](GenScope& s) { return fn(s, ##__VA_ARGS__); } }

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("pld.system.get_comm_ctx", GetCommCtx),
    PTO_RECIPE("pld.system.notify", Notify),
    PTO_RECIPE("pld.system.nranks", CommScalar, "pld.system.nranks"),
    PTO_RECIPE("pld.system.rank", CommScalar, "pld.system.rank"),
    PTO_RECIPE("pld.system.wait", Wait),
    PTO_RECIPE("pld.tensor.all_to_all", AllToAll),
    PTO_RECIPE("pld.tensor.all_to_all_v", AllToAllV),
    PTO_RECIPE("pld.tensor.allgather", AllGather),
    PTO_RECIPE("pld.tensor.allreduce", AllReduce),
    PTO_RECIPE("pld.tensor.barrier", Barrier),
    PTO_RECIPE("pld.tensor.broadcast", Broadcast),
    PTO_RECIPE("pld.tensor.reduce_scatter", ReduceScatter),
    PTO_RECIPE("pld.tile.get", Transfer, "pld.tile.get"),
    PTO_RECIPE("pld.tile.put", Transfer, "pld.tile.put"),
    PTO_RECIPE("pld.tile.remote_load", RemoteLoad),
    PTO_RECIPE("tensor.add", TensorBinary, "tensor.add"),
    PTO_RECIPE("tensor.adds", TensorScalar, "tensor.adds"),
    PTO_RECIPE("tensor.cast", TensorCast),
    PTO_RECIPE("tensor.cos", TensorFP32Unary, "tensor.cos"),
    PTO_RECIPE("tensor.create", TensorCreate),
    PTO_RECIPE("tensor.div", TensorDiv),
    PTO_RECIPE("tensor.divs", TensorScalar, "tensor.divs"),
    PTO_RECIPE("tensor.full", TensorFull),
    PTO_RECIPE("tensor.maximum", TensorMinMax, "tensor.maximum"),
    PTO_RECIPE("tensor.minimum", TensorMinMax, "tensor.minimum"),
    PTO_RECIPE("tensor.mul", TensorBinary, "tensor.mul"),
    PTO_RECIPE("tensor.muls", TensorScalar, "tensor.muls"),
    PTO_RECIPE("tensor.read", TensorRead),
    PTO_RECIPE("tensor.reinterpret_view", TensorReinterpretView),
    PTO_RECIPE("tensor.sin", TensorFP32Unary, "tensor.sin"),
    PTO_RECIPE("tensor.sub", TensorBinary, "tensor.sub"),
    PTO_RECIPE("tensor.subs", TensorSubs),
    PTO_RECIPE("tensor.view", TensorView),
    PTO_RECIPE("tile.abs", TileUnary, "tile.abs"),
    PTO_RECIPE("tile.add", TileBinary, "tile.add"),
    PTO_RECIPE("tile.adds", TileScalar, "tile.adds"),
    PTO_RECIPE("tile.cast", TileCast),
    PTO_RECIPE("tile.cmp", TileCmp),
    PTO_RECIPE("tile.cmps", TileCmps),
    PTO_RECIPE("tile.cos", TileFP32Unary, "tile.cos"),
    PTO_RECIPE("tile.create", TileCreate),
    PTO_RECIPE("tile.div", TileDiv),
    PTO_RECIPE("tile.divs", TileScalar, "tile.divs"),
    PTO_RECIPE("tile.full", TileFull),
    PTO_RECIPE("tile.load", TileLoad),
    PTO_RECIPE("tile.maximum", TileBinary, "tile.maximum"),
    PTO_RECIPE("tile.maximums", TileScalar, "tile.maximums"),
    PTO_RECIPE("tile.minimum", TileBinary, "tile.minimum"),
    PTO_RECIPE("tile.minimums", TileScalar, "tile.minimums"),
    PTO_RECIPE("tile.mul", TileBinary, "tile.mul"),
    PTO_RECIPE("tile.muls", TileScalar, "tile.muls"),
    PTO_RECIPE("tile.neg", TileUnary, "tile.neg"),
    PTO_RECIPE("tile.reinterpret_view", TileReinterpretView),
    PTO_RECIPE("tile.sel", TileSel),
    PTO_RECIPE("tile.select", TileSelect),
    PTO_RECIPE("tile.sels", TileSels),
    PTO_RECIPE("tile.set_validshape", TileSetValidShape),
    PTO_RECIPE("tile.sin", TileFP32Unary, "tile.sin"),
    PTO_RECIPE("tile.store", TileStore),
    PTO_RECIPE("tile.sub", TileBinary, "tile.sub"),
    PTO_RECIPE("tile.subs", TileSubs),
    PTO_RECIPE("tile.tmov_x2zz", TileTmovX2Zz),
    PTO_RECIPE("tile.tquant_mx", TileQuantMx),
    PTO_RECIPE("tile.tquant_mx_raw", TileQuantMxRaw),
    PTO_RECIPE("tile.transpose", TileTranspose),
    PTO_RECIPE("tile.transpose_view", TileTransposeView),
};

#undef PTO_RECIPE

}  // namespace

absl::Span<const OpRecipe> BuiltinRecipes() { return kRecipes; }

absl::Span<const UncoveredOp> BuiltinUncoveredOps() { return {}; }

}  // namespace pto::fuzz
