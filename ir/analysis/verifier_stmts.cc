// Statements and control flow of the verifier (verifier_internal.h):
// where returns, yields, break and continue may stand, what they must match,
// loop bounds and conditions, assignments and scopes.

#include <algorithm>

#include "absl/strings/match.h"
#include "ir/analysis/verifier_internal.h"
#include "ir/type_compat.h"

namespace pto::ir::verifier_internal {
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
      // Anywhere in the body, as upstream allows (an early return in an if
      // branch; what follows it in its block never runs), but not out of a
      // region both AIV lanes run.
      if (split_aiv_depth_ > 0) Report(loc, "return is not allowed inside a pl.split_aiv region");
      VerifyReturn(s->As<ReturnStmt>(), loc);
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

void Verifier::VerifyAssign(const AssignStmt* s, SourceLoc loc) {
  VerifyExpr(s->value(), loc);
  const Var* v = s->var();
  // Pattern B (upstream's non-strict_ssa form): assigning a Var that is
  // visible here assigns it again; every read sees the latest assignment
  // that ran. The IR does not record strict_ssa: the parser enforces it.
  Define(v, loc, /*reassign=*/true);
  // An annotated name may take the annotation where upstream's parser lets
  // it override the value's type (AnnotationMayRetype, ir/type.h): `y:
  // pl.Scalar[pl.INT64] = i` with an INDEX `i`, a tensor view, a tile's
  // memory space or view. The value is not rewritten (upstream binds the
  // name with the annotated type as it is).
  if (v != nullptr && s->value() != nullptr &&
      !SameTypeIgnoringMemRef(v->type(), s->value()->type()) &&
      !AnnotationMayRetype(s->value()->type(), v->type())) {
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
  // `-> pl.Tuple[A, B]` declares one tuple type; `return a, b` gives its
  // elements (upstream's parser builds the return so).
  if (values.size() > 1 && types.size() == 1 && types[0] != nullptr) {
    if (const auto* tuple = types[0]->As<TupleType>();
        tuple != nullptr && tuple->elements().size() == values.size()) {
      for (size_t i = 0; i < values.size(); ++i) {
        if (values[i] != nullptr &&
            !FitsFunctionBoundary(tuple->elements()[i], values[i]->type())) {
          Report(loc, absl::StrCat("return value ", i, " has type ",
                                   FormatType(values[i]->type()), " but function ",
                                   Quote(function_->name()), " returns ",
                                   FormatType(tuple->elements()[i]), " there"));
        }
      }
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
    if (values[i] != nullptr && !FitsFunctionBoundary(types[i], values[i]->type())) {
      Report(loc, absl::StrCat("return value ", i, " has type ", FormatType(values[i]->type()),
                               " but function ", Quote(function_->name()), " returns ",
                               FormatType(types[i])));
    }
  }
}

bool Verifier::AlwaysReturns(const Stmt* s) {
  if (s == nullptr) return false;
  switch (s->kind()) {
    case NodeKind::kReturn:
      return true;
    case NodeKind::kSeq:
      // A return anywhere in the list ends it (what follows is dead code).
      for (const Stmt* child : s->As<SeqStmts>()->stmts()) {
        if (AlwaysReturns(child)) return true;
      }
      return false;
    case NodeKind::kIf: {
      const auto* i = s->As<IfStmt>();
      return i->else_body() != nullptr && AlwaysReturns(i->then_body()) &&
             AlwaysReturns(i->else_body());
    }
    case NodeKind::kScope:
      return s->As<ScopeStmt>()->scope_kind() != ScopeKind::kSplitAiv &&
             AlwaysReturns(s->As<ScopeStmt>()->body());
    default:
      // A loop may run no iteration.
      return false;
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
    if (values[i] != nullptr && rv != nullptr &&
        !CarriedTypesAgree(rv->type(), values[i]->type())) {
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
    if (a->init() != nullptr && !CarriedTypesAgree(a->type(), a->init()->type())) {
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
    if (values[i] != nullptr && a != nullptr &&
        !CarriedTypesAgree(a->type(), values[i]->type())) {
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
    if (rv != nullptr && a != nullptr && !CarriedTypesAgree(a->type(), rv->type())) {
      Report(loc, absl::StrCat("return var ", Quote(rv->name()), " has type ",
                               FormatType(rv->type()), " but iter arg ", Quote(a->name()),
                               " has type ", FormatType(a->type())));
    }
  }
}

// Upstream's loop attrs are int, float, bool or string constants under
// unique keys; the stage count is the loop's own field, never an attr.
void Verifier::VerifyLoopAttrs(absl::Span<const LoopAttr> attrs, SourceLoc loc) {
  for (size_t i = 0; i < attrs.size(); ++i) {
    const LoopAttr& a = attrs[i];
    AttrKind k = a.value.kind();
    if (a.key.empty()) Report(loc, "a for loop attr key must be non-empty");
    if (a.key == "pipeline_stages") {
      Report(loc, "for loop attr 'pipeline_stages' is not allowed: the stage count is stage=");
    }
    if (k != AttrKind::kInt && k != AttrKind::kFloat && k != AttrKind::kBool &&
        k != AttrKind::kString) {
      Report(loc, absl::StrCat("for loop attr ", Quote(a.key),
                               " must be an int, float, bool or string"));
    }
    for (size_t j = 0; j < i; ++j) {
      if (attrs[j].key == a.key) Report(loc, absl::StrCat("for loop attr ", Quote(a.key), " is given twice"));
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
  VerifyLoopAttrs(s->attrs(), loc);
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
  // Without a yield a for loop is in upstream's pre-SSA form: its body
  // rebinds the carried names (upstream's ConvertToSSA yields them later).
  if (y != nullptr || s->return_vars().size() != s->iter_args().size()) {
    CheckLoopYield(y, s->iter_args(), "for loop", loc);
  }
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

}  // namespace pto::ir::verifier_internal
