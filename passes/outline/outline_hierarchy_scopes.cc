#include "passes/outline/outline_hierarchy_scopes.h"

#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/strip.h"
#include "ir/status_macros.h"
#include "passes/outline/dispatch.h"
#include "passes/outline/function_names.h"
#include "passes/outline/scope_args.h"
#include "passes/outline/scope_outliner.h"

namespace pto::passes {
namespace {

constexpr absl::string_view kPass = "OutlineHierarchyScopes";

// "host", "cluster0", "chip_die".
std::string LevelTag(ir::Level level) {
  std::string tag = absl::AsciiStrToLower(ir::EnumName(level));
  return absl::StrReplaceAll(tag, {{"cluster_", "cluster"}});
}

absl::string_view RoleTag(ir::Role role) {
  switch (role) {
    case ir::Role::kOrchestrator: return "orch";
    case ir::Role::kWorker: return "worker";
    case ir::Role::kSubWorker: return "subworker";
  }
  return "";
}

class OutlineHierarchyScopes : public Pass {
 public:
  absl::string_view name() const override { return "outline-hierarchy-scopes"; }
  absl::string_view description() const override {
    return "Outlines every pl.at scope above CORE_GROUP of an Opaque function into a function "
           "at the scope's level and role, called where the scope was.";
  }
  PassProperties properties() const override {
    return {{IRProperty::kSSAForm}, {IRProperty::kSSAForm, IRProperty::kHierarchyOutlined}, {}};
  }

  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    FunctionNames names(program);
    std::vector<const ir::Function*> functions;
    bool changed = false;
    for (const ir::Function* f : program.functions()) {
      PTO_ASSIGN_OR_RETURN(bool outlined, Process(program.context(), names, f, functions));
      changed |= outlined;
    }
    if (!changed) return program;
    return program.context().NewProgram(program.name(), functions);
  }

 private:
  // Appends `f`, rewritten, after the functions outlined from it (each
  // processed the same way first). True if anything was outlined.
  static absl::StatusOr<bool> Process(ir::Context& ctx, FunctionNames& names,
                                      const ir::Function* f,
                                      std::vector<const ir::Function*>& out) {
    if (f->func_type() != ir::FunctionType::kOpaque) {
      out.push_back(f);
      return false;
    }
    ScopeOutliner outliner(
        ctx, kPass, f, [&](const ir::ScopeStmt* s, absl::Span<const ir::ScopeStmt* const>)
              -> absl::StatusOr<std::optional<OutlinedFunction>> {
          std::optional<ir::Level> level = ScopeLevel(s);
          if (!level.has_value() || *level == ir::Level::kCoreGroup) return std::nullopt;
          PTO_RETURN_IF_ERROR(CheckScopeArgs(
              ctx, s, kPass,
              {"level", "role", "name_hint", "task_id_var", "deps", "allow_early_resolve",
               "no_dep_args", "dumps"}));
          OutlinedFunction as;
          as.dispatch = DispatchOf(s);
          as.level = level;
          std::string tag = LevelTag(*level);
          if (const ir::ScopeArg* role = FindScopeArg(s, "role")) {
            absl::string_view name = role->enum_ref;
            if (absl::ConsumePrefix(&name, "Role.")) as.role = ir::EnumFromName<ir::Role>(name);
            if (as.role.has_value()) absl::StrAppend(&tag, "_", RoleTag(*as.role));
          }
          as.name = names.Next(f->name(), tag, ScopeNameHint(s));
          return as;
        });
    PTO_ASSIGN_OR_RETURN(const ir::Function* g, outliner.Run());
    for (const ir::Function* h : outliner.outlined()) {
      PTO_RETURN_IF_ERROR(Process(ctx, names, h, out).status());
    }
    out.push_back(g);
    return g != f;
  }
};

}  // namespace

std::unique_ptr<Pass> CreateOutlineHierarchyScopesPass() {
  return std::make_unique<OutlineHierarchyScopes>();
}

}  // namespace pto::passes
