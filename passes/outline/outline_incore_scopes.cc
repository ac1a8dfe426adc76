#include "passes/outline/outline_incore_scopes.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/status_macros.h"
#include "ir/visitor.h"
#include "passes/outline/deferred_wait.h"
#include "passes/outline/dispatch.h"
#include "passes/outline/function_names.h"
#include "passes/outline/param_dim_fold.h"
#include "passes/outline/scope_args.h"
#include "passes/outline/scope_outliner.h"

namespace pto::passes {
namespace {

// Whether `body` holds a pl.at(level=CORE_GROUP) scope.
bool HoldsKernelScope(const ir::Stmt* body) {
  struct Find : ir::IRVisitor {
    bool found = false;
    void VisitScope(const ir::ScopeStmt* s) override {
      found = found || ScopeLevel(s) == ir::Level::kCoreGroup;
      if (!found) IRVisitor::VisitScope(s);
    }
  } find;
  find.VisitStmt(body);
  return find.found;
}

constexpr absl::string_view kPass = "OutlineIncoreScopes";

// A deferred waiter is a task of its own, completing when its conditions
// hold: nothing may resolve it early or launch it from outside.
absl::Status CheckWaiterDispatch(ir::Context& ctx, const ir::ScopeStmt* s,
                                 const OutlinedFunction& as,
                                 absl::Span<const ir::ScopeStmt* const> enclosing) {
  if (as.dispatch.allow_early_resolve) {
    return ir::LocatedError(ctx, s->loc(),
                            absl::StrCat(kPass, ": a pl.at scope calling pld.system.defer_wait "
                                                "cannot use allow_early_resolve=True: its task "
                                                "completes only when its conditions hold"));
  }
  for (const ir::ScopeStmt* outer : enclosing) {
    if (outer->scope_kind() == ir::ScopeKind::kSpmd) {
      return ir::LocatedError(
          ctx, s->loc(),
          absl::StrCat(kPass, ": pld.system.defer_wait must be in a task-level "
                              "pl.at(CORE_GROUP) scope; nesting it under pl.spmd is unsupported, "
                              "since the outer launch owns the predicate and early resolve"));
    }
  }
  return absl::OkStatus();
}

// The AIV split the kernel takes, as upstream's function attrs: the scope's
// optimizations=[pl.split(mode), pl.cross_core_slot(slot_num=N)] become
// "split" and "slot_num"; pl.split_aiv regions in it make "split_aiv" True
// and, when they all split one way (not NONE), "split" that mode. A scope
// splitting both ways is an error (the parser rejects it as written).
absl::Status AddSplitAttrs(ir::Context& ctx, const ir::ScopeStmt* s, OutlinedFunction& as) {
  absl::string_view split;
  const ir::ScopeArg* opt = FindScopeArg(s, "optimizations");
  if (opt != nullptr) split = opt->enum_ref;
  struct Regions : ir::IRVisitor {
    int count = 0;
    absl::string_view mode;
    bool uniform = true;
    void VisitScope(const ir::ScopeStmt* r) override {
      if (r->scope_kind() == ir::ScopeKind::kSplitAiv) {
        const ir::ScopeArg* m = FindScopeArg(r, "mode");
        const absl::string_view this_mode = m != nullptr ? m->enum_ref : "";
        uniform = uniform && (count == 0 || this_mode == mode);
        mode = this_mode;
        ++count;
      }
      IRVisitor::VisitScope(r);
    }
  } regions;
  regions.VisitStmt(s->body());
  ir::FuncAttr mode_attr;
  mode_attr.key = "split";
  if (regions.count > 0) {
    if (!split.empty()) {
      return ir::LocatedError(
          ctx, s->loc(),
          absl::StrCat(kPass, ": optimizations=[pl.split(...)] and pl.split_aiv regions are "
                              "mutually exclusive ways to split a kernel across the AIV lanes; "
                              "keep one"));
    }
    as.attrs.push_back(TrueAttr("split_aiv"));
    if (regions.uniform && regions.mode != "SplitMode.NONE" && !regions.mode.empty()) {
      mode_attr.enum_ref = regions.mode;
      as.attrs.push_back(mode_attr);
    }
  } else if (!split.empty()) {
    mode_attr.enum_ref = split;
    as.attrs.push_back(mode_attr);
  }
  if (opt != nullptr && opt->value.kind() == ir::AttrKind::kInt) {
    ir::FuncAttr slots;
    slots.key = "slot_num";
    slots.value = opt->value;
    as.attrs.push_back(slots);
  }
  return absl::OkStatus();
}

bool HoldsScopes(ir::FunctionType t) {
  return t == ir::FunctionType::kOpaque || t == ir::FunctionType::kOrchestration ||
         t == ir::FunctionType::kGraph;
}

class OutlineIncoreScopes : public Pass {
 public:
  absl::string_view name() const override { return "outline-incore-scopes"; }
  absl::string_view description() const override {
    return "Outlines every pl.at(level=CORE_GROUP) scope into an InCore function called where "
           "the scope was; an Opaque parent becomes Orchestration.";
  }
  PassProperties properties() const override {
    return {{IRProperty::kSSAForm}, {IRProperty::kSSAForm, IRProperty::kSplitIncoreOrch}, {}};
  }

  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    ir::Context& ctx = program.context();
    FunctionNames names(program);
    std::vector<const ir::Function*> functions;
    bool changed = false;
    for (const ir::Function* f : program.functions()) {
      if (!HoldsScopes(f->func_type())) {
        functions.push_back(f);
        continue;
      }
      // An Opaque function with kernels becomes Orchestration: it takes that
      // body's normal form first, so its kernels capture the dim symbols.
      const ir::Function* source = f;
      if (f->func_type() == ir::FunctionType::kOpaque && HoldsKernelScope(f->body())) {
        source = FoldParamDimReads(ctx, f);
      }
      ScopeOutliner outliner(
          ctx, kPass, source,
          [&](const ir::ScopeStmt* s, absl::Span<const ir::ScopeStmt* const> enclosing)
              -> absl::StatusOr<std::optional<OutlinedFunction>> {
            if (ScopeLevel(s) != ir::Level::kCoreGroup) return std::nullopt;
            PTO_RETURN_IF_ERROR(CheckScopeArgs(
                ctx, s, kPass,
                {"level", "name_hint", "task_id_var", "deps", "allow_early_resolve", "windowize",
                 "optimizations", "no_dep_args", "dumps"}));
            OutlinedFunction as;
            as.name = names.Next(f->name(), "incore", ScopeNameHint(s));
            as.type = ir::FunctionType::kInCore;
            as.dispatch = DispatchOf(s);
            PTO_ASSIGN_OR_RETURN(bool waiter, CheckDeferredWaiter(ctx, s, kPass));
            if (waiter) {
              PTO_RETURN_IF_ERROR(CheckWaiterDispatch(ctx, s, as, enclosing));
              as.attrs.push_back(TrueAttr("deferred_completion_waiter"));
            }
            if (ScopeFlag(s, "windowize")) as.attrs.push_back(TrueAttr("windowize"));
            PTO_RETURN_IF_ERROR(AddSplitAttrs(ctx, s, as));
            return as;
          });
      PTO_ASSIGN_OR_RETURN(const ir::Function* g, outliner.Run());
      if (g == f) {
        functions.push_back(f);
        continue;
      }
      changed = true;
      functions.insert(functions.end(), outliner.outlined().begin(), outliner.outlined().end());
      if (g->func_type() == ir::FunctionType::kOpaque) {
        // The scopes were its kernels: what is left orchestrates them.
        g = ctx.NewFunction(g->name(), g->params(), g->directions(), g->return_types(), g->body(),
                            ir::FunctionType::kOrchestration, std::nullopt, std::nullopt,
                            g->loc(), g->attrs());
      }
      functions.push_back(g);
    }
    if (!changed) return program;
    return ctx.NewProgram(program.name(), functions);
  }
};

}  // namespace

std::unique_ptr<Pass> CreateOutlineIncoreScopesPass() {
  return std::make_unique<OutlineIncoreScopes>();
}

}  // namespace pto::passes
