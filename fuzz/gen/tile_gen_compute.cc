// The statements of TileGen (tile_gen.h) that compute: tile.sin / tile.cos,
// the three forms of tile.select, element-wise arithmetic, tile.cast with
// random mode and saturation, tile.tquant_mx, composites whose result is
// unused, and user tuples. Each one records the ValueBound of what it
// defines, and builds nothing that bound cannot describe.

#include <cmath>
#include <optional>
#include <vector>

#include "fuzz/gen/tile_gen.h"
#include "ir/check.h"

namespace pto::fuzz::tile_gen {

// tile.sin or tile.cos of an FP32 value inside the spec's accuracy range.
std::optional<TileGen::SinCos> TileGen::MakeSinCos() {
  std::optional<Live> x = PickLive([](const Live& l) {
    return TileOf(l.var)->dtype() == DataType::kFP32 && l.bound.usable() &&
           l.bound.magnitude <= kSinCosMaxMagnitude;
  });
  if (!x) return std::nullopt;
  bool is_sin = Coin();
  const ir::Call* call = Try(is_sin ? "tile.sin" : "tile.cos", {x->var});
  if (call == nullptr) return std::nullopt;
  ++(is_sin ? out_.features.sin : out_.features.cos);
  return SinCos{call, is_sin, SinCosBound(x->bound)};
}

void TileGen::GenSinCos() {
  std::optional<SinCos> sc = MakeSinCos();
  if (sc) Bind(sc->call, sc->is_sin ? "s" : "c", sc->bound);
}

// A literal every select dtype holds exactly.
const Expr* TileGen::SmallLiteral(DataType dtype) {
  int v = Int(0, 3);
  if (dtype.IsFloat() && Coin()) return ctx_.Float(Pick<double>({0.5, -1.0, 2.0, 0.0}));
  if (Coin()) return ctx_.Float(static_cast<double>(v));
  return ctx_.Index(v);
}

const Expr* TileGen::CompareLiteral(DataType dtype) {
  if (dtype.IsFloat()) return ctx_.Float(Pick<double>({0.0, 0.5, -1.0, 1.0}));
  return ctx_.Int(Pick<int64_t>({0, 1, 3, 100}), dtype);  // as the DSL types the literal
}

void TileGen::GenSelect() {
  std::optional<Live> value = PickLive([](const Live& l) {
    return l.bound.usable() && In(TileOf(l.var)->dtype(), kSelectDTypes);
  });
  if (!value) return;
  const TileType* vt = TileOf(value->var);
  bool unlowerable = out_.arch == "a2a3" && vt->dtype().bits() == 8;
  if (unlowerable && !(options_.allow_unlowerable && OneIn(8))) return;
  // The mask: a compare of an exact tile of the same geometry.
  std::optional<Live> cmp_src = PickLive([&](const Live& l) {
    const TileType* t = TileOf(l.var);
    return l.bound.exact() && !t->dtype().IsBool() &&
           ir::ExprListIdentical(t->shape(), vt->shape()) &&
           ir::ExprListIdentical(t->ValidShape(), vt->ValidShape());
  });
  if (!cmp_src) return;
  const ir::Call* mask =
      Try("tile.cmps", {cmp_src->var, CompareLiteral(TileOf(cmp_src->var)->dtype())},
          {{"cmp_type", AttrValue::Int(Int(0, 5))}});
  if (mask == nullptr) return;
  const Var* m = Bind(mask, "m", ValueBound::Exact());
  int form = Int(0, 2);
  const ir::Call* select = nullptr;
  ValueBound bound;
  if (form == 0) {
    std::optional<Live> other = PickLive(
        [&](const Live& l) { return l.bound.usable() && l.var->type() == value->var->type(); });
    if (!other) other = value;
    select = Try("tile.select", {m, value->var, other->var});
    bound = SelectBound(value->bound, other->bound);
  } else {
    const Expr* lit = SmallLiteral(vt->dtype());
    double c = lit->Is<ir::ConstFloat>() ? lit->As<ir::ConstFloat>()->value()
                                         : static_cast<double>(*ir::AsConstInt(lit));
    ValueBound lit_bound = ValueBound::Exact(std::fabs(c));
    if (form == 1) {
      select = Try("tile.select", {m, value->var, lit});
      bound = SelectBound(value->bound, lit_bound);
    } else {
      select = Try("tile.select", {m, lit, value->var});
      bound = SelectBound(lit_bound, value->bound);
    }
  }
  if (select == nullptr) return;
  Bind(select, "sel", bound);
  out_.may_fail_lowering = out_.may_fail_lowering || unlowerable;
  ++(form == 0   ? out_.features.select_tile_tile
     : form == 1 ? out_.features.select_tile_scalar
                 : out_.features.select_scalar_tile);
}

void TileGen::GenBinary() {
  std::optional<Live> a =
      PickLive([](const Live& l) { return l.bound.usable() && !TileOf(l.var)->dtype().IsBool(); });
  if (!a) return;
  std::optional<Live> b = a;
  if (Coin()) {
    b = PickLive(
        [&](const Live& l) { return l.bound.usable() && l.var->type() == a->var->type(); });
    if (!b) b = a;
  }
  absl::string_view op =
      Pick<absl::string_view>({"tile.add", "tile.sub", "tile.mul", "tile.maximum", "tile.minimum"});
  ValueBound bound = BinaryBound(op, a->bound, b->bound);
  if (!bound.usable()) return;
  const ir::Call* call = Try(op, {a->var, b->var});
  if (call != nullptr) Bind(call, "v", bound);
}

void TileGen::GenScalar() {
  std::optional<Live> a =
      PickLive([](const Live& l) { return l.bound.usable() && !TileOf(l.var)->dtype().IsBool(); });
  if (!a) return;
  absl::string_view op = Pick<absl::string_view>(
      {"tile.adds", "tile.subs", "tile.muls", "tile.maximums", "tile.minimums"});
  double c;
  const Expr* lit;
  if (TileOf(a->var)->dtype().IsFloat()) {
    c = Pick<double>({0.5, 1.0, -2.0, 0.25, 3.0, -1.5, 100.0});
    lit = ctx_.Float(c);
  } else {
    int64_t i = Pick<int64_t>({0, 1, 2, 3, -3, 7, 100});
    c = static_cast<double>(i);
    // The DSL types an int literal here as the tile's elements (upstream's
    // wrappers restamp it), so the hand-written form reads back as this.
    lit = ctx_.Int(i, TileOf(a->var)->dtype());
  }
  ValueBound bound = ScalarBound(op, a->bound, c);
  if (!bound.usable()) return;
  const ir::Call* call = Try(op, {a->var, lit});
  if (call != nullptr) Bind(call, "v", bound);
}

void TileGen::GenUnary() {
  std::optional<Live> a = PickLive([](const Live& l) { return l.bound.usable(); });
  if (!a) return;
  const ir::Call* call = Try(Coin() ? "tile.neg" : "tile.abs", {a->var});
  if (call != nullptr) Bind(call, "u", UnaryBound(a->bound));
}

void TileGen::GenCast() {
  std::optional<Live> a = PickLive([](const Live& l) { return l.bound.exact(); });
  if (!a) return;
  DataType src = TileOf(a->var)->dtype();
  DataType dst = OneIn(4) ? Pick(DataType::All())
                          : Pick(absl::Span<const DataType>(kCommonCastDTypes));
  if (dst == src) return;
  auto mode = static_cast<ir::RoundMode>(Int(0, ir::EnumSize<ir::RoundMode>() - 1));
  std::vector<NamedAttr> kw = {{"target_type", AttrValue::DType(dst)}};
  switch (Int(0, 3)) {
    case 0: kw.push_back({"mode", AttrValue::String(ir::EnumName(mode))}); break;
    case 1: kw.push_back({"mode", AttrValue::Int(static_cast<int>(mode))}); break;
    case 2: kw.push_back({"mode", AttrValue::Enum(mode)}); break;
    default: mode = ir::RoundMode::kRound; break;  // the kwarg's default
  }
  // What codegen stamps without a request: ON for integer destinations.
  bool saturate = dst.IsInt();
  switch (Int(0, 2)) {
    case 0:
      saturate = true;
      kw.push_back({"saturation_mode", Coin() ? AttrValue::String("on")
                                              : AttrValue::Enum(ir::SaturationMode::kOn)});
      break;
    case 1:
      saturate = false;
      kw.push_back({"saturation_mode", Coin() ? AttrValue::String("off")
                                              : AttrValue::Enum(ir::SaturationMode::kOff)});
      break;
    default: break;
  }
  bool reachable = true;
  ValueBound bound = CastBound(*backend_, a->bound, src, dst, mode, saturate, &reachable);
  if (!reachable && !(options_.allow_unlowerable && OneIn(8))) return;
  const ir::Call* call = Try("tile.cast", {a->var}, kw);
  if (call == nullptr) return;
  out_.may_fail_lowering = out_.may_fail_lowering || !reachable;
  ++out_.features.casts;
  if (bound.kind != ValueBound::Kind::kNearCast) {
    Bind(call, "cv", bound);
    return;
  }
  // Compared against its own source, so both are stored right here.
  const Var* v = Bind(call, "cv", bound);
  int source = StoreOutput(a->var, a->bound);
  if (source >= 0 && StoreOutput(v, bound, source) >= 0) ++out_.features.near_casts;
}

void TileGen::GenQuant() {
  std::optional<Live> q = PickLive([](const Live& l) {
    const TileType* t = TileOf(l.var);
    std::optional<std::vector<int64_t>> shape = StaticShape(t->shape());
    return l.bound.exact() && In(t->dtype(), kQuantDTypes) && shape && shape->size() == 2 &&
           (*shape)[0] % 16 == 0 && (*shape)[1] % 64 == 0 &&
           ir::ExprListIdentical(t->ValidShape(), t->shape());
  });
  if (!q) return;
  int64_t rows = *ir::AsConstInt(TileOf(q->var)->shape()[0]);
  int axis = rows % 32 == 0 ? Int(0, 1) : 1;
  std::vector<NamedAttr> kw = {{"group_axis", AttrValue::Int(axis)}};
  if (OneIn(3)) kw.push_back({"dtype", AttrValue::DType(DataType::kFP8E4M3FN)});
  const ir::Call* call = Try("tile.tquant_mx", {q->var}, kw);
  if (call == nullptr) return;
  ++out_.features.tquant_mx;
  if (OneIn(6)) {
    // Unused: the lowering keeps the raw calls, which write workspaces.
    Emit(ctx_.NewEval(call));
    ++stmts_;
    ++out_.features.evals;
    return;
  }
  const Var* tuple = Bind(call, "qr", ValueBound::Exact());
  // Projections through an SSA alias fold like direct ones.
  const Var* source = OneIn(3) ? Bind(tuple, "qr_alias", ValueBound::Exact()) : tuple;
  for (int i = 0; i < 2; ++i) {
    if (OneIn(5)) continue;  // an element nothing reads
    const Var* elt =
        Bind(ctx_.NewTupleGetItem(source, i), i == 0 ? "quant" : "scale", ValueBound::Exact());
    StoreOutput(elt, ValueBound::Exact());
  }
}

// A composite whose result nothing reads, as a statement of its own.
void TileGen::GenEval() {
  std::optional<SinCos> sc = MakeSinCos();
  if (!sc) return;
  Emit(ctx_.NewEval(sc->call));
  ++stmts_;
  ++out_.features.evals;
}

// `tup = (a, b, ...)` of live tiles (and a scalar now and then), perhaps
// an alias of it, and projections of its elements. The lowering must leave
// such user tuples alone; codegen follows them to their elements.
void TileGen::GenTuple() {
  std::vector<const Expr*> elements;
  std::vector<std::optional<ValueBound>> bounds;
  int n = Int(1, 3);
  for (int i = 0; i < n; ++i) {
    if (OneIn(5)) {
      elements.push_back(ctx_.Index(Int(0, 9)));
      bounds.push_back(std::nullopt);
      continue;
    }
    std::optional<Live> v = PickLive([](const Live& l) { return l.bound.usable(); });
    if (!v) return;
    elements.push_back(v->var);
    bounds.push_back(v->bound);
  }
  const Var* tup = Bind(ctx_.NewMakeTuple(ctx_.Save<const Expr*>(elements)), "tup",
                        ValueBound::Exact());
  if (n >= 2 && OneIn(3)) {
    // Every element in order, as `a, b = (x, y)` unpacks (the parser binds
    // the tuple to a temporary and projects each name).
    for (int i = 0; i < n; ++i) {
      Bind(ctx_.NewTupleGetItem(tup, i), "item", bounds[i] ? *bounds[i] : ValueBound::Exact());
    }
    ++out_.features.tuples;
    ++out_.features.unpacks;
    return;
  }
  const Var* source = OneIn(3) ? Bind(tup, "tup_alias", ValueBound::Exact()) : tup;
  int projections = Int(1, 2);
  for (int k = 0; k < projections; ++k) {
    int i = Int(0, n - 1);
    Bind(ctx_.NewTupleGetItem(source, i), "item",
         bounds[i] ? *bounds[i] : ValueBound::Exact());
  }
  ++out_.features.tuples;
}

}  // namespace pto::fuzz::tile_gen
