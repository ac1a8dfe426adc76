// Scalar expression construction with PyPTO's promotion rules.
//
// The parser (and any pass that builds index arithmetic) goes through these
// instead of Context::NewBinary/NewUnary so that operands are checked and
// promoted the way upstream's scalar_expr.h Make* helpers do:
//   * operands must be scalars; arithmetic, min/max and comparisons take two
//     ints or two floats (no bools, no int/float mix: use pl.cast);
//   * the wider dtype wins, the left one on a tie; the narrower operand gets
//     a Cast, except between INDEX and INT64, which mix without one;
//   * bitwise ops and ~ take ints only; comparisons, and/or/xor/not give BOOL.
//
//   absl::StatusOr<const Expr*> e =
//       MakeScalarBinary(ctx, BinaryOp::kMul, n_int32, ctx.Index(2));
//   // Mul(Cast(n, INDEX), 2) of dtype INDEX

#ifndef PTO_IR_TEXT_DSL_SCALAR_BUILDER_H_
#define PTO_IR_TEXT_DSL_SCALAR_BUILDER_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/context.h"
#include "ir/expr.h"

namespace pto::ir {

// BinaryOpSpelling / UnaryOpSpelling (the operator as written: "+", "//",
// "min", "and", ...) come with ir/expr.h, from the table in ir/operators.h.

// Errors are InvalidArgument and start with "operator '<op>'".
absl::StatusOr<const Expr*> MakeScalarBinary(Context& ctx, BinaryOp op, const Expr* lhs,
                                             const Expr* rhs, SourceLoc loc = {});
// kNeg, kNot, kBitNot or kAbs (use MakeScalarCast for kCast).
absl::StatusOr<const Expr*> MakeScalarUnary(Context& ctx, UnaryOp op, const Expr* operand,
                                            SourceLoc loc = {});
absl::StatusOr<const Expr*> MakeScalarCast(Context& ctx, const Expr* operand, DataType dtype,
                                           SourceLoc loc = {});

}  // namespace pto::ir

#endif  // PTO_IR_TEXT_DSL_SCALAR_BUILDER_H_
