// Expressions and calls of the verifier (verifier_internal.h): op calls
// against their schema and deducer, function calls against the callee's
// signature, and the dispatch options of a call site.

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "ir/analysis/call_site_check.h"
#include "ir/analysis/verifier_internal.h"
#include "ir/flattened_tile.h"
#include "ir/type_compat.h"

namespace pto::ir::verifier_internal {

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
        for (const CallAttr& a : site->attrs) {
          for (const CallAttrItem& item : a.items) {
            if (item.expr != nullptr) VerifyExpr(item.expr, here);
          }
        }
        std::vector<std::string> problems =
            c->op() != nullptr ? OpCallSiteProblems(*c) : CallAttrProblems(*site);
        for (std::string& m : problems) Report(here, std::move(m));
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
      !FlattenedTileRetype(op.name(), *deduced, c->type()) &&
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
  // device= picks the device an orchestrator is dispatched to: only a callee
  // with the Orchestrator role takes it (upstream's rule; an Orchestration
  // function has that role).
  if (site != nullptr && site->device != nullptr && !site->is_submit() &&
      callee->role() != Role::kOrchestrator &&
      callee->func_type() != FunctionType::kOrchestration) {
    Report(loc, absl::StrCat("call of ", Quote(name), ": device= dispatches an orchestrator, "
                             "and ", Quote(name), " is not one (declare it with "
                             "role=pl.Role.Orchestrator or type=pl.FunctionType.Orchestration)"));
  }
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
      if (!FitsFunctionBoundary(params[i]->type(), args[i]->type())) {
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
  // A plain call of a function declared without `->` is typed by what the
  // body returns (the parser reads the first return, as upstream's does),
  // or UnknownType: the signature constrains nothing.
  bool derived = returns.empty() && (site == nullptr || !site->is_submit());
  if (!derived && !TypeAccepts(expected, c->type())) {
    Report(loc, absl::StrCat("call of ", Quote(name), ": type ", FormatType(c->type()),
                             " does not match the function's return type ",
                             FormatType(expected)));
  }
}

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

}  // namespace pto::ir::verifier_internal
