#include "ir/analysis/verifier.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/analysis/memref_rules.h"
#include "ir/analysis/verifier_internal.h"

// The scoping and SSA rules (Define/Use) and the public API; the other
// rules live in verifier_stmts.cc, verifier_calls.cc and verifier_types.cc.

namespace pto::ir {
namespace verifier_internal {

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
    if (std::string why = MemRefProblem(v->type()); !why.empty()) {  // memref_rules.h
      Report(at, absl::StrCat(Quote(v->name()), ": ", why));
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

// An expression function attr (upstream's Function.attrs holding an Expr)
// is a parameter of the function itself, by identity, or an op call whose
// arguments are constants: a decorator cannot name anything else, and the
// pl.func_attr prologue sees only the parameters (upstream's StaticAttrs).
void Verifier::VerifyFuncAttrExprs(const Function* f) {
  for (const FuncAttr& a : f->attrs().attrs) {
    if (a.expr == nullptr) continue;
    bool ok = false;
    if (const auto* v = a.expr->As<Var>()) {
      for (const Var* p : f->params()) ok = ok || p == v;
    } else if (const auto* c = a.expr->As<Call>()) {
      ok = true;
      for (const Expr* e : c->args()) {
        ok = ok && (e->Is<ConstInt>() || e->Is<ConstFloat>() || e->Is<ConstBool>());
      }
      if (ok) VerifyExpr(a.expr, f->loc());
    }
    if (!ok) {
      Report(f->loc(), absl::StrCat("function attr ", Quote(a.key), " of ", Quote(f->name()),
                                    " must be one of its parameters or an op call on constants"));
    }
  }
}

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
  for (const Type* t : f->return_types()) {
    if (std::string why = MemRefProblem(t); !why.empty()) {
      Report(f->loc(), absl::StrCat("return type of ", Quote(f->name()), ": ", why));
    }
  }
  VerifyFuncAttrExprs(f);
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
  if (!f->attrs().python_body.empty()) {
    // Host Python kept as text stands for the whole body (upstream's InlineStmt).
    const auto* seq = f->body() == nullptr ? nullptr : f->body()->As<SeqStmts>();
    if (!f->role() || *f->role() != Role::kSubWorker || !f->level() ||
        *f->level() < Level::kHost || f->attrs().requires_runtime_binding || seq == nullptr ||
        !seq->stmts().empty()) {
      Report(f->loc(), absl::StrCat("function ", Quote(f->name()),
                                    " has a host Python body: it must be a SubWorker at level "
                                    "HOST or above, not runtime-bound, with no DSL statements"));
    }
  }
  if (f->body() == nullptr) {
    Report(f->loc(), absl::StrCat("function ", Quote(f->name()), " has no body"));
  } else {
    VerifyBody(f->body(), BodyKind::kFunction);
    // With early returns allowed, no path may fall off the end of a function
    // that declares results.
    // (A runtime-bound or external kernel, or host Python, has no DSL body
    // to return from.)
    if (!f->return_types().empty() && !f->attrs().requires_runtime_binding &&
        f->attrs().external_source.empty() && f->attrs().python_body.empty() &&
        !AlwaysReturns(f->body())) {
      Report(f->loc(), absl::StrCat("function ", Quote(f->name()), " declares ",
                                    Count(f->return_types().size(), "return type"),
                                    " but a path through its body ends without a return"));
    }
  }
  ResolvePendingUses();
}

}  // namespace verifier_internal

using verifier_internal::Verifier;

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