#include "passes/outline/scope_args.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "ir/diagnostic.h"
#include "ir/expr.h"

namespace pto::passes {

const ir::ScopeArg* FindScopeArg(const ir::ScopeStmt* s, absl::string_view key) {
  for (const ir::ScopeArg& a : s->args()) {
    if (a.key == key) return &a;
  }
  return nullptr;
}

const ir::Expr* ScopeOperand(const ir::ScopeStmt* s, absl::string_view key) {
  const ir::ScopeArg* arg = FindScopeArg(s, key);
  return arg != nullptr && arg->operand >= 0 ? s->operands()[arg->operand] : nullptr;
}

std::vector<const ir::Expr*> ScopeArgList(const ir::ScopeStmt* s, const ir::ScopeArg& arg) {
  if (arg.operand < 0) return {};
  const ir::Expr* e = s->operands()[arg.operand];
  if (const auto* t = e->As<ir::MakeTuple>()) {
    return std::vector<const ir::Expr*>(t->elements().begin(), t->elements().end());
  }
  return {e};
}

bool ScopeFlag(const ir::ScopeStmt* s, absl::string_view key) {
  const ir::ScopeArg* arg = FindScopeArg(s, key);
  return arg != nullptr && arg->value.kind() == ir::AttrKind::kBool && arg->value.bool_value();
}

std::optional<ir::Level> ScopeLevel(const ir::ScopeStmt* s) {
  const ir::ScopeArg* arg = s->scope_kind() == ir::ScopeKind::kAt ? FindScopeArg(s, "level")
                                                                  : nullptr;
  if (arg == nullptr) return std::nullopt;
  absl::string_view name = arg->enum_ref;
  if (!absl::ConsumePrefix(&name, "Level.")) return std::nullopt;
  return ir::EnumFromName<ir::Level>(name);
}

absl::string_view ScopeNameHint(const ir::ScopeStmt* s) {
  const ir::ScopeArg* hint = FindScopeArg(s, "name_hint");
  return hint != nullptr ? hint->value.string_value() : "";
}

absl::Status CheckScopeArgs(ir::Context& ctx, const ir::ScopeStmt* s, absl::string_view pass,
                            std::initializer_list<absl::string_view> handled) {
  for (const ir::ScopeArg& a : s->args()) {
    if (std::find(handled.begin(), handled.end(), a.key) != handled.end()) continue;
    const absl::string_view what =
        a.key == "task_id_var" ? "a task id (`as tid`)" : absl::string_view(a.key);
    return ir::LocatedError(ctx, s->loc(),
                            absl::StrCat(pass, ": outlining a scope with ", what,
                                         " is not supported yet"));
  }
  return absl::OkStatus();
}

}  // namespace pto::passes
