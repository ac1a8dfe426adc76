#include "passes/outline/outline_incore_scopes.h"

#include <vector>

#include "ir/status_macros.h"
#include "passes/outline/function_names.h"
#include "passes/outline/scope_outliner.h"

namespace pto::passes {
namespace {

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
      ScopeOutliner outliner(
          ctx, f,
          [&](const ir::ScopeStmt* s) -> absl::StatusOr<std::optional<OutlinedFunction>> {
            if (ScopeLevel(s) != ir::Level::kCoreGroup) return std::nullopt;
            PTO_RETURN_IF_ERROR(
                CheckScopeArgs(ctx, s, "OutlineIncoreScopes", {"level", "name_hint"}));
            OutlinedFunction as;
            as.name = names.Next(f->name(), "incore", ScopeNameHint(s));
            as.type = ir::FunctionType::kInCore;
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
