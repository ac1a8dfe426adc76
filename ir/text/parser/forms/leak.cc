// Pattern-B scoping of the text form: which names a for/while body or an if
// branch hands to the code after it, and when an assignment reassigns an
// existing Var rather than binding a new one.
//
// Upstream's parser keeps a stack of scopes. A `for` over pl.range without
// init_values (and no pl.yield_), a native `while`, and an if whose
// branches hold no `v = pl.yield_(...)` "leak": their names stay bound after
// the statement (ConvertToSSA later turns the result into SSA form; we keep
// the non-SSA form). Outside strict_ssa, assigning a name that is bound to a
// Var of the same type assigns that Var again, so
//
//   acc = x                       # acc: Var#1
//   for i in pl.range(4):
//       acc = acc + 1.0           # assigns Var#1 again
//   return acc                    # Var#1
//
// means what Python means. We do the same, at function level too: there
// `y = f(x, y)` reassigns the parameter y, which prints as `y` again, as
// upstream prints it. A value of another type cannot be given an existing
// name (upstream's rule), except where either type is unknown.

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

void Parser::ExitBlock(BlockKind kind, bool leak) {
  size_t mark = block_marks_.back();
  block_marks_.pop_back();
  const auto depth = static_cast<uint32_t>(block_marks_.size());
  if (leak) {
    // The entries now belong to the enclosing block's log: a block around
    // it that does not leak still restores them.
    for (size_t i = mark; i < scope_log_.size(); ++i) {
      Binding& b = names_.find(scope_log_[i].name)->second;
      if (b.depth > depth) b.depth = depth;
    }
    return;
  }
  // Newest first, so that a name bound twice gets its oldest binding back.
  for (size_t i = scope_log_.size(); i > mark; --i) {
    const LoggedBinding& e = scope_log_[i - 1];
    Binding& b = names_.find(e.name)->second;
    if (e.previous.var != nullptr) {
      b = e.previous;
    } else {
      b.dead = true;
      b.dead_in = kind;
    }
  }
  scope_log_.resize(mark);
}

bool Parser::ReassignedVar(const Token& at, absl::string_view name, const Type* type,
                           const Var** var) {
  *var = nullptr;
  if (strict_ssa_) return true;
  auto it = names_.find(name);
  if (it == names_.end() || it->second.dead) return true;
  const Expr* v = it->second.var;
  // An iter arg is a loop's carried value, not a variable (upstream
  // reassigns only plain Vars).
  if (v == nullptr || v->kind() != NodeKind::kVar) return true;
  // A name bound to a dynamic dim's symbol is given a new Var: the symbol
  // names an argument's extent and is never assigned.
  const auto& symbols = fn_.param_dim_symbols;
  if (!symbols.empty() && symbols.contains(v->As<Var>())) return true;
  if (!SameTypeIgnoringMemRef(v->type(), type) && !v->type()->Is<UnknownType>() &&
      !type->Is<UnknownType>()) {
    // One name is one Var, so its type cannot change (upstream's rule).
    return Fail(at, absl::StrCat("cannot reassign '", name, "' with a different type: was ",
                                 PrintType(v->type()), ", got ", PrintType(type),
                                 "; give the new value a new name"));
  }
  *var = v->As<Var>();
  return true;
}

bool Parser::CheckStrictRebind(const Token& name_tok, absl::string_view name, bool note) {
  if (!strict_ssa_) return true;
  auto it = names_.find(name);
  if (it == names_.end() || it->second.dead ||
      it->second.depth != static_cast<uint32_t>(block_marks_.size())) {
    return true;
  }
  return Fail(name_tok, absl::StrCat("strict_ssa: '", name, "' is already defined at ",
                                     PosText(it->second.def_pos),
                                     note ? "; each name is assigned once" : ""));
}

}  // namespace pto::ir::parser_impl
