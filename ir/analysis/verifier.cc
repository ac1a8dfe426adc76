#include "ir/analysis/verifier.h"

#include <algorithm>
#include <vector>

#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "ir/analysis/ir_format.h"
#include "ir/analysis/var_table.h"
#include "ir/diagnostic.h"
#include "ir/op.h"
#include "ir/depth_guard.h"

namespace pto::ir {
namespace {

using diag::FormatType;

// Deeper nesting is reported instead of walked, to bound the stack.
constexpr int kMaxDepth = kMaxIrDepth;

enum class BodyKind { kFunction, kLoop, kBranch };

std::string Quote(absl::string_view s) { return absl::StrCat("'", s, "'"); }

std::string Count(size_t n, absl::string_view noun) {
  return absl::StrCat(n, " ", noun, n == 1 ? "" : "s");
}

bool IsIndexLikeScalar(const Type* t) {
  const auto* s = t != nullptr ? t->As<ScalarType>() : nullptr;
  return s != nullptr && s->dtype().IsIndexLike();
}

// Does the expression mention a Var? (A symbolic dim of a callee's param.)
bool MentionsVar(const Expr* e, int depth) {
  if (e == nullptr || depth > kMaxDepth) return false;
  switch (e->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg:
      return true;
    case NodeKind::kBinary:
      return MentionsVar(e->As<BinaryExpr>()->lhs(), depth + 1) ||
             MentionsVar(e->As<BinaryExpr>()->rhs(), depth + 1);
    case NodeKind::kUnary:
      return MentionsVar(e->As<UnaryExpr>()->operand(), depth + 1);
    default:
      return false;
  }
}

bool DimAccepts(const Expr* formal, const Expr* actual) {
  return ExprIdentical(formal, actual) || MentionsVar(formal, 0);
}

bool DimsAccept(ExprSpan formal, ExprSpan actual) {
  if (formal.size() != actual.size()) return false;
  for (size_t i = 0; i < formal.size(); ++i) {
    if (!DimAccepts(formal[i], actual[i])) return false;
  }
  return true;
}

// Does an argument (or result) of type `actual` fit a callee's declared
// `formal` type? Exact, except that a formal dim mentioning a Var (a dynamic
// dim of the callee) accepts any dim.
bool TypeAccepts(const Type* formal, const Type* actual, int depth = 0) {
  if (formal == actual) return true;
  if (formal == nullptr || actual == nullptr || formal->kind() != actual->kind() ||
      depth > kMaxDepth) {
    return false;
  }
  switch (formal->kind()) {
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* f = formal->As<TensorType>();
      const auto* a = actual->As<TensorType>();
      if (f->dtype() != a->dtype() || !DimsAccept(f->shape(), a->shape())) return false;
      const TensorView* fv = f->view();
      const TensorView* av = a->view();
      if (fv == nullptr || av == nullptr) return fv == av;
      return DimsAccept(fv->valid_shape, av->valid_shape) && DimsAccept(fv->stride, av->stride) &&
             fv->layout == av->layout && fv->pad == av->pad;
    }
    case TypeKind::kTile: {
      const auto* f = formal->As<TileType>();
      const auto* a = actual->As<TileType>();
      if (f->dtype() != a->dtype() || f->memory_space() != a->memory_space() ||
          !DimsAccept(f->shape(), a->shape())) {
        return false;
      }
      const TileView* fv = f->view();
      const TileView* av = a->view();
      if (fv == nullptr || av == nullptr) return fv == av;
      bool offsets = (fv->start_offset == nullptr || av->start_offset == nullptr)
                         ? fv->start_offset == av->start_offset
                         : DimAccepts(fv->start_offset, av->start_offset);
      return offsets && DimsAccept(fv->valid_shape, av->valid_shape) &&
             DimsAccept(fv->stride, av->stride) && fv->blayout == av->blayout &&
             fv->slayout == av->slayout && fv->fractal == av->fractal && fv->pad == av->pad &&
             fv->compact == av->compact;
    }
    case TypeKind::kTuple: {
      auto f = formal->As<TupleType>()->elements();
      auto a = actual->As<TupleType>()->elements();
      if (f.size() != a.size()) return false;
      for (size_t i = 0; i < f.size(); ++i) {
        if (!TypeAccepts(f[i], a[i], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;  // Scalars and singletons are interned: distinct means different.
  }
}

// Whether `t` is a tensor or tile (or a tuple holding one) whose elements
// are an identifier dtype (TASK_ID): a handle that only a scalar or an
// array may hold.
bool HoldsIdentifierElements(const Type* t, int depth = 0) {
  if (t == nullptr || depth > kMaxDepth) return false;
  if (const auto* s = t->As<ShapedType>()) return s->dtype().IsIdentifier();
  if (const auto* tuple = t->As<TupleType>()) {
    for (const Type* e : tuple->elements()) {
      if (HoldsIdentifierElements(e, depth + 1)) return true;
    }
  }
  return false;
}

class Verifier {
 public:
  explicit Verifier(const Program& program) : ctx_(program.context()) {
    for (const Function* f : program.functions()) functions_.emplace(f->name(), f);
  }

  void VerifyFunction(const Function* f);
  std::vector<Diagnostic> TakeDiagnostics() { return std::move(diagnostics_); }

 private:
  struct VarInfo {
    SourceLoc loc;  // of the definition
    bool visible;
    bool dynamic_dim;  // defined implicitly by a param type
  };
  struct PendingUse {
    const Var* var;
    size_t diagnostic;  // placeholder to fill in once the function is walked
  };
  void Report(SourceLoc loc, std::string message) {
    diagnostics_.push_back(Diagnostic{Where(loc), std::move(message)});
  }
  // The node's location, else the innermost statement's, else the function's.
  SourceLoc Where(SourceLoc loc) const {
    if (loc.known()) return loc;
    if (stmt_loc_.known()) return stmt_loc_;
    return function_ != nullptr ? function_->loc() : loc;
  }
  std::string DefinedAt(const VarInfo& info) const {
    if (info.dynamic_dim) return "a dynamic dim of a parameter type";
    return absl::StrCat("defined at ", ctx_.FormatLoc(info.loc));
  }
  bool CheckDepth(const DepthGuard& guard, SourceLoc loc) {
    if (!guard.too_deep()) return true;
    if (!reported_depth_) {
      Report(loc, absl::StrCat("nesting deeper than ", kMaxDepth,
                               " levels; the rest is not verified"));
      reported_depth_ = true;
    }
    return false;
  }

  // --- Scopes ---
  size_t EnterScope() const { return scope_.size(); }
  void ExitScope(size_t mark);
  // Defines `v` at `loc`: the statement for an AssignStmt var, else the
  // Var's own location when known (VarSite), as one Var object may be
  // (wrongly) defined at several sites.
  // `reassign`: an AssignStmt may assign a plain Var that is already
  // defined and visible here again (pattern B, see VerifyAssign).
  void Define(const Var* v, SourceLoc loc, bool reassign = false);
  static SourceLoc VarSite(const Var* v, SourceLoc fallback) {
    return v != nullptr && v->loc().known() ? v->loc() : fallback;
  }
  void DefineDynamicDims(const Type* t, SourceLoc loc, int depth);
  void DefineDimVars(const Expr* e, SourceLoc loc, int depth);
  void Use(const Var* v, SourceLoc site);
  void ResolvePendingUses();

  // --- Walks ---
  // Walks a statement list; returns its trailing yield (loop bodies and
  // branches only) for the enclosing construct to check.
  const YieldStmt* VerifyBody(const Stmt* body, BodyKind kind);
  void VerifyStmt(const Stmt* s, BodyKind kind, bool last);
  void VerifyExpr(const Expr* e, SourceLoc site);
  void VerifyOpCall(const Call* c, SourceLoc loc);
  void VerifyFunctionCall(const Call* c, SourceLoc loc);
  void VerifyCallSite(const Call* c, const CallSite& site, absl::string_view name,
                      SourceLoc loc);
  void VerifyAssign(const AssignStmt* s, SourceLoc loc);
  void VerifyReturn(const ReturnStmt* s, SourceLoc loc);
  void VerifyIf(const IfStmt* s, SourceLoc loc);
  void VerifyFor(const ForStmt* s, SourceLoc loc);
  void VerifyWhile(const WhileStmt* s, SourceLoc loc);
  void VerifyIterInits(IterArgSpan iter_args, SourceLoc loc);
  void CheckLoopYield(const YieldStmt* y, IterArgSpan iter_args, absl::string_view what,
                      SourceLoc loc);
  void CheckLoopReturnVars(VarSpan return_vars, IterArgSpan iter_args, absl::string_view what,
                           SourceLoc loc);
  void CheckBranchYield(const YieldStmt* y, VarSpan return_vars, absl::string_view branch,
                        SourceLoc loc);
  void CheckScalarCondition(const Expr* cond, absl::string_view what, SourceLoc loc);
  void CheckBound(const Expr* e, absl::string_view what, SourceLoc loc);

  Context& ctx_;
  absl::flat_hash_map<absl::string_view, const Function*> functions_;
  const Function* function_ = nullptr;
  // Per enclosing loop: may a break/continue leave it (a sequential for or
  // a while)?
  std::vector<bool> jump_ok_;
  // Open pl.split_aiv regions (they do not nest).
  int split_aiv_depth_ = 0;
  // The `as` variable of a scope and a pl.split_aiv region's mode and
  // loop-variable binding.
  void VerifyScopeShape(const ScopeStmt* scope, SourceLoc loc);
  SourceLoc stmt_loc_;
  int depth_ = 0;
  bool reported_depth_ = false;
  VarTable<VarInfo> vars_;
  std::vector<const Var*> scope_;  // definitions of the open scopes, in order
  std::vector<PendingUse> pending_;
  std::vector<Diagnostic> diagnostics_;
};

// --- Scopes -----------------------------------------------------------------------

void Verifier::ExitScope(size_t mark) {
  for (size_t i = mark; i < scope_.size(); ++i) {
    if (VarInfo* info = vars_.Find(scope_[i])) info->visible = false;
  }
  scope_.resize(mark);
}

void Verifier::Define(const Var* v, SourceLoc loc, bool reassign) {
  if (v == nullptr) {
    Report(loc, "missing variable in a definition");
    return;
  }
  SourceLoc at = Where(loc);
  auto [info, inserted] = vars_.Insert(v, VarInfo{at, true, false});
  if (inserted) {
    scope_.push_back(v);
    if (HoldsIdentifierElements(v->type())) {
      Report(at, absl::StrCat(Quote(v->name()), " has type ", FormatType(v->type()),
                              ": a task id is a scalar-only dtype (tensors and tiles cannot "
                              "hold it; use pl.Array)"));
    }
    return;
  }
  if (reassign && info->visible && !info->dynamic_dim && v->kind() == NodeKind::kVar) return;
  Report(at, absl::StrCat(Quote(v->name()), " is defined more than once (",
                          info->dynamic_dim ? "it is " : "first ", DefinedAt(*info), ")"));
  // Keep the later uses quiet: the variable is at least visible here.
  if (!info->visible) {
    info->visible = true;
    scope_.push_back(v);
  }
}

void Verifier::DefineDimVars(const Expr* e, SourceLoc loc, int depth) {
  if (e == nullptr || depth > kMaxDepth) return;
  switch (e->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg: {
      const Var* v = e->As<Var>();
      if (vars_.Insert(v, VarInfo{loc, true, true}).second) scope_.push_back(v);
      return;
    }
    case NodeKind::kBinary:
      DefineDimVars(e->As<BinaryExpr>()->lhs(), loc, depth + 1);
      DefineDimVars(e->As<BinaryExpr>()->rhs(), loc, depth + 1);
      return;
    case NodeKind::kUnary:
      DefineDimVars(e->As<UnaryExpr>()->operand(), loc, depth + 1);
      return;
    default:
      return;
  }
}

void Verifier::DefineDynamicDims(const Type* t, SourceLoc loc, int depth) {
  if (t == nullptr || depth > kMaxDepth) return;
  auto dims = [&](ExprSpan list) {
    for (const Expr* d : list) DefineDimVars(d, loc, 0);
  };
  if (const auto* tensor = t->As<TensorType>()) {
    dims(tensor->shape());
    if (const TensorView* v = tensor->view()) {
      dims(v->valid_shape);
      dims(v->stride);
    }
  } else if (const auto* tile = t->As<TileType>()) {
    dims(tile->shape());
    if (const TileView* v = tile->view()) {
      dims(v->valid_shape);
      dims(v->stride);
      DefineDimVars(v->start_offset, loc, 0);
    }
  } else if (const auto* tuple = t->As<TupleType>()) {
    for (const Type* e : tuple->elements()) DefineDynamicDims(e, loc, depth + 1);
  }
}

void Verifier::Use(const Var* v, SourceLoc site) {
  const VarInfo* info = vars_.Find(v);
  if (info == nullptr) {
    pending_.push_back(PendingUse{v, diagnostics_.size()});
    Report(site, "");
    return;
  }
  if (!info->visible) {
    Report(site, absl::StrCat(Quote(v->name()), " is used outside the scope that defines it (",
                              DefinedAt(*info), ")"));
  }
}

void Verifier::ResolvePendingUses() {
  for (const PendingUse& use : pending_) {
    std::string& message = diagnostics_[use.diagnostic].message;
    if (const VarInfo* info = vars_.Find(use.var)) {
      message = absl::StrCat(Quote(use.var->name()), " is used before its definition (",
                             DefinedAt(*info), ")");
    } else {
      message = absl::StrCat(Quote(use.var->name()), " is not defined in function ",
                             Quote(function_->name()));
    }
  }
  pending_.clear();
}

// --- Functions and statements -------------------------------------------------------

void Verifier::VerifyFunction(const Function* f) {
  function_ = f;
  stmt_loc_ = f->loc();
  vars_.Clear();
  scope_.clear();
  pending_.clear();
  reported_depth_ = false;
  for (const Var* p : f->params()) Define(p, VarSite(p, f->loc()));
  for (const Var* p : f->params()) {
    if (p != nullptr) DefineDynamicDims(p->type(), f->loc(), 0);
  }
  if (f->attrs().requires_runtime_binding) {
    // Upstream marks only HOST-or-above SubWorkers with a `...` body so.
    const auto* seq = f->body() == nullptr ? nullptr : f->body()->As<SeqStmts>();
    if (!f->role() || *f->role() != Role::kSubWorker || !f->level() ||
        *f->level() < Level::kHost || seq == nullptr || !seq->stmts().empty()) {
      Report(f->loc(), absl::StrCat("function ", Quote(f->name()),
                                    " is runtime-bound (a `...` body): it must be a SubWorker "
                                    "at level HOST or above with an empty body"));
    }
  }
  if (f->body() == nullptr) {
    Report(f->loc(), absl::StrCat("function ", Quote(f->name()), " has no body"));
  } else {
    VerifyBody(f->body(), BodyKind::kFunction);
  }
  ResolvePendingUses();
}

const YieldStmt* Verifier::VerifyBody(const Stmt* body, BodyKind kind) {
  if (body == nullptr) return nullptr;
  Stmts list = body->Is<SeqStmts>() ? body->As<SeqStmts>()->stmts() : Stmts(&body, 1);
  for (size_t i = 0; i < list.size(); ++i) VerifyStmt(list[i], kind, i + 1 == list.size());
  if (kind == BodyKind::kFunction || list.empty()) return nullptr;
  const Stmt* last = list.back();
  // A scope ending the body may end with the body's yield (upstream allows
  // `with pl.scope(): ... v = pl.yield_(x)` as a loop body's end).
  while (last != nullptr && last->Is<ScopeStmt>()) {
    const Stmt* b = last->As<ScopeStmt>()->body();
    const auto* seq = b == nullptr ? nullptr : b->As<SeqStmts>();
    last = seq == nullptr ? b : seq->stmts().empty() ? nullptr : seq->stmts().back();
  }
  return last != nullptr ? last->As<YieldStmt>() : nullptr;
}

void Verifier::VerifyStmt(const Stmt* s, BodyKind kind, bool last) {
  DepthGuard guard(depth_);
  if (s == nullptr) {
    Report(stmt_loc_, "missing statement");
    return;
  }
  SourceLoc saved = stmt_loc_;
  if (s->loc().known()) stmt_loc_ = s->loc();
  SourceLoc loc = Where(s->loc());
  if (!CheckDepth(guard, loc)) {
    stmt_loc_ = saved;
    return;
  }
  switch (s->kind()) {
    case NodeKind::kAssign:
      VerifyAssign(s->As<AssignStmt>(), loc);
      break;
    case NodeKind::kEval:
      VerifyExpr(s->As<EvalStmt>()->expr(), loc);
      break;
    case NodeKind::kReturn:
      if (kind != BodyKind::kFunction || !last) {
        Report(loc, "return is only allowed as the last statement of a function body");
        for (const Expr* v : s->As<ReturnStmt>()->values()) VerifyExpr(v, loc);
      } else {
        VerifyReturn(s->As<ReturnStmt>(), loc);
      }
      break;
    case NodeKind::kYield:
      if (kind == BodyKind::kFunction || !last) {
        Report(loc, "yield is only allowed as the last statement of a loop body or if branch");
      }
      for (const Expr* v : s->As<YieldStmt>()->values()) VerifyExpr(v, loc);
      break;
    case NodeKind::kSeq: {
      // Context::NewSeq flattens sequences; walk a stray one in place.
      Stmts list = s->As<SeqStmts>()->stmts();
      for (size_t i = 0; i < list.size(); ++i) {
        VerifyStmt(list[i], kind, last && i + 1 == list.size());
      }
      break;
    }
    case NodeKind::kIf:
      VerifyIf(s->As<IfStmt>(), loc);
      break;
    case NodeKind::kFor:
      VerifyFor(s->As<ForStmt>(), loc);
      break;
    case NodeKind::kWhile:
      VerifyWhile(s->As<WhileStmt>(), loc);
      break;
    case NodeKind::kBreak:
    case NodeKind::kContinue:
      if (jump_ok_.empty() || !jump_ok_.back()) {
        Report(loc, absl::StrCat(s->kind() == NodeKind::kBreak ? "break" : "continue",
                                 " is only allowed in a pl.range or while loop"));
      }
      break;
    case NodeKind::kScope: {
      // Transparent to names.
      const auto* scope = s->As<ScopeStmt>();
      for (const Expr* e : scope->operands()) VerifyExpr(e, loc);
      if (scope->body() == nullptr) {
        Report(loc, "scope has no body");
        break;
      }
      VerifyScopeShape(scope, loc);
      bool region = scope->scope_kind() == ScopeKind::kSplitAiv;
      split_aiv_depth_ += region;
      // break/continue cannot leave a pl.split_aiv region (upstream's rule).
      if (region) jump_ok_.push_back(false);
      // Its last statement may be the yield or return of the body the scope
      // ends (upstream's scopes are transparent to both), except in a
      // pl.split_aiv region.
      bool pass_last = last && !region;
      if (const auto* seq = scope->body()->As<SeqStmts>()) {
        for (size_t i = 0; i < seq->stmts().size(); ++i) {
          VerifyStmt(seq->stmts()[i], kind, pass_last && i + 1 == seq->stmts().size());
        }
      } else {
        VerifyStmt(scope->body(), kind, pass_last);
      }
      if (region) jump_ok_.pop_back();
      split_aiv_depth_ -= region;
      break;
    }
    default:
      Report(loc, "not a statement");
      break;
  }
  stmt_loc_ = saved;
}

void Verifier::VerifyScopeShape(const ScopeStmt* scope, SourceLoc loc) {
  for (const ScopeArg& a : scope->args()) {
    if (a.key != "task_id_var") continue;
    const Expr* e = a.operand >= 0 && static_cast<size_t>(a.operand) < scope->operands().size()
                        ? scope->operands()[a.operand]
                        : nullptr;
    const auto* st = e == nullptr ? nullptr : e->type()->As<ScalarType>();
    if (e == nullptr || !e->Is<Var>() || st == nullptr || st->dtype() != DataType::kTaskId) {
      Report(loc, "the 'as' variable of a scope must be a pl.Scalar[pl.TASK_ID] variable");
    }
  }
  if (scope->scope_kind() != ScopeKind::kSplitAiv) return;
  if (split_aiv_depth_ > 0) Report(loc, "pl.split_aiv regions do not nest");
  if (scope->args().size() != 1 || scope->args()[0].key != "mode" ||
      !absl::StartsWith(scope->args()[0].enum_ref, "SplitMode.")) {
    Report(loc, "a pl.split_aiv region takes exactly mode=pl.SplitMode.<mode>");
  }
  // The loop variable: `aiv_id = tile.get_subblock_idx()` first.
  const auto* seq = scope->body()->As<SeqStmts>();
  const auto* bind = seq == nullptr || seq->stmts().empty() ? nullptr
                                                            : seq->stmts()[0]->As<AssignStmt>();
  const auto* call = bind == nullptr ? nullptr : bind->value()->As<Call>();
  if (call == nullptr || call->op() == nullptr || call->op()->name() != "tile.get_subblock_idx") {
    Report(loc, "a pl.split_aiv region's body must begin with "
                "`aiv_id = tile.get_subblock_idx()` (its loop variable)");
  }
}

bool IsIndexToIntBinding(const Type* var, const Type* value) {
  const auto* a = var->As<ScalarType>();
  const auto* b = value->As<ScalarType>();
  return a != nullptr && b != nullptr && b->dtype() == DataType::kIndex && a->dtype().IsInt();
}

void Verifier::VerifyAssign(const AssignStmt* s, SourceLoc loc) {
  VerifyExpr(s->value(), loc);
  const Var* v = s->var();
  // Pattern B (upstream's non-strict_ssa form): assigning a Var that is
  // visible here assigns it again; every read sees the latest assignment
  // that ran. The IR does not record strict_ssa: the parser enforces it.
  Define(v, loc, /*reassign=*/true);
  // `y: pl.Scalar[pl.INT64] = i` with an INDEX `i` binds an INT64 name to
  // the INDEX value, as upstream's parser does (the annotation wins over an
  // INDEX scalar; the value is not rewritten).
  if (v != nullptr && s->value() != nullptr && v->type() != s->value()->type() &&
      !IsIndexToIntBinding(v->type(), s->value()->type())) {
    Report(loc, absl::StrCat(Quote(v->name()), " has type ", FormatType(v->type()),
                             " but its value has type ", FormatType(s->value()->type())));
  }
}

void Verifier::VerifyReturn(const ReturnStmt* s, SourceLoc loc) {
  ExprSpan values = s->values();
  for (const Expr* v : values) VerifyExpr(v, loc);
  auto types = function_->return_types();
  // A function without a return annotation (upstream: no `->`) declares no
  // return types yet may return values; its results are the values' types.
  if (types.empty()) return;
  // `return self.g(...)` of a callee returning the same several types: one
  // tuple value stands for them (upstream's parser keeps the call whole).
  if (values.size() == 1 && types.size() > 1 && values[0] != nullptr) {
    const auto* tuple = values[0]->type()->As<TupleType>();
    if (tuple != nullptr && tuple->elements().size() == types.size() &&
        std::equal(types.begin(), types.end(), tuple->elements().begin())) {
      return;
    }
  }
  if (values.size() != types.size()) {
    Report(loc, absl::StrCat("return gives ", Count(values.size(), "value"), " but function ",
                             Quote(function_->name()), " declares ",
                             Count(types.size(), "return type")));
    return;
  }
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i] != nullptr && values[i]->type() != types[i]) {
      Report(loc, absl::StrCat("return value ", i, " has type ", FormatType(values[i]->type()),
                               " but function ", Quote(function_->name()), " returns ",
                               FormatType(types[i])));
    }
  }
}

void Verifier::CheckScalarCondition(const Expr* cond, absl::string_view what, SourceLoc loc) {
  if (cond == nullptr) {
    Report(loc, absl::StrCat(what, " has no condition"));
  } else if (!cond->type()->Is<ScalarType>()) {
    Report(loc, absl::StrCat(what, " condition must be a scalar, got ",
                             FormatType(cond->type())));
  }
}

// Any integer: an INT32 bound (pld.system.nranks, a scalar parameter) is
// converted to index where the loop is emitted, as PyPTO does.
void Verifier::CheckBound(const Expr* e, absl::string_view what, SourceLoc loc) {
  if (e == nullptr) {
    Report(loc, absl::StrCat("for loop has no ", what));
    return;
  }
  const auto* s = e->type()->As<ScalarType>();
  if (s == nullptr || !s->dtype().IsInt()) {
    Report(loc, absl::StrCat("for loop ", what, " must be an integer scalar, got ",
                             FormatType(e->type())));
  }
}

void Verifier::CheckBranchYield(const YieldStmt* y, VarSpan return_vars,
                                absl::string_view branch, SourceLoc loc) {
  if (y == nullptr) {
    if (!return_vars.empty()) {
      Report(loc, absl::StrCat("the ", branch, " branch of an if with return vars must end with "
                               "a yield"));
    }
    return;
  }
  SourceLoc at = y->loc().known() ? y->loc() : loc;
  ExprSpan values = y->values();
  if (values.size() != return_vars.size()) {
    Report(at, absl::StrCat("yield gives ", Count(values.size(), "value"), " but the if has ",
                            Count(return_vars.size(), "return var")));
    return;
  }
  for (size_t i = 0; i < values.size(); ++i) {
    const Var* rv = return_vars[i];
    if (values[i] != nullptr && rv != nullptr && values[i]->type() != rv->type()) {
      Report(at, absl::StrCat("yield value ", i, " has type ", FormatType(values[i]->type()),
                              " but return var ", Quote(rv->name()), " has type ",
                              FormatType(rv->type())));
    }
  }
}

void Verifier::VerifyIf(const IfStmt* s, SourceLoc loc) {
  if (s->condition() != nullptr) VerifyExpr(s->condition(), loc);
  CheckScalarCondition(s->condition(), "if", loc);
  if (s->then_body() == nullptr) Report(loc, "if has no then branch");
  // Pattern B: an if without return vars leaks its branches' names to the
  // code after it (and the then branch's to the else branch, as upstream's
  // parser scopes them).
  VarSpan rvs = s->return_vars();
  bool leaks = rvs.empty();
  size_t mark = EnterScope();
  const YieldStmt* then_yield = VerifyBody(s->then_body(), BodyKind::kBranch);
  if (!leaks) ExitScope(mark);
  const YieldStmt* else_yield = nullptr;
  if (s->else_body() != nullptr) {
    else_yield = VerifyBody(s->else_body(), BodyKind::kBranch);
    if (!leaks) ExitScope(mark);
  }
  if (s->then_body() != nullptr) CheckBranchYield(then_yield, rvs, "then", loc);
  if (s->else_body() != nullptr) {
    CheckBranchYield(else_yield, rvs, "else", loc);
  } else if (!rvs.empty()) {
    Report(loc, "an if with return vars needs an else branch");
  }
  for (const Var* v : rvs) Define(v, VarSite(v, loc));
}

void Verifier::VerifyIterInits(IterArgSpan iter_args, SourceLoc loc) {
  for (const IterArg* a : iter_args) {
    if (a == nullptr) {
      Report(loc, "missing iter arg");
      continue;
    }
    VerifyExpr(a->init(), loc);
    if (a->init() != nullptr && a->init()->type() != a->type()) {
      Report(VarSite(a, loc),
             absl::StrCat("iter arg ", Quote(a->name()), " has type ", FormatType(a->type()),
                          " but its init value has type ", FormatType(a->init()->type())));
    }
  }
}

void Verifier::CheckLoopYield(const YieldStmt* y, IterArgSpan iter_args, absl::string_view what,
                              SourceLoc loc) {
  if (y == nullptr) {
    if (!iter_args.empty()) {
      Report(loc, absl::StrCat("a ", what, " with iter args must end its body with a yield"));
    }
    return;
  }
  SourceLoc at = y->loc().known() ? y->loc() : loc;
  ExprSpan values = y->values();
  if (values.size() != iter_args.size()) {
    Report(at, absl::StrCat("yield gives ", Count(values.size(), "value"), " but the ", what,
                            " has ", Count(iter_args.size(), "iter arg")));
    return;
  }
  for (size_t i = 0; i < values.size(); ++i) {
    const IterArg* a = iter_args[i];
    if (values[i] != nullptr && a != nullptr && values[i]->type() != a->type()) {
      Report(at, absl::StrCat("yield value ", i, " has type ", FormatType(values[i]->type()),
                              " but iter arg ", Quote(a->name()), " has type ",
                              FormatType(a->type())));
    }
  }
}

void Verifier::CheckLoopReturnVars(VarSpan return_vars, IterArgSpan iter_args,
                                   absl::string_view what, SourceLoc loc) {
  if (return_vars.size() != iter_args.size()) {
    Report(loc, absl::StrCat("the ", what, " has ", Count(return_vars.size(), "return var"),
                             " but ", Count(iter_args.size(), "iter arg")));
    return;
  }
  for (size_t i = 0; i < return_vars.size(); ++i) {
    const Var* rv = return_vars[i];
    const IterArg* a = iter_args[i];
    if (rv != nullptr && a != nullptr && rv->type() != a->type()) {
      Report(loc, absl::StrCat("return var ", Quote(rv->name()), " has type ",
                               FormatType(rv->type()), " but iter arg ", Quote(a->name()),
                               " has type ", FormatType(a->type())));
    }
  }
}

void Verifier::VerifyFor(const ForStmt* s, SourceLoc loc) {
  // A missing bound or condition is reported by its own check.
  if (s->start() != nullptr) VerifyExpr(s->start(), loc);
  if (s->stop() != nullptr) VerifyExpr(s->stop(), loc);
  if (s->step() != nullptr) VerifyExpr(s->step(), loc);
  CheckBound(s->start(), "start", loc);
  CheckBound(s->stop(), "stop", loc);
  CheckBound(s->step(), "step", loc);
  VerifyIterInits(s->iter_args(), loc);
  size_t mark = EnterScope();
  const Var* i = s->loop_var();
  Define(i, VarSite(i, loc));
  if (i != nullptr && !IsIndexLikeScalar(i->type())) {
    Report(loc, absl::StrCat("for loop variable ", Quote(i->name()),
                             " must be an index-like scalar (INT64, UINT64 or INDEX), got ",
                             FormatType(i->type())));
  }
  for (const IterArg* a : s->iter_args()) Define(a, VarSite(a, loc));
  if (s->body() == nullptr) Report(loc, "for loop has no body");
  jump_ok_.push_back(s->for_kind() == ForKind::kSequential);
  const YieldStmt* y = VerifyBody(s->body(), BodyKind::kLoop);
  jump_ok_.pop_back();
  CheckLoopYield(y, s->iter_args(), "for loop", loc);
  // Pattern B: a loop that carries no values leaks its body's names.
  if (!s->iter_args().empty() || !s->return_vars().empty()) ExitScope(mark);
  for (const Var* v : s->return_vars()) Define(v, VarSite(v, loc));
  CheckLoopReturnVars(s->return_vars(), s->iter_args(), "for loop", loc);
}

void Verifier::VerifyWhile(const WhileStmt* s, SourceLoc loc) {
  VerifyIterInits(s->iter_args(), loc);
  size_t mark = EnterScope();
  for (const IterArg* a : s->iter_args()) Define(a, VarSite(a, loc));
  if (s->condition() != nullptr) VerifyExpr(s->condition(), loc);
  CheckScalarCondition(s->condition(), "while", loc);
  if (s->body() == nullptr) Report(loc, "while loop has no body");
  jump_ok_.push_back(true);
  const YieldStmt* y = VerifyBody(s->body(), BodyKind::kLoop);
  jump_ok_.pop_back();
  CheckLoopYield(y, s->iter_args(), "while loop", loc);
  if (!s->iter_args().empty() || !s->return_vars().empty()) ExitScope(mark);
  for (const Var* v : s->return_vars()) Define(v, VarSite(v, loc));
  CheckLoopReturnVars(s->return_vars(), s->iter_args(), "while loop", loc);
}

// --- Expressions ---------------------------------------------------------------------

void Verifier::VerifyExpr(const Expr* e, SourceLoc site) {
  DepthGuard guard(depth_);
  if (e == nullptr) {
    Report(site, "missing expression");
    return;
  }
  // A Var node carries its definition's location; report uses at the site.
  if (e->Is<Var>()) return Use(e->As<Var>(), site);
  SourceLoc here = Where(e->loc().known() ? e->loc() : site);
  if (!CheckDepth(guard, here)) return;
  switch (e->kind()) {
    case NodeKind::kCall: {
      const auto* c = e->As<Call>();
      for (const Expr* a : c->args()) {
        if (a != nullptr) VerifyExpr(a, here);
      }
      if (const CallSite* site = c->site()) {
        for (const Expr* x : {site->device, site->core_num, site->predicate}) {
          if (x != nullptr) VerifyExpr(x, here);
        }
        for (const Expr* d : site->deps) VerifyExpr(d, here);
      }
      if (c->op() != nullptr) {
        VerifyOpCall(c, here);
      } else {
        VerifyFunctionCall(c, here);
      }
      return;
    }
    case NodeKind::kMakeTuple:
      for (const Expr* x : e->As<MakeTuple>()->elements()) VerifyExpr(x, here);
      return;
    case NodeKind::kTupleGetItem:
      VerifyExpr(e->As<TupleGetItem>()->tuple(), here);
      return;
    case NodeKind::kBinary:
      VerifyExpr(e->As<BinaryExpr>()->lhs(), here);
      VerifyExpr(e->As<BinaryExpr>()->rhs(), here);
      return;
    case NodeKind::kUnary:
      VerifyExpr(e->As<UnaryExpr>()->operand(), here);
      return;
    default:
      return;  // constants
  }
}

void Verifier::VerifyOpCall(const Call* c, SourceLoc loc) {
  const Op& op = *c->op();
  bool schema_ok = true;
  auto problem = [&](std::string message) {
    Report(loc, absl::StrCat(op.name(), ": ", message));
    schema_ok = false;
  };
  int n = static_cast<int>(c->args().size());
  if (n < op.min_args() || n > op.max_args()) {
    problem(absl::StrCat("expects ",
                         op.min_args() == op.max_args()
                             ? absl::StrCat(op.min_args())
                             : absl::StrCat(op.min_args(), " to ", op.max_args()),
                         " argument", op.max_args() == 1 ? "" : "s", ", got ", n));
  }
  for (int i = 0; i < n; ++i) {
    if (c->arg(i) == nullptr) problem(absl::StrCat("argument ", i, " is missing"));
  }
  // The deducer relies on what CreateCall guarantees: known keys in order,
  // values of the declared kinds, required and defaulted kwargs present.
  auto schema = op.kwargs();
  int previous = -1;
  uint64_t present = 0;
  for (const Kwarg& k : c->kwargs()) {
    if (k.key >= schema.size()) {
      problem(absl::StrCat("kwarg key ", k.key, " is outside the op's kwarg schema"));
      continue;
    }
    const KwargSpec& spec = schema[k.key];
    if (static_cast<int>(k.key) <= previous) {
      problem(absl::StrCat("kwarg ", Quote(spec.name), " is repeated or out of order"));
    }
    previous = k.key;
    if (k.key < 64) present |= uint64_t{1} << k.key;
    if (k.value.kind() != spec.kind) {
      problem(absl::StrCat("kwarg ", Quote(spec.name), " has kind ", AttrKindName(k.value.kind()),
                           ", expected ", AttrKindName(spec.kind)));
    }
  }
  for (size_t key = 0; key < schema.size() && key < 64; ++key) {
    if (schema[key].presence == KwargSpec::Presence::kOptional) continue;
    if ((present & (uint64_t{1} << key)) == 0) {
      problem(absl::StrCat("missing kwarg ", Quote(schema[key].name)));
    }
  }
  if (!schema_ok) return;
  // Checked structurally only: its type is the annotation it was written with.
  if (op.unregistered()) return;
  if (op.deducer() == nullptr) {
    Report(loc, absl::StrCat(op.name(), ": the op has no type deducer"));
    return;
  }
  DeduceContext dc(ctx_, op, c->args(), c->kwargs());
  absl::StatusOr<const Type*> deduced = op.deducer()(dc);
  if (!deduced.ok()) {
    absl::string_view message = deduced.status().message();
    Report(loc, absl::StartsWith(message, absl::StrCat(op.name(), ":"))
                    ? std::string(message)
                    : absl::StrCat(op.name(), ": ", message));
    return;
  }
  // An annotated assignment may retype the call as upstream's annotation
  // rules allow (AnnotationMayRetype): those types are the program's own.
  if (*deduced != c->type() &&
      !(op.result_view_overridable() && SameTileUpToView(*deduced, c->type())) &&
      !AnnotationMayRetype(*deduced, c->type()) &&
      !(op.typed_by_annotation() && (*deduced)->Is<UnknownType>() &&
        c->type()->Is<TileType>())) {
    Report(loc, absl::StrCat(op.name(), ": type ", FormatType(c->type()),
                             " does not match the deduced type ", FormatType(*deduced)));
  }
}

void Verifier::VerifyFunctionCall(const Call* c, SourceLoc loc) {
  absl::string_view name = c->callee() != nullptr ? c->callee()->name() : absl::string_view();
  auto it = functions_.find(name);
  if (it == functions_.end()) {
    Report(loc, absl::StrCat("call of undefined function ", Quote(name)));
    return;
  }
  const Function* callee = it->second;
  VarSpan params = callee->params();
  ExprSpan args = c->args();
  const CallSite* site = c->site();
  // A submit may leave out trailing Out/InOut params: the runtime allocates them.
  size_t min_args = params.size();
  if (site != nullptr && site->is_submit()) {
    auto dirs = callee->directions();
    while (min_args > 0 && min_args <= dirs.size() && dirs[min_args - 1] != ParamDirection::kIn) {
      --min_args;
    }
  }
  if (site != nullptr) VerifyCallSite(c, *site, name, loc);
  if (args.size() < min_args || args.size() > params.size()) {
    Report(loc, absl::StrCat("call of ", Quote(name), ": expects ",
                             Count(params.size(), "argument"), ", got ", args.size()));
  } else {
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i] == nullptr) {
        Report(loc, absl::StrCat("call of ", Quote(name), ": argument ", i, " is missing"));
        continue;
      }
      if (params[i] == nullptr) continue;
      if (!TypeAccepts(params[i]->type(), args[i]->type())) {
        Report(loc, absl::StrCat("call of ", Quote(name), ": argument ", i, " has type ",
                                 FormatType(args[i]->type()), " but parameter ",
                                 Quote(params[i]->name()), " has type ",
                                 FormatType(params[i]->type())));
      }
    }
  }
  auto returns = callee->return_types();
  const Type* expected = returns.empty()       ? ctx_.GetUnknownType()
                         : returns.size() == 1 ? returns[0]
                                               : ctx_.GetTupleType(returns);
  if (site != nullptr && site->is_submit()) {
    std::vector<const Type*> with_task(returns.begin(), returns.end());
    with_task.push_back(ctx_.GetScalarType(DataType::kTaskId));
    expected = ctx_.GetTupleType(with_task);
  }
  if (!TypeAccepts(expected, c->type())) {
    Report(loc, absl::StrCat("call of ", Quote(name), ": type ", FormatType(c->type()),
                             " does not match the function's return type ",
                             FormatType(expected)));
  }
}

}  // namespace

// The dispatch options of a call (ir/call_site.h): each option belongs to
// the call forms upstream accepts it on, and has the value kind it says.
void Verifier::VerifyCallSite(const Call* c, const CallSite& site, absl::string_view name,
                              SourceLoc loc) {
  auto bad = [&](absl::string_view what) {
    Report(loc, absl::StrCat("call of ", Quote(name), ": ", what));
  };
  auto scalar_of = [](const Expr* e, auto pred) {
    const auto* s = e->type()->As<ScalarType>();
    return s != nullptr && pred(s->dtype());
  };
  auto is_int = [](DataType d) { return d.IsInt() || d == DataType::kIndex; };
  if (site.device != nullptr) {
    if (site.is_submit()) bad("device= is not a submit option");
    if (!scalar_of(site.device, is_int)) {
      bad(absl::StrCat("device must be an integer scalar, got ", FormatType(site.device->type())));
    }
  }
  if (!site.is_submit()) {
    if (!site.deps.empty()) bad("deps= belongs to pl.submit, not to a plain call");
    if (site.allow_early_resolve) bad("allow_early_resolve belongs to pl.submit");
    if (site.predicate != nullptr) bad("predicate= belongs to pl.submit");
  }
  if ((site.core_num != nullptr) != (site.form == CallForm::kSpmdSubmit)) {
    bad("core_num= is required on pl.spmd_submit and allowed nowhere else");
  }
  if (site.sync_start && site.form != CallForm::kSpmdSubmit) {
    bad("sync_start belongs to pl.spmd_submit");
  }
  if (site.core_num != nullptr && !scalar_of(site.core_num, is_int)) {
    bad(absl::StrCat("core_num must be an integer scalar, got ",
                     FormatType(site.core_num->type())));
  }
  if (site.predicate != nullptr &&
      !scalar_of(site.predicate, [](DataType d) { return d.IsBool(); })) {
    bad(absl::StrCat("predicate must be a BOOL scalar, got ",
                     FormatType(site.predicate->type())));
  }
  for (const Expr* d : site.deps) {
    const auto* array = d->type()->As<ArrayType>();
    bool ok = scalar_of(d, [](DataType t) { return t == DataType::kTaskId; }) ||
              (array != nullptr && array->dtype() == DataType::kTaskId);
    if (!ok) {
      bad(absl::StrCat("a dep must be a pl.Scalar[pl.TASK_ID] or a TASK_ID array, got ",
                       FormatType(d->type())));
    }
  }
  if (!site.arg_directions.empty() && site.arg_directions.size() != c->args().size()) {
    bad(absl::StrCat("arg_directions has ", site.arg_directions.size(), " entries for ",
                     c->args().size(), " arguments"));
  }
}

std::string FormatDiagnostic(const Context& ctx, const Diagnostic& diagnostic) {
  return ir::FormatError(ctx, diagnostic.loc, diagnostic.message);
}

std::vector<Diagnostic> CollectDiagnostics(const Program& program) {
  Verifier verifier(program);
  for (const Function* f : program.functions()) verifier.VerifyFunction(f);
  return verifier.TakeDiagnostics();
}

std::vector<Diagnostic> CollectDiagnostics(const Program& program, const Function* function) {
  if (function == nullptr) return {Diagnostic{SourceLoc{}, "no function to verify"}};
  Verifier verifier(program);
  verifier.VerifyFunction(function);
  return verifier.TakeDiagnostics();
}

namespace {

absl::Status ToStatus(const Context& ctx, const std::vector<Diagnostic>& diagnostics) {
  if (diagnostics.empty()) return absl::OkStatus();
  std::string message;
  for (const Diagnostic& d : diagnostics) {
    if (!message.empty()) message += "\n";
    message += FormatDiagnostic(ctx, d);
  }
  return absl::InvalidArgumentError(message);
}

}  // namespace

absl::Status VerifyProgram(const Program& program) {
  return ToStatus(program.context(), CollectDiagnostics(program));
}

absl::Status VerifyFunction(const Program& program, const Function* function) {
  return ToStatus(program.context(), CollectDiagnostics(program, function));
}

}  // namespace pto::ir
