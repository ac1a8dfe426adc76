// ProgramGenerator: functions, params and control flow; op calls come from
// the op recipes (recipes/, one file per op family) through GenScope.

#include "fuzz/gen/program_generator.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "fuzz/gen/recipes/op_recipes.h"
#include "ir/ops/builtin.h"
#include "ir/text/scalar_builder.h"
#include "ir/type_substitute.h"

namespace pto::fuzz {
namespace {

using ir::DataType;
using ir::Expr;
using ir::Type;
using ir::Var;

constexpr absl::string_view kDynNames[] = {"N", "M", "K"};
// The last three are the dynamic dims' names: the printer must keep a param
// from shadowing a dim.
constexpr absl::string_view kParamNames[] = {"x", "y", "t", "a", "b", "out", "n", "src",
                                             "N", "M", "K"};

// Every Var mentioned by the dims of `type` (shape, view extents, offsets).
template <typename F>
void ForEachDimVar(const Type* type, F&& f, int depth = 0) {
  if (type == nullptr || depth > 8) return;
  auto walk = [&](const Expr* e, auto&& self) -> void {
    if (e == nullptr) return;
    if (const auto* v = e->As<Var>()) {
      f(v);
    } else if (const auto* b = e->As<ir::BinaryExpr>()) {
      self(b->lhs(), self);
      self(b->rhs(), self);
    } else if (const auto* u = e->As<ir::UnaryExpr>()) {
      self(u->operand(), self);
    }
  };
  auto dims = [&](ir::ExprSpan list) {
    for (const Expr* d : list) walk(d, walk);
  };
  if (const auto* tensor = type->As<ir::TensorType>()) {
    dims(tensor->shape());
    if (const ir::TensorView* v = tensor->view()) {
      dims(v->valid_shape);
      dims(v->stride);
    }
  } else if (const auto* tile = type->As<ir::TileType>()) {
    dims(tile->shape());
    if (const ir::TileView* v = tile->view()) {
      dims(v->valid_shape);
      dims(v->stride);
      walk(v->start_offset, walk);
    }
  } else if (const auto* tuple = type->As<ir::TupleType>()) {
    for (const Type* e : tuple->elements()) ForEachDimVar(e, f, depth + 1);
  }
}

// The statement kinds besides op calls and custom statements.
enum class StmtKind { kOp, kScalar, kFor, kIf, kWhile, kTuple, kCall, kCustom };

// Builds one program: the type palette shared by function signatures (so
// calls between functions type-check), then the functions in order; a
// function may call the ones before it.
class Builder {
 public:
  Builder(ir::Context& ctx, FuzzedDataProvider& data, const GeneratorOptions& options,
          absl::Span<const std::pair<int, const GenFn*>> ops, int op_total)
      : ctx_(ctx), data_(data), options_(options), ops_(ops), op_total_(op_total) {
    auto add = [&](StmtKind kind, int weight, const GenFn* fn) {
      if (weight <= 0) return;
      stmt_total_ += weight;
      stmt_kinds_.push_back({stmt_total_, kind, fn});
    };
    add(StmtKind::kOp, op_total_ > 0 ? options.op_stmt_weight : 0, nullptr);
    add(StmtKind::kScalar, options.scalar_weight, nullptr);
    add(StmtKind::kFor, options.for_weight, nullptr);
    add(StmtKind::kIf, options.if_weight, nullptr);
    add(StmtKind::kWhile, options.while_weight, nullptr);
    add(StmtKind::kTuple, options.tuple_weight, nullptr);
    add(StmtKind::kCall, options.call_weight, nullptr);
    for (const CustomStmt& c : options.custom_stmts) add(StmtKind::kCustom, c.weight, &c.generate);
  }

  ir::Program Build() {
    MakePalette();
    int n = Int(1, std::max(1, options_.max_functions));
    for (int i = 0; i < n; ++i) functions_.push_back(MakeFunction(i));
    absl::string_view name = Pick<absl::string_view>({"Program", "Fuzz", "Gen"});
    return ctx_.NewProgram(name, functions_);
  }

 private:
  struct KindEntry {
    int cumulative;
    StmtKind kind;
    const GenFn* fn;
  };

  int Int(int lo, int hi) { return data_.ConsumeIntegralInRange<int>(lo, hi); }
  bool OneIn(int n) { return Int(0, n - 1) == 0; }
  template <typename T>
  T Pick(std::initializer_list<T> items) {
    return items.begin()[data_.ConsumeIntegralInRange<size_t>(0, items.size() - 1)];
  }

  // --- Types -------------------------------------------------------------------------

  const Expr* DynOrExtent(GenScope& s) {
    if (!dyn_.empty() && OneIn(4)) return dyn_[Int(0, static_cast<int>(dyn_.size()) - 1)];
    return ctx_.Index(s.Extent());
  }

  const Type* RandomTensorType(GenScope& s) {
    DataType dtype = s.AnyDType();
    int rank = Int(1, std::max(1, options_.max_rank));
    std::vector<const Expr*> shape;
    for (int i = 0; i < rank; ++i) shape.push_back(DynOrExtent(s));
    if (dtype == DataType::kFP4) shape.back() = ctx_.Index(16);
    ir::TensorView view;
    std::vector<const Expr*> valid, stride;
    if (OneIn(3)) {
      if (s.Coin()) {
        for (const Expr* d : shape) {
          std::optional<int64_t> c = ir::AsConstInt(d);
          if (!dyn_.empty() && OneIn(5)) {
            valid.push_back(dyn_[Int(0, static_cast<int>(dyn_.size()) - 1)]);
          } else {
            valid.push_back(ctx_.Index(c ? s.Int64(1, *c) : s.Int64(1, 16)));
          }
        }
        if (dtype == DataType::kFP4) valid.back() = shape.back();
        view.valid_shape = valid;
      }
      if (rank >= 2 && OneIn(4)) view.layout = ir::TensorLayout::kDN;
      if (rank == 2 && (dtype == DataType::kFP8E8M0 || dtype == DataType::kUInt8) && OneIn(3)) {
        view.layout = s.Coin() ? ir::TensorLayout::kMxAZZ : ir::TensorLayout::kMxBNN;
      }
      if (OneIn(4)) {
        for (int i = 0; i < rank; ++i) stride.push_back(ctx_.Index(s.Int64(1, 256)));
        view.stride = stride;
      }
      if (OneIn(4)) view.pad = static_cast<ir::PadValue>(Int(0, ir::EnumSize<ir::PadValue>() - 1));
    }
    if (OneIn(10)) return ctx_.GetDistributedTensorType(dtype, shape, view);
    return ctx_.GetTensorType(dtype, shape, view);
  }

  const Type* RandomTileType(GenScope& s) {
    DataType dtype = s.AnyDType();
    std::vector<int64_t> dims = s.Shape(1, 3);
    if (dtype == DataType::kFP4 && dims.back() % 2 != 0) ++dims.back();
    ir::ExprSpan shape = ctx_.IndexList(dims);
    std::optional<ir::MemorySpace> space = ir::MemorySpace::kVec;
    if (OneIn(8)) {
      space = std::nullopt;
    } else if (OneIn(3)) {
      space = static_cast<ir::MemorySpace>(Int(0, ir::EnumSize<ir::MemorySpace>() - 1));
    }
    if (!OneIn(3)) return ctx_.GetTileType(dtype, shape, space);
    ir::TileLayout shape_blayout =
        dims.size() == 2 && dims[1] == 1 && dims[0] > 1 ? ir::TileLayout::kColMajor
                                                       : ir::TileLayout::kRowMajor;
    ir::TileView view = ir::ImplicitTileView(space, shape_blayout);
    std::vector<const Expr*> valid, stride;
    if (s.Coin()) {
      for (int64_t d : dims) {
        if (!dyn_.empty() && OneIn(5)) {
          valid.push_back(dyn_[Int(0, static_cast<int>(dyn_.size()) - 1)]);
        } else {
          valid.push_back(ctx_.Index(s.Int64(1, d)));
        }
      }
      view.valid_shape = valid;
    }
    if (OneIn(3)) view.blayout = static_cast<ir::TileLayout>(Int(0, 2));
    if (OneIn(3)) view.slayout = static_cast<ir::TileLayout>(Int(0, 2));
    if (OneIn(4)) view.fractal = Pick<uint32_t>({512, 1024, 32, 16});
    if (OneIn(4)) view.pad = static_cast<ir::PadValue>(Int(0, ir::EnumSize<ir::PadValue>() - 1));
    if (OneIn(6)) view.compact = ir::CompactMode::kNormal;
    if (OneIn(6)) view.start_offset = ctx_.Index(s.Int64(0, 64));
    if (OneIn(6)) {
      for (size_t i = 0; i < dims.size(); ++i) stride.push_back(ctx_.Index(s.Int64(1, 256)));
      view.stride = stride;
    }
    return ctx_.GetTileType(dtype, shape, space, &view);
  }

  const Type* RandomScalarType() {
    DataType dtype = Pick<DataType>({DataType::kIndex, DataType::kIndex, DataType::kInt64,
                                     DataType::kInt32, DataType::kFP32, DataType::kFP16,
                                     DataType::kBool, DataType::kUInt64, DataType::kInt8});
    return ctx_.GetScalarType(dtype);
  }

  void MakePalette() {
    GenScope s(ctx_, data_, options_);
    int ndyn = Int(0, 2);
    for (int i = 0; i < ndyn; ++i) {
      dyn_.push_back(ctx_.NewVar(kDynNames[i], ctx_.GetScalarType(DataType::kIndex)));
    }
    // Cross-rank ops need window pairs of matching geometry: an INT32
    // signal window [NR, 1] and a data window [NR, SIZE].
    if (OneIn(3)) {
      int64_t nr = Pick<int64_t>({2, 4});
      int64_t size = Pick<int64_t>({32, 64});
      DataType data = Pick<DataType>({DataType::kFP32, DataType::kFP16, DataType::kInt32});
      int64_t signal_shape[] = {nr, 1};
      int64_t data_shape[] = {nr, size};
      comm_types_.push_back(
          ctx_.GetDistributedTensorType(DataType::kInt32, ctx_.IndexList(signal_shape)));
      comm_types_.push_back(ctx_.GetDistributedTensorType(data, ctx_.IndexList(data_shape)));
    }
    int n = Int(3, 7);
    for (int i = 0; i < n; ++i) {
      switch (Int(0, 5)) {
        case 0:
        case 1: palette_.push_back(RandomTensorType(s)); break;
        case 2:
        case 3: palette_.push_back(RandomTileType(s)); break;
        case 4: palette_.push_back(RandomScalarType()); break;
        default: {
          const Type* elements[] = {RandomScalarType(), RandomTileType(s)};
          palette_.push_back(OneIn(3) ? static_cast<const Type*>(ctx_.GetTupleType(elements))
                                      : RandomScalarType());
          break;
        }
      }
    }
  }

  // --- Functions ---------------------------------------------------------------------

  const ir::Function* MakeFunction(int index) {
    ir::FunctionType ftype = Pick<ir::FunctionType>(
        {ir::FunctionType::kInCore, ir::FunctionType::kOpaque, ir::FunctionType::kOpaque,
         ir::FunctionType::kInCore, ir::FunctionType::kOrchestration, ir::FunctionType::kAIV,
         ir::FunctionType::kAIC, ir::FunctionType::kGroup});
    std::optional<ir::Level> level;
    std::optional<ir::Role> role;
    if (ftype == ir::FunctionType::kOpaque && OneIn(3)) {
      level = static_cast<ir::Level>(Int(0, ir::EnumSize<ir::Level>() - 1));
      role = static_cast<ir::Role>(Int(0, ir::EnumSize<ir::Role>() - 1));
    }

    // Params: sometimes a previous function's signature first, so the new
    // function can call it.
    std::vector<const Type*> param_types;
    if (index > 0 && data_.ConsumeBool()) {
      const ir::Function* callee = functions_[Int(0, index - 1)];
      for (const Var* p : callee->params()) param_types.push_back(p->type());
    }
    if (!comm_types_.empty() && OneIn(3)) {
      param_types.insert(param_types.end(), comm_types_.begin(), comm_types_.end());
    }
    int extra = Int(0, std::max(0, options_.max_params - static_cast<int>(param_types.size())));
    for (int i = 0; i < extra && !palette_.empty(); ++i) {
      param_types.push_back(palette_[Int(0, static_cast<int>(palette_.size()) - 1)]);
    }
    std::vector<const Var*> params;
    std::vector<ir::ParamDirection> directions;
    for (const Type* t : param_types) {
      absl::string_view name = kParamNames[Int(0, static_cast<int>(std::size(kParamNames)) - 1)];
      params.push_back(ctx_.NewVar(name, t));
      ir::ParamDirection dir = ir::ParamDirection::kIn;
      if (t->Is<ir::TensorType>() && OneIn(3)) {
        dir = data_.ConsumeBool() ? ir::ParamDirection::kOut : ir::ParamDirection::kInOut;
      }
      directions.push_back(dir);
    }

    GenScope s(ctx_, data_, options_);
    scope_ = &s;
    s.EnterBlock();
    dyn_in_scope_.clear();
    params_ = params;
    for (const Var* p : params) s.Declare(p);
    for (const Var* d : dyn_) {
      bool used = false;
      for (const Type* t : param_types) {
        ForEachDimVar(t, [&](const Var* v) { used = used || v == d; });
      }
      if (used) {
        s.Declare(d);
        dyn_in_scope_.push_back(d);
      }
    }
    GenBlock(0, /*cap=*/options_.max_stmts);

    // Return values whose types mention only what the signature can name.
    std::vector<const Expr*> returns;
    std::vector<const Type*> return_types;
    int nret = Int(0, 2);
    for (int i = 0; i < nret; ++i) {
      const Var* v = s.Find([&](const Type* t) { return IsClosed(t); });
      if (v == nullptr) break;
      returns.push_back(v);
      return_types.push_back(v->type());
    }
    s.Emit(ctx_.NewReturn(ctx_.Save<const Expr*>(returns)));
    std::vector<const ir::Stmt*> body = s.ExitBlock();
    scope_ = nullptr;
    return ctx_.NewFunction(absl::StrCat("f", index), params, directions, return_types,
                            ctx_.NewSeq(body), ftype, level, role);
  }

  // Whether every Var in `type`'s dims is one a return type may name: a
  // dynamic dim of the signature or a param (a dependent return type; a
  // call substitutes its arguments). A body value would mean nothing
  // outside the function.
  bool IsClosed(const Type* type) const {
    bool closed = true;
    ForEachDimVar(type, [&](const Var* v) {
      bool ok = std::find(dyn_in_scope_.begin(), dyn_in_scope_.end(), v) != dyn_in_scope_.end() ||
                std::find(params_.begin(), params_.end(), v) != params_.end();
      closed = closed && ok;
    });
    return closed;
  }

  // --- Blocks and statements ----------------------------------------------------------

  // Emits statements into the current block until the function's budget, the
  // block's cap or the data runs out.
  void GenBlock(int depth, int cap) {
    GenScope& s = *scope_;
    int attempts = 0;
    int start = s.emitted();
    while (s.emitted() < options_.max_stmts && s.emitted() - start < cap &&
           data_.remaining_bytes() > 0 && attempts++ < 2 * options_.max_stmts + 8) {
      GenStmt(depth);
    }
  }

  void GenStmt(int depth) {
    if (stmt_total_ == 0) return;
    int r = Int(0, stmt_total_ - 1);
    auto it = std::upper_bound(stmt_kinds_.begin(), stmt_kinds_.end(), r,
                               [](int v, const KindEntry& e) { return v < e.cumulative; });
    bool nested = depth < options_.max_depth;
    switch (it->kind) {
      case StmtKind::kOp: GenOp(); return;
      case StmtKind::kScalar: GenScalar(); return;
      case StmtKind::kFor: if (nested) GenFor(depth); return;
      case StmtKind::kIf: if (nested) GenIf(depth); return;
      case StmtKind::kWhile: if (nested) GenWhile(depth); return;
      case StmtKind::kTuple: GenTuple(); return;
      case StmtKind::kCall: GenCall(); return;
      case StmtKind::kCustom: (*it->fn)(*scope_); return;
    }
  }

  void GenOp() {
    int r = Int(0, op_total_ - 1);
    auto it = std::upper_bound(
        ops_.begin(), ops_.end(), r,
        [](int v, const std::pair<int, const GenFn*>& e) { return v < e.first; });
    (*it->second)(*scope_);
  }

  // A scalar operand: a visible numeric/bool scalar or a literal.
  const Expr* ScalarOperand() {
    GenScope& s = *scope_;
    if (data_.ConsumeBool()) {
      if (const Var* v = s.FindScalar([](DataType) { return true; })) return v;
    }
    return s.Literal(Pick<DataType>({DataType::kIndex, DataType::kIndex, DataType::kInt32,
                                     DataType::kInt64, DataType::kFP32, DataType::kFP16,
                                     DataType::kBool, DataType::kInt8, DataType::kUInt8}));
  }

  // A literal of the operand's dtype, so that a binary op type-checks.
  const Expr* MatchingLiteral(const Expr* e) {
    return scope_->Literal(e->type()->As<ir::ScalarType>()->dtype());
  }

  void GenScalar() {
    GenScope& s = *scope_;
    const Expr* a = ScalarOperand();
    absl::StatusOr<const Expr*> e = absl::InternalError("unset");
    switch (Int(0, 5)) {
      case 0: {
        auto op = Pick<ir::UnaryOp>(
            {ir::UnaryOp::kNeg, ir::UnaryOp::kNot, ir::UnaryOp::kBitNot, ir::UnaryOp::kAbs});
        e = ir::MakeScalarUnary(ctx_, op, a);
        break;
      }
      case 1:
        e = ir::MakeScalarCast(ctx_, a, Pick<DataType>({DataType::kIndex, DataType::kInt32,
                                                        DataType::kFP32, DataType::kFP16,
                                                        DataType::kInt64, DataType::kBool}));
        break;
      default: {
        auto op = static_cast<ir::BinaryOp>(Int(0, static_cast<int>(ir::BinaryOp::kShr)));
        const Expr* b = data_.ConsumeBool() ? MatchingLiteral(a) : ScalarOperand();
        e = ir::MakeScalarBinary(ctx_, op, a, b);
        if (!e.ok()) e = ir::MakeScalarBinary(ctx_, op, a, MatchingLiteral(a));
        break;
      }
    }
    // Names the DSL gives a meaning to (builtins, `pl`, `self`, function
    // names) check that the printer keeps them apart.
    if (e.ok()) {
      s.Bind(*e, Pick<absl::string_view>({"s", "v", "n", "i", "abs", "min", "max", "pl", "self",
                                          "f0", "cast", "range"}));
    }
  }

  // A scalar condition for if/while: usually a comparison.
  const Expr* Condition() {
    GenScope& s = *scope_;
    switch (Int(0, 4)) {
      case 0:
        if (const Var* v = s.FindScalar([](DataType) { return true; })) return v;
        return ctx_.Bool(data_.ConsumeBool());
      case 1:
        return ctx_.Bool(data_.ConsumeBool());
      default: {
        const Expr* a = s.FindScalar([](DataType d) { return d.IsInt() || d.IsFloat(); });
        if (a == nullptr) a = ctx_.Index(Int(0, 8));
        auto op = Pick<ir::BinaryOp>({ir::BinaryOp::kLt, ir::BinaryOp::kLe, ir::BinaryOp::kGt,
                                      ir::BinaryOp::kGe, ir::BinaryOp::kEq, ir::BinaryOp::kNe});
        absl::StatusOr<const Expr*> c = ir::MakeScalarBinary(ctx_, op, a, MatchingLiteral(a));
        if (!c.ok()) return ctx_.Bool(true);
        if (OneIn(4)) {
          absl::StatusOr<const Expr*> n = ir::MakeScalarUnary(ctx_, ir::UnaryOp::kNot, *c);
          if (n.ok()) return *n;
        }
        return *c;
      }
    }
  }

  absl::Span<const absl::string_view> MaybeComment() {
    static constexpr absl::string_view kComments[] = {"generated", "loop-carried values",
                                                      "note: (a, b) -> 'c' #2"};
    if (!OneIn(6)) return {};
    return absl::Span<const absl::string_view>(&kComments[Int(0, 2)], 1);
  }

  // Yield values of the given types: a visible Var of each exact type.
  bool YieldOf(absl::Span<const Type* const> types, std::vector<const Expr*>* values) {
    for (const Type* t : types) {
      const Var* v = scope_->FindOfType(t);
      if (v == nullptr) return false;
      values->push_back(v);
    }
    return true;
  }

  // Initial values of loop-carried vars: visible Vars or literals.
  std::vector<const ir::IterArg*> IterArgs(int n) {
    std::vector<const ir::IterArg*> out;
    for (int i = 0; i < n; ++i) {
      const Expr* init = nullptr;
      if (!OneIn(4)) init = scope_->Find([](const Type*) { return true; });
      if (init == nullptr) init = ctx_.Index(Int(0, 8));
      out.push_back(ctx_.NewIterArg(Pick<absl::string_view>({"acc", "c", "x", "state"}),
                                    init->type(), init));
    }
    return out;
  }

  std::vector<const Var*> ReturnVars(absl::Span<const Type* const> types) {
    std::vector<const Var*> out;
    for (const Type* t : types) {
      out.push_back(ctx_.NewVar(Pick<absl::string_view>({"r", "out", "acc", "res"}), t));
    }
    return out;
  }

  void GenFor(int depth) {
    GenScope& s = *scope_;
    auto kind = static_cast<ir::ForKind>(Int(0, 3));
    bool int64_bounds = OneIn(8);
    DataType bound_dtype = int64_bounds ? DataType::kInt64 : DataType::kIndex;
    auto bound = [&](int64_t v) -> const Expr* {
      return int64_bounds ? ctx_.Int(v, DataType::kInt64) : ctx_.Index(v);
    };
    const Expr* start = OneIn(4) ? bound(Int(0, 3)) : bound(0);
    const Expr* stop = nullptr;
    if (OneIn(3)) stop = s.FindScalar([](DataType d) { return d.IsIndexLike(); });
    if (stop == nullptr) stop = bound(Int(1, 8));
    const Expr* step = OneIn(4) ? bound(Int(2, 3)) : bound(1);
    int stage = kind == ir::ForKind::kPipeline ? Int(1, 4) : 0;

    std::vector<const ir::IterArg*> iter_args;
    if (kind != ir::ForKind::kUnroll) iter_args = IterArgs(Int(0, 3));
    std::vector<const Type*> types;
    for (const ir::IterArg* ia : iter_args) types.push_back(ia->type());

    const Var* loop_var = ctx_.NewVar(Pick<absl::string_view>({"i", "j", "k", "i"}),
                                      ctx_.GetScalarType(bound_dtype));
    s.EnterBlock();
    s.Declare(loop_var);
    for (const ir::IterArg* ia : iter_args) s.Declare(ia);
    GenBlock(depth + 1, Int(0, 6));
    std::vector<const Expr*> yields;
    if (!types.empty()) {
      YieldOf(types, &yields);  // an iter arg is always its own candidate
      s.Emit(ctx_.NewYield(ctx_.Save<const Expr*>(yields)));
    }
    std::vector<const ir::Stmt*> body = s.ExitBlock();
    std::vector<const Var*> rets = ReturnVars(types);
    s.Emit(ctx_.NewFor(loop_var, start, stop, step, iter_args, ctx_.NewSeq(body), rets, kind,
                       stage, {}, MaybeComment()));
    for (const Var* r : rets) s.Declare(r);
  }

  void GenIf(int depth) {
    GenScope& s = *scope_;
    const Expr* cond = Condition();
    std::vector<const Type*> types;
    int n = Int(0, 2);
    for (int i = 0; i < n; ++i) {
      if (const Var* v = s.Find([](const Type*) { return true; })) types.push_back(v->type());
    }
    auto branch = [&]() -> const ir::Stmt* {
      s.EnterBlock();
      GenBlock(depth + 1, Int(0, 5));
      if (!types.empty()) {
        std::vector<const Expr*> values;
        YieldOf(types, &values);
        s.Emit(ctx_.NewYield(ctx_.Save<const Expr*>(values)));
      }
      return ctx_.NewSeq(s.ExitBlock());
    };
    const ir::Stmt* then_body = branch();
    const ir::Stmt* else_body = !types.empty() || data_.ConsumeBool() ? branch() : nullptr;
    std::vector<const Var*> rets = ReturnVars(types);
    s.Emit(ctx_.NewIf(cond, then_body, else_body, rets, {}, MaybeComment()));
    for (const Var* r : rets) s.Declare(r);
  }

  void GenWhile(int depth) {
    GenScope& s = *scope_;
    if (data_.ConsumeBool()) {
      // `while cond:` without loop-carried values.
      const Expr* cond = Condition();
      s.EnterBlock();
      GenBlock(depth + 1, Int(0, 4));
      const ir::Stmt* body = ctx_.NewSeq(s.ExitBlock());
      s.Emit(ctx_.NewWhile(cond, {}, body, {}, {}, MaybeComment()));
      return;
    }
    // `for (a, ...) in pl.while_(init_values=...)`: the condition reads the
    // loop-carried values.
    std::vector<const ir::IterArg*> iter_args = IterArgs(Int(1, 3));
    std::vector<const Type*> types;
    for (const ir::IterArg* ia : iter_args) types.push_back(ia->type());
    s.EnterBlock();
    for (const ir::IterArg* ia : iter_args) s.Declare(ia);
    const Expr* cond = Condition();
    GenBlock(depth + 1, Int(0, 4));
    std::vector<const Expr*> yields;
    YieldOf(types, &yields);
    s.Emit(ctx_.NewYield(ctx_.Save<const Expr*>(yields)));
    const ir::Stmt* body = ctx_.NewSeq(s.ExitBlock());
    std::vector<const Var*> rets = ReturnVars(types);
    s.Emit(ctx_.NewWhile(cond, iter_args, body, rets, {}, MaybeComment()));
    for (const Var* r : rets) s.Declare(r);
  }

  void GenTuple() {
    GenScope& s = *scope_;
    if (data_.ConsumeBool()) {
      const Var* t = s.Find([](const Type* t) {
        const auto* tt = t->As<ir::TupleType>();
        return tt != nullptr && !tt->elements().empty();
      });
      if (t != nullptr) {
        int size = static_cast<int>(t->type()->As<ir::TupleType>()->elements().size());
        s.Bind(ctx_.NewTupleGetItem(t, Int(0, size - 1)), "item");
        return;
      }
    }
    std::vector<const Expr*> elements;
    int n = Int(0, 3);
    for (int i = 0; i < n; ++i) {
      const Expr* e = s.Find([](const Type*) { return true; });
      if (e == nullptr || OneIn(4)) e = ScalarOperand();
      elements.push_back(e);
    }
    s.Bind(ctx_.NewMakeTuple(ctx_.Save<const Expr*>(elements)), "tup");
  }

  void GenCall() {
    if (functions_.empty()) return;
    GenScope& s = *scope_;
    const ir::Function* callee = functions_[Int(0, static_cast<int>(functions_.size()) - 1)];
    std::vector<const Expr*> args;
    for (const Var* p : callee->params()) {
      const Var* a = s.FindOfType(p->type());
      if (a == nullptr) return;
      args.push_back(a);
    }
    absl::Span<const Type* const> rets = callee->return_types();
    const Type* type = rets.empty()      ? static_cast<const Type*>(ctx_.GetUnknownType())
                       : rets.size() == 1 ? rets[0]
                                          : ctx_.GetTupleType(rets);
    // The caller sees the return type with the arguments for the params.
    ir::DimVarMap bound;
    for (size_t i = 0; i < args.size(); ++i) bound.emplace(callee->params()[i], args[i]);
    type = ir::SubstituteDimVars(ctx_, type, bound);
    const ir::Call* call = ctx_.NewFunctionCall(ctx_.GetGlobalVar(callee->name()),
                                                ctx_.Save<const Expr*>(args), type);
    if (type->Is<ir::UnknownType>()) {
      s.Emit(ctx_.NewEval(call));
    } else {
      s.Bind(call, "res");
    }
  }

  ir::Context& ctx_;
  FuzzedDataProvider& data_;
  const GeneratorOptions& options_;
  absl::Span<const std::pair<int, const GenFn*>> ops_;
  int op_total_;
  std::vector<KindEntry> stmt_kinds_;
  int stmt_total_ = 0;

  std::vector<const Var*> dyn_;
  // Param types shared by the functions' signatures.
  std::vector<const Type*> palette_;
  std::vector<const Type*> comm_types_;
  std::vector<const ir::Function*> functions_;
  GenScope* scope_ = nullptr;
  std::vector<const Var*> dyn_in_scope_;
  std::vector<const Var*> params_;
};

// Built-in recipes as GenFns, built once.
const std::vector<std::pair<std::string, GenFn>>& BuiltinGenFns() {
  static const auto* fns = [] {
    auto* v = new std::vector<std::pair<std::string, GenFn>>();
    for (const OpRecipe& r : BuiltinRecipes()) v->emplace_back(std::string(r.op), r.build);
    return v;
  }();
  return *fns;
}

}  // namespace

ProgramGenerator::ProgramGenerator(GeneratorOptions options) : options_(std::move(options)) {
  // The op table: every registered op with a recipe (a custom one wins),
  // filtered by the allow-list and weights, in op-name order.
  std::map<std::string, GenFn> recipes;
  for (const auto& [name, fn] : BuiltinGenFns()) recipes[name] = fn;
  for (const auto& [name, fn] : options_.op_recipes) recipes[name] = fn;
  for (auto& [name, fn] : recipes) {
    if (!options_.allowed_ops.empty() && !options_.allowed_ops.contains(name)) continue;
    auto w = options_.op_weights.find(name);
    int weight = w == options_.op_weights.end() ? 1 : w->second;
    if (weight <= 0) continue;
    op_total_ += weight;
    op_table_.push_back({op_total_, std::move(fn)});
  }
}

ir::Program ProgramGenerator::Generate(ir::Context& ctx, FuzzedDataProvider& data) const {
  std::vector<std::pair<int, const GenFn*>> ops;
  ops.reserve(op_table_.size());
  for (const WeightedGen& w : op_table_) ops.emplace_back(w.cumulative, &w.generate);
  Builder builder(ctx, data, options_, ops, op_total_);
  return builder.Build();
}

absl::Span<const UncoveredOp> ProgramGenerator::UncoveredOps() { return BuiltinUncoveredOps(); }

std::vector<std::string> ProgramGenerator::CoveredOps() {
  std::vector<std::string> names;
  for (const OpRecipe& r : BuiltinRecipes()) names.emplace_back(r.op);
  return names;
}

}  // namespace pto::fuzz
