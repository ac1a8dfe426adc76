#include "passes/outline/outline_cluster_scopes.h"

#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/mutator.h"
#include "ir/status_macros.h"
#include "passes/outline/dispatch.h"
#include "passes/outline/function_names.h"
#include "passes/outline/scope_args.h"
#include "passes/outline/scope_outliner.h"

namespace pto::passes {
namespace {

constexpr absl::string_view kPass = "OutlineClusterScopes";

// Replaces each pl.spmd scope by its body.
class UnwrapSpmd : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;
  const ir::Stmt* VisitScope(const ir::ScopeStmt* s) override {
    if (s->scope_kind() != ir::ScopeKind::kSpmd) return IRMutator::VisitScope(s);
    return Expand(ir::StmtList(VisitStmt(s->body())), s);
  }
};

// The pl.spmd scopes directly in `body` (through nested sequences).
std::vector<const ir::ScopeStmt*> SpmdScopesIn(const ir::Stmt* body) {
  std::vector<const ir::ScopeStmt*> out;
  for (const ir::Stmt* st : ir::StmtList(body)) {
    const auto* scope = st->As<ir::ScopeStmt>();
    if (scope != nullptr && scope->scope_kind() == ir::ScopeKind::kSpmd) out.push_back(scope);
  }
  return out;
}

class OutlineClusterScopes : public Pass {
 public:
  absl::string_view name() const override { return "outline-cluster-scopes"; }
  absl::string_view description() const override {
    return "Outlines every pl.cluster scope into a Group function and every pl.spmd scope "
           "outside a cluster into a Spmd function; the launch spec rides the call.";
  }
  PassProperties properties() const override {
    return {{IRProperty::kSSAForm}, {IRProperty::kSSAForm, IRProperty::kClusterOutlined}, {}};
  }

  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    ir::Context& ctx = program.context();
    const ScopeOutliner::Callees callees = ScopeOutliner::CalleesOf(program);
    FunctionNames names(program);
    std::vector<const ir::Function*> functions;
    bool changed = false;
    for (const ir::Function* f : program.functions()) {
      if (f->func_type() != ir::FunctionType::kOpaque &&
          f->func_type() != ir::FunctionType::kOrchestration) {
        functions.push_back(f);
        continue;
      }
      ScopeOutliner clusters(
          ctx, kPass, f,
          [&](const ir::ScopeStmt* s, absl::Span<const ir::ScopeStmt* const>)
              -> absl::StatusOr<std::optional<OutlinedFunction>> {
            if (s->scope_kind() != ir::ScopeKind::kCluster) return std::nullopt;
            PTO_ASSIGN_OR_RETURN(OutlinedFunction as, Cluster(ctx, names, f, s));
            return as;
          },
          &callees);
      PTO_ASSIGN_OR_RETURN(const ir::Function* g, clusters.Run());
      ScopeOutliner spmds(
          ctx, kPass, g,
          [&](const ir::ScopeStmt* s, absl::Span<const ir::ScopeStmt* const>)
              -> absl::StatusOr<std::optional<OutlinedFunction>> {
            if (s->scope_kind() != ir::ScopeKind::kSpmd) return std::nullopt;
            PTO_RETURN_IF_ERROR(CheckScopeArgs(ctx, s, kPass, kSpmdArgs));
            OutlinedFunction as;
            as.name = names.Next(f->name(), "spmd", ScopeNameHint(s), "spmd");
            as.type = ir::FunctionType::kSpmd;
            as.dispatch = DispatchOf(s);
            return as;
          },
          &callees);
      PTO_ASSIGN_OR_RETURN(const ir::Function* h, spmds.Run());
      functions.insert(functions.end(), clusters.outlined().begin(), clusters.outlined().end());
      functions.insert(functions.end(), spmds.outlined().begin(), spmds.outlined().end());
      functions.push_back(h);
      changed |= h != f;
    }
    if (!changed) return program;
    return ctx.NewProgram(program.name(), functions);
  }

 private:
  static constexpr std::initializer_list<absl::string_view> kSpmdArgs = {
      "core_num", "sync_start", "name_hint", "deps", "allow_early_resolve", "predicate",
      "task_id_var"};

  static absl::StatusOr<OutlinedFunction> Cluster(ir::Context& ctx, FunctionNames& names,
                                                  const ir::Function* f,
                                                  const ir::ScopeStmt* s) {
    PTO_RETURN_IF_ERROR(CheckScopeArgs(ctx, s, kPass, {"name_hint"}));
    std::vector<const ir::ScopeStmt*> nested = SpmdScopesIn(s->body());
    if (nested.size() > 1) {
      return ir::LocatedError(
          ctx, nested[1]->loc(),
          absl::StrCat(kPass, ": a pl.cluster() scope launches one pl.spmd scope, this one "
                              "holds ",
                       nested.size(), "; give each its own pl.cluster()"));
    }
    OutlinedFunction as;
    as.name = names.Next(f->name(), "cluster", ScopeNameHint(s), "cluster");
    as.type = ir::FunctionType::kGroup;
    if (!nested.empty()) {
      // The cluster launches what the spmd scope calls: one Group function,
      // its dispatch carrying the launch spec.
      PTO_RETURN_IF_ERROR(CheckScopeArgs(ctx, nested[0], kPass, {"core_num", "sync_start"}));
      as.dispatch = DispatchOf(nested[0]);
      as.attrs.push_back(TrueAttr("spmd_unwrapped"));
      as.rewrite_body = [&ctx](const ir::Stmt* body) { return UnwrapSpmd(ctx).VisitStmt(body); };
    }
    return as;
  }
};

}  // namespace

std::unique_ptr<Pass> CreateOutlineClusterScopesPass() {
  return std::make_unique<OutlineClusterScopes>();
}

}  // namespace pto::passes
