// Reading the arguments of a `with` scope (ir/stmt.h's ScopeArg), as the
// outlining passes need them.
//
//   with pl.at(level=pl.Level.CORE_GROUP, name_hint="qk", deps=[t0]) as t1:
//
//   ScopeLevel(s);                        // Level::kCoreGroup
//   ScopeNameHint(s);                     // "qk"
//   ScopeArgList(s, *FindScopeArg(s, "deps"));   // {t0}
//   ScopeOperand(s, "task_id_var");       // t1
//   CheckScopeArgs(ctx, s, "OutlineIncoreScopes", {"level", "name_hint"});  // error: deps

#ifndef PTO_PASSES_OUTLINE_SCOPE_ARGS_H_
#define PTO_PASSES_OUTLINE_SCOPE_ARGS_H_

#include <initializer_list>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/context.h"
#include "ir/stmt.h"

namespace pto::passes {

// The scope's argument `key`, or null.
const ir::ScopeArg* FindScopeArg(const ir::ScopeStmt* s, absl::string_view key);
// The expression argument `key` holds (a core count, a predicate, the task
// id Var), or null.
const ir::Expr* ScopeOperand(const ir::ScopeStmt* s, absl::string_view key);
// The expressions a list argument (`deps=[t0, t1]`) names.
std::vector<const ir::Expr*> ScopeArgList(const ir::ScopeStmt* s, const ir::ScopeArg& arg);
// Whether the scope's boolean argument `key` is given as True.
bool ScopeFlag(const ir::ScopeStmt* s, absl::string_view key);

// The level of a `with pl.at(level=...)` scope; nullopt for other scopes.
std::optional<ir::Level> ScopeLevel(const ir::ScopeStmt* s);
// The scope's name_hint, or "".
absl::string_view ScopeNameHint(const ir::ScopeStmt* s);

// An error at the scope unless each of its arguments is one of `handled`:
// `pass` cannot outline `with pl.at(<key>=...)` yet.
absl::Status CheckScopeArgs(ir::Context& ctx, const ir::ScopeStmt* s, absl::string_view pass,
                            std::initializer_list<absl::string_view> handled);

}  // namespace pto::passes

#endif  // PTO_PASSES_OUTLINE_SCOPE_ARGS_H_
