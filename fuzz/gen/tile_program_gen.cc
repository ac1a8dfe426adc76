// GenerateTileProgram: builds one executable kernel statement by statement,
// tracking the ValueBound of every tile it defines so that each choice stays
// comparable after lowering.

#include "fuzz/gen/tile_program_gen.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "backends/registry.h"
#include "ir/check.h"
#include "ir/ops/builtin.h"
#include "ir/text/scalar_builder.h"
#include "sim/numerics/element_convert.h"
#include "sim/numerics/float_formats.h"

namespace pto::fuzz {
namespace {

using ir::AttrValue;
using ir::DataType;
using ir::Expr;
using ir::NamedAttr;
using ir::TileType;
using ir::Var;

constexpr DataType kInputDTypes[] = {DataType::kFP32,  DataType::kFP32,  DataType::kFP16,
                                     DataType::kBF16,  DataType::kInt32, DataType::kInt16,
                                     DataType::kInt8,  DataType::kUInt8};
constexpr DataType kCommonCastDTypes[] = {DataType::kFP32,  DataType::kFP16, DataType::kBF16,
                                          DataType::kInt32, DataType::kInt16, DataType::kInt8,
                                          DataType::kUInt8, DataType::kFP8E4M3FN};
constexpr DataType kSelectDTypes[] = {DataType::kFP32,  DataType::kFP16,  DataType::kBF16,
                                      DataType::kInt32, DataType::kInt16, DataType::kUInt16,
                                      DataType::kUInt32, DataType::kInt8, DataType::kUInt8};
constexpr DataType kQuantDTypes[] = {DataType::kFP32, DataType::kFP16, DataType::kBF16};

bool In(DataType t, absl::Span<const DataType> set) {
  return std::find(set.begin(), set.end(), t) != set.end();
}

const TileType* TileOf(const Var* v) { return v->type()->As<TileType>(); }

std::optional<std::vector<int64_t>> StaticShape(ir::ExprSpan dims) {
  std::vector<int64_t> out;
  for (const Expr* d : dims) {
    std::optional<int64_t> c = ir::AsConstInt(d);
    if (!c) return std::nullopt;
    out.push_back(*c);
  }
  return out;
}

struct Live {
  const Var* var;
  ValueBound bound;
};

class Gen {
 public:
  Gen(ir::Context& ctx, FuzzedDataProvider& data, const TileProgramOptions& options)
      : ctx_(ctx), data_(data), options_(options) {}

  TileProgram Build() {
    out_.arch = Coin() ? "a2a3" : "a5";
    backend_ = *backends::FindBackend(out_.arch);
    PTO_CHECK(backend_ != nullptr);
    // Small tiles: every element costs interpreter time in both runs, and
    // a defect that needs more than a few rows to show is rare next to the
    // executions bigger tiles would cost. Odd rows and short rows (8 columns
    // is one mask byte) still probe the mask geometry.
    rows_ = Pick<int64_t>({1, 2, 4, 3});
    cols_ = Pick<int64_t>({8, 16, 32});
    blocks_.emplace_back();

    // The first input feeds sin/cos: FP32 inside the spec's accuracy range.
    AddInput(DataType::kFP32, {rows_, cols_}, TileInput::Fill::kUniform,
             Pick<double>({M_PI, M_PI, 1.0, 4.0, 60.0}), /*may_narrow=*/true);
    int extra = Int(0, 2);
    for (int i = 0; i < extra; ++i) {
      DataType dtype = Pick(absl::Span<const DataType>(kInputDTypes));
      bool any_bits = OneIn(3);
      double range = dtype.IsFloat() ? Pick<double>({M_PI, 2.0, 1000.0})
                                     : Pick<double>({3.0, 100.0, 100000.0});
      AddInput(dtype, {rows_, cols_}, any_bits ? TileInput::Fill::kAnyBits
                                               : TileInput::Fill::kUniform,
               range, /*may_narrow=*/true);
    }
    if (OneIn(4)) {
      // An MX quantisation source: 32-element groups along K = 64.
      int64_t rows = Pick<int64_t>({32, 16});
      DataType dtype = Pick(absl::Span<const DataType>(kQuantDTypes));
      AddInput(dtype, {rows, 64}, Coin() ? TileInput::Fill::kAnyBits : TileInput::Fill::kUniform,
               Pick<double>({1.0, 500.0}), /*may_narrow=*/false);
    }

    GenBlock(0, options_.max_stmts);

    int n = Int(1, 3);
    for (int i = 0; i < n; ++i) {
      std::optional<Live> v = PickLive([](const Live& l) { return l.bound.usable(); });
      if (v) StoreOutput(v->var, v->bound);
    }

    std::vector<const Var*> params;
    std::vector<ir::ParamDirection> dirs;
    for (const TileInput& in : out_.inputs) {
      params.push_back(in.param);
      dirs.push_back(ir::ParamDirection::kIn);
    }
    for (const TileOutput& o : out_.outputs) {
      params.push_back(o.param);
      dirs.push_back(ir::ParamDirection::kOut);
    }
    std::vector<const Expr*> rets;
    std::vector<const ir::Type*> ret_types;
    if (last_store_ != nullptr) {
      rets.push_back(last_store_);
      ret_types.push_back(last_store_->type());
    }
    Emit(ctx_.NewReturn(ctx_.Save<const Expr*>(rets)));
    std::vector<const ir::Stmt*> body = std::move(blocks_.back());
    blocks_.pop_back();
    const ir::Function* kernel = ctx_.NewFunction("kernel", params, dirs, ret_types,
                                                  ctx_.NewSeq(body), ir::FunctionType::kInCore);
    ir::Program program = ctx_.NewProgram("TileFuzz", {&kernel, 1});
    uint64_t seed = data_.ConsumeIntegral<uint64_t>();
    return TileProgram{program,
                       kernel,
                       out_.arch,
                       std::move(out_.inputs),
                       std::move(out_.outputs),
                       seed,
                       out_.may_fail_lowering,
                       out_.features};
  }

 private:
  // --- Choices ---------------------------------------------------------------------
  bool Coin() { return data_.ConsumeBool(); }
  int Int(int lo, int hi) { return data_.ConsumeIntegralInRange<int>(lo, hi); }
  bool OneIn(int n) { return Int(0, n - 1) == 0; }
  template <typename T>
  T Pick(absl::Span<const T> items) {
    return items[data_.ConsumeIntegralInRange<size_t>(0, items.size() - 1)];
  }
  template <typename T>
  T Pick(std::initializer_list<T> items) {
    return Pick(absl::Span<const T>(items.begin(), items.size()));
  }

  // --- Values in scope ------------------------------------------------------------------
  template <typename Pred>
  std::optional<Live> PickLive(Pred pred) {
    if (live_.empty()) return std::nullopt;
    size_t n = live_.size();
    size_t start = data_.ConsumeIntegralInRange<size_t>(0, n - 1);
    for (size_t k = 0; k < n; ++k) {
      const Live& l = live_[(start + k) % n];
      if (pred(l)) return l;
    }
    return std::nullopt;
  }

  void EnterBlock() {
    blocks_.emplace_back();
    marks_.push_back(live_.size());
  }
  std::vector<const ir::Stmt*> ExitBlock() {
    std::vector<const ir::Stmt*> stmts = std::move(blocks_.back());
    blocks_.pop_back();
    live_.resize(marks_.back());
    marks_.pop_back();
    return stmts;
  }
  void Emit(const ir::Stmt* s) { blocks_.back().push_back(s); }

  const ir::Call* Try(absl::string_view op, std::vector<const Expr*> args,
                      std::vector<NamedAttr> kwargs = {}) {
    absl::StatusOr<const ir::Call*> call = ir::MakeCall(ctx_, op, args, kwargs);
    return call.ok() ? *call : nullptr;
  }

  // `hint = value`; a tile result becomes a live value with `bound`.
  const Var* Bind(const Expr* value, absl::string_view hint, const ValueBound& bound) {
    const Var* v = ctx_.NewVar(hint, value->type());
    Emit(ctx_.NewAssign(v, value));
    ++stmts_;
    if (value->type()->Is<TileType>()) live_.push_back({v, bound});
    return v;
  }

  const Expr* Tuple(absl::Span<const int64_t> values) {
    return ctx_.NewMakeTuple(ctx_.IndexList(values));
  }

  // --- Inputs and outputs -----------------------------------------------------------------
  void AddInput(DataType dtype, std::vector<int64_t> shape, TileInput::Fill fill, double range,
                bool may_narrow) {
    const Var* param = ctx_.NewVar(absl::StrCat("x", out_.inputs.size()),
                                   ctx_.GetTensorType(dtype, ctx_.IndexList(shape)));
    // FP32 data is clamped to float(range), which is then a bound.
    double magnitude = static_cast<double>(static_cast<float>(range));
    out_.inputs.push_back({param, fill, range});
    std::vector<int64_t> valid = shape;
    if (may_narrow && OneIn(5)) {
      valid[0] = Int(1, static_cast<int>(shape[0]));
      valid[1] = Int(1, static_cast<int>(shape[1]));
      if (dtype == DataType::kFP4 && valid[1] % 2 != 0) ++valid[1];
    }
    std::vector<int64_t> zeros(shape.size(), 0);
    const ir::Call* load = Try("tile.load", {param, Tuple(zeros), Tuple(shape), Tuple(valid)});
    PTO_CHECK(load != nullptr);
    bool bounded = dtype == DataType::kFP32 && fill == TileInput::Fill::kUniform;
    Bind(load, "t", ValueBound::Exact(bounded ? magnitude : kUnbounded));
  }

  // Stores `v` into a fresh Out tensor of its shape; the output's index, or
  // -1 when tile.store rejects the tile.
  int StoreOutput(const Var* v, const ValueBound& bound, int source = -1) {
    const TileType* tt = TileOf(v);
    const Var* o = ctx_.NewVar(absl::StrCat("o", out_.outputs.size()),
                               ctx_.GetTensorType(tt->dtype(), tt->shape()));
    std::vector<int64_t> zeros(tt->rank(), 0);
    const ir::Call* store = Try("tile.store", {v, Tuple(zeros), o});
    if (store == nullptr) return -1;
    const Var* r = ctx_.NewVar("r", store->type());
    Emit(ctx_.NewAssign(r, store));
    if (blocks_.size() == 1) last_store_ = r;
    out_.outputs.push_back({o, bound, source});
    return static_cast<int>(out_.outputs.size()) - 1;
  }

  // --- Statements --------------------------------------------------------------------------
  void GenBlock(int depth, int cap) {
    int start = stmts_;
    int attempts = 0;
    while (stmts_ < options_.max_stmts && stmts_ - start < cap && data_.remaining_bytes() > 0 &&
           attempts++ < 3 * options_.max_stmts + 4) {
      GenStmt(depth);
    }
  }

  void GenStmt(int depth) {
    bool nest = depth < options_.max_depth;
    switch (Int(0, 31)) {
      case 0: case 1: case 2: case 3: GenSinCos(); return;
      case 4: case 5: case 6: case 7: GenSelect(); return;
      case 8: case 9: case 10: GenBinary(); return;
      case 11: case 12: case 13: GenScalar(); return;
      case 14: GenUnary(); return;
      case 15: case 16: case 17: case 18: GenCast(); return;
      case 19: case 20: GenQuant(); return;
      case 21: case 22: case 23: if (nest) GenFor(depth); return;
      case 24: case 25: if (nest) GenWhile(depth); return;
      case 26: case 27: GenTuple(); return;
      case 28: GenEval(); return;
      default: if (nest) GenIf(depth); return;
    }
  }

  // tile.sin or tile.cos of an FP32 value inside the spec's accuracy range.
  struct SinCos {
    const ir::Call* call;
    bool is_sin;
    ValueBound bound;
  };
  std::optional<SinCos> MakeSinCos() {
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

  void GenSinCos() {
    std::optional<SinCos> sc = MakeSinCos();
    if (sc) Bind(sc->call, sc->is_sin ? "s" : "c", sc->bound);
  }

  // A literal every select dtype holds exactly.
  const Expr* SmallLiteral(DataType dtype) {
    int v = Int(0, 3);
    if (dtype.IsFloat() && Coin()) return ctx_.Float(Pick<double>({0.5, -1.0, 2.0, 0.0}));
    if (Coin()) return ctx_.Float(static_cast<double>(v));
    return ctx_.Index(v);
  }

  const Expr* CompareLiteral(DataType dtype) {
    if (dtype.IsFloat()) return ctx_.Float(Pick<double>({0.0, 0.5, -1.0, 1.0}));
    return ctx_.Index(Pick<int64_t>({0, 1, 3, 100}));
  }

  void GenSelect() {
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

  void GenBinary() {
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

  void GenScalar() {
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
      lit = ctx_.Index(i);
    }
    ValueBound bound = ScalarBound(op, a->bound, c);
    if (!bound.usable()) return;
    const ir::Call* call = Try(op, {a->var, lit});
    if (call != nullptr) Bind(call, "v", bound);
  }

  void GenUnary() {
    std::optional<Live> a = PickLive([](const Live& l) { return l.bound.usable(); });
    if (!a) return;
    const ir::Call* call = Try(Coin() ? "tile.neg" : "tile.abs", {a->var});
    if (call != nullptr) Bind(call, "u", UnaryBound(a->bound));
  }

  void GenCast() {
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

  void GenQuant() {
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
  void GenEval() {
    std::optional<SinCos> sc = MakeSinCos();
    if (!sc) return;
    Emit(ctx_.NewEval(sc->call));
    ++stmts_;
    ++out_.features.evals;
  }

  // `tup = (a, b, ...)` of live tiles (and a scalar now and then), perhaps
  // an alias of it, and projections of its elements. The lowering must leave
  // such user tuples alone; codegen follows them to their elements.
  void GenTuple() {
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
    const Var* source = OneIn(3) ? Bind(tup, "tup_alias", ValueBound::Exact()) : tup;
    int projections = Int(1, 2);
    for (int k = 0; k < projections; ++k) {
      int i = Int(0, n - 1);
      Bind(ctx_.NewTupleGetItem(source, i), "item",
           bounds[i] ? *bounds[i] : ValueBound::Exact());
    }
    ++out_.features.tuples;
  }

  // The bound assumed for a loop-carried value on every iteration: the yield
  // must stay within it (Covers), so it holds for the return var too.
  ValueBound Widen(const Live& init) {
    double factor = Pick<double>({1.0, 2.0, 8.0});
    bool fp32 = TileOf(init.var)->dtype() == DataType::kFP32;
    double m = init.bound.magnitude * factor;
    if (init.bound.exact()) {
      if (fp32 && std::isfinite(m) && OneIn(3)) return ValueBound::Approx(2e-6, m);
      return ValueBound::Exact(m);
    }
    return ValueBound::Approx(init.bound.error * 4 + 2e-6, m);
  }

  // Up to two live tiles a loop carries, each with the widened bound its
  // iterations assume.
  void AddCarriedTiles(std::vector<const ir::IterArg*>& iter_args,
                       std::vector<ValueBound>& assumed) {
    int n = Int(0, 2);
    for (int i = 0; i < n; ++i) {
      std::optional<Live> init = PickLive([](const Live& l) { return l.bound.usable(); });
      if (!init) break;
      ValueBound a = Widen(*init);
      if (!a.usable()) continue;
      iter_args.push_back(ctx_.NewIterArg("acc", init->var->type(), init->var));
      assumed.push_back(a);
    }
  }

  // What the loop body yields for iter_args[first...]: a live value of the
  // same type within the bound assumed for it, else the iter arg itself.
  void YieldCarried(absl::Span<const ir::IterArg* const> iter_args,
                    absl::Span<const ValueBound> assumed, size_t first,
                    std::vector<const Expr*>& yields) {
    for (size_t i = first; i < iter_args.size(); ++i) {
      std::optional<Live> y = PickLive([&](const Live& l) {
        return l.var->type() == iter_args[i]->type() && Covers(assumed[i], l.bound);
      });
      yields.push_back(y ? y->var : iter_args[i]);
    }
  }

  void GenFor(int depth) {
    int trips = Int(1, 3);
    std::vector<const ir::IterArg*> iter_args;
    std::vector<ValueBound> assumed;
    AddCarriedTiles(iter_args, assumed);
    ir::ForKind kind = Pick<ir::ForKind>({ir::ForKind::kSequential, ir::ForKind::kSequential,
                                          ir::ForKind::kParallel, ir::ForKind::kPipeline,
                                          ir::ForKind::kUnroll});
    if (kind == ir::ForKind::kUnroll && !iter_args.empty()) kind = ir::ForKind::kSequential;
    int stage = kind == ir::ForKind::kPipeline ? Int(1, 3) : 0;
    const Var* loop_var = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kIndex));

    EnterBlock();
    for (size_t i = 0; i < iter_args.size(); ++i) live_.push_back({iter_args[i], assumed[i]});
    loop_vars_.push_back(loop_var);
    GenBlock(depth + 1, Int(1, 4));
    loop_vars_.pop_back();
    std::vector<const Expr*> yields;
    YieldCarried(iter_args, assumed, 0, yields);
    if (!iter_args.empty()) Emit(ctx_.NewYield(ctx_.Save<const Expr*>(yields)));
    std::vector<const ir::Stmt*> body = ExitBlock();

    std::vector<const Var*> rets;
    for (const ir::IterArg* ia : iter_args) rets.push_back(ctx_.NewVar("acc_out", ia->type()));
    Emit(ctx_.NewFor(loop_var, ctx_.Index(0), ctx_.Index(trips), ctx_.Index(1), iter_args,
                     ctx_.NewSeq(body), rets, kind, stage));
    ++stmts_;
    for (size_t i = 0; i < rets.size(); ++i) live_.push_back({rets[i], assumed[i]});
    ++out_.features.loops;
  }

  // `for (n, acc, ...) in pl.while_(init_values=(0, init, ...))` with
  // `pl.cond(n < trips)`: a counter makes it terminate, and the tiles it
  // carries widen as a for loop's do.
  void GenWhile(int depth) {
    int trips = Int(0, 3);
    const ir::Type* index = ctx_.GetScalarType(DataType::kIndex);
    std::vector<const ir::IterArg*> iter_args = {ctx_.NewIterArg("n", index, ctx_.Index(0))};
    std::vector<ValueBound> assumed = {ValueBound::Exact()};
    AddCarriedTiles(iter_args, assumed);
    absl::StatusOr<const Expr*> cond =
        ir::MakeScalarBinary(ctx_, ir::BinaryOp::kLt, iter_args[0], ctx_.Index(trips));
    PTO_CHECK(cond.ok()) << cond.status();

    EnterBlock();
    for (size_t i = 1; i < iter_args.size(); ++i) live_.push_back({iter_args[i], assumed[i]});
    loop_vars_.push_back(iter_args[0]);
    GenBlock(depth + 1, Int(1, 4));
    loop_vars_.pop_back();
    absl::StatusOr<const Expr*> next =
        ir::MakeScalarBinary(ctx_, ir::BinaryOp::kAdd, iter_args[0], ctx_.Index(1));
    PTO_CHECK(next.ok()) << next.status();
    std::vector<const Expr*> yields = {Bind(*next, "n_next", ValueBound::Exact())};
    YieldCarried(iter_args, assumed, 1, yields);
    Emit(ctx_.NewYield(ctx_.Save<const Expr*>(yields)));
    std::vector<const ir::Stmt*> body = ExitBlock();

    std::vector<const Var*> rets = {ctx_.NewVar("n_out", index)};
    for (size_t i = 1; i < iter_args.size(); ++i) {
      rets.push_back(ctx_.NewVar("acc_out", iter_args[i]->type()));
    }
    Emit(ctx_.NewWhile(*cond, iter_args, ctx_.NewSeq(body), rets));
    ++stmts_;
    for (size_t i = 1; i < rets.size(); ++i) live_.push_back({rets[i], assumed[i]});
    ++out_.features.whiles;
  }

  const Expr* Condition() {
    if (!loop_vars_.empty() && !OneIn(3)) {
      auto op = Pick<ir::BinaryOp>(
          {ir::BinaryOp::kLt, ir::BinaryOp::kEq, ir::BinaryOp::kGe, ir::BinaryOp::kNe});
      absl::StatusOr<const Expr*> c =
          ir::MakeScalarBinary(ctx_, op, loop_vars_.back(), ctx_.Index(Int(0, 2)));
      if (c.ok()) return *c;
    }
    return ctx_.Bool(Coin());
  }

  void GenIf(int depth) {
    const Expr* cond = Condition();
    std::vector<const ir::Type*> types;
    int nret = Int(0, 2);
    for (int i = 0; i < nret; ++i) {
      std::optional<Live> v = PickLive([](const Live& l) { return l.bound.usable(); });
      if (v) types.push_back(v->var->type());
    }
    auto branch = [&](std::vector<ValueBound>* bounds) -> const ir::Stmt* {
      EnterBlock();
      GenBlock(depth + 1, Int(0, 3));
      if (!types.empty()) {
        std::vector<const Expr*> values;
        for (const ir::Type* t : types) {
          std::optional<Live> y =
              PickLive([&](const Live& l) { return l.bound.usable() && l.var->type() == t; });
          PTO_CHECK(y.has_value());  // the value the type came from is visible
          values.push_back(y->var);
          bounds->push_back(y->bound);
        }
        Emit(ctx_.NewYield(ctx_.Save<const Expr*>(values)));
      }
      return ctx_.NewSeq(ExitBlock());
    };
    std::vector<ValueBound> then_bounds, else_bounds;
    const ir::Stmt* then_body = branch(&then_bounds);
    const ir::Stmt* else_body = !types.empty() || Coin() ? branch(&else_bounds) : nullptr;
    std::vector<const Var*> rets;
    for (const ir::Type* t : types) rets.push_back(ctx_.NewVar("sel_out", t));
    Emit(ctx_.NewIf(cond, then_body, else_body, rets));
    ++stmts_;
    for (size_t i = 0; i < rets.size(); ++i) {
      live_.push_back({rets[i], Join(then_bounds[i], else_bounds[i])});
    }
    ++out_.features.ifs;
  }

  ir::Context& ctx_;
  FuzzedDataProvider& data_;
  const TileProgramOptions& options_;
  const backends::Backend* backend_ = nullptr;
  int64_t rows_ = 1;
  int64_t cols_ = 8;
  // Everything of the TileProgram but the program itself.
  struct Draft {
    absl::string_view arch;
    std::vector<TileInput> inputs;
    std::vector<TileOutput> outputs;
    bool may_fail_lowering = false;
    TileProgramFeatures features;
  };
  Draft out_;
  std::vector<Live> live_;
  std::vector<size_t> marks_;
  std::vector<std::vector<const ir::Stmt*>> blocks_;
  std::vector<const Var*> loop_vars_;
  const Var* last_store_ = nullptr;
  int stmts_ = 0;
};

// SplitMix64: a small, fast, well-mixed generator for the input data.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [-1, 1].
  double Symmetric() { return static_cast<double>(Next() >> 11) * 0x1.0p-52 - 1.0; }

 private:
  uint64_t state_;
};

uint64_t DrawElement(Rng& rng, DataType dtype, const TileInput& in) {
  uint64_t mask = sim::ElementMask(dtype);
  if (in.fill == TileInput::Fill::kAnyBits) return rng.Next() & mask;
  if (dtype.IsFloat()) {
    float bound = static_cast<float>(in.range);
    float f = std::clamp(static_cast<float>(rng.Symmetric() * in.range), -bound, bound);
    if (dtype == DataType::kFP32) {
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      return bits;
    }
    return sim::EncodeFromFloat(dtype, f) & mask;
  }
  double lo = std::max(-in.range, static_cast<double>(sim::IntMin(dtype)));
  double hi = std::min(in.range, static_cast<double>(sim::IntMax(dtype)));
  double x = lo + (hi - lo) * (rng.Symmetric() + 1) / 2;
  return static_cast<uint64_t>(static_cast<int64_t>(std::llround(x))) & mask;
}

}  // namespace

TileProgram GenerateTileProgram(ir::Context& ctx, FuzzedDataProvider& data,
                                const TileProgramOptions& options) {
  return Gen(ctx, data, options).Build();
}

std::vector<sim::BufferView> MakeInputs(const TileProgram& program) {
  std::vector<sim::BufferView> buffers;
  for (size_t k = 0; k < program.inputs.size(); ++k) {
    const TileInput& in = program.inputs[k];
    const auto* tt = in.param->type()->As<ir::TensorType>();
    std::vector<int64_t> shape = *StaticShape(tt->shape());
    sim::BufferView buf = sim::AllocateBuffer(tt->dtype(), shape, /*col_major=*/false);
    Rng rng(program.data_seed ^ (0x5851F42D4C957F2Dull * (k + 1)));
    sim::ForEachIndex(shape, [&](absl::Span<const int64_t> index) {
      sim::StoreBits(buf, sim::BitOffset(buf, index), DrawElement(rng, tt->dtype(), in));
    });
    buffers.push_back(std::move(buf));
  }
  return buffers;
}

}  // namespace pto::fuzz
