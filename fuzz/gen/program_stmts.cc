// The statements of Builder (program_builder.h): op calls through the
// recipes, scalar arithmetic, pl.range loops of every kind, ifs and both
// while forms with return values, tuples and calls of earlier functions.

#include <algorithm>
#include <vector>

#include "absl/status/statusor.h"
#include "fuzz/gen/program_builder.h"
#include "ir/text/dsl/scalar_builder.h"
#include "ir/type_substitute.h"

namespace pto::fuzz::program_gen {

// Emits statements into the current block until the function's budget, the
// block's cap or the data runs out.
void Builder::GenBlock(int depth, int cap) {
  GenScope& s = *scope_;
  int attempts = 0;
  int start = s.emitted();
  while (s.emitted() < options_.max_stmts && s.emitted() - start < cap &&
         data_.remaining_bytes() > 0 && attempts++ < 2 * options_.max_stmts + 8) {
    GenStmt(depth);
  }
}

void Builder::GenStmt(int depth) {
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

void Builder::GenOp() {
  int r = Int(0, op_total_ - 1);
  auto it = std::upper_bound(
      ops_.begin(), ops_.end(), r,
      [](int v, const std::pair<int, const GenFn*>& e) { return v < e.first; });
  (*it->second)(*scope_);
}

// A scalar operand: a visible numeric/bool scalar or a literal.
const Expr* Builder::ScalarOperand() {
  GenScope& s = *scope_;
  if (data_.ConsumeBool()) {
    if (const Var* v = s.FindScalar([](DataType) { return true; })) return v;
  }
  return s.Literal(Pick<DataType>({DataType::kIndex, DataType::kIndex, DataType::kInt32,
                                   DataType::kInt64, DataType::kFP32, DataType::kFP16,
                                   DataType::kBool, DataType::kInt8, DataType::kUInt8}));
}

// A literal of the operand's dtype, so that a binary op type-checks.
const Expr* Builder::MatchingLiteral(const Expr* e) {
  return scope_->Literal(e->type()->As<ir::ScalarType>()->dtype());
}

void Builder::GenScalar() {
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
const Expr* Builder::Condition() {
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

absl::Span<const absl::string_view> Builder::MaybeComment() {
  static constexpr absl::string_view kComments[] = {"generated", "loop-carried values",
                                                    "note: (a, b) -> 'c' #2"};
  if (!OneIn(6)) return {};
  return absl::Span<const absl::string_view>(&kComments[Int(0, 2)], 1);
}

// Yield values of the given types: a visible Var of each exact type.
bool Builder::YieldOf(absl::Span<const Type* const> types, std::vector<const Expr*>* values) {
  for (const Type* t : types) {
    const Var* v = scope_->FindOfType(t);
    if (v == nullptr) return false;
    values->push_back(v);
  }
  return true;
}

// Initial values of loop-carried vars: visible Vars or literals.
std::vector<const ir::IterArg*> Builder::IterArgs(int n) {
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

std::vector<const Var*> Builder::ReturnVars(absl::Span<const Type* const> types) {
  std::vector<const Var*> out;
  for (const Type* t : types) {
    out.push_back(ctx_.NewVar(Pick<absl::string_view>({"r", "out", "acc", "res"}), t));
  }
  return out;
}

void Builder::GenFor(int depth) {
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

void Builder::GenIf(int depth) {
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

void Builder::GenWhile(int depth) {
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

void Builder::GenTuple() {
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

void Builder::GenCall() {
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

}  // namespace pto::fuzz::program_gen
