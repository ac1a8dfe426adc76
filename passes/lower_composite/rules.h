// The composite-lowering rules and the table LowerCompositeOps dispatches on.
//
// A rule receives the original call (for its kwargs, type and location), the
// call's operands as already visited by the pass (variable remapping
// applied: rules must use these, never call.args()) and the call's builder.
// It appends statements to the builder and returns the expression the
// original Var is bound to - a MakeTuple for a multi-result op.
//
//   CompositeLoweringFn rule = FindCompositeRule("tile.sin");   // &LowerSinRule
//   absl::StatusOr<const ir::Expr*> result = rule(call, visited_args, builder);
//
// Adding a composite op: define Lower<Op>Rule in its own translation unit
// (recipe helpers and constants file-local), declare it here, and add one
// {"<op>", &Lower<Op>Rule} row to kRules in rules.cc. A managed pld.tensor.*
// collective must also be listed in op_predicates.cc. A rule emits only ops
// that are not in the table, which is what makes the pass idempotent.

#ifndef PTO_PASSES_LOWER_COMPOSITE_RULES_H_
#define PTO_PASSES_LOWER_COMPOSITE_RULES_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/expr.h"
#include "passes/lower_composite/builder.h"

namespace pto::passes::lower_composite {

using CompositeLoweringFn = absl::StatusOr<const ir::Expr*> (*)(const ir::Call& call,
                                                                ir::ExprSpan visited_args,
                                                                LoweringBuilder& b);

// tile.sin / tile.cos: Cody-Waite range reduction and an odd Horner
// polynomial over FP32 tile arithmetic (math.cc).
absl::StatusOr<const ir::Expr*> LowerSinRule(const ir::Call& call, ir::ExprSpan visited_args,
                                             LoweringBuilder& b);
absl::StatusOr<const ir::Expr*> LowerCosRule(const ir::Call& call, ir::ExprSpan visited_args,
                                             LoweringBuilder& b);
// tile.select: TSEL / TSELS with backend-planned scratch (select.cc).
absl::StatusOr<const ir::Expr*> LowerSelectRule(const ir::Call& call, ir::ExprSpan visited_args,
                                                LoweringBuilder& b);
// tile.tquant_mx: tile.tquant_mx_raw + tile.tmov_x2zz and the public FP8
// aliases (mx.cc).
absl::StatusOr<const ir::Expr*> LowerTQuantMxRule(const ir::Call& call, ir::ExprSpan visited_args,
                                                  LoweringBuilder& b);

// The pld.tensor.* collectives, one translation unit each (docs/collectives.md).
// pld.tensor.allreduce: mesh (allreduce.cc) or ring (allreduce_ring.cc).
absl::StatusOr<const ir::Expr*> LowerAllReduceRule(const ir::Call& call, ir::ExprSpan visited_args,
                                                   LoweringBuilder& b);
absl::StatusOr<const ir::Expr*> LowerAllGatherRule(const ir::Call& call, ir::ExprSpan visited_args,
                                                   LoweringBuilder& b);
absl::StatusOr<const ir::Expr*> LowerReduceScatterRule(const ir::Call& call,
                                                       ir::ExprSpan visited_args,
                                                       LoweringBuilder& b);
absl::StatusOr<const ir::Expr*> LowerBroadcastRule(const ir::Call& call, ir::ExprSpan visited_args,
                                                   LoweringBuilder& b);
absl::StatusOr<const ir::Expr*> LowerBarrierRule(const ir::Call& call, ir::ExprSpan visited_args,
                                                 LoweringBuilder& b);
absl::StatusOr<const ir::Expr*> LowerAllToAllRule(const ir::Call& call, ir::ExprSpan visited_args,
                                                  LoweringBuilder& b);
absl::StatusOr<const ir::Expr*> LowerAllToAllVRule(const ir::Call& call, ir::ExprSpan visited_args,
                                                   LoweringBuilder& b);

// The rule of op `op_name`, or null when the op is not composite.
CompositeLoweringFn FindCompositeRule(absl::string_view op_name);

}  // namespace pto::passes::lower_composite

#endif  // PTO_PASSES_LOWER_COMPOSITE_RULES_H_
