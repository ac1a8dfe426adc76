// Operand helpers shared by the op-recipe families (recipe_util.h).

#include "fuzz/gen/recipes/recipe_util.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "ir/context.h"

namespace pto::fuzz::recipes {
namespace {

// Shape `shape` with some dims set to 1 or dropped in front: broadcasts
// against it.
std::vector<int64_t> BroadcastPartner(GenScope& s, std::vector<int64_t> shape) {
  for (int64_t& d : shape) {
    if (s.OneIn(3)) d = 1;
  }
  if (shape.size() > 1 && s.OneIn(3)) shape.erase(shape.begin());
  return shape;
}

}  // namespace

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

const Var* ExtentScalar(GenScope& s) {
  return s.FindScalar([](DataType t) { return t.IsIndexLike(); });
}

const TileType* TileOf(const Var* v) { return v->type()->As<TileType>(); }
const TensorType* TensorOf(const Var* v) { return v->type()->As<TensorType>(); }

const Expr* ScalarOperand(GenScope& s) {
  if (s.Coin()) {
    if (const Var* v = s.FindScalar([](DataType) { return true; })) return v;
  }
  return s.Literal(s.Pick({DataType(DataType::kFP32), DataType(DataType::kIndex),
                           DataType(DataType::kInt32), DataType(DataType::kFP16),
                           DataType(DataType::kInt8)}));
}

const Expr* IndexOperand(GenScope& s, int64_t lo, int64_t hi) {
  if (s.OneIn(5)) {
    if (const Var* v = ExtentScalar(s)) return v;
  }
  return s.ctx().Index(s.Int64(lo, std::max(lo, hi)));
}

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

std::vector<int64_t> Shape2D(GenScope& s) { return {s.Extent(), s.Extent()}; }

const Expr* Coordinates(GenScope& s, const TensorType* t) {
  std::vector<const Expr*> coords;
  for (const Expr* dim : t->shape()) {
    std::optional<int64_t> n = ir::AsConstInt(dim);
    coords.push_back(IndexOperand(s, 0, n && *n > 0 ? *n - 1 : 0));
  }
  return s.ctx().NewMakeTuple(s.ctx().Save<const Expr*>(coords));
}

bool EmitEffect(GenScope& s, absl::string_view op, absl::Span<const Expr* const> args,
                absl::Span<const NamedAttr> kwargs) {
  const ir::Call* call = s.TryCall(op, args, kwargs);
  if (call == nullptr) return false;
  s.Emit(s.ctx().NewEval(call));
  return true;
}

}  // namespace pto::fuzz::recipes
