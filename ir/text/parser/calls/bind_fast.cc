// The common op call bound without the general machinery: every argument a
// positional expression, as the canonical print writes them
// (`pl.tile.muls(t, 0.5)`). BuildBoundCall (parser/calls/bind.cc) tries this first;
// whatever this declines - names, enums, strings, None, more values than
// plain args, table fills, unified `pl.X` restamping, any error - takes the
// general path, which also words every diagnostic.

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

std::optional<Value> Parser::TryBuildPositionalCall(const Op& op, const text::DslOpRow* rules,
                                                    bool unified, const CallArgs& in, int depth,
                                                    const Token& at) {
  if (unified || (rules != nullptr && (rules->fill != text::DslFill::kNone ||
                                       !rules->int_literals.empty()))) {
    return std::nullopt;
  }
  if (depth + 1 > max_depth_) return std::nullopt;
  for (const CallArg& a : in) {
    if (a.named || a.none || a.expr == nullptr) return std::nullopt;
  }
  const BindPlan& plan = PlanFor(op, rules);
  // No more values than plain args: the general path binds them in the
  // canonical order, whose first entries are exactly the plain args.
  if (in.size() > plan.plain_args) return std::nullopt;
  ExprList args(op.args().size(), nullptr);
  for (size_t i = 0; i < in.size(); ++i) args[plan.canonical[i].index] = in[i].expr;
  size_t n = args.size();
  while (n > 0 && args[n - 1] == nullptr && op.args()[n - 1].optional) --n;
  for (size_t i = 0; i < n; ++i) {
    if (args[i] == nullptr) return std::nullopt;  // "missing": the general path says so
  }
  // An INDEX scalar paired with the first operand is restamped (or refused):
  // the general path's work.
  if (rules != nullptr && text::RestampedScalarArg(*rules, ExprSpan(args.data(), n)) >= 0) {
    return std::nullopt;
  }
  absl::StatusOr<const Call*> call = CreateCall(ctx_, op, ExprSpan(args.data(), n), {}, Loc(at));
  if (!call.ok()) return std::nullopt;
  return Value{*call, depth + 1, at.pos()};
}

}  // namespace pto::ir::parser_impl
